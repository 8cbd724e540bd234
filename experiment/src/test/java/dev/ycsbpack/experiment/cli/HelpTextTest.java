package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.coordinator.cli.CoordinatorMain;
import dev.ycsbpack.cli.ToolCommandLine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every --help of bin/ycsb-aggregate, bin/ycsb-coordinator and bin/ycsb-experiment, and of each of their commands, as
 * a user's 80-column terminal gets it: no picocli WARN (an unescaped % in a text), and every line of an example (the
 * footer) printed whole, never wrapped in the middle of a command.
 */
class HelpTextTest {
  private static final int WIDTH = 80;

  private static List<CommandLine> everyCommand() {
    List<CommandLine> all = new ArrayList<>();
    for (CommandLine top : List.of(AggregateMain.commandLine(),
        ToolCommandLine.create(new CoordinatorMain()),
        ToolCommandLine.create(new ExperimentMain()))) {
      collect(top, all);
    }
    return all;
  }

  private static void collect(CommandLine c, List<CommandLine> into) {
    into.add(c);
    c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, into));
  }

  @Test
  void everyHelpIsFreeOfWarningsAndPrintsEveryExampleLineWhole() {
    List<CommandLine> commands = everyCommand();
    assertTrue(commands.size() >= 12, "the three tools and their commands: " + commands.size());
    List<String> faults = new ArrayList<>();
    PrintStream stderr = System.err;
    for (CommandLine c : commands) {
      String name = c.getCommandSpec().qualifiedName();
      c.setUsageHelpWidth(WIDTH);
      ByteArrayOutputStream traced = new ByteArrayOutputStream();
      String help;
      System.setErr(new PrintStream(traced, true, StandardCharsets.UTF_8)); // picocli's tracer writes here
      try {
        help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
      } finally {
        System.setErr(stderr);
      }
      String warnings = traced.toString(StandardCharsets.UTF_8);
      if (!warnings.isEmpty()) {
        faults.add(name + ": " + warnings.lines().findFirst().orElse(""));
      }
      List<String> lines = help.lines().toList();
      // the Usage: lines, as the help prints them: each element whole (brackets closed on the line they open)
      String synopsis = c.getHelpSectionMap().get(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS)
          .render(c.getHelp());
      assertTrue(help.contains(synopsis), name + ": the synopsis checked is the one printed");
      for (String line : synopsis.lines().toList()) {
        if (line.chars().filter(ch -> ch == '[').count() != line.chars().filter(ch -> ch == ']').count()) {
          faults.add(name + ": a synopsis element split across lines: " + line);
        }
        if (line.length() > WIDTH && line.strip().contains(" ")) {
          faults.add(name + ": a synopsis line wider than " + WIDTH + " columns: " + line);
        }
      }
      for (String declared : c.getCommandSpec().usageMessage().footer()) {
        String shown = declared.replace("%%", "%").replace("%n", "");
        if (!shown.isEmpty() && !lines.contains(shown)) {
          faults.add(name + ": footer line wrapped at " + WIDTH + " columns (" + shown.length() + "): " + shown);
        }
      }
    }
    assertEquals(List.of(), faults, String.join("\n", faults));
  }

  /** The check itself: a line that cannot fit is reported, and so is an unescaped %. */
  @Test
  void theCheckSeesAWrappedExampleAndAWarning() {
    @CommandLine.Command(name = "bad", footer = {"  bin/x --one 25%,50% --a-rather-long-option-name "
        + "value-that-goes-on-and-on --out results/somewhere"})
    class Bad {
    }
    CommandLine c = new CommandLine(new Bad());
    c.setUsageHelpWidth(WIDTH);
    ByteArrayOutputStream traced = new ByteArrayOutputStream();
    PrintStream stderr = System.err;
    System.setErr(new PrintStream(traced, true, StandardCharsets.UTF_8));
    String help;
    try {
      help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
    } finally {
      System.setErr(stderr);
    }
    assertTrue(traced.toString(StandardCharsets.UTF_8).contains("[picocli WARN]"), traced.toString());
    assertFalse(help.lines().toList().contains(c.getCommandSpec().usageMessage().footer()[0]), help);
  }
}
