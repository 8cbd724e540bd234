package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.Knee;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KneeTest {
  private static final double[] FLAT_P99 = {100, 100, 100, 100, 100, 100};

  @Test
  void kneedleFindsWhereDoublingStopsPaying() {
    // linear in log2(x) up to 8 threads, flat after: the curve bends at 8
    List<Point> s = Sweeps.doubling(new double[] {1000, 2000, 3000, 4000, 4100, 4150}, FLAT_P99);
    Knee k = KneeRule.of(s).orElseThrow();
    assertEquals(new Knee(8, "kneedle"), k);
  }

  @Test
  void saturatingCurveBendsAtItsShoulder() {
    List<Point> s = Sweeps.doubling(new double[] {100, 190, 270, 280, 282}, FLAT_P99);
    assertEquals(new Knee(4, "kneedle"), KneeRule.of(s).orElseThrow());
  }

  @Test
  void withoutABendTheFallbackIsTheFirstStepReaching95PercentOfMax() {
    // a straight line in log2(x): Kneedle's difference curve is flat, no local maximum
    List<Point> s = Sweeps.doubling(new double[] {1000, 2000, 3000, 4000}, FLAT_P99);
    assertEquals(new Knee(8, "95% of max"), KneeRule.of(s).orElseThrow());
    // two points: too few for Kneedle
    List<Point> two = Sweeps.doubling(new double[] {1000, 990}, FLAT_P99);
    assertEquals(new Knee(1, "95% of max"), KneeRule.of(two).orElseThrow());
  }

  @Test
  void aKneeOnAClientSaturatedStepIsNotCalledTheServers() {
    List<Point> s = List.of(
        Point.ofP99(1, 100, Map.of("READ", 100.0), 0, false),
        Point.ofP99(2, 190, Map.of("READ", 100.0), 0, false),
        Point.ofP99(4, 270, Map.of("READ", 100.0), 0, true),
        Point.ofP99(8, 280, Map.of("READ", 100.0), 0, true),
        Point.ofP99(16, 282, Map.of("READ", 100.0), 0, true));
    Answers a = AnswerRules.of(s, List.of(), null);
    assertEquals(4, a.knee().x());
    assertTrue(a.kneeNote().contains("not the server's"), a.kneeNote());
    Answers clean = AnswerRules.of(Sweeps.doubling(new double[] {100, 190, 270, 280, 282}, FLAT_P99), List.of(), null);
    assertEquals(null, clean.kneeNote());
    assertEquals(16.0, clean.best());
  }
}
