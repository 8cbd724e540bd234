package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.StartupArchive;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.mongodb.MongoDbClient;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
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
  static final int FAILED = ExitCodes.FAILED;
  static final int USAGE = ExitCodes.USAGE;

  /**
   * Why the run was told to stop (the coordinator, a lost heartbeat, the no-progress rule), or null: the verdict
   * then names it.
   */
  private static volatile String stopReason;

  private YcsbMain() {
  }

  public static void main(String[] args) {
    if (answeredAtOnce(args)) {
      return;
    }
    // YCSB formats status numbers with the default locale; a decimal comma would break every reader of them.
    Locale.setDefault(Locale.ROOT);
    Output output = Output.install(args);
    Prepared run = prepare(args, output);
    if (run == null) {
      return; // --check passed (nothing was contacted or written), or the process is exiting
    }
    SignalStop.install(signal -> {
      if (stopReason != null) {
        Runtime.getRuntime().halt(FAILED); // stopping already: a second Ctrl-C ends it at once
      }
      stop("interrupted (" + signal + ")");
    });
    if (run.launch().controlled()) {
      startControl(run, output.err());
    }
    StallWatch stall = watchStalls(run);
    RunVerdict verdict = new RunVerdict(run.expected(), output.stdoutSummary());
    String runId = UUID.randomUUID().toString();
    // the first sample just before YCSB's client starts: the window then holds the whole run (the warm-up too)
    RunTelemetry telemetry = RunTelemetry.wanted(run.launch(), args[1]) ? RunTelemetry.start(run.launch(),
        System.err) : null;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(run, verdict, stall, args[1], runId, telemetry),
        "ycsb-run-verdict"));
    Client.main(run.launch().clientArgs().toArray(new String[0]));
  }

  /** {@code --version} and {@code --help}: printed at once, nothing else is done. */
  private static boolean answeredAtOnce(String[] args) {
    if (args.length == 1 && args[0].equals("--version")) {
      System.out.println("bin/ycsb " + Version.of() + " (YCSB core 0.17.0, " + Version.driver() + ")");
      return true;
    }
    if (Help.isRequest(args)) {
      System.out.print(Help.TEXT);
      System.out.flush();
      return true;
    }
    return false;
  }

  /** The process's stdout and stderr, redacted and watched, and the summary the verdict reads from stdout. */
  private record Output(LineWatchingOutputStream out, LineWatchingOutputStream err, OverallSummary stdoutSummary,
      Redactor fromArgs) {
    static Output install(String[] args) {
      Redactor fromArgs = Redactor.of(commandLineProperties(args)).forLines();
      OverallSummary stdoutSummary = new OverallSummary();
      LineWatchingOutputStream out = new LineWatchingOutputStream(new FileOutputStream(FileDescriptor.out), fromArgs);
      LineWatchingOutputStream err = new LineWatchingOutputStream(new FileOutputStream(FileDescriptor.err), fromArgs);
      out.addRawWatcher(stdoutSummary::acceptLine); // the verdict parses what YCSB printed, not what is shown
      System.setOut(new PrintStream(out, false, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      return new Output(out, err, stdoutSummary, fromArgs);
    }

    void useRedactor(Redactor redactor) {
      out.useRedactor(redactor.forLines());
      err.useRedactor(redactor.forLines());
    }
  }

  /** A run whose every check passed, ready for YCSB to start. */
  private record Prepared(LaunchArguments launch, RunExpectation expected, ClientFolderWriter folder,
      long longestWaitMs, long stallTimeoutMs) {
  }

  /**
   * Every check of the command line, then the server's preflight and the client folder; null when nothing more is
   * to be done: {@code --check} passed, or a check failed and the process is exiting with its status.
   */
  private static Prepared prepare(String[] args, Output output) {
    LaunchArguments launch = null;
    RunExpectation expected = null;
    Redactor redactor = output.fromArgs();
    try {
      launch = LaunchArguments.parse(args);
      redactor = Redactor.of(launch.properties());
      output.useRedactor(redactor);
      launch.notices().forEach(System.err::println);
      KnownProperties.check(launch.properties());
      expected = RunExpectation.of(launch);
      checkFolder(launch);
      CoreProperties.check(launch.properties(), launch.load(), launch.out());
      long longestWaitMs = Bindings.longestOperationWaitMs(args[1], launch.properties());
      long stallTimeoutMs = StallWatch.timeoutMs(launch.properties(), longestWaitMs);
      if (launch.check()) {
        Bindings.checkOptions(args[1], launch.properties());
        System.err.flush();
        return null; // every check passed; nothing was contacted or written
      }
      Map<String, String> serverFacts = Bindings.preflight(args[1], launch.properties());
      ClientFolderWriter folder = openFolder(args, launch, serverFacts, redactor, output);
      return new Prepared(launch, expected, folder, longestWaitMs, stallTimeoutMs);
    } catch (UsageException e) {
      System.err.println("bin/ycsb: error: " + e.getMessage());
      exit(USAGE);
    } catch (DBException e) {
      failedBeforeRun(e, launch, expected, redactor);
      exit(FAILED);
    } catch (IOException e) {
      System.err.println("bin/ycsb: error: cannot write the client folder " + launch.out() + ": " + e.getMessage());
      exit(FAILED);
    }
    return null;
  }

  private static void exit(int status) {
    System.err.flush();
    System.exit(status);
  }

  /** With {@code --out}: the folder can be written (or, with {@code --check}, claimed by this run). */
  private static void checkFolder(LaunchArguments launch) throws UsageException, IOException {
    if (launch.out() != null) {
      if (launch.check()) {
        ClientFolderWriter.checkClaimable(launch.out());
      } else {
        ClientFolderWriter.check(launch.out());
      }
    }
  }

  /** The client folder of {@code --out}, watching every line of output, or null without {@code --out}. */
  private static ClientFolderWriter openFolder(String[] args, LaunchArguments launch, Map<String, String> serverFacts,
      Redactor redactor, Output output) throws UsageException, IOException {
    ClientFolderWriter folder = null;
    if (launch.out() != null) {
      folder = ClientFolderWriter.create(launch.out(), launch.properties(), serverFacts, redactor,
          "bin/ycsb " + String.join(" ", args));
      output.out().addWatcher(folder::stdoutLine);
      output.err().addWatcher(folder::stderrLine);
    }
    whenLost(output.out(), output.err(), folder, launch.out());
    if (folder != null) {
      // the run goes on (its report still reaches stdout); the verdict says FAILED with this cause
      folder.onFailure(f -> System.err.println("bin/ycsb: error: " + f + "; the run goes on, its verdict will "
          + "be FAILED"));
    }
    return folder;
  }

  /**
   * The binding could not start (the server's preflight failed): the one-line cause last on stderr and, with
   * {@code --out}, a client folder whose verdict is FAILED before the run and which keeps the driver's full report.
   */
  private static void failedBeforeRun(DBException e, LaunchArguments launch, RunExpectation expected,
      Redactor redactor) {
    String error = "bin/ycsb: error: " + e.getMessage();
    String report = report(e);
    if (launch.out() != null) {
      try {
        ClientFolderWriter.failedBeforeRun(launch.out(), launch.properties(), redactor,
            report == null ? List.of(error) : List.of(error, report),
            Verdict.failedBeforeRun(e.getMessage(), expected.count().operations(), UUID.randomUUID().toString()));
        if (report != null) {
          error += " (the driver's full report is in " + launch.out().resolve(ClientFolder.STDERR) + ")";
        }
      } catch (IOException | RuntimeException folderFailure) {
        System.err.println("bin/ycsb: error: cannot write the client folder " + launch.out() + ": "
            + folderFailure.getMessage());
      }
    } else if (report != null) {
      System.err.println(report); // nowhere else to keep it: before the one-line cause, which stays last
    }
    System.err.println(error);
  }

  /** One way to stop, whoever asks (the coordinator's STOP, a lost heartbeat, the no-progress rule). */
  private static void stop(String reason) {
    if (stopReason != null) {
      return; // stopping already (the control input closes after a STOP): the first reason stands
    }
    stopReason = reason;
    System.err.println("bin/ycsb: stopping: " + reason);
    // once measuring, stop the way a time limit does, so YCSB still reports what was measured until now
    if (StartGate.firstOperationEpochMs() < 0 || !StoppableWorkload.stopCurrent()) {
      System.exit(FAILED);
    }
  }

  /** {@code --control stdin}: the start gate holds the threads, and the coordinator's lines reach it from stdin. */
  private static void startControl(Prepared run, LineWatchingOutputStream err) {
    System.err.flush();
    StartGate gate = StartGate.install(run.expected().count().threads(), line -> {
      try {
        err.printUnredacted(line); // fixed words and numbers: no secret, read by the coordinator as written
      } catch (IOException e) {
        // stderr is gone (the coordinator's pipe closed): the control channel stops the client
      }
    }, YcsbMain::stop);
    ControlChannel.start(System.in, gate, run.launch().controlTimeoutSeconds(), YcsbMain::stop);
  }

  /** The no-progress rule, started, and the stop of operations that block past their longest wait. */
  private static StallWatch watchStalls(Prepared run) {
    StallWatch stall = new StallWatch(run.stallTimeoutMs(), OperationProgress.PROCESS,
        StartGate::firstOperationEpochMs, YcsbMain::stop);
    stall.start();
    RunStop.PROCESS.configure(run.longestWaitMs(), blocked -> {
      String why = stall.failure() != null ? stall.failure() : stopReason != null ? stopReason : "the run was stopped";
      stopReason = why + "; " + blocked;
      System.exit(FAILED);
    });
    return stall;
  }

  /**
   * The shutdown hook's work once YCSB has ended (or was stopped): the verdict on stderr, to the coordinator and in
   * the client folder; halts with status 1 when the run failed.
   */
  private static void finish(Prepared run, RunVerdict verdict, StallWatch stall, String bindingName, String runId,
      RunTelemetry telemetry) {
    System.out.flush();
    // the last sample just after the client ended, the series written before the verdict (written last)
    String note = telemetry == null ? null : telemetry.finish(verdict.outcomes(), MongoDbClient.warmupInserts())
        .orElse(null);
    MeasuredWindow window = MeasuredWindow.current();
    SuccessSpan span = new SuccessSpan(StartGate.firstOperationEpochMs(), stall.lastSuccessEpochMs(),
        window == null ? -1 : window.measuredMs());
    ClientFolderWriter clientFolder = run.folder();
    String folderFailure = clientFolder == null ? null : clientFolder.failure();
    String failure = failure(verdict, stall, span, folderFailure);
    String lead = verdict.lead(failure);
    if (lead != null) {
      System.err.println("bin/ycsb: " + lead);
    }
    if (failure != null) {
      System.err.println("bin/ycsb: FAILED: " + failure);
    }
    if (note != null) {
      System.err.println("bin/ycsb: note: " + note); // the lead line's note: the status stays the run's own
    }
    int status = failure == null ? 0 : FAILED;
    if (run.launch().controlled()) {
      StartGate.reportStarted();
      StartGate.event(new ClientControl.Event(ClientControl.EventType.FINISHED, status));
    }
    System.err.flush();
    if (clientFolder != null) {
      status = finishFolder(clientFolder,
          () -> new Verdict(RunJudgement.ofFailure(failure), withNote(failure, note),
              run.expected().count().operations(),
              verdict.operationsDone(), runId,
              StartGate.firstOperationEpochMs(), span.windowMs(), verdict.outcomes(), span.lastSuccessEpochMs()),
          folderFailure, bindingName, status);
    }
    if (status != 0) {
      Runtime.getRuntime().halt(status);
    }
    StartupArchive.runCompleted();
  }

  /** The verdict's reason: why the run failed, then the self-check's note; either alone; or null. */
  private static String withNote(String failure, String note) {
    return note == null ? failure : failure == null ? "note: " + note : failure + "; note: " + note;
  }

  /** What failed the run, or null: a stop's reason, else the stall rule's, else the verdict's; the folder's first. */
  private static String failure(RunVerdict verdict, StallWatch stall, SuccessSpan span, String folderFailure) {
    String failure = stopReason != null ? stopReason : stall.failure() != null ? stall.failure()
        : verdict.failure(span);
    if (folderFailure != null) { // the folder cannot hold the run: that first, then what else went wrong
      failure = failure == null ? folderFailure : folderFailure + "; " + failure;
    }
    return failure;
  }

  /**
   * Writes the client folder's last files and its verdict (built here, so a failure to build it is the folder's);
   * the status, FAILED when one of them cannot be written.
   */
  private static int finishFolder(ClientFolderWriter clientFolder, Supplier<Verdict> verdict, String folderFailure,
      String bindingName, int status) {
    try {
      String late = clientFolder.finish(verdict.get(), Bindings.afterRun(bindingName));
      if (late != null && !late.equals(folderFailure)) { // a write of the folder's last files failed
        System.err.println("bin/ycsb: FAILED: " + late);
        return FAILED;
      }
      return status;
    } catch (IOException e) {
      String first = clientFolder.failure(); // a write of finish's own that failed before the verdict's
      // the cause was printed already unless it came with finish's own writes
      System.err.println("bin/ycsb: " + (first != null && !first.equals(folderFailure) ? "FAILED: " + first
          + "; " : "") + e.getMessage() + ": the client folder has no verdict (its other files are as far as "
          + "they could be written)");
      return FAILED;
    } catch (RuntimeException e) {
      System.err.println("bin/ycsb: FAILED: cannot finish the client folder: " + e);
      return FAILED;
    }
  }

  /**
   * Says once where the output goes when the terminal or the coordinator's pipe stops taking it: the run goes on, and
   * its folder (with {@code --out}) keeps every line, YCSB's report and the verdict included.
   */
  private static void whenLost(LineWatchingOutputStream out, LineWatchingOutputStream err, ClientFolderWriter folder,
      java.nio.file.Path dir) {
    String kept = folder == null ? "" : "; the client folder " + dir + " keeps the rest";
    out.onTargetLost(why -> System.err.println("bin/ycsb: stdout cannot be written (" + why + ")" + kept));
    err.onTargetLost(why -> {
      if (folder != null) {
        folder.stderrLine("bin/ycsb: stderr cannot be written (" + why + ")" + kept + "\n");
      }
    });
  }

  /** The driver's full report behind a failure (its exception chain), or null when the message is all there is. */
  private static String report(DBException e) {
    if (e.getCause() == null) {
      return null;
    }
    StringBuilder sb = new StringBuilder("bin/ycsb: the driver's report:");
    int depth = 0;
    for (Throwable t = e.getCause(); t != null && depth < 10; t = t.getCause() == t ? null : t.getCause(), depth++) {
      sb.append(depth == 0 ? " " : " / caused by ").append(t.getClass().getName()).append(": ").append(t.getMessage());
    }
    return sb.toString().replace('\n', ' ');
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
