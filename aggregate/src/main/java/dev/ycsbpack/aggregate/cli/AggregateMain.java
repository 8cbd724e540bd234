package dev.ycsbpack.aggregate.cli;

import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.ToolTop;
import dev.ycsbpack.cli.ToolVersion;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.StartupArchive;
import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code ycsb-aggregate}: merges many YCSB clients' results ({@code merge}) and compares two merged results
 * ({@code compare}).
 *
 * <p>Exit codes: 0 done; 1 an input was refused (the message names the file, the line, the problem and the fix);
 * 2 wrong usage; 3 some clients failed and {@code --accept-partial} was not given; 4 the result could not be written.
 */
@Command(name = "ycsb-aggregate", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Merges YCSB 0.17 clients' results into true numbers: percentiles read from the clients' summed "
        + "HdrHistograms, never averaged.",
    subcommands = {MergeCommand.class, CompareCommand.class, PublishCommand.class, CommandLine.HelpCommand.class})
public final class AggregateMain extends ToolTop {
  public static final int OK = ExitCodes.COMPLETE;
  public static final int REFUSED = ExitCodes.FAILED;
  public static final int USAGE = ExitCodes.USAGE;
  public static final int INCOMPLETE = 3;
  public static final int WRITE_FAILED = 4;
  /** Merged and written, but the summed Return= counts fail the clients' error budget (every output says so first). */
  public static final int OVER_BUDGET = 5;

  @Override
  protected String commandWord() {
    return "subcommand";
  }

  public static void main(String[] args) {
    int code = run(args, System.out, System.err);
    if (code == OK) {
      StartupArchive.runCompleted(); // bin/ycsb-aggregate's class-data archive: only a complete run's is adopted
    }
    System.exit(code);
  }

  /** Runs the command line without exiting the JVM; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return ToolMain.run(commandLine(), args, out, err);
  }

  /** The tool's command line: usage errors in one line, help synopses wrapped between their elements. */
  public static CommandLine commandLine() {
    // one line, secrets masked, no usage text after it; each command reports its own failures
    return ToolCommandLine.parsing(new AggregateMain());
  }
}
