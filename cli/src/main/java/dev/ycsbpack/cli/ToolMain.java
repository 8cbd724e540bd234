package dev.ycsbpack.cli;

import dev.ycsbpack.common.CommandWords;
import dev.ycsbpack.common.Redactor;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
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

  /**
   * What masks the lines and records of a run of the tool: the secrets among {@code properties} (the run's -p and -P
   * values) and the secret words of its arguments ({@code --rsh 'kubectl --token T ...'}), which a remote shell's
   * error may quote.
   */
  public static Redactor redactor(Map<String, String> properties) {
    return Redactor.of(properties).withSecrets(CommandWords.secrets(arguments));
  }
}
