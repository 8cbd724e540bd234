package dev.ycsbpack.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.experiment.answer.EarlyStop;
import dev.ycsbpack.experiment.answer.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** With {@code --repeat}, a value's last run is weighed with the values up to it, never the higher ones. */
class RepeatedEarlyStopTest {
  private static Point run(long x, double throughput) {
    return Point.ofP99(x, throughput, Map.of("READ", 100.0), 0, false);
  }

  @Test
  void aLowValuesLastRunIsNotStoppedByTheHigherValuesTail() {
    // round 1: 900, 1040, 1080 (gains +15.6%, +3.8%: goes on); round 2, x=1 again: 1100, its median 1000
    NavigableMap<Long, List<Point>> runs = new TreeMap<>();
    runs.put(1L, new ArrayList<>(List.of(run(1, 900), run(1, 1100))));
    runs.put(2L, new ArrayList<>(List.of(run(2, 1040))));
    runs.put(4L, new ArrayList<>(List.of(run(4, 1080))));
    List<Point> weighed = SweepRun.upTo(runs, 1);
    assertEquals(List.of(1.0), weighed.stream().map(Point::x).toList());
    assertEquals(1000, weighed.get(0).throughput());
    assertTrue(EarlyStop.after(weighed, List.of()).isEmpty(), "x=1's last run alone gives no reason to stop");
    // all three values, as the rule saw them before the fix: +4.0% then +3.8%, a stop at the tail (x=4)
    assertTrue(EarlyStop.after(SweepRun.upTo(runs, Long.MAX_VALUE), List.of()).isPresent());
  }
}
