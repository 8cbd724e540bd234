package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.coordinator.options.TotalLoadOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.answer.Slo;
import dev.ycsbpack.experiment.answer.WorkloadOperations;
import dev.ycsbpack.experiment.sweep.Axis;
import dev.ycsbpack.experiment.sweep.SweepRun;
import dev.ycsbpack.experiment.sweep.SweepValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
final class SweepCommand extends ExperimentCommand {
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
  ExperimentOptions options;

  /** The swept option and its values, and what every step shares: the threads and target not swept, the SLOs. */
  private record Swept(Axis axis, List<Long> values, long fixedThreads, long fixedTarget, List<Slo> slos,
      String dropped) {
  }

  @Override
  ExperimentLaunch.Launch prepare(Map<String, String> overrides) throws UsageError, PlanException, IOException {
    options.runOptions.readWorkload(binding, overrides);
    Swept swept = swept();
    ExperimentOptions.checkRepeat(repeat);
    if (swept.axis() == Axis.CLIENTS && options.clientsPerHost() != 1) {
      throw new UsageError("--clients-per-host " + options.clientsPerHost() + ": a --clients sweep places the clients "
          + "itself (one per host, then the same number on each); leave --clients-per-host out");
    }
    Site site = options.site();
    swept = perClient(swept, site.hosts().size());
    List<SweepRun.Planned> steps = steps(swept, site, overrides);
    RunPlan first = steps.get(options.load ? 1 : 0).plan();
    try {
      WorkloadOperations.check(swept.slos(), first.properties());
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
    Redactor redactor = FirstRun.check(first, options.runOptions);
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("sweep", binding, swept.axis().label(), swept.values(),
        options.workloadFiles(), FirstRun.shown(first.properties(), redactor),
        site.hostNames(),
        options.clientsPerHost(), swept.fixedThreads(), swept.fixedTarget(), List.copyOf(slos), options.load, repeat,
        SweepRun.EARLY_STOP, null, null, null, swept.dropped() == null ? null : List.of(swept.dropped()), null);
    return options.accepted(site, binding, plan, steps, swept.slos(), redactor);
  }

  /** What is swept, over which values, and the rest of the command's load; a value that cannot be is refused. */
  private Swept swept() throws UsageError {
    try {
      if (maxThreads < 1 || maxThreads > 100_000) {
        throw new IllegalArgumentException("--max-threads " + maxThreads + ": expected a whole number from 1 to "
            + "100000");
      }
      Axis axis = axis();
      List<Long> values = switch (axis) {
        case CLIENTS -> SweepValues.parse("--clients", clients);
        // shares of a measured maximum are always the swept list, one share or several
        case TARGET_SHARE -> SweepValues.parseShares("-target", target);
        case TARGET -> SweepValues.parse("-target", target);
        case THREADS -> threads == null ? SweepValues.doubling(maxThreads) : SweepValues.parse("-threads", threads);
      };
      long fixedThreads = axis == Axis.THREADS ? 0 : TotalLoadOptions.threads(threads);
      long fixedTarget = axis == Axis.TARGET || axis == Axis.TARGET_SHARE ? 0 : TotalLoadOptions.target(target);
      List<Slo> parsedSlos = new ArrayList<>();
      for (String s : slos) {
        parsedSlos.add(Slo.parse(s));
      }
      return new Swept(axis, values, fixedThreads, fixedTarget, parsedSlos, null);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
  }

  /** The one option given as a list (or as shares of a maximum); more than one list is refused. */
  private Axis axis() {
    boolean threadList = threads != null && threads.contains(",");
    boolean targetList = target != null && (target.contains(",") || SweepValues.isShares(target));
    if ((clients != null ? 1 : 0) + (threadList ? 1 : 0) + (targetList ? 1 : 0) > 1) {
      throw new IllegalArgumentException((clients != null ? "--clients " + Text.shown(clients) + ", " : "")
          + (threadList ? "-threads " + Text.shown(threads) + ", " : "")
          + (targetList ? "-target " + Text.shown(target) + ", " : "")
          + "more than one list: a sweep varies one of --clients, -threads and -target; give the others one value");
    }
    if (clients != null) {
      return Axis.CLIENTS;
    } else if (SweepValues.isShares(target)) {
      return Axis.TARGET_SHARE;
    }
    return targetList ? Axis.TARGET : Axis.THREADS;
  }

  /**
   * A total split over the clients (threads, target) keeps the values that give each client at least one: the
   * documented -threads 1,2,4,... with two hosts runs from 2 on, and the plan notes what was dropped.
   */
  private Swept perClient(Swept swept, int hostCount) throws UsageError {
    Axis axis = swept.axis();
    if (axis != Axis.THREADS && axis != Axis.TARGET) {
      return swept;
    }
    try {
      SweepValues.Kept kept = SweepValues.atLeastOnePerClient(axis == Axis.THREADS ? "-threads" : "-target",
          swept.values(), (long) hostCount * options.clientsPerHost(), axis == Axis.THREADS ? "thread" : "op/s");
      return new Swept(axis, kept.values(), swept.fixedThreads(), swept.fixedTarget(), swept.slos(), kept.note());
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
  }

  /** The steps in order: the load (--load), the unthrottled probe of a share sweep, then every value's rounds. */
  private List<SweepRun.Planned> steps(Swept swept, Site site, Map<String, String> overrides) throws UsageError,
      PlanException {
    StepPlanner planner = options.planner(binding, site);
    Axis axis = swept.axis();
    int hostCount = site.hosts().size();
    // the load (--load): as many threads as the largest step, and at least one per client of the load
    long loadThreads = axis == Axis.THREADS ? swept.values().get(swept.values().size() - 1)
        : Math.max(1, swept.fixedThreads()) * (axis == Axis.CLIENTS ? hostCount : 1);
    List<SweepRun.Planned> steps = options.loadStep(planner, overrides, loadThreads, site);
    if (axis == Axis.TARGET_SHARE) {
      // the unthrottled probe: what the shares are shares of (a step of order 0, not a sweep point)
      steps.add(new SweepRun.Planned(UNTHROTTLED, 0, planner.run(overrides, swept.fixedThreads(), 0,
          site.stepsDir().resolve(UNTHROTTLED)), false, true, null, true, null));
    }
    // repetitions interleaved: round 1 of every value, then round 2, ... so drift over the experiment does not
    // always fall on the same value (research experiments.md §4.3)
    for (int r = 1; r <= repeat; r++) {
      for (int i = 0; i < swept.values().size(); i++) {
        steps.add(step(swept, i, r, site, planner, overrides));
      }
    }
    return steps;
  }

  /** Round {@code r} of the {@code i}th value. */
  private SweepRun.Planned step(Swept swept, int i, int r, Site site, StepPlanner planner,
      Map<String, String> overrides) throws UsageError, PlanException {
    Axis axis = swept.axis();
    long v = swept.values().get(i);
    List<Host> hosts = site.hosts();
    String stepName = String.format("%02d-%s-%d", i + 1, axis.label(), v) + (repeat == 1 ? "" : "-r" + r);
    List<Host> stepHosts = hosts;
    int perHost = options.clientsPerHost();
    long stepThreads = axis == Axis.THREADS ? v : swept.fixedThreads();
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
      stepThreads = Math.max(1, swept.fixedThreads()) * v;
    }
    List<Host> h = stepHosts;
    int k = perHost;
    int t = Math.toIntExact(stepThreads);
    Path out = site.stepsDir().resolve(stepName);
    SweepRun.AtTarget atTarget = total -> planner.run(List.of(), overrides, t, total, h, k, out);
    // a share's target is known once the probe has run: until then its plan is the unthrottled one
    return new SweepRun.Planned(stepName, v, atTarget.plan(axis == Axis.TARGET ? v : swept.fixedTarget()), false,
        r == repeat, null, false, axis == Axis.TARGET_SHARE ? new SweepRun.Share(v / 100.0, atTarget) : null);
  }
}
