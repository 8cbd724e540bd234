package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.common.FlagValues;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.Planner;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.coordinator.run.ClientCheck;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.coordinator.run.Progress;
import dev.ycsbpack.coordinator.run.Supervisor;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code load} and {@code run}: one coordinated YCSB phase over all hosts. */
abstract class PhaseCommand implements Callable<Integer> {
  /** bin/ycsb --check is one JVM start and no network: seconds, even on a busy machine. */
  private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(120);
  /** A minute between launches is already more than any start-up needs spreading. */
  private static final int MAX_LAUNCH_INTERVAL_MS = 60_000;

  @Parameters(index = "0", paramLabel = "BINDING", description = "the binding, as for bin/ycsb: mongodb (or basic)")
  String binding;

  @Option(names = "-P", paramLabel = "FILE", description = "workload/property file; repeatable, later files override "
      + "earlier ones")
  List<Path> workloadFiles = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "property; overrides every -P file")
  List<String> properties = new ArrayList<>();

  // text, read by common's FlagValues as bin/ycsb reads it, so a bad value gets bin/ycsb's line
  @Option(names = "-threads", paramLabel = "N", description = "client threads in TOTAL, split over the clients "
      + "(default: threadcount, else one per client)")
  String threads;

  @Option(names = "-target", paramLabel = "OPS", description = "operations per second in TOTAL, split over the "
      + "clients (default: unthrottled)")
  String target;

  @Option(names = "-s", description = "accepted for bin/ycsb compatibility: clients always report status to the "
      + "coordinator, which shows the merged progress")
  boolean status;

  @Mixin
  HostOptions hostOptions;

  @Option(names = "--clients-per-host", paramLabel = "K", defaultValue = "1",
      description = "clients started on each host (default: ${DEFAULT-VALUE})")
  int clientsPerHost;

  @Option(names = "--out", paramLabel = "DIR", description = "the result bundle: a new or empty folder (required "
      + "unless --dry-run)")
  Path out;

  @Option(names = "--dry-run", description = "print the plan (every client, its host, key range and share) and exit")
  boolean dryRun;

  @Option(names = "--ready-timeout", paramLabel = "SECONDS", defaultValue = "300",
      description = "how long clients may take to start, connect and warm up (default: ${DEFAULT-VALUE})")
  int readyTimeout;

  @Option(names = "--stall-timeout", paramLabel = "SECONDS", defaultValue = "" + Supervisor.DEFAULT_STALL_SECONDS,
      description = "a client with no successful operation (or no output) this long counts as failed and stops the"
          + " run; clients stop themselves first after -p ycsbpack.stalltimeout (default: ${DEFAULT-VALUE})")
  int stallTimeout;

  @Option(names = "--control-timeout", paramLabel = "SECONDS", defaultValue = "15",
      description = "a client that hears nothing from the coordinator this long stops itself (default: "
          + "${DEFAULT-VALUE})")
  int controlTimeout;

  @Option(names = "--launch-interval", paramLabel = "MS", defaultValue = "0",
      description = "each launching worker (see --parallel) waits this long after launching a client, to spread the"
          + " connections a large run opens to sshd and the database over time (default: ${DEFAULT-VALUE})")
  int launchIntervalMs;

  @Option(names = "--quiet", description = "no progress output")
  boolean quiet;

  abstract Phase phase();

  @Override
  public Integer call() throws IOException {
    long commandStart = System.currentTimeMillis();
    PrintStream err = System.err;
    RunPlan plan;
    int parallel;
    Map<String, String> overrides = new LinkedHashMap<>();
    try {
      if (!binding.matches("[A-Za-z0-9_-]+")) {
        throw new UsageError("BINDING " + Text.shown(binding) + ": expected a binding name such as mongodb");
      }
      for (String pair : properties) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
          throw new UsageError("-p " + Text.shown(pair) + ": expected NAME=VALUE");
        }
        overrides.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
      checkPositive("--ready-timeout", readyTimeout);
      checkPositive("--stall-timeout", stallTimeout);
      checkPositive("--control-timeout", controlTimeout);
      if (launchIntervalMs < 0 || launchIntervalMs > MAX_LAUNCH_INTERVAL_MS) {
        throw new UsageError("--launch-interval " + launchIntervalMs + ": expected milliseconds from 0 to "
            + MAX_LAUNCH_INTERVAL_MS);
      }
      parallel = hostOptions.parallel();
      int totalThreads;
      int totalTarget;
      try {
        totalThreads = threads == null ? 0 : FlagValues.wholeNumber("-threads", threads, 1);
        totalTarget = target == null ? 0 : FlagValues.wholeNumber("-target", target, 0);
      } catch (IllegalArgumentException e) {
        throw new UsageError(e.getMessage());
      }
      if (out == null && !dryRun) {
        throw new UsageError("--out: give a folder for the result bundle (or --dry-run to only see the plan)");
      }
      List<Host> hosts = hostOptions.parse();
      plan = Planner.plan(new RunRequest(phase(), binding, workloadFiles, overrides, totalThreads, totalTarget, hosts,
          clientsPerHost, out));
      checkTlsFiles(plan.properties());
    } catch (UsageError | PlanException e) {
      Redactor r = Redactor.of(overrides);
      err.println("ycsb-coordinator: error: " + r.redact(e.getMessage()));
      return CoordinatorMain.USAGE;
    }
    // the merged properties hold every -p and every -P value: this redactor knows every secret given
    Redactor redactor = Redactor.of(plan.properties());
    Path home;
    try {
      home = CoordinatorMain.packHome();
    } catch (IllegalStateException e) {
      err.println("ycsb-coordinator: error: " + redactor.redact(String.valueOf(e.getMessage())));
      return CoordinatorMain.USAGE;
    }
    // what bin/ycsb would refuse is refused here, before a host is touched or the bundle folder made
    ClientCheck.Result check = ClientCheck.run(home, plan, controlTimeout, CHECK_TIMEOUT);
    if (!check.passed()) {
      boolean refused = check.exitStatus() == CoordinatorMain.USAGE;
      err.println("ycsb-coordinator: " + (refused ? "error: " : "FAILED: the check of the client command failed: ")
          + redactor.redact(check.line()));
      return refused ? CoordinatorMain.USAGE : CoordinatedRun.FAILED;
    }
    if (dryRun) {
      printPlan(plan, System.out);
      return 0;
    }
    PackArchive pack;
    Bundle bundle;
    Map<Host, HostSession> sessions;
    try {
      pack = PackArchive.of(home);
      sessions = hostOptions.sessions(plan.hosts(), home, clientsPerHost);
      bundle = Bundle.create(out);
    } catch (IllegalArgumentException | IllegalStateException | IOException e) {
      hostOptions.closeConnections();
      err.println("ycsb-coordinator: error: " + redactor.redact(String.valueOf(e.getMessage())));
      return CoordinatorMain.USAGE;
    }
    Supervisor.Settings settings = new Supervisor.Settings(Duration.ofSeconds(readyTimeout),
        Duration.ofSeconds(stallTimeout), controlTimeout, Duration.ofSeconds(1), Duration.ofSeconds(10),
        Duration.ofMillis(300), parallel, Duration.ofMillis(launchIntervalMs));
    String command = redactor.redact(String.join(" ", CoordinatorMain.commandLine()));
    CoordinatedRun run = new CoordinatedRun(plan, sessions, pack, settings, redactor,
        command, err, total -> quiet ? new Progress.Silent() : Progress.forConsole(err, total), commandStart);
    Thread hook = new Thread(() -> {
      // Ctrl-C: every client is stopped and the bundle written as FAILED before the JVM goes; exit status 1, as for
      // any failed run (not the shell's 130), so scripts see one meaning per status
      run.interrupt("interrupted: the coordinator was stopped (Ctrl-C or a signal)");
      hostOptions.closeConnections();
      err.println("ycsb-coordinator: FAILED: interrupted; every client was stopped; the bundle (marked FAILED) is "
          + bundle.dir());
      err.flush();
      Runtime.getRuntime().halt(CoordinatedRun.FAILED);
    }, "coordinator-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    int status;
    try {
      status = run.run(bundle);
    } finally {
      hostOptions.closeConnections();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // shutting down already: the hook waits for this run, which is done
    }
    Summary.print(bundle, status, !quiet, System.out, err);
    return status;
  }

  /**
   * The TLS files are copied to every host (see Supervisor), so each must be readable here; the URL's own file options
   * would name a path on each host instead, which the coordinator cannot stage.
   */
  private static void checkTlsFiles(Map<String, String> properties) throws UsageError {
    String url = properties.getOrDefault("mongodb.url", "");
    String query = url.contains("?") ? url.substring(url.lastIndexOf('?') + 1).toLowerCase(java.util.Locale.ROOT) : "";
    for (String option : TlsFiles.URL_FILE_OPTIONS) {
      if (query.matches("(.*[&;])?" + option.toLowerCase(java.util.Locale.ROOT) + "=.*")) {
        throw new UsageError("mongodb.url option " + option + ": the coordinator copies TLS files to every host only"
            + " from properties; give it as -p " + (option.equals("tlsCAFile") ? TlsFiles.CA_FILE
            : TlsFiles.CERTIFICATE_KEY_FILE) + "=FILE instead");
      }
    }
    for (String name : TlsFiles.FILE_PROPERTIES) {
      String file = properties.get(name);
      if (file != null && !Files.isReadable(Path.of(file.trim()))) {
        throw new UsageError(name + "=" + Text.shown(file) + ": no readable file here; the coordinator copies it"
            + " to every host, so give a path on this machine");
      }
    }
  }

  private static void checkPositive(String option, int value) throws UsageError {
    if (value < 1) {
      throw new UsageError(option + " " + value + ": expected 1 or more seconds");
    }
  }

  static void printPlan(RunPlan plan, PrintStream out) {
    out.printf("plan: %s %s on %d host(s), %d client(s)%n", plan.phase().command(), plan.binding(), plan.hosts().size(),
        plan.clients().size());
    out.printf("%-16s %-24s %8s %10s %12s  %s%n", "client", "host", "threads", "target", "operations", "keys");
    for (ClientPlan c : plan.clients()) {
      out.printf("%-16s %-24s %8d %10s %12d  %s%n", c.name(), c.host(), c.threads(),
          c.target() == 0 ? "-" : Long.toString(c.target()), c.operations(), c.keys());
    }
    for (String n : plan.notes()) {
      out.println("note: " + n);
    }
  }
}
