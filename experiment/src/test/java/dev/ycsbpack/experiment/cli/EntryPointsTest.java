package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.common.PackVersion;
import dev.ycsbpack.coordinator.cli.CoordinatorMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The three picocli tools' entry points, one implementation: each one's version line and line without a command. */
class EntryPointsTest {
  private static final Map<String, Supplier<CommandLine>> TOOLS = Map.of("ycsb-aggregate", AggregateMain::commandLine,
      "ycsb-coordinator", () -> ToolCommandLine.create(new CoordinatorMain()),
      "ycsb-experiment", () -> ToolCommandLine.create(new ExperimentMain()));

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String tool, String... args) {
    out.reset();
    err.reset();
    return ToolMain.run(TOOLS.get(tool).get(), args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void everyToolSaysItsNameAndThePacksVersion() {
    for (String tool : TOOLS.keySet()) {
      assertEquals(0, run(tool, "--version"), tool);
      assertEquals(tool + " " + PackVersion.current().shown() + "\n", out.toString(StandardCharsets.UTF_8));
    }
  }

  @Test
  void withoutACommandEachToolNamesItsCommands() {
    Map<String, String> lines = Map.of(
        "ycsb-aggregate", "ycsb-aggregate: error: name a subcommand: merge, compare or publish\n",
        "ycsb-coordinator", "ycsb-coordinator: error: name a command: load, run, check or recover\n",
        "ycsb-experiment", "ycsb-experiment: error: name a command: sweep, wc-matrix, repeat, ab, run or reproduce\n");
    for (String tool : TOOLS.keySet()) {
      assertEquals(2, run(tool), tool);
      assertEquals(lines.get(tool), err.toString(StandardCharsets.UTF_8));
      assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
  }
}
