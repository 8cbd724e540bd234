package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Verdict;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import site.ycsb.Client;
import site.ycsb.DBException;

/**
 * The Java side of {@code bin/ycsb}: checks the command line, runs {@code site.ycsb.Client} unchanged in this
 * JVM, then turns what it printed into an honest exit status (and, with {@code --out}, a client folder whose
 * verdict is that same decision).
 *
 * <p>Exit status: 0 for a complete run, 1 for a failed run (YCSB's own status is ignored: it is 0 for most
 * failures), 2 for a command line that could not be run.
 */
public final class YcsbMain {
  static final int FAILED = 1;
  static final int USAGE = 2;

  /** Why a controlled client was told to stop, or null: the verdict then names it. */
  private static volatile String stopReason;

  private YcsbMain() {
  }

  public static void main(String[] args) {
    if (args.length == 1 && args[0].equals("--version")) {
      System.out.println("bin/ycsb " + Version.of() + " (YCSB core 0.17.0, " + Version.driver() + ")");
      return;
    }
    if (Help.isRequest(args)) {
      System.out.print(Help.TEXT);
      System.out.flush();
      return;
    }
    // YCSB formats status numbers with the default locale; a decimal comma would break every reader of them.
    Locale.setDefault(Locale.ROOT);
    Redactor fromArgs = Redactor.of(commandLineProperties(args)).forLines();
    OverallSummary stdoutSummary = new OverallSummary();
    LineWatchingOutputStream out = new LineWatchingOutputStream(new FileOutputStream(FileDescriptor.out), fromArgs);
    LineWatchingOutputStream err = new LineWatchingOutputStream(new FileOutputStream(FileDescriptor.err), fromArgs);
    out.addWatcher(stdoutSummary::acceptLine);
    System.setOut(new PrintStream(out, false, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));

    LaunchArguments launch = null;
    RunExpectation expected;
    ClientFolderWriter folder = null;
    try {
      launch = LaunchArguments.parse(args);
      Redactor redactor = Redactor.of(launch.properties);
      out.useRedactor(redactor.forLines());
      err.useRedactor(redactor.forLines());
      expected = RunExpectation.of(launch);
      if (launch.out != null) {
        ClientFolderWriter.claim(launch.out);
      }
      CoreProperties.check(launch.properties, launch.load);
      Map<String, String> serverFacts = Bindings.preflight(args[1], launch.properties);
      if (launch.out != null) {
        folder = ClientFolderWriter.create(launch.out, launch.properties, serverFacts, redactor);
        out.addWatcher(folder::stdoutLine);
        err.addWatcher(folder::stderrLine);
      }
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
    } catch (IOException e) {
      System.err.println("bin/ycsb: error: cannot write the client folder " + launch.out + ": " + e.getMessage());
      System.err.flush();
      System.exit(FAILED);
      return;
    }

    if (launch.controlled) {
      StartGate gate = StartGate.install(expected.threads, System.err);
      ControlChannel.start(System.in, gate, launch.controlTimeoutSeconds, reason -> {
        stopReason = reason;
        System.err.println("bin/ycsb: stopping: " + reason);
        System.exit(FAILED);
      });
    }

    RunVerdict verdict = new RunVerdict(expected, stdoutSummary);
    ClientFolderWriter clientFolder = folder;
    boolean controlled = launch.controlled;
    String bindingName = args[1];
    String runId = UUID.randomUUID().toString();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.flush();
      String failure = stopReason != null ? stopReason : verdict.failure();
      if (failure != null) {
        System.err.println("bin/ycsb: FAILED: " + failure);
      }
      int status = failure == null ? 0 : FAILED;
      if (controlled) {
        StartGate.reportStarted();
        StartGate.event(new ClientControl.Event(ClientControl.EventType.FINISHED, status));
      }
      System.err.flush();
      if (clientFolder != null) {
        try {
          clientFolder.finish(new Verdict(failure == null ? Verdict.Status.COMPLETE : Verdict.Status.FAILED,
              failure, expected.operations, verdict.operationsDone(), runId, StartGate.firstOperationEpochMs()),
              Bindings.afterRun(bindingName));
        } catch (IOException | RuntimeException e) {
          status = FAILED;
          System.err.println("bin/ycsb: FAILED: cannot finish the client folder: " + e.getMessage());
        }
      }
      if (status != 0) {
        Runtime.getRuntime().halt(status);
      }
    }, "ycsb-run-verdict"));
    Client.main(launch.clientArgs.toArray(new String[0]));
  }

  /**
   * Every {@code NAME=VALUE} on the command line, so the output is redacted even before the arguments (and the
   * workload files holding more secrets) have been read.
   */
  private static Map<String, String> commandLineProperties(String[] args) {
    Map<String, String> m = new HashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (eq > 0) {
        m.put(a.substring(0, eq), a.substring(eq + 1));
      }
    }
    return m;
  }
}
