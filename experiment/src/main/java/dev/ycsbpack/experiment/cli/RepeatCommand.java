package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.common.CommandWords;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.cli.HostOptions;
import dev.ycsbpack.coordinator.cli.RunOptions;
import dev.ycsbpack.coordinator.cli.UsageError;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.experiment.run.StepRunner;
import dev.ycsbpack.experiment.run.Warmup;
import dev.ycsbpack.experiment.sweep.SweepRun;
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

/** {@code repeat}: one coordinated run repeated, every headline figure given with its spread. */
@Command(name = "repeat", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs the same coordinated run R times (each a normal bundle under DIR/steps/), on the same "
        + "loaded data, and gives every headline figure (throughput, error rate, each operation's p50/p95/p99/p99.9) "
        + "as its median, min-max, relative standard deviation and n, marking the noisy ones. A warm-up round runs "
        + "first (DIR/warmup/, not counted). To compare two setups, run them interleaved with bin/ycsb-experiment "
        + "ab; two folders made one after the other can be compared with bin/ycsb-aggregate compare --a DIR_A --b "
        + "DIR_B (each side: its COMPLETE runs), drift between them included."})
final class RepeatCommand implements Callable<Integer> {
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
  RunOptions runOptions;

  @Mixin
  HostOptions hostOptions;

  @Mixin
  ExperimentOptions options;

  @Override
  public Integer call() throws IOException {
    PrintStream err = System.err;
    Map<String, String> overrides = new LinkedHashMap<>();
    List<SweepRun.Planned> steps = new ArrayList<>();
    ExperimentManifest.Plan plan;
    ExperimentManifest earlier;
    Path dir;
    Redactor redactor;
    List<Host> hosts;
    int parallel;
    try {
      RunOptions.checkBinding(binding);
      overrides.putAll(runOptions.overrides());
      runOptions.checkTimeouts();
      long fixedThreads = load.threads();
      long fixedTarget = load.target();
      if (repeat < 1 || repeat > 20) {
        throw new UsageError("--repeat " + repeat + ": expected a whole number from 1 to 20");
      }
      int warmupRounds = warmup.rounds();
      earlier = ExperimentLaunch.folder(options.out, options.resume);
      dir = options.dir();
      hosts = hostOptions.parse();
      parallel = hostOptions.parallel();
      Path stepsDir = dir.resolve(ExperimentBundle.STEPS);
      if (options.load) {
        long loadThreads = Math.max(hosts.size() * (long) options.clientsPerHost, fixedThreads);
        steps.add(ExperimentLaunch.loadStep(binding, runOptions, overrides, loadThreads, hosts, options.clientsPerHost,
            stepsDir));
      }
      for (int w = 1; w <= warmupRounds; w++) {
        String name = Warmup.name(w, null);
        steps.add(new SweepRun.Planned(name, X, StepRunner.plan(new RunRequest(Phase.RUN, binding,
            runOptions.workloadFiles, overrides, Math.toIntExact(fixedThreads), fixedTarget, hosts,
            options.clientsPerHost, Warmup.folder(dir, name), runOptions.jvmArgs)), false, false, null, false, null,
            true));
      }
      for (int r = 1; r <= repeat; r++) {
        String name = String.format("%02d-run-r%d", r, r);
        // the same configuration every time, so bin/ycsb-aggregate compare takes the repetitions as one side
        steps.add(new SweepRun.Planned(name, X, StepRunner.plan(new RunRequest(Phase.RUN, binding,
            runOptions.workloadFiles, overrides, Math.toIntExact(fixedThreads), fixedTarget, hosts,
            options.clientsPerHost, stepsDir.resolve(name), runOptions.jvmArgs)), false, r == repeat));
      }
      RunPlan first = steps.get(options.load ? 1 : 0).plan();
      RunOptions.checkTlsFiles(first.properties());
      redactor = Redactor.of(first.properties())
          .withSecrets(CommandWords.secrets(ExperimentMain.commandLine())); // --rsh 'kubectl --token T ...' too
      runOptions.checkJvmArgs(redactor);
      Map<String, String> shown = new TreeMap<>();
      Redactor shownBy = redactor;
      first.properties().forEach((k, v) -> shown.put(k, shownBy.show(k, v)));
      plan = new ExperimentManifest.Plan(SweepRun.REPEAT, binding, "run", List.of(X),
          runOptions.workloadFiles.stream().map(Path::toString).toList(), shown,
          hosts.stream().map(Host::toString).toList(), options.clientsPerHost, fixedThreads, fixedTarget, List.of(),
          options.load, repeat, "none: every repetition runs", null, warmupRounds, null);
      ExperimentLaunch.checkSamePlan(earlier, plan, options.resume);
    } catch (UsageError | PlanException | ArithmeticException e) {
      err.println("ycsb-experiment: error: " + Redactor.of(overrides).redact(String.valueOf(e.getMessage())));
      return ExperimentMain.USAGE;
    }
    return options.launch(new ExperimentLaunch.Launch(dir, plan, steps, List.of(), options.load, earlier,
        redactor, runOptions, hostOptions, hosts, parallel, binding), err);
  }
}
