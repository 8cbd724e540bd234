package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.common.CommandWords;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.coordinator.cli.HostOptions;
import dev.ycsbpack.coordinator.cli.RunOptions;
import dev.ycsbpack.coordinator.cli.UsageError;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.experiment.answer.Slo;
import dev.ycsbpack.experiment.answer.WorkloadOperations;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.run.StepRunner;
import dev.ycsbpack.experiment.sweep.Axis;
import dev.ycsbpack.experiment.sweep.SweepRun;
import dev.ycsbpack.experiment.sweep.SweepValues;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code sweep}: the same workload at rising threads, clients or target, each step a coordinated run. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs the workload at each thread count, client count or target in turn (each a coordinated run",
        "with its own bundle under DIR/steps/), on the same loaded data, stops early by the documented rule, and",
        "answers: the highest throughput, the knee, the latency knee and, with --slo, the highest throughput",
        "meeting every SLO."})
final class SweepCommand implements Callable<Integer>, ExperimentCommand {
  /** The step folder of a target-share sweep's unthrottled probe. */
  static final String UNTHROTTLED = "00-unthrottled";

  @Parameters(index = "0", paramLabel = "BINDING", description = "the binding, as for bin/ycsb: mongodb (or basic)")
  String binding;

  @Option(names = "-threads", paramLabel = "N[,N...]", description = "a list: the thread counts to sweep, in TOTAL "
      + "over the clients, ascending (default: 1, 2, 4, ... up to --max-threads); one number: the threads of every "
      + "step of a -target sweep (in total) or of each client of a --clients sweep")
  String threads;

  @Option(names = "--max-threads", paramLabel = "N", defaultValue = "64",
      description = "the last step of the default doubling sweep (default: ${DEFAULT-VALUE})")
  long maxThreads;

  @Option(names = "-target", paramLabel = "OPS[,OPS...]", description = "a list: the total targets (ops/s) to sweep, "
      + "ascending, or shares of a measured maximum (25%%,50%%,90%%: an unthrottled probe step runs first and each "
      + "step's target is its share of the probe's throughput); one number: the total target of every step (default: "
      + "unthrottled)")
  String target;

  @Option(names = "--clients", paramLabel = "N,N,...", description = "the numbers of clients to sweep, ascending: up"
      + " to one per host, then the same number on every host (a multiple of the hosts)")
  String clients;

  @Option(names = "--slo", paramLabel = "OP.pNN<=LIMIT", description = "a latency objective, e.g. 'READ.p99<=10ms'; "
      + "repeatable: the answer is the highest throughput meeting all")
  List<String> slos = new ArrayList<>();

  @Option(names = "--repeat", paramLabel = "R", defaultValue = "1", description = "run each swept value R times, "
      + "interleaved: round 1 of every value, then round 2, ... (steps NN-AXIS-X-rK); the answers weigh the medians, "
      + "and each value's spread is reported, noisy when a figure's range exceeds 10%% of its median (default: "
      + "${DEFAULT-VALUE})")
  int repeat;

  @Mixin
  RunOptions runOptions;

  @Mixin
  HostOptions hostOptions;

  @Mixin
  ExperimentOptions options;

  @Override
  public ExperimentOptions options() {
    return options;
  }

  @Override
  public RunOptions runOptions() {
    return runOptions;
  }

