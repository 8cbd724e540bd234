package dev.ycsbpack.experiment.sweep;

import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.run.RunOutcome;
import dev.ycsbpack.experiment.run.ChosenThroughputs;
import dev.ycsbpack.experiment.run.StepOutcomes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Steps whose throughput the test chooses, per step folder name, so {@link SweepRun}'s own loop (which steps run, when
 * it stops, what the probe sets) can be driven on purpose: no real run promises a throughput. Each step returns its
 * outcome (the coordinator's and aggregate's own records), whose figures the sweep takes as it takes a real step's, and
 * leaves a coordinator bundle holding its {@code manifest.json} and, unless {@link #withoutMergedFiles} says otherwise,
 * its {@code merged/merged.json}.
 */
final class FakeSteps extends ChosenThroughputs {
  private final List<Long> targets = new ArrayList<>();
  private final Map<String, String> failing = new java.util.HashMap<>();
  private String note;
  private Map<String, String> server = Map.of();
  private boolean mergedWritten = true;

  /** @param throughputByStep each step's measured ops/s, by its folder name; a step not listed fails the test */
  FakeSteps(Map<String, Double> throughputByStep) {
    super(throughputByStep);
  }

  /** Makes step {@code name} fail with {@code reason} (its bundle FAILED, as a coordinated run that failed leaves). */
  FakeSteps failing(String name, String reason) {
    failing.put(name, reason);
    return this;
  }

  /** The server every step's clients recorded ({@code server.*} facts) and the manifest's note (NOT MongoDB). */
  FakeSteps server(Map<String, String> facts, String note) {
    this.server = Map.copyOf(facts);
    this.note = note;
    return this;
  }

  /**
   * Leaves no {@code merged/merged.json} in the steps' bundles: a sweep that still has their figures took them from
   * the outcomes, not from the files.
   */
  FakeSteps withoutMergedFiles() {
    mergedWritten = false;
    return this;
  }

  /** Each step's total target as run (0: unthrottled), in order. */
  List<Long> targets() {
    return List.copyOf(targets);
  }

  @Override
  protected RunOutcome failed(RunPlan plan, String name) throws IOException {
    return failing.containsKey(name)
        ? StepOutcomes.failed(plan.out(), StepOutcomes.manifest(name, "FAILED", failing.get(name), note, server))
        : null;
  }

  @Override
  protected RunOutcome complete(RunPlan plan, String name, double throughput) throws IOException {
    targets.add(plan.clients().stream().mapToLong(ClientPlan::target).sum());
    return StepOutcomes.complete(plan.out(), StepOutcomes.manifest(name, "COMPLETE", null, note, server),
        StepOutcomes.merged(throughput, null, null, null), mergedWritten);
  }
}
