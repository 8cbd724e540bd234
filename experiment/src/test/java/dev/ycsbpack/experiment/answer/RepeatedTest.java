package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.Repeated;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RepeatedTest {
  @Test
  void mediansAnswerAndAWideRangeIsNoisy() {
    List<Point> runs = List.of(Point.ofP99(4, 1000, Map.of("READ", 200.0), 0, false),
        Point.ofP99(4, 1300, Map.of("READ", 210.0), 0.002, false),
        Point.ofP99(4, 1050, Map.of("READ", 205.0), 0, true));
    Repeated r = Repetitions.of(runs);
    assertEquals(3, r.throughput().n());
    assertEquals(1050, r.throughput().median());
    // (1300 - 1000) / 1050 = 29% > 10%: throughput noisy; READ p99 (210 - 200) / 205 = 4.9%: not
    assertTrue(r.throughput().noisy());
    assertFalse(r.p99Us().get("READ").noisy());
    assertTrue(r.noisy());
    Point m = Repetitions.median(runs);
    assertEquals(1050, m.throughput());
    assertEquals(205.0, m.valueUs("READ", 99.0));
    assertEquals(0.002, m.errorRate());
    assertTrue(m.clientSaturated());
  }

  @Test
  void oneRunIsNotNoisyButItsNoiseIsUnknown() {
    Repeated r = Repetitions.of(List.of(Point.ofP99(1, 100, Map.of("READ", 1.0), 0, false)));
    assertFalse(r.noisy());
    assertFalse(r.throughput().noiseKnown());
  }
}