  @Override
  public Integer call() throws IOException {
    PrintStream err = System.err;
    Map<String, String> overrides = new LinkedHashMap<>();
    List<SweepRun.Planned> steps = new ArrayList<>();
    ExperimentManifest.Plan plan;
    List<Slo> parsedSlos = new ArrayList<>();
    ExperimentManifest earlier = null;
    Path dir;
    Redactor redactor;
    List<Host> hosts;
    int parallel;
    try {
      RunOptions.checkBinding(binding);
      overrides.putAll(runOptions.overrides());
      runOptions.checkTimeouts();
      List<Long> values;
      Axis axis;
      long fixedThreads;
      long fixedTarget;
      try {
        if (maxThreads < 1 || maxThreads > 100_000) {
          throw new IllegalArgumentException("--max-threads " + maxThreads + ": expected a whole number from 1 to "
              + "100000");
        }
        boolean threadList = threads != null && threads.contains(",");
        boolean targetList = target != null && (target.contains(",") || SweepValues.isShares(target));
        if ((clients != null ? 1 : 0) + (threadList ? 1 : 0) + (targetList ? 1 : 0) > 1) {
          throw new IllegalArgumentException((clients != null ? "--clients " + Text.shown(clients) + ", " : "")
              + (threadList ? "-threads " + Text.shown(threads) + ", " : "")
              + (targetList ? "-target " + Text.shown(target) + ", " : "")
              + "more than one list: a sweep varies one of --clients, -threads and -target; give the others one value");
        }
        if (clients != null) {
          axis = Axis.CLIENTS;
          values = SweepValues.parse("--clients", clients);
        } else if (SweepValues.isShares(target)) {
          // shares of a measured maximum are always the swept list, one share or several
          axis = Axis.TARGET_SHARE;
          values = SweepValues.parseShares("-target", target);
        } else if (targetList) {
          axis = Axis.TARGET;
          values = SweepValues.parse("-target", target);
        } else {
          axis = Axis.THREADS;
          values = threads == null ? SweepValues.doubling(maxThreads) : SweepValues.parse("-threads", threads);
        }
        fixedThreads = axis == Axis.THREADS || threads == null ? 0
            : dev.ycsbpack.common.FlagValues.wholeNumber("-threads", threads, 1);
        fixedTarget = axis == Axis.TARGET || axis == Axis.TARGET_SHARE || target == null ? 0
            : dev.ycsbpack.common.FlagValues.wholeNumber("-target", target, 0);
        for (String s : slos) {
          parsedSlos.add(Slo.parse(s));
        }
      } catch (IllegalArgumentException e) {
        throw new UsageError(e.getMessage());
      }
      if (repeat < 1 || repeat > 20) {
        throw new UsageError("--repeat " + repeat + ": expected a whole number from 1 to 20");
      }
      if (axis == Axis.CLIENTS && options.clientsPerHost != 1) {
        throw new UsageError("--clients-per-host " + options.clientsPerHost + ": a --clients sweep places the clients "
            + "itself (one per host, then the same number on each); leave --clients-per-host out");
      }
      earlier = ExperimentLaunch.folder(options.out, options.resume);
      dir = options.dir();
      hosts = hostOptions.parse();
      parallel = hostOptions.parallel();
      String dropped = null;
      if (axis == Axis.THREADS || axis == Axis.TARGET) {
        // a total split over the clients: the documented -threads 1,2,4,... with two hosts runs from 2 on
        try {
          SweepValues.Kept kept = SweepValues.atLeastOnePerClient(axis == Axis.THREADS ? "-threads" : "-target",
              values, (long) hosts.size() * options.clientsPerHost, axis == Axis.THREADS ? "thread" : "op/s");
          values = kept.values();
          dropped = kept.note();
        } catch (IllegalArgumentException e) {
          throw new UsageError(e.getMessage());
        }
      }
      Path stepsDir = dir.resolve(ExperimentBundle.STEPS);
      if (options.load) {
        // as many threads as the largest step, and at least one per client of the load
        long loadThreads = Math.max(hosts.size() * (long) options.clientsPerHost, axis == Axis.THREADS
            ? values.get(values.size() - 1) : Math.max(1, fixedThreads) * (axis == Axis.CLIENTS ? hosts.size() : 1));
        steps.add(ExperimentLaunch.loadStep(binding, runOptions, overrides, loadThreads, hosts, options.clientsPerHost,
            stepsDir));
      }
      if (axis == Axis.TARGET_SHARE) {
        // the unthrottled probe: what the shares are shares of (a step of order 0, not a sweep point)
        steps.add(new SweepRun.Planned(UNTHROTTLED, 0, StepRunner.plan(new RunRequest(Phase.RUN, binding,
            runOptions.workloadFiles, overrides, Math.toIntExact(fixedThreads), 0, hosts, options.clientsPerHost,
            stepsDir.resolve(UNTHROTTLED), runOptions.jvmArgs)), false, true, null, true, null));
      }
      // repetitions interleaved: round 1 of every value, then round 2, ... so drift over the experiment does not
      // always fall on the same value (research experiments.md §4.3)
      for (int r = 1; r <= repeat; r++) {
        for (int i = 0; i < values.size(); i++) {
          long v = values.get(i);
          String stepName = String.format("%02d-%s-%d", i + 1, axis.label(), v) + (repeat == 1 ? "" : "-r" + r);
          List<Host> stepHosts = hosts;
          int perHost = options.clientsPerHost;
          long stepThreads = axis == Axis.THREADS ? v : fixedThreads;
          if (axis == Axis.CLIENTS) {
            if (v <= hosts.size()) {
              stepHosts = hosts.subList(0, (int) v);
              perHost = 1;
            } else if (v % hosts.size() == 0) {
              perHost = Math.toIntExact(v / hosts.size());
            } else {
              throw new UsageError("--clients " + Text.shown(clients) + ": " + v + " clients over " + hosts.size()
                  + " hosts: expected at most one per host, or a multiple of " + hosts.size());
            }
            // -threads is per client here: more clients add load, as more client machines would
            stepThreads = Math.max(1, fixedThreads) * v;
          }
          List<Host> h = stepHosts;
          int k = perHost;
          int t = Math.toIntExact(stepThreads);
          Path out = stepsDir.resolve(stepName);
          SweepRun.AtTarget atTarget = total -> StepRunner.plan(new RunRequest(Phase.RUN, binding,
              runOptions.workloadFiles, overrides, t, total, h, k, out, runOptions.jvmArgs));
          // a share's target is known once the probe has run: until then its plan is the unthrottled one
          steps.add(new SweepRun.Planned(stepName, v, atTarget.plan(axis == Axis.TARGET ? v : fixedTarget), false,
              r == repeat, null, false, axis == Axis.TARGET_SHARE ? new SweepRun.Share(v / 100.0, atTarget) : null));
        }
      }
      RunPlan first = steps.get(options.load ? 1 : 0).plan();
      try {
        WorkloadOperations.check(parsedSlos, first.properties());
      } catch (IllegalArgumentException e) {
        throw new UsageError(e.getMessage());
      }
      RunOptions.checkTlsFiles(first.properties());
      redactor = Redactor.of(first.properties())
          .withSecrets(CommandWords.secrets(ExperimentMain.commandLine())); // --rsh 'kubectl --token T ...' too
      runOptions.checkJvmArgs(redactor);
      Map<String, String> shown = new TreeMap<>();
      first.properties().forEach((k, v) -> shown.put(k, redactor.show(k, v)));
      plan = new ExperimentManifest.Plan("sweep", binding, axis.label(), values,
          runOptions.workloadFiles.stream().map(Path::toString).toList(), shown,
          hosts.stream().map(Host::toString).toList(),
          options.clientsPerHost, fixedThreads, fixedTarget, List.copyOf(slos), options.load, repeat,
          SweepRun.EARLY_STOP, null, null, null, dropped == null ? null : List.of(dropped), null);
      ExperimentLaunch.checkSamePlan(earlier, plan, options.resume);
    } catch (UsageError | PlanException | ArithmeticException e) {
      err.println("ycsb-experiment: error: " + Redactor.of(overrides).redact(String.valueOf(e.getMessage())));
      return ExperimentMain.USAGE;
    }
    return options.launch(new ExperimentLaunch.Launch(dir, plan, steps, parsedSlos, options.load, earlier,
        redactor, runOptions, hostOptions, hosts, parallel, binding), err);
  }
}
