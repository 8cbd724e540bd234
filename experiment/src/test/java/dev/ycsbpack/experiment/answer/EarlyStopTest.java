package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EarlyStopTest {
  private static final double[] P99 = {100, 100, 100, 100, 100, 100};

  /** The step after which the sweep stops, feeding points one by one as the runner does; -1 if it never stops. */
  private static int stopsAfter(List<Point> all, List<Slo> slos) {
    List<Point> seen = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      seen.add(all.get(i));
      if (EarlyStop.after(seen, slos).isPresent()) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void twoDoublingsUnderFivePercentStop() {
    // gains: +100%, +50%, +4%, +2.9%: the second gain under 5% comes with the fifth step (index 4)
    assertEquals(4, stopsAfter(Sweeps.doubling(new double[] {100, 200, 300, 312, 321, 330}, P99), List.of()));
    // one small gain between two large ones does not stop
    assertEquals(-1, stopsAfter(Sweeps.doubling(new double[] {100, 200, 204, 400, 800, 1600}, P99), List.of()));
  }

  @Test
  void errorRateOverOneInAThousandStops() {
    List<Point> s = List.of(Point.ofP99(1, 100, Map.of("READ", 1.0), 0.0005, false),
        Point.ofP99(2, 200, Map.of("READ", 1.0), 0.002, false));
    assertEquals(1, stopsAfter(s, List.of()));
    Optional<String> why = EarlyStop.after(s, List.of());
    assertTrue(why.orElseThrow().contains("error rate 0.200%"), why.get());
  }

  @Test
  void p99TenTimesPastTheSloStops() {
    List<Slo> slo = List.of(Slo.parse("READ.p99<=1ms"));
    List<Point> s = Sweeps.doubling(new double[] {100, 200, 400, 800}, new double[] {500, 900, 9_000, 10_001});
    assertEquals(3, stopsAfter(s, slo));
    assertEquals(-1, stopsAfter(s, List.of()));
  }

  @Test
  void clientSaturatedStepsNeverCountAsNoGain() {
    List<Point> s = List.of(Point.ofP99(1, 100, Map.of(), 0, false), Point.ofP99(2, 101, Map.of(), 0, true),
        Point.ofP99(4, 102, Map.of(), 0, true));
    assertEquals(-1, stopsAfter(s, List.of()));
  }

  @Test
  void underATargetAchievingUnderEightyPercentStops() {
    List<Point> s = List.of(new Point(1000, 990, Map.of(), 0, false, 1000),
        new Point(2000, 1700, Map.of(), 0, false, 2000), new Point(4000, 3100, Map.of(), 0, false, 4000));
    // 85% of 2,000 goes on; 77.5% of 4,000 stops
    assertEquals(2, stopsAfter(s, List.of()));
    assertTrue(EarlyStop.after(s, List.of()).orElseThrow().contains("3,100 of its 4,000 ops/s target"));
  }
}
