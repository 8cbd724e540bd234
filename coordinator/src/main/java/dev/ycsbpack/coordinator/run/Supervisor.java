package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the clients of a plan together: starts them, holds them at the start gate until every one is ready, releases
 * them at once, watches them, and stops them all as soon as one fails. Nothing here waits without a limit.
 */
public final class Supervisor {
  /**
   * The coordinator's stall default: above a client's own default (60 s with the driver's default timeouts), its
   * 2 s stop grace, the 30 s socket timeout and its report, so a client whose server is gone stops itself first and
   * its reason (last success, errors, first error) is the run's; this catches a client that cannot.
   */
  public static final int DEFAULT_STALL_SECONDS = 120;
  /** The default of {@code --ready-timeout}: JVM start, connections and warm-up of a client on a busy host. */
  public static final int DEFAULT_READY_SECONDS = 300;
  /** The default of {@code --launch-interval}: no pause between launches. */
  public static final int DEFAULT_LAUNCH_INTERVAL_MS = 0;
  /** How often the coordinator tells every client it is there: well inside any {@code --control-timeout} (>= 1 s). */
  static final Duration HEARTBEAT = Duration.ofSeconds(1);
  /** How long stopped clients get to write their folders before they are killed. */
  static final Duration STOP_GRACE = Duration.ofSeconds(10);
  /** How far ahead the start is scheduled: more than a GO takes to reach any client. */
  static final Duration START_LEAD = Duration.ofMillis(300);

  /**
   * Limits of a coordinated run.
   *
   * @param readyTimeout   how long each client may take from its launch to READY (start, connect, warm up), and
   *                       each of its files to reach its host before that: per client, so it does not shrink as
   *                       more hosts take longer to launch
   * @param stallTimeout   how long a running client may go without a successful operation (status lines that count
   *                       only failures, or nothing, do not count) or any output before it counts as failed
   * @param controlTimeout seconds without heartbeat after which a client stops itself
   * @param heartbeat      how often the coordinator says it is there
   * @param stopGrace      how long stopped clients get to write their folders before they are killed
   * @param startLead      how far ahead the start is scheduled: more than a GO takes to reach any client
   * @param parallel       per-host steps (checks, staging, client launches, collection) in flight at once
   * @param launchInterval pause of each launching worker after a launch, to spread the connections a run opens to
   *                       sshd and the database (zero: none)
   */
  public record Settings(Duration readyTimeout, Duration stallTimeout, int controlTimeout, Duration heartbeat,
      Duration stopGrace, Duration startLead, int parallel, Duration launchInterval) {
    /** The limits a user sets ({@code --ready-timeout} and the like), with the fixed ones above. */
    public static Settings of(Duration readyTimeout, Duration stallTimeout, int controlTimeout, int parallel,
        Duration launchInterval) {
      return new Settings(readyTimeout, stallTimeout, controlTimeout, HEARTBEAT, STOP_GRACE, START_LEAD, parallel,
          launchInterval);
    }

    /** Every limit at its default: the values {@code --help} shows. */
    public static Settings defaults() {
      return of(Duration.ofSeconds(DEFAULT_READY_SECONDS), Duration.ofSeconds(DEFAULT_STALL_SECONDS),
          ClientControl.DEFAULT_TIMEOUT_SECONDS, Fanout.DEFAULT_PARALLEL,
          Duration.ofMillis(DEFAULT_LAUNCH_INTERVAL_MS));
    }
  }

  /**
   * How one client ended.
   *
   * @param plan           what it was to do
   * @param startedEpochMs when its first measured operation began (its host's clock), -1 if never
   * @param exitStatus     its process's exit status (ssh's 255 for a lost connection), -1 if it never started
   * @param problem        what went wrong with it, null if nothing
   * @param readyAfterMs   from starting its process to its READY (JVM start, connect, warm-up, JIT settling), -1
   *                       if never
   */
  public record ClientOutcome(ClientPlan plan, long startedEpochMs, int exitStatus, ClientProblem problem,
      long readyAfterMs) {
  }

