package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.experiment.run.Warmup;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code repeat}: one coordinated run repeated, every headline figure given with its spread. */
@Command(name = "repeat", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs the same coordinated run R times (each a normal bundle under DIR/steps/), on the same "
        + "loaded data, and gives every headline figure (throughput, error rate, each operation's p50/p95/p99/p99.9) "
        + "as its median, min-max, relative standard deviation and n, marking the noisy ones. A warm-up round runs "
        + "first (DIR/warmup/, not counted). To compare two setups, run them interleaved with bin/ycsb-experiment "
        + "ab; two folders made one after the other can be compared with bin/ycsb-aggregate compare --a DIR_A --b "
        + "DIR_B (each side: its COMPLETE runs), drift between them included."})
final class RepeatCommand extends ExperimentCommand {
  /** Every repetition's swept value: there is one configuration, run R times. */
  private static final long X = 1;

  @Parameters(index = "0", paramLabel = "BINDING", description = "the binding, as for bin/ycsb: mongodb (or basic)")
  String binding;

  @Mixin
  FixedLoadOptions load;

  @Option(names = "--repeat", paramLabel = "R", defaultValue = "3", description = "how many times to run it, 1 to 20"
      + " (default: ${DEFAULT-VALUE}; a comparison needs at least 4 a side to call a difference)")
  int repeat;

  @Mixin
  WarmupOptions warmup;

  @Mixin
  ExperimentOptions options;

  @Override
  ExperimentLaunch.Launch prepare(Map<String, String> overrides) throws UsageError, PlanException, IOException {
    options.runOptions.readWorkload(binding, overrides);
    long fixedThreads = load.threads();
    long fixedTarget = load.target();
    ExperimentOptions.checkRepeat(repeat);
    int warmupRounds = warmup.rounds();
    Site site = options.site();
    StepPlanner planner = options.planner(binding, site);
    List<SweepRun.Planned> steps = options.loadStep(planner, overrides, fixedThreads, site);
    for (int w = 1; w <= warmupRounds; w++) {
      String name = Warmup.name(w, null);
      steps.add(new SweepRun.Planned(name, X, planner.run(overrides, fixedThreads, fixedTarget,
          Warmup.folder(site.dir(), name)), false, false, null, false, null, true));
    }
    for (int r = 1; r <= repeat; r++) {
      String name = String.format("%02d-run-r%d", r, r);
      // the same configuration every time, so bin/ycsb-aggregate compare takes the repetitions as one side
      steps.add(new SweepRun.Planned(name, X, planner.run(overrides, fixedThreads, fixedTarget,
          site.stepsDir().resolve(name)), false, r == repeat));
    }
    RunPlan first = steps.get(options.load ? 1 : 0).plan();
    Redactor redactor = FirstRun.check(first, options.runOptions);
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan(SweepRun.REPEAT, binding, "run", List.of(X),
        options.workloadFiles(), FirstRun.shown(first.properties(), redactor),
        site.hostNames(), options.clientsPerHost(), fixedThreads, fixedTarget,
        List.of(), options.load, repeat, "none: every repetition runs", null, warmupRounds, null);
    return options.accepted(site, binding, plan, steps, List.of(), redactor);
  }
}
