package dev.ycsbpack.experiment.ab;

import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.experiment.run.Steps;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs whose throughput the test chooses, by step folder name, each leaving a coordinator bundle with a merged result
 * complete enough for {@code compare} (a window of its own, the configuration and environment), so an A/B
 * experiment's whole loop, warm-up and comparison included, runs on figures no real server could promise.
 */
final class ChosenSteps implements Steps {
  private final Map<String, Double> throughputByStep;
  private final String product;
  private final List<String> ran = new ArrayList<>();
  private long clock = 1_700_000_000_000L;

  /**
   * @param throughputByStep each run's ops/s by folder name; a run not listed fails the test
   * @param product          the server product the clients record ({@code server.product}), or null for none
   */
  ChosenSteps(Map<String, Double> throughputByStep, String product) {
    this.throughputByStep = throughputByStep;
    this.product = product;
  }

  /** The runs made, by folder name, in order. */
  List<String> ran() {
    return List.copyOf(ran);
  }

  @Override
  public int run(dev.ycsbpack.coordinator.plan.RunPlan plan) throws IOException {
    String name = plan.out().getFileName().toString();
    Double throughput = throughputByStep.get(name);
    if (throughput == null) {
      throw new AssertionError("run " + name + " was not meant to run; ran before it: " + ran);
    }
    ran.add(name);
    Bundle bundle = Bundle.create(plan.out());
    bundle.write(new Manifest(null, "COMPLETE", null, "test", "run", name, "test", null, null, Map.of(), null,
        List.of(), List.of(), null, Map.of(), List.of(), null, null, List.of(), Map.of()));
    long ops = 1000;
    long start = clock;
    long end = start + Math.round(1000 * ops / throughput);
    clock = end + 1000;
    MergedJson.Latency latency = new MergedJson.Latency(ops, 50, 80.0, 10.0, 200, Map.of("99", 100L), List.of());
    MergedJson.Settings config = new MergedJson.Settings(Map.of("workload", "site.ycsb.workloads.CoreWorkload"),
        Map.of(), List.of());
    MergedJson.Settings env = new MergedJson.Settings(product == null ? Map.of("host.name", "here")
        : Map.of("host.name", "here", "server.product", product), Map.of(), List.of());
    MergedJson merged = MergedJson.builder().mode("run")
        .window(new MergedJson.Window("common", start, end, (end - start) / 1000.0, 0, 0, (end - start) / 1000.0))
        .percentiles(List.of(99.0))
        .overall(MergedJson.Overall.builder().clients(1).clientsMerged(1).operations(ops).reportedOperations(ops)
            .coverage(1.0).throughputOpsPerSec(throughput).errorRate(0.0).successfulThroughputOpsPerSec(throughput)
            .build())
        .operations(List.of(MergedJson.Operation.builder().name("READ").operations(ops).reportedOperations(ops)
            .throughputOpsPerSec(throughput).latencyKind("latency").latencyUs(latency).returns(Map.of("OK", ops))
            .errorRate(0.0).build()))
        .configuration(config).environment(env).build();
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
