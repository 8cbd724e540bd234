package dev.ycsbpack.experiment.sweep;

import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.experiment.run.Steps;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Steps whose throughput the test chooses, per step folder name, so {@link SweepRun}'s own loop (which steps run, when
 * it stops, what the probe sets) can be driven on purpose: no real run promises a throughput. Each step still leaves a
 * coordinator bundle (its {@code manifest.json} and {@code merged/merged.json} written with the coordinator's and
 * aggregate's own records), read back by the same {@code StepFiguresReader} a real step is.
 */
final class FakeSteps implements Steps {
  private final Map<String, Double> throughputByStep;
  private final List<String> ran = new ArrayList<>();
  private final List<Long> targets = new ArrayList<>();
  private final Map<String, String> failing = new java.util.HashMap<>();
  private String note;
  private Map<String, String> server = Map.of();

  /** @param throughputByStep each step's measured ops/s, by its folder name; a step not listed fails the test */
  FakeSteps(Map<String, Double> throughputByStep) {
    this.throughputByStep = throughputByStep;
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

  /** The steps run, by folder name, in order. */
  List<String> ran() {
    return List.copyOf(ran);
  }

  /** Each step's total target as run (0: unthrottled), in order. */
  List<Long> targets() {
    return List.copyOf(targets);
  }

  @Override
  public int run(RunPlan plan) throws IOException {
    String name = plan.out().getFileName().toString();
    Double throughput = throughputByStep.get(name);
    if (failing.containsKey(name)) {
      ran.add(name);
      Bundle.create(plan.out()).write(new Manifest(note, "FAILED", failing.get(name), "test", "run", name, "test",
          null, null, server, null, List.of(), List.of(), null, Map.of(), List.of(), null, null, List.of(), Map.of()));
      return CoordinatedRun.FAILED;
    }
    if (throughput == null) {
      throw new AssertionError("step " + name + " was not meant to run; ran before it: " + ran);
    }
    ran.add(name);
    targets.add(plan.clients().stream().mapToLong(ClientPlan::target).sum());
    Bundle bundle = Bundle.create(plan.out());
    bundle.write(new Manifest(note, "COMPLETE", null, "test", "run", name, "test", null, null, server, null,
        List.of(), List.of(), null, Map.of(), List.of(), null, null, List.of(), Map.of()));
    long ops = 1000;
    MergedJson.Latency latency = new MergedJson.Latency(ops, 50, 80.0, 10.0, 200, Map.of("99", 100L), List.of());
    MergedJson merged = MergedJson.builder().mode("run").percentiles(List.of(99.0))
        .overall(MergedJson.Overall.builder().clients(1).clientsMerged(1).operations(ops).reportedOperations(ops)
            .coverage(1.0).throughputOpsPerSec(throughput).errorRate(0.0).successfulThroughputOpsPerSec(throughput)
            .build())
        .operations(List.of(MergedJson.Operation.builder().name("READ").operations(ops).reportedOperations(ops)
            .throughputOpsPerSec(throughput).latencyKind("latency").latencyUs(latency).returns(Map.of("OK", ops))
            .errorRate(0.0).build()))
        .build();
    Files.createDirectories(bundle.merged());
    MergedJson.MAPPER.writeValue(bundle.merged().resolve("merged.json").toFile(), merged);
    return CoordinatedRun.COMPLETE;
  }

  @Override
  public ServerMemory lastServer() {
    return null;
  }

  @Override
  public void interrupt(String reason) {
    throw new AssertionError("not interrupted in these tests");
  }
}
