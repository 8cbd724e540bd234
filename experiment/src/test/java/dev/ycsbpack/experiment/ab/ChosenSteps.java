package dev.ycsbpack.experiment.ab;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.run.RunOutcome;
import dev.ycsbpack.experiment.run.ChosenThroughputs;
import dev.ycsbpack.experiment.run.StepOutcomes;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Runs whose throughput the test chooses, by step folder name, each leaving a coordinator bundle with a merged result
 * complete enough for {@code compare} (a window of its own, the configuration and environment), so an A/B
 * experiment's whole loop, warm-up and comparison included, runs on figures no real server could promise.
 */
public final class ChosenSteps extends ChosenThroughputs {
  private final String product;
  private long clock = 1_700_000_000_000L;

  /**
   * @param throughputByStep each run's ops/s by folder name; a run not listed fails the test
   * @param product          the server product the clients record ({@code server.product}), or null for none
   */
  public ChosenSteps(Map<String, Double> throughputByStep, String product) {
    super(throughputByStep);
    this.product = product;
  }

  @Override
  protected RunOutcome complete(RunPlan plan, String name, double throughput) throws IOException {
    long start = clock;
    long end = start + Math.round(1000 * 1000 / throughput);
    clock = end + 1000;
    MergedJson.Settings config = new MergedJson.Settings(Map.of("workload", "site.ycsb.workloads.CoreWorkload"),
        Map.of(), List.of());
    MergedJson.Settings env = new MergedJson.Settings(product == null ? Map.of("host.name", "here")
        : Map.of("host.name", "here", "server.product", product), Map.of(), List.of());
    MergedJson merged = StepOutcomes.merged(throughput,
        new MergedJson.Window("common", start, end, (end - start) / 1000.0, 0, 0, (end - start) / 1000.0), config, env);
    // the comparison of the arms reads the runs' bundles, as compare does: merged.json is written
    return StepOutcomes.complete(plan.out(), StepOutcomes.manifest(name, "COMPLETE", null, null, Map.of()), merged,
        true);
  }
}
