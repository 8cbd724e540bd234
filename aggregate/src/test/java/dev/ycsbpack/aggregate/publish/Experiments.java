package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.Knee;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.stats.Spread;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Experiment folders as {@code bin/ycsb-experiment} leaves them: {@code manifest.json} written through aggregate's
 * {@link ExperimentManifest} (the one definition of the file), each step a coordinator bundle from {@link Bundles}
 * under {@code steps/}. Hostile strings go where a manifest carries text (hosts, reasons, statements, properties).
 */
final class Experiments {
  /** The server's answer for a write concern the deployment cannot satisfy, as the probe records it. */
  static final String UNSATISFIABLE = "server error 100 UnsatisfiableWriteConcern: Not enough data-bearing nodes";

  private Experiments() {
  }

  /** A {@code -threads} sweep over 1, 2, 4 with every step complete; {@code status} as the manifest says. */
  static Path sweep(Path dir, String status, String product, long t0, String hostile) throws IOException {
    List<ExperimentManifest.Step> steps = new ArrayList<>();
    long[] threads = {1, 2, 4};
    for (int i = 0; i < threads.length; i++) {
      String name = String.format("%02d-threads-%d", i + 1, threads[i]);
      Bundles.coordinated(dir.resolve("steps").resolve(name), "COMPLETE", product, t0 + i * 60_000L, hostile);
      steps.add(step(i + 1, name, threads[i], "COMPLETE", null, t0 + i * 60_000L, 1000.0 * (i + 1)));
    }
    Answers answers = Answers.builder().best(4.0).bestThroughput(3000.0).knee(new Knee(2, "kneedle")).latencyKnee(2.0)
        .steps(3).build();
    List<String> statements = List.of("max throughput: 3,000 ops/s at threads 4", "knee: threads 2 (kneedle)",
        "a statement with " + hostile);
    write(dir, status, plan("sweep", "threads", List.of(1L, 2L, 4L), null, hostile), product, t0, steps, answers,
        statements, null, hostile);
    return dir;
  }

  /**
   * A write-concern matrix: {@code w=1} complete, {@code w=3} not run (the server's reason), {@code majority}
   * {@code majorityVerdict} (COMPLETE, or FAILED with a failed bundle); the manifest's status as given.
   */
  static Path wcMatrix(Path dir, String status, String majorityVerdict, String product, long t0, String hostile)
      throws IOException {
    List<ExperimentManifest.Step> steps = new ArrayList<>();
    Bundles.coordinated(dir.resolve("steps/01-w_1"), "COMPLETE", product, t0, hostile);
    steps.add(step(1, "01-w_1", 1, "COMPLETE", null, t0, 2000));
    steps.add(new ExperimentManifest.Step(2, "02-w_3", 2, null, null, "NOT_RUN", UNSATISFIABLE + hostile,
        Instant.ofEpochMilli(t0 + 60_000).toString(), Instant.ofEpochMilli(t0 + 60_000).toString(), null));
    Bundles.coordinated(dir.resolve("steps/03-majority"), majorityVerdict, product, t0 + 120_000, hostile);
    steps.add(step(3, "03-majority", 3, majorityVerdict, majorityVerdict.equals("FAILED") ? "the server went away"
        + hostile : null, t0 + 120_000, 1500));
    Spread one = Spread.of(2000);
    WcMatrix matrix = new WcMatrix("w=1", List.of(List.of("w=1", "w=3", "majority")), List.of(
        WcMatrix.Cell.builder("w=1", Map.of("mongodb.w", "1")).sent(List.of("w=1")).runs(1).throughput(one)
            .throughputRatio(1.0).build(),
        WcMatrix.Cell.builder("w=3", Map.of("mongodb.w", "3")).notRun(UNSATISFIABLE + hostile).build(),
        WcMatrix.Cell.builder("majority", Map.of("mongodb.w", "majority")).sent(List.of("w=majority")).runs(1)
            .throughput(Spread.of(1500)).throughputRatio(0.75).build()));
    write(dir, status, plan("wc-matrix", null, null, List.of("w=1", "w=3", "majority"), hostile), product, t0, steps,
        null, matrix.statements(), matrix, hostile);
    return dir;
  }

  static ExperimentManifest.Step step(int order, String name, long x, String verdict, String reason, long startMs,
      double throughput) {
    StepFigures figures = verdict.equals("COMPLETE") ? new StepFigures(throughput, 0, Map.of("READ",
        Map.of("p99", 900L)), null, Map.of(), false, Map.of(), "w=1") : null;
    return new ExperimentManifest.Step(order, name, x, "steps/" + name, "steps/" + name + "/merged/report.html",
        verdict, reason, Instant.ofEpochMilli(startMs).toString(), Instant.ofEpochMilli(startMs + 30_000).toString(),
        figures);
  }

  static ExperimentManifest.Plan plan(String kind, String axis, List<Long> values, List<String> writeConcerns,
      String hostile) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("workload", "site.ycsb.workloads.CoreWorkload");
    props.put("mongodb.url", "mongodb://ycsb:*****@db1:27017/ycsb");
    props.put("label", hostile);
    return new ExperimentManifest.Plan(kind, "mongodb", axis, values, List.of("workloads/read95-update5"), props,
        List.of("host1" + hostile, "host2"), 1, 0, 0, List.of(), false, 1, "the research rule", writeConcerns);
  }

  /** Writes the manifest the way the experiment does: the record's own JSON. */
  static void write(Path dir, String status, ExperimentManifest.Plan plan, String product, long t0,
      List<ExperimentManifest.Step> steps, Answers answers, List<String> statements, WcMatrix matrix,
      String hostile) throws IOException {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("pack.version", "0.1.0-test");
    env.put("server.product", product);
    env.put("server.version", "7.0.12");
    env.put("experiment.command", "bin/ycsb-experiment sweep " + hostile);
    if (!product.equals(Bundles.MONGODB)) {
      env.put("note", "NOT MONGODB: the server was " + product);
    }
    String reason = status.equals("COMPLETE") ? null : "step 03-majority failed: the server went away" + hostile;
    ExperimentManifest m = new ExperimentManifest(ExperimentManifest.SCHEMA, status, reason, plan, env,
        Instant.ofEpochMilli(t0 - 5000).toString(), Instant.ofEpochMilli(t0 + 200_000).toString(), steps, answers,
        null, statements, matrix, null);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(ExperimentManifest.FILE), m.json() + "\n", StandardCharsets.UTF_8);
  }
}
