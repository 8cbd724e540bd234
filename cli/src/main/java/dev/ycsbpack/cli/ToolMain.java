package dev.ycsbpack.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * The entry of every picocli tool of the pack: runs a command line on the given streams without exiting the JVM and
 * returns the exit status, keeping the arguments as given for what the run records (a manifest's command, redacted
 * there). One tool runs per JVM, so the arguments are the process's own.
 */
public final class ToolMain {
  private static volatile List<String> arguments = List.of();

  private ToolMain() {
  }

  /** Runs {@code cl} on {@code args}, printing to {@code out} and {@code err}; the exit status. */
  public static int run(CommandLine cl, String[] args, PrintStream out, PrintStream err) {
    arguments = List.of(args);
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  /** Runs the tool whose top command is {@code top} on the process's streams and exits with its status. */
  public static void exit(Object top, String[] args) {
    System.exit(run(ToolCommandLine.create(top), args, System.out, System.err));
  }

  /** The arguments of the tool's command line, as given (secrets included: redact before showing them). */
  public static List<String> arguments() {
    return arguments;
  }
}
