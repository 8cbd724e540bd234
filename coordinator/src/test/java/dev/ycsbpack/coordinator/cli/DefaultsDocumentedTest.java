package dev.ycsbpack.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * One set of defaults: every option default is declared once in code (picocli's {@code defaultValue}, from the
 * constants the run uses), {@code --help} shows it from there, and docs/coordinator.md's option table states the same
 * number.
 */
class DefaultsDocumentedTest {
  @Test
  void everyDefaultInHelpIsTheNumberTheDocsState() throws Exception {
    List<String> table = Files.readAllLines(Path.of("..", "docs", "coordinator.md")).stream()
        .filter(l -> l.startsWith("| `-")).map(l -> l.replace("`", "")).toList();
    CommandLine root = new CommandLine(new CoordinatorMain());
    for (String command : List.of("load", "run")) {
      CommandLine c = root.getSubcommands().get(command);
      String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
      int checked = 0;
      for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
        String value = o.defaultValue();
        if (value == null || o.usageHelp() || o.versionHelp() || o.type() == boolean.class) {
          continue;
        }
        List<String> rows = table.stream().filter(l -> l.startsWith("| " + o.longestName() + " ")
            || l.startsWith("| " + o.longestName() + ",")).toList();
        assertEquals(1, rows.size(), () -> o.longestName() + ": its row in docs/coordinator.md");
        assertTrue(rows.get(0).contains("default " + value), () -> o.longestName() + " defaults to " + value
            + " but the docs say: " + rows.get(0));
        assertTrue(help.contains("default: " + value + ")"), () -> o.longestName() + ": --help\n" + help);
        checked++;
      }
      assertTrue(checked >= 6, command + ": " + checked + " defaults checked");
    }
  }
}
