package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.aggregate.cli.SynopsisLayout;
import dev.ycsbpack.aggregate.cli.UsageLine;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.Redactor;
import picocli.CommandLine;

/**
 * The one way {@code bin/ycsb-coordinator} and {@code bin/ycsb-experiment} turn a bad command line or an unexpected
 * failure into what a user reads: a usage error is one line ({@link UsageLine}), exit 2; a failure of
 * the tool itself (writing its folder, starting a process) is one line, exit 1, with anything shaped like a secret
 * masked, because an exception message may quote a URL.
 */
public final class ToolCommandLine {
  /** Exit status of a command line that cannot be run. */
  public static final int USAGE = ExitCodes.USAGE;
  /** Exit status of a failed run. */
  public static final int FAILED = ExitCodes.FAILED;

  private ToolCommandLine() {
  }

  /** A picocli command line for {@code top}, reporting as {@code tool} (e.g. {@code ycsb-coordinator}). */
  public static CommandLine create(Object top, String tool) {
    CommandLine cl = new CommandLine(top);
    // one line naming only the wrong word or option and what is accepted, through the redactor of the arguments:
    // picocli's own message for an unknown command quotes every argument after it, passwords included
    UsageLine.install(cl, tool);
    SynopsisLayout.install(cl); // the help's Usage: line wrapped between its elements, never inside one
    cl.setExecutionExceptionHandler((ex, c, parsed) -> {
      c.getErr().println(tool + ": FAILED: " + ex.getClass().getSimpleName() + ": "
          + Redactor.shapeOnly().redact(String.valueOf(ex.getMessage())));
      return FAILED;
    });
    return cl;
  }
}
