package dev.ycsbpack.experiment.run;

import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.run.RunOutcome;
import java.io.IOException;

/**
 * What runs an experiment's steps one at a time, each into a coordinator bundle at its plan's {@code out}:
 * {@link StepRunner} (a coordinated run in process). The seam lets the sweep's own loop (early stop, repetitions, the
 * unthrottled probe) be tested with steps whose figures a test chooses, which no real run can promise.
 */
public interface Steps {
  /**
   * Runs the step into a new bundle at {@code plan.out()}; returns what the coordinated run ended with (its manifest,
   * merged figures and exit status), so the experiment takes the step's figures from it, not from the files.
   */
  RunOutcome run(RunPlan plan) throws IOException;

  /** The server's memory and cache figures around the last step run; null when not known. */
  ServerMemory lastServer();

  /** Stops the running step, if any, and every later one before it begins. */
  void interrupt(String reason);
}
