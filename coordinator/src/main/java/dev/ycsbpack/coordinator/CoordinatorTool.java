package dev.ycsbpack.coordinator;

import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.coordinator.cli.CoordinatorMain;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code bin/ycsb-coordinator}'s command line, run in this process: the way a caller that replays a recorded command
 * ({@code bin/ycsb-experiment reproduce}) runs it without knowing the tool's command and option classes, which stay
 * the coordinator's own.
 */
public final class CoordinatorTool {
  private CoordinatorTool() {
  }

  /** Runs {@code args} as {@code bin/ycsb-coordinator ARGS} would, writing to {@code out} and {@code err}. */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    return ToolMain.run(ToolCommandLine.create(new CoordinatorMain()), args.toArray(String[]::new), out, err);
  }
}
