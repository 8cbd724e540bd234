package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.CommandWords;
import dev.ycsbpack.common.InterruptHook;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.options.ClientsPerHostOption;
import dev.ycsbpack.coordinator.options.HostOptions;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.options.TotalLoadOptions;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.Planner;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.coordinator.run.ClientCheck;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.coordinator.run.RunOutcome;
import dev.ycsbpack.coordinator.run.RunSetup;
import dev.ycsbpack.coordinator.run.Supervisor;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code load} and {@code run}: one coordinated YCSB phase over all hosts. */
abstract class PhaseCommand implements Callable<Integer> {
  /** bin/ycsb --check is one JVM start and no network: seconds, even on a busy machine. */
  private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(120);

  @Parameters(index = "0", paramLabel = "BINDING", description = "the binding, as for bin/ycsb: mongodb (or basic)")
  String binding;

  @Mixin
  TotalLoadOptions load;

  @Mixin
  RunOptions runOptions;

  @Mixin
  HostOptions hostOptions;

  @Mixin
  ClientsPerHostOption clientsPerHost;

  @Option(names = "--out", paramLabel = "DIR", description = "the result bundle: a new or empty folder (required "
      + "unless --dry-run)")
  Path out;

  @Option(names = "--dry-run", description = "print the plan (every client, its host, key range and share) and exit")
  boolean dryRun;

  /** This command as picocli read it: its name is the phase's word ({@code load}, {@code run}). */
  @Spec
  CommandSpec spec;

  /** The phase this command runs: the one its name says, so each command's class holds only its help. */
  Phase phase() {
    return Arrays.stream(Phase.values()).filter(p -> p.command().equals(spec.name())).findFirst().orElseThrow();
  }

  /** A command line that can be run: its plan, and how many hosts are worked on at once. */
  private record Accepted(RunPlan plan, int parallel) {
  }

  @Override
  public Integer call() throws IOException {
    long commandStart = System.currentTimeMillis();
    PrintStream err = System.err;
    Accepted accepted;
    Map<String, String> overrides = new LinkedHashMap<>();
    try {
      accepted = accept(overrides);
    } catch (UsageError | PlanException e) {
      Redactor r = Redactor.of(overrides);
      err.println("ycsb-coordinator: error: " + r.redact(e.getMessage()));
      return CoordinatorMain.USAGE;
    }
    RunPlan plan = accepted.plan();
    // the merged properties hold every -p and every -P value: this redactor knows every secret given
    // and the secret words of the arguments (--rsh 'kubectl --token T ...'), which a remote shell's error may quote
    Redactor redactor = ToolMain.redactor(plan.properties());
    Path home;
    try {
      home = CoordinatorMain.packHome();
    } catch (IllegalStateException e) {
      err.println("ycsb-coordinator: error: " + redactor.redact(String.valueOf(e.getMessage())));
      return CoordinatorMain.USAGE;
    }
    // what bin/ycsb would refuse is refused here, before a host is touched or the bundle folder made
    ClientCheck.Result check = ClientCheck.run(home, plan, runOptions.controlTimeout, CHECK_TIMEOUT);
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
    return run(plan, home, accepted.parallel(), redactor, commandStart, err);
  }

  /** The command line checked and planned, first problem first; {@code overrides} is filled as soon as read. */
  private Accepted accept(Map<String, String> overrides) throws UsageError, PlanException {
    runOptions.readWorkload(binding, overrides);
    int parallel = hostOptions.parallel();
    int totalThreads = load.threads();
    int totalTarget = load.target();
    if (out == null && !dryRun) {
      throw new UsageError("--out: give a folder for the result bundle (or --dry-run to only see the plan)");
    }
    List<Host> hosts = hostOptions.parse();
    RunPlan plan = Planner.plan(new RunRequest(phase(), binding, runOptions.workloadFiles, overrides, totalThreads,
        totalTarget, hosts, clientsPerHost.value(), out, runOptions.jvmArgs));
    runOptions.checkJvmArgs(Redactor.of(plan.properties()));
    RunOptions.checkTlsFiles(plan.properties());
    return new Accepted(plan, parallel);
  }

  /** Runs a plan every check passed: the bundle folder, the hosts' sessions, the run and its summary. */
  private int run(RunPlan plan, Path home, int parallel, Redactor redactor, long commandStart, PrintStream err)
      throws IOException {
    PackArchive pack;
    Bundle bundle;
    Map<Host, HostSession> sessions;
    try {
      pack = PackArchive.of(home);
      sessions = hostOptions.sessions(plan.hosts(), home, clientsPerHost.value());
      bundle = Bundle.create(out);
    } catch (IllegalArgumentException | IllegalStateException | IOException e) {
      hostOptions.closeConnections();
      err.println("ycsb-coordinator: error: " + redactor.redact(String.valueOf(e.getMessage())));
      return CoordinatorMain.USAGE;
    }
    Supervisor.Settings settings = runOptions.settings(parallel);
    // the word after a secret option or sshpass's -p, in the arguments and inside --rsh, has no shape to mask it by
    String command = redactor.redact(String.join(" ", CommandWords.masked(ToolMain.arguments())));
    CoordinatedRun run = new CoordinatedRun(plan, new RunSetup(sessions, pack, settings, redactor, command, err,
        runOptions.quiet, !runOptions.noTelemetry, hostOptions.watch(plan.hosts(), runOptions.noTelemetry)),
        commandStart);
    RunOutcome outcome;
    try {
      outcome = InterruptHook.during("coordinator-interrupt", () -> {
        // Ctrl-C: every client is stopped and the bundle written as FAILED before the JVM goes; exit status 1, as for
        // any failed run (not the shell's 130), so scripts see one meaning per status
        CoordinatedRun.AfterInterrupt after = run.interrupt("interrupted: the coordinator was stopped (Ctrl-C or a "
            + "signal)");
        hostOptions.closeConnections();
        err.println(after.line(bundle.dir()));
        err.flush();
        Runtime.getRuntime().halt(after.exitStatus());
      }, () -> run.run(bundle));
    } catch (CoordinatedRun.BundleWriteException e) {
      // not even a FAILED manifest could be written: this line is all the user gets, and it says so
      err.println("ycsb-coordinator: FAILED: " + redactor.redact(String.valueOf(e.getMessage())));
      return CoordinatedRun.FAILED;
    } finally {
      hostOptions.closeConnections();
    }
    Summary.print(bundle, plan.hosts(), outcome.exitCode(), !runOptions.quiet, outcome.merged(), System.out, err);
    return outcome.exitCode();
  }

  static void printPlan(RunPlan plan, PrintStream out) {
    out.printf("plan: %s %s on %d host(s), %d client(s)%n", plan.phase().command(), plan.binding(), plan.hosts().size(),
        plan.clients().size());
    out.printf("%-16s %-24s %8s %10s %12s  %s%n", "client", "host", "threads", "target", "operations", "keys");
    for (ClientPlan c : plan.clients()) {
      out.printf("%-16s %-24s %8d %10s %12d  %s%n", c.name(), c.host(), c.threads(),
          c.target() == 0 ? "-" : Long.toString(c.target()), c.operations(), c.keys());
    }
    if (!plan.jvmArgs().isEmpty()) {
      out.println("client JVM arguments: " + String.join(" ", plan.jvmArgs()));
    }
    for (String n : plan.notes()) {
      out.println("note: " + n);
    }
  }
}
