package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.Repeated;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.stats.Spread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A COMPLETE experiment's answers on the site: a {@code repeat}'s spread of its runs (not "no answers recorded"), a
 * sweep too short for a knee saying so, a matrix's ignored cells marked without a ratio.
 */
class ExperimentPageAnswersTest {
  private static ExperimentManifest repeat(double... throughputs) {
    Spread tp = Spread.of(throughputs);
    Spread errors = Spread.of(new double[throughputs.length]);
    Repeated r = new Repeated(0, tp, Map.of(), tp.noisy(), errors, Map.of(), tp.noisy() ? List.of("throughput")
        : List.of());
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("repeat", "mongodb", "run", List.of(0L),
        List.of("workloads/a"), Map.of(), List.of("localhost"), 1, 16, 0, List.of(), false, throughputs.length,
        "none", null);
    return new ExperimentManifest(ExperimentManifest.SCHEMA, "COMPLETE", null, plan, Map.of(), null, null, List.of(),
        null, List.of(r), List.of(), null, null);
  }

  @Test
  void aRepeatShowsItsThroughputSpreadAndNoise() {
    assertEquals("throughput median 1,000 ops/s (990-1,010, n=3); no figure's range over 10% of its median",
        ExperimentPage.answers(repeat(990, 1000, 1010)));
    assertEquals("throughput median 1,000 ops/s (800-1,300, n=3); NOISY: throughput",
        ExperimentPage.answers(repeat(800, 1000, 1300)));
  }
  @Test
  void aSweepWithTooFewStepsSaysSoInsteadOfAKnee() {
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("sweep", "mongodb", "threads", List.of(1L),
        List.of("workloads/a"), Map.of(), List.of("localhost"), 1, 0, 0, List.of(), false, 1, "rule", null);
    Answers a = Answers.builder().best(1.0).bestThroughput(1000.0).steps(1)
        .noKnee("not enough steps (1 completed; 3 needed)").build();
    ExperimentManifest m = new ExperimentManifest(ExperimentManifest.SCHEMA, "COMPLETE", null, plan, Map.of(), null,
        null, List.of(), a, null, List.of(), null, null);
    assertEquals("max 1,000 ops/s at threads 1; knee and latency knee: not enough steps (1 completed; 3 needed)",
        ExperimentPage.answers(m));
  }

  @Test
  void aCellTheServerIgnoredOnAStandaloneIsMarkedWithoutARatio() {
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("wc-matrix", "mongodb", "write concern",
        List.of(1L, 2L), List.of("workloads/a"), Map.of(), List.of("localhost"), 1, 0, 0, List.of(), false, 1, "none",
        List.of("w=1", "w=3"));
    Spread one = Spread.of(new double[] {1000});
    Spread three = Spread.of(new double[] {307});
    WcMatrix matrix = new WcMatrix("w=1", List.of(List.of("w=1", "w=3")), List.of(
        WcMatrix.Cell.builder("w=1", Map.of("mongodb.w", "1")).sent(List.of("w=1")).runs(1).throughput(one)
            .throughputRatio(1.0).build(),
        WcMatrix.Cell.builder("w=3", Map.of("mongodb.w", "3")).sent(List.of("w=3")).runs(1).throughput(three)
            .notMeaningful(WcMatrix.STANDALONE_W).build()));
    ExperimentManifest m = new ExperimentManifest(ExperimentManifest.SCHEMA, "COMPLETE", null, plan, Map.of(), null,
        null, List.of(), null, null, matrix.statements(), matrix, null);
    assertEquals("w=1 1,000 ops/s (1x); w=3 307 ops/s (" + WcMatrix.STANDALONE_W + ")", ExperimentPage.answers(m));
  }
}
