package dev.ycsbpack.cli;

import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.Redactor;
import picocli.CommandLine;

/**
 * The one way {@code bin/ycsb-aggregate}, {@code bin/ycsb-coordinator} and {@code bin/ycsb-experiment} turn a bad
 * command line or an unexpected failure into what a user reads: a usage error is one line ({@link UsageLine}), exit 2;
 * a failure of the tool itself (writing its folder, starting a process) is one line, exit 1, with anything shaped
 * like a secret masked, because an exception message may quote a URL.
 */
public final class ToolCommandLine {
  /** Exit status of a command line that cannot be run. */
  public static final int USAGE = ExitCodes.USAGE;
  /** Exit status of a failed run. */
  public static final int FAILED = ExitCodes.FAILED;

  private ToolCommandLine() {
  }

  /** A picocli command line for {@code top}, reporting as the tool its {@code @Command} names. */
  public static CommandLine create(Object top) {
    CommandLine cl = parsing(top);
    String tool = cl.getCommandName();
    cl.setExecutionExceptionHandler((ex, c, parsed) -> {
      c.getErr().println(tool + ": FAILED: " + ex.getClass().getSimpleName() + ": "
          + Redactor.shapeOnly().redact(String.valueOf(ex.getMessage())));
      return FAILED;
    });
    return cl;
  }

  /**
   * A picocli command line for {@code top}, reporting as the tool its {@code @Command} names, whose usage errors and
   * help are the pack's, and whose commands report their own failures ({@code ycsb-aggregate}'s name the file and the
   * fix, with exit statuses of their own).
   */
  public static CommandLine parsing(Object top) {
    CommandLine cl = new CommandLine(top);
    String tool = cl.getCommandName(); // e.g. ycsb-coordinator
    // one line naming only the wrong word or option and what is accepted, through the redactor of the arguments:
    // picocli's own message for an unknown command quotes every argument after it, passwords included
    UsageLine.install(cl, tool);
    SynopsisLayout.install(cl); // the help's Usage: line wrapped between its elements, never inside one
    return cl;
  }
}
