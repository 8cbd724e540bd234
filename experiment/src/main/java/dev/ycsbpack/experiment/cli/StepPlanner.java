package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.experiment.run.StepRunner;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The coordinated runs of one experiment's steps: each with the command's binding, {@code -P} files and JVM arguments,
 * on its hosts with {@code clientsPerHost} clients each unless a step says otherwise.
 */
record StepPlanner(String binding, RunOptions runOptions, List<Host> hosts, int clientsPerHost) {
  /** A run of the workload with {@code props} over the command's {@code -P} files, into {@code out}. */
  RunPlan run(Map<String, String> props, long threads, long target, Path out) throws PlanException {
    return run(List.of(), props, threads, target, hosts, clientsPerHost, out);
  }

  /**
   * A run with {@code moreFiles} after the command's {@code -P} files, on {@code on} with {@code perHost} clients each.
   * {@code threads} must fit an int (else ArithmeticException, a refusal of the command line).
   */
  RunPlan run(List<Path> moreFiles, Map<String, String> props, long threads, long target, List<Host> on, int perHost,
      Path out) throws PlanException {
    List<Path> files = runOptions.workloadFiles;
    if (!moreFiles.isEmpty()) {
      files = new ArrayList<>(files);
      files.addAll(moreFiles);
    }
    return StepRunner.plan(new RunRequest(Phase.RUN, binding, files, props, Math.toIntExact(threads), target, on,
        perHost, out, runOptions.jvmArgs));
  }

  /** The experiment's own load ({@link ExperimentLaunch#loadStep}) into {@code stepsDir}, a thread a client or more. */
  SweepRun.Planned load(Map<String, String> props, long threads, Path stepsDir) throws PlanException {
    long loadThreads = Math.max(hosts.size() * (long) clientsPerHost, threads);
    return ExperimentLaunch.loadStep(binding, runOptions, props, loadThreads, hosts, clientsPerHost, stepsDir);
  }
}
