package dev.ycsbpack.launcher;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import site.ycsb.Client;
import site.ycsb.DBException;

/**
 * The Java side of {@code bin/ycsb}: checks the command line, runs {@code site.ycsb.Client} unchanged in this
 * JVM, then turns what it printed into an honest exit status.
 *
 * <p>Exit status: 0 for a complete run, 1 for a failed run (YCSB's own status is ignored: it is 0 for most
 * failures), 2 for a command line that could not be run.
 */
public final class YcsbMain {
  static final int FAILED = 1;
  static final int USAGE = 2;

  private YcsbMain() {
  }

  public static void main(String[] args) {
    if (Help.isRequest(args)) {
      System.out.print(Help.TEXT);
      System.out.flush();
      return;
    }
    OverallSummary stdoutSummary = new OverallSummary();
    System.setOut(new PrintStream(new LineWatchingOutputStream(
        new FileOutputStream(FileDescriptor.out), stdoutSummary::acceptLine), false, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(new LineWatchingOutputStream(
        new FileOutputStream(FileDescriptor.err), line -> { }), true, StandardCharsets.UTF_8));

    LaunchArguments launch;
    RunExpectation expected;
    try {
      launch = LaunchArguments.parse(args);
      expected = RunExpectation.of(launch);
      CoreProperties.check(launch.properties, launch.load);
      Bindings.preflight(args[1], launch.properties);
    } catch (UsageException e) {
      System.err.println("bin/ycsb: error: " + e.getMessage());
      System.err.flush();
      System.exit(USAGE);
      return;
    } catch (DBException e) {
      System.err.println("bin/ycsb: error: " + e.getMessage());
      System.err.flush();
      System.exit(FAILED);
      return;
    }

    RunVerdict verdict = new RunVerdict(expected, stdoutSummary);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.flush();
      String failure = verdict.failure();
      if (failure != null) {
        System.err.println("bin/ycsb: FAILED: " + failure);
        System.err.flush();
        Runtime.getRuntime().halt(FAILED);
      }
    }, "ycsb-run-verdict"));
    Client.main(launch.clientArgs.toArray(new String[0]));
  }
}
