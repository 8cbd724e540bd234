package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Synthetic experiment manifests for the answer tables: figures chosen by the test, nothing run. */
final class Manifests {
  static final String MONGODB = "MongoDB";

  private Manifests() {
  }

  /** A step's figures: throughput, and per operation p50/p95/p99 (microseconds). */
  static StepFigures figures(double throughput, Map<String, long[]> ops, ServerMemory server) {
    Map<String, Map<String, Long>> latency = new LinkedHashMap<>();
    ops.forEach((op, p) -> latency.put(op, Map.of("50", p[0], "95", p[1], "99", p[2])));
    return new StepFigures(throughput, 0, latency, null, Map.of(), false, Map.of(), "w=1", server);
  }

  static ExperimentManifest.Step step(int order, String name, long x, StepFigures f) {
    return new ExperimentManifest.Step(order, name, x, "steps/" + name, null, "COMPLETE", null,
        "2026-12-07T10:00:00Z", "2026-12-07T10:01:00Z", f);
  }

  static ExperimentManifest sweep(String status, String axis, boolean load, Map<String, String> properties,
                                  List<ExperimentManifest.Step> steps, Answers answers, List<String> statements,
                                  String product) {
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("sweep", "mongodb", axis, steps.stream()
        .filter(s -> s.order() > 0).map(ExperimentManifest.Step::x).distinct().toList(), List.of("workloads/x"),
        properties, List.of("local"), 1, 1, 0, List.of(), load, 1, "rule", null);
    return new ExperimentManifest(ExperimentManifest.SCHEMA, status, status.equals("COMPLETE") ? null
        : "step 02 failed: the server went away", plan, Map.of("server.product", product), "2026-12-07T10:00:00Z",
        "2026-12-07T10:10:00Z", steps, answers, null, statements, null, null);
  }

  static ExperimentManifest matrix(WcMatrix matrix, List<ExperimentManifest.Step> steps, List<String> statements,
                                   String product) {
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("wc-matrix", "mongodb", "write concern", null,
        List.of("workloads/insert-latency"), Map.of(), List.of("local"), 1, 1, 0, List.of(), true, 3, "rule",
        matrix.cells().stream().map(WcMatrix.Cell::writeConcern).toList());
    return new ExperimentManifest(ExperimentManifest.SCHEMA, "COMPLETE", null, plan, Map.of("server.product",
        product), "2026-12-07T10:00:00Z", "2026-12-07T10:10:00Z", steps, null, null, statements, matrix, null);
  }
}
