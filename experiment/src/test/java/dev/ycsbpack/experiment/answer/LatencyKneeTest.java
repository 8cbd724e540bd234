package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencyKneeTest {
  @Test
  void lastStepWithinTwiceTheLowestP99() {
    List<Point> s = Sweeps.doubling(new double[] {1, 2, 3, 4, 5}, new double[] {300, 250, 500, 501, 400});
    // lowest 250; 500 <= 2 x 250 passes, 501 does not; the later 400 does not undo it
    assertEquals(4.0, LatencyKnee.of(s).orElseThrow());
  }

  /**
   * A first step already over twice the lowest (a cold client at one thread: 8,687 against 3,933 us in a user's
   * sweep) once gave no knee at all, printed as "no p99 measured": the knee is read from the lowest step on.
   */
  @Test
  void aSlowFirstStepDoesNotHideTheKnee() {
    List<Point> s = Sweeps.doubling(new double[] {1, 2, 3, 4}, new double[] {11415, 3933, 5000, 9000});
    assertEquals(4.0, LatencyKnee.of(s).orElseThrow(), "5,000 at 4 is within 2x of 3,933; 9,000 at 8 is not");
    List<Point> t = Sweeps.doubling(new double[] {1, 2, 3}, new double[] {11415, 3933, 9000});
    assertEquals(2.0, LatencyKnee.of(t).orElseThrow());
  }

  @Test
  void theWorstOperationCounts() {
    List<Point> s = List.of(Point.ofP99(1, 1, Map.of("READ", 100.0, "UPDATE", 100.0), 0, false),
        Point.ofP99(2, 2, Map.of("READ", 110.0, "UPDATE", 250.0), 0, false));
    assertEquals(1.0, LatencyKnee.of(s).orElseThrow());
    assertEquals(true, LatencyKnee.of(List.of()).isEmpty());
  }
}
