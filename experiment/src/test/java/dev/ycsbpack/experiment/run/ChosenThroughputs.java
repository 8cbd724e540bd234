package dev.ycsbpack.experiment.run;

import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.run.RunOutcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Steps whose throughput a test chooses, by step folder name, so an experiment's own loop runs on figures no real run
 * could promise; a step not listed fails the test. What a chosen step returns is the subclass's ({@link StepOutcomes}).
 */
public abstract class ChosenThroughputs implements Steps {
  private final Map<String, Double> throughputByStep;
  private final List<String> ran = new ArrayList<>();

  /** @param throughputByStep each step's measured ops/s, by its folder name */
  protected ChosenThroughputs(Map<String, Double> throughputByStep) {
    this.throughputByStep = throughputByStep;
  }

  /** The steps run, by folder name, in order. */
  public List<String> ran() {
    return List.copyOf(ran);
  }

  @Override
  public final RunOutcome run(RunPlan plan) throws IOException {
    String name = plan.out().getFileName().toString();
    RunOutcome failed = failed(plan, name);
    if (failed != null) {
      ran.add(name);
      return failed;
    }
    Double throughput = throughputByStep.get(name);
    if (throughput == null) {
      throw new AssertionError("step " + name + " was not meant to run; ran before it: " + ran);
    }
    ran.add(name);
    return complete(plan, name, throughput);
  }

  /** The outcome of step {@code name} when the test makes it fail; null (the default) when it runs. */
  protected RunOutcome failed(RunPlan plan, String name) throws IOException {
    return null;
  }

  /** The outcome of step {@code name}, run at its chosen {@code throughput}. */
  protected abstract RunOutcome complete(RunPlan plan, String name, double throughput) throws IOException;

  @Override
  public ServerMemory lastServer() {
    return null;
  }

  @Override
  public void interrupt(String reason) {
    throw new AssertionError("not interrupted in these tests");
  }
}
