package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ExperimentManifestBuilder;
import dev.ycsbpack.aggregate.experiment.ExperimentManifestPlanBuilder;
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
    return ExperimentManifest.Step.builder().order(order).name(name).x(x).bundle("steps/" + name).verdict("COMPLETE")
        .startedAt("2026-12-07T10:00:00Z").endedAt("2026-12-07T10:01:00Z").figures(f).build();
  }

  static ExperimentManifest sweep(String status, String axis, boolean load, Map<String, String> properties,
      List<ExperimentManifest.Step> steps, Answers answers, List<String> statements,
      String product) {
    ExperimentManifest.Plan plan = plan("sweep").axis(axis).values(steps.stream().filter(s -> s.order() > 0)
        .map(ExperimentManifest.Step::x).distinct().toList()).workloadFiles(List.of("workloads/x"))
        .properties(properties).load(load).build();
    return manifest(plan, steps, statements, product).status(status).reason(status.equals("COMPLETE") ? null
        : "step 02 failed: the server went away").answers(answers).build();
  }

  static ExperimentManifest matrix(WcMatrix matrix, List<ExperimentManifest.Step> steps, List<String> statements,
      String product) {
    ExperimentManifest.Plan plan = plan("wc-matrix").axis("write concern")
        .workloadFiles(List.of("workloads/insert-latency")).properties(Map.of()).load(true).repeat(3)
        .writeConcerns(matrix.cells().stream().map(WcMatrix.Cell::writeConcern).toList()).build();
    return manifest(plan, steps, statements, product).status("COMPLETE").matrix(matrix).build();
  }

  /** A plan of {@code kind} on mongodb, one local client of one thread, by the rule "rule". */
  private static ExperimentManifestPlanBuilder plan(String kind) {
    return ExperimentManifest.Plan.builder().kind(kind).binding("mongodb").hosts(List.of("local")).threads(1)
        .slos(List.of()).earlyStop("rule");
  }

  /** A manifest of {@code plan} that ran from 10:00 to 10:10 against {@code product}. */
  private static ExperimentManifestBuilder manifest(ExperimentManifest.Plan plan, List<ExperimentManifest.Step> steps,
      List<String> statements, String product) {
    return ExperimentManifest.builder().plan(plan).environment(Map.of("server.product", product))
        .startedAt("2026-12-07T10:00:00Z").endedAt("2026-12-07T10:10:00Z").steps(steps).statements(statements);
  }
}
