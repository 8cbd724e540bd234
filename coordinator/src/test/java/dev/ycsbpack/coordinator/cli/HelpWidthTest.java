package dev.ycsbpack.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --help} fits 80 columns as written: picocli would wrap a longer line wherever column 80 falls, mid-word. */
class HelpWidthTest {
  @Test
  void everyHelpLineFitsAndEveryExampleLineIsPrintedWhole() {
    List<CommandLine> commands = new ArrayList<>();
    CommandLine root = new CommandLine(new CoordinatorMain());
    commands.add(root);
    commands.addAll(root.getSubcommands().values());
    for (CommandLine c : commands) {
      String usage = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
      List<String> lines = usage.lines().toList();
      for (String line : lines) {
        assertTrue(line.length() <= 80, c.getCommandName() + ": " + line.length() + " columns: " + line);
      }
      for (String footer : c.getCommandSpec().usageMessage().footer()) {
        assertTrue(lines.contains(footer.stripTrailing()), c.getCommandName() + ": wrapped: " + footer);
      }
    }
  }
}
