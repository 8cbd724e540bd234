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

  @Test
  void everyHeadlineFigureGetsItsSpreadAndTheNoisyOnesAreNamed() {
    List<Point> runs = new java.util.ArrayList<>();
    double[][] read = {{100, 200, 300, 400}, {101, 260, 302, 404}, {99, 190, 298, 800}};
    double[] errors = {0, 0.01, 0};
    for (int i = 0; i < 3; i++) {
      runs.add(new Point(1, 1000 + i, Map.of("READ", Map.of(50.0, read[i][0], 95.0, read[i][1], 99.0, read[i][2],
          99.9, read[i][3]), "UPDATE", Map.of(99.0, 500.0)), errors[i], false, 0));
    }
    Repeated r = Repetitions.of(runs);
    assertEquals(Map.of("READ", List.of("p50", "p95", "p99", "p99.9"), "UPDATE", List.of("p99")),
        Map.of("READ", List.copyOf(r.latencyUs().get("READ").keySet()),
            "UPDATE", List.copyOf(r.latencyUs().get("UPDATE").keySet())));
    assertEquals(100, r.latencyUs().get("READ").get("p50").median());
    assertEquals(190, r.latencyUs().get("READ").get("p95").min());
    assertEquals(800, r.latencyUs().get("READ").get("p99.9").max());
    assertEquals(3, r.latencyUs().get("READ").get("p99.9").n());
    assertEquals(0, r.errorRate().median());
    assertEquals(0.01, r.errorRate().max());
    // p95: (260 - 190) / 200 = 35%, p99.9 (800 - 400) / 404, error rate 0.01 over a median of 0: noisy;
    // throughput (1002 - 1000) / 1001, READ p50 and p99 within 2%: not
    assertEquals(List.of("errorRate", "READ.p95", "READ.p99.9"), r.noisyFigures());
    assertFalse(r.noisy(), "the answers' flag weighs throughput and p99 only");
  }

  @Test
  void theMedianPointCarriesEveryPercentileSoAnSloOnP50IsWeighed() {
    List<Point> runs = List.of(
        new Point(8, 1000, Map.of("READ", Map.of(50.0, 100.0, 90.0, 150.0, 99.0, 300.0, 99.99, 900.0)), 0, false, 0),
        new Point(8, 1010, Map.of("READ", Map.of(50.0, 120.0, 90.0, 170.0, 99.0, 320.0, 99.99, 700.0)), 0, false, 0));
    Point m = Repetitions.median(runs);
    assertEquals(Map.of(50.0, 110.0, 90.0, 160.0, 99.0, 310.0, 99.99, 800.0), m.percentilesUs().get("READ"));
    Slo p50 = Slo.parse("READ.p50<=1ms");
    assertEquals(110.0, p50.valueUs(m));
  }
}