  /**
   * How the run ended.
   *
   * @param complete        every client finished its work and exited 0
   * @param reason          why not, naming the host, the client and what happened; null when complete
   * @param releaseEpochMs  when the clients were released (coordinator clock), -1 if never
   * @param releaseAfterMs  milliseconds from the supervisor's start to the release
   * @param clients         each client's outcome
   * @param stagedNames     the file the user gave for each staged copy, for the reasons shown
   */
  public record Outcome(boolean complete, String reason, long releaseEpochMs, long releaseAfterMs,
      List<ClientOutcome> clients, StagedNames stagedNames) {
    /** An outcome whose clients were given no staged file. */
    public Outcome(boolean complete, String reason, long releaseEpochMs, long releaseAfterMs,
        List<ClientOutcome> clients) {
      this(complete, reason, releaseEpochMs, releaseAfterMs, clients, StagedNames.NONE);
    }
  }

  /** The signals whose numbers are the same on Linux and macOS. */
  private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 4, "SIGILL",
      6, "SIGABRT", 8, "SIGFPE", 9, "SIGKILL", 11, "SIGSEGV", 13, "SIGPIPE", 15, "SIGTERM");

  private final RunPlan plan;
  private final Map<Host, HostSession> sessions;
  private final PackArchive pack;
  private final Path clientsDir;
  private final String runId;
  private final Redactor redactor;
  private final Settings settings;
  private final Progress progress;
  /** Each host's clock minus the coordinator's, ms. */
  private final Map<Host, Double> clockOffsets;
  /** The clients launched so far: the heartbeat reaches each from its launch on, while others are still launched. */
  private final List<ClientProcess> running = new CopyOnWriteArrayList<>();
  private final Map<String, ClientProblem> problems = Collections.synchronizedMap(new LinkedHashMap<>());
  /** Set when a launch failed: the launches not begun yet are skipped, the run fails anyway. */
  private volatile boolean launchFailed;
  /** Each client's properties and TLS files on this machine, removed at its READY or when the run ends. */
  private final StagedClientFiles stagedFiles;
  /** What each launched client was staged with, by client name: removed from its host at its READY. */
  private final Map<String, StagedClientFiles.Staged> staged = new ConcurrentHashMap<>();
  /** The clients whose staged files were removed (or are being removed) since their READY. */
  private final Set<String> unstaged = ConcurrentHashMap.newKeySet();
  /** The removals from the hosts under way: done before the release, so none runs during the measurement. */
  private final List<Future<?>> removals = new CopyOnWriteArrayList<>();
  private final PrintStream log;
  private volatile String abortReason;
  /** Run just before the clients are released (telemetry's first instant). */
  private volatile Runnable beforeRelease = () -> {
  };
  /** Every client's output, on one thread: the coordinator's threads do not grow with the clients. */
  private final LineReader output = new LineReader("coordinator-client-output");

  public Supervisor(RunPlan plan, Map<Host, HostSession> sessions, PackArchive pack, Path clientsDir, Path stagingDir,
      String runId, Redactor redactor, Settings settings, Progress progress, PrintStream log,
      Map<Host, Double> clockOffsets) {
    this.plan = plan;
    this.sessions = sessions;
    this.pack = pack;
    this.clientsDir = clientsDir;
    this.stagedFiles = new StagedClientFiles(stagingDir, runId, log);
    this.runId = runId;
    this.redactor = redactor;
    this.settings = settings;
    this.progress = progress;
    this.clockOffsets = clockOffsets;
    this.log = log;
  }

  /**
   * What to do once every client is ready, just before they are released, on the supervisor's thread (the samplers
   * take their first instant there, after the clients' start-up checks and warm-ups); nothing by default. Each call
   * adds {@code hook} after those given before. A hook must return promptly: the clients wait for it.
   */
  public void beforeRelease(Runnable hook) {
    Runnable before = beforeRelease;
    beforeRelease = () -> {
      before.run();
      hook.run();
    };
  }

  /** Stops the run from outside (Ctrl-C): every client is stopped and the run fails with this reason. */
  public void abort(String reason) {
    abortReason = reason;
  }

  public Outcome run() {
    long t0 = System.nanoTime();
    long releaseEpochMs = -1;
    long releaseAfterMs = -1;
    String failure = null;
    ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "heartbeat"));
    ExecutorService remover = Executors.newFixedThreadPool(Math.max(1, settings.parallel()),
        r -> daemon(r, "unstage"));
    try {
      // heartbeats first: a client launched early must not time out while the last ones are still being launched
      heartbeat.scheduleAtFixedRate(this::beat, 0, settings.heartbeat().toMillis(), TimeUnit.MILLISECONDS);
      failure = startAll();
      if (failure == null) {
        failure = awaitReady(remover);
      }
      if (failure == null) {
        failure = awaitRemovals();
      }
      if (failure == null) {
        // the start is scheduled a little ahead, in each host's own clock: every client then starts at the same
        // moment whatever the time its GO took to arrive
        beforeRelease.run();
        releaseEpochMs = System.currentTimeMillis() + settings.startLead().toMillis();
        releaseAfterMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + settings.startLead().toMillis();
        for (ClientProcess c : running) {
          c.send(ClientControl.goAt(releaseEpochMs + Math.round(clockOffsets.getOrDefault(c.plan().host(), 0.0))));
        }
        Thread.sleep(settings.startLead().toMillis());
        failure = watch(System.nanoTime());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "the coordinator was interrupted";
    } finally {
      if (failure != null) {
        stopAll();
      }
      heartbeat.shutdownNow();
      remover.shutdown(); // a removal under way ends within its step's limit; the host's cleanup removes all anyway
      progress.close();
      stagedFiles.deleteAll();
    }
    List<ClientOutcome> outcomes = collect();
    output.close();
    return new Outcome(failure == null, failure, releaseEpochMs, releaseAfterMs, outcomes, stagedFiles.names());
  }

  /**
   * Stages each client's files ({@link StagedClientFiles}) and launches the clients, {@code parallel} at once (ssh
   * start-up is slow); each client joins {@link #running}, and so the heartbeat, as soon as its process exists.
   */
  private String startAll() throws InterruptedException {
    HostSession.ClientArgs args = new HostSession.ClientArgs(plan.phase().command(), plan.binding(),
        settings.controlTimeout(), plan.jvmArgs());
    List<String> failures = Fanout.map(plan.clients(), settings.parallel(), "start", c -> {
      if (launchFailed || abortReason != null) {
        return null; // the run fails anyway: no more clients to stop
      }
      try {
        HostSession session = sessions.get(c.host());
        StagedClientFiles.Staged files = stagedFiles.stage(c, session);
        staged.put(c.name(), files);
        // its files' upload is part of its launch: bounded by the ready timeout, counted from here (this client's own
        // launch), not from the phase's start, so a client queued behind --parallel keeps its whole limit
        Process p = session.start(c, runId, files.properties(), files.files(), args, clientsDir, pack,
            settings.readyTimeout());
        running.add(new ClientProcess(c, p, redactor.forLines(), output));
      } catch (IOException | RuntimeException e) {
        launchFailed = true;
        ClientProblem why = new ClientProblem(ClientProblem.Kind.NOT_STARTED,
            "could not be started: " + redactor.redact(String.valueOf(e.getMessage())));
        problems.put(c.name(), why);
        return describe(c, why);
      }
      pause(settings.launchInterval());
      return null;
    });
    running.sort(Comparator.comparingInt(r -> plan.clients().indexOf(r.plan()))); // atomic: beats go on
    return failures.stream().filter(Objects::nonNull).findFirst().orElse(null);
  }

  private static void pause(Duration d) {
    if (d.isZero()) {
      return;
    }
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private String awaitReady(ExecutorService remover) throws InterruptedException {
    while (true) {
      if (abortReason != null) {
        return abortReason;
      }
      boolean all = true;
      for (ClientProcess c : running) {
        if (c.ready() && unstaged.add(c.plan().name())) {
          unstage(c.plan(), remover);
        }
        if (!c.alive()) {
          return fail(c, exitReason(c, true));
        }
        all &= c.ready();
      }
      if (all) {
        return null;
      }
      for (ClientProcess c : running) {
        if (!c.ready() && c.sinceLaunch().compareTo(settings.readyTimeout()) > 0) {
          return fail(c, new ClientProblem(ClientProblem.Kind.NOT_READY, "not ready "
              + settings.readyTimeout().toSeconds() + " s after its launch (starting the JVM, connecting or warming"
              + " up): " + c.lastError()));
        }
      }
      Thread.sleep(20);
    }
  }

  /**
   * A client that is READY has read its properties: its staged files (secrets included) go at once, here and, through
   * {@code remover}, on its host, rather than staying there for the whole run.
   */
  private void unstage(ClientPlan c, ExecutorService remover) {
    stagedFiles.delete(c);
    StagedClientFiles.Staged files = staged.get(c.name());
    removals.add(remover.submit(() -> {
      try {
        sessions.get(c.host()).removeStaged(c, runId, files == null ? List.of() : files.files());
      } catch (IOException e) {
        // they go when the client ends, and with the run's folder at the cleanup
        log.println("ycsb-coordinator: warning: " + redactor.redact(String.valueOf(e.getMessage())));
      }
    }));
  }

  /**
   * Waits for the removals from the hosts, each bounded by its own step limit (up to 30 s); returns the abort's reason
   * as soon as the run is aborted (Ctrl-C) meanwhile, so no client is released after it; else null.
   */
  private String awaitRemovals() throws InterruptedException {
    for (Future<?> f : removals) {
      while (abortReason == null) {
        try {
          f.get(20, TimeUnit.MILLISECONDS);
          break;
        } catch (TimeoutException e) {
          // still removing: look at the abort again
        } catch (ExecutionException e) {
          log.println("ycsb-coordinator: warning: " + redactor.redact(String.valueOf(e.getCause())));
          break;
        }
      }
    }
    return abortReason;
  }

  private String watch(long releasedNanos) throws InterruptedException {
    long total = plan.clients().stream().mapToLong(ClientPlan::operations).sum();
    running.forEach(ClientProcess::resetProgressClock);
    while (true) {
      if (abortReason != null) {
        return abortReason;
      }
      boolean anyAlive = false;
      long done = 0;
      long errors = 0;
      double rate = 0;
      for (ClientProcess c : running) {
        done += c.operations();
        errors += c.errors();
        rate += c.currentOpsPerSec();
        if (c.alive()) {
          anyAlive = true;
          long interval = statusInterval(c.plan());
          long limit = Math.max(settings.stallTimeout().toSeconds(), 3 * interval);
          long silent = c.secondsSinceLastReport();
          if (silent > limit || c.secondsWithoutProgress() > limit) {
            // silence for three status intervals is the more specific cause: a frozen client also makes no progress
            return fail(c, new ClientProblem(ClientProblem.Kind.STALLED, silent >= 3 * interval
                ? "stopped reporting: no output for " + silent + " s"
                : "made no progress: no operation succeeded for " + c.secondsWithoutProgress() + " s (--stall-timeout "
                    + settings.stallTimeout().toSeconds() + "), though it kept reporting (" + c.operations()
                    + " operations so far, " + c.errors() + " failed): " + c.lastError()));
          }
        } else if (c.exitStatus() != 0) {
          return fail(c, exitReason(c, false));
        }
      }
      progress.update(new Progress.Snapshot(done, total, rate, errors,
          Duration.ofNanos(System.nanoTime() - releasedNanos)));
      if (!anyAlive) {
        return null;
      }
      Thread.sleep(100);
    }
  }

  /**
   * A client reports every status.interval seconds: silence and a lack of progress count only past three intervals,
   * whatever the setting, and a client silent for three intervals is one that stopped reporting.
   */
  private static long statusInterval(ClientPlan c) {
    try {
      return Math.max(1, Long.parseLong(c.properties().getOrDefault("status.interval", "1").trim()));
    } catch (NumberFormatException e) {
      return 1; // bin/ycsb refuses such a value before the client is ready
    }
  }

  /**
   * Why a client's process ended badly, before its READY or after. Exit 255 without the client's FINISHED line is
   * ssh's own failure (ssh keeps 255 for itself), through {@code --hosts} or a {@code --rsh} template whose program is
   * ssh; through another template it may be the program's failure or the client's status, and the words say so rather
   * than blaming ssh; on a local host it is the client's own status. ssh says nothing of a lost link at the
   * {@code LogLevel=ERROR} it runs with, so the words say when neither it nor the client said why.
   */
  private ClientProblem exitReason(ClientProcess c, boolean beforeReady) {
    String when = beforeReady ? " before it was ready" : "";
    if (c.exitStatus() == 255 && c.finishedStatus() < 0) {
      Host host = c.plan().host();
      String program = host instanceof Host.Rsh ? sessions.get(host).transport() : "ssh";
      String telling = c.tellingLine();
      if (host instanceof Host.Ssh || host instanceof Host.Rsh && program.equals("ssh")) {
        return new ClientProblem(ClientProblem.Kind.TRANSPORT_LOST, "its ssh connection was lost" + when
            + " (ssh exit status 255" + (telling == null ? "; neither ssh nor the client said why)" : "): " + telling));
      }
      if (host instanceof Host.Rsh) {
        return new ClientProblem(ClientProblem.Kind.TRANSPORT_LOST, "ended with status 255 before it "
            + (beforeReady ? "was ready" : "finished") + ", through " + program + " (" + program + " failing, such as"
            + " a lost connection, or the client's own status" + (telling == null ? "; neither " + program
                + " nor the client said why)" : "): " + telling));
      }
    }
    if (beforeReady) {
      return new ClientProblem(ClientProblem.Kind.EXITED, "exited (status " + c.exitStatus() + ") before it was ready: "
          + c.lastError());
    }
    return new ClientProblem(ClientProblem.Kind.EXITED, exited(c.exitStatus(), c.tellingLine()));
  }

  /**
   * How a client's process ended, in words: a status above 128 is a shell's (or ssh's) report of a signal, named as
   * such ({@code kill -9} of the client's JVM: {@code killed by signal 9 (SIGKILL)}), and the client's last telling
   * line follows when it said one (never YCSB's start-up banner, which says nothing of the end).
   */
  static String exited(int status, String telling) {
    if (status > 128 && status < 128 + 65) {
      int signal = status - 128;
      String name = SIGNALS.get(signal);
      return "was killed by signal " + signal + (name == null ? "" : " (" + name + ")") + ", exit status " + status
          + (telling == null ? "" : ": " + telling);
    }
    return "exited with status " + status + ": " + (telling == null ? "no output" : telling);
  }

  private String fail(ClientProcess c, ClientProblem what) {
    problems.put(c.plan().name(), what);
    return describe(c.plan(), what);
  }

  private static String describe(ClientPlan c, ClientProblem what) {
    return "client " + c.name() + " on " + c.host() + " " + what.words();
  }

  private void beat() {
    for (ClientProcess c : running) {
      if (c.alive()) {
        c.send(ClientControl.HEARTBEAT);
      }
    }
  }

  /** STOP to every client, then the grace period, then kill: no client outlives a failed run. */
  private void stopAll() {
    for (ClientProcess c : running) {
      if (c.alive()) {
        c.send(ClientControl.STOP);
        c.closeControl();
      }
    }
    // one grace period for all, then each step to every client left at once: the wait does not grow with the
    // number of clients
    try {
      List<ClientProcess> left = waitAll(running, settings.stopGrace());
      left.forEach(c -> c.destroy(false));
      left = waitAll(left, Duration.ofSeconds(2));
      left.forEach(c -> c.destroy(true));
      waitAll(left, Duration.ofSeconds(2));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running.forEach(c -> c.destroy(true));
    }
  }

  /** Waits until {@code limit} for the clients to end; returns those still running. */
  private static List<ClientProcess> waitAll(List<ClientProcess> clients, Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    List<ClientProcess> left = new ArrayList<>();
    for (ClientProcess c : clients) {
      long ms = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (!c.waitFor(Math.max(0, ms))) {
        left.add(c);
      }
    }
    return left;
  }

  private List<ClientOutcome> collect() {
    List<ClientOutcome> out = new ArrayList<>();
    for (ClientPlan c : plan.clients()) {
      ClientProcess p = running.stream().filter(r -> r.plan() == c).findFirst().orElse(null);
      int exit = p == null ? -1 : p.alive() ? -1 : p.exitStatus();
      out.add(new ClientOutcome(c, p == null ? -1 : p.startedEpochMs(), exit, problems.get(c.name()),
          p == null ? -1 : p.readyAfterMs()));
    }
    return out;
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, "coordinator-" + name);
    t.setDaemon(true);
    return t;
  }
}
