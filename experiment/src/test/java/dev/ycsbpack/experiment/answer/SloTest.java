package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.SloAnswer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SloTest {
  @Test
  void parsesOperationPercentileAndUnit() {
    assertEquals(new Slo("READ", 99.0, 10_000, "READ.p99<=10ms"), Slo.parse("READ.p99<=10ms"));
    assertEquals(new Slo("UPDATE", 99.9, 500, "update.p99.9<=500us"), Slo.parse("update.p99.9<=500us"));
    assertEquals(1_500_000, Slo.parse("READ-MODIFY-WRITE.p95<=1.5s").limitUs());
  }

  @Test
  void refusesWhatItCannotCheckWithOneLineNamingTheOption() {
    for (String bad : List.of("", "READ.p99", "READ.p99<10ms", "READ.p99<=10", "READ.p99<=10min", "FETCH.p99<=1ms",
        "READ.p98<=1ms", "READ.p99<=0ms", "READ.p99<=-1ms", "READ.p99<=1ms,UPDATE.p99<=2ms", "READ.p99<=1ms\nX")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Slo.parse(bad), bad);
      assertTrue(e.getMessage().startsWith("--slo "), e.getMessage());
      assertTrue(e.getMessage().contains("e.g. READ.p99<=10ms"), e.getMessage());
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Slo.parse("FETCH.p99<=1ms")).getMessage()
        .contains("unknown operation FETCH"));
  }

  @Test
  void highestThroughputMeetingEverySloWithItsBracket() {
    List<Slo> slos = List.of(Slo.parse("READ.p99<=1ms"), Slo.parse("UPDATE.p99<=2ms"));
    List<Point> s = List.of(
        Point.ofP99(1, 100, Map.of("READ", 400.0, "UPDATE", 900.0), 0, false),
        Point.ofP99(2, 200, Map.of("READ", 600.0, "UPDATE", 1500.0), 0, false),
        Point.ofP99(4, 380, Map.of("READ", 900.0, "UPDATE", 2100.0), 0, false),
        // a later pass (noise, a cache warming) does not move the answer past the first failure
        Point.ofP99(8, 400, Map.of("READ", 500.0, "UPDATE", 1000.0), 0, false));
    SloAnswer a = SloRule.answer(s, slos);
    assertEquals(200.0, a.throughput());
    assertEquals(2.0, a.lastPass());
    assertEquals(4.0, a.firstFail());
    assertTrue(a.statement().contains("[2, 4]"), a.statement());
  }

  @Test
  void allPassSaysAtLeastNonePassSaysNotMetAndErrorsFail() {
    List<Slo> slo = List.of(Slo.parse("READ.p99<=1ms"));
    SloAnswer all = SloRule.answer(Sweeps.doubling(new double[] {10, 20}, new double[] {10, 20}), slo);
    assertTrue(all.statement().startsWith(">= 20 ops/s"), all.statement());
    assertEquals(null, all.firstFail());
    SloAnswer none = SloRule.answer(Sweeps.doubling(new double[] {10, 20}, new double[] {2000, 3000}), slo);
    assertTrue(none.statement().startsWith("not met"), none.statement());
    SloAnswer errors = SloRule.answer(List.of(Point.ofP99(1, 10, Map.of("READ", 1.0), 0.01, false)), slo);
    assertTrue(errors.statement().startsWith("not met"), errors.statement());
    // an SLO on an operation the steps never ran is not met
    SloAnswer missing = SloRule.answer(Sweeps.doubling(new double[] {10}, new double[] {1}),
        List.of(Slo.parse("INSERT.p99<=1s")));
    assertTrue(missing.statement().startsWith("not met"), missing.statement());
  }

  @Test
  void underATargetAStepThatFellBehindDoesNotPass() {
    List<Slo> slo = List.of(Slo.parse("READ.p99<=1ms"));
    Map<String, Map<Double, Double>> fast = Map.of("READ", Map.of(99.0, 100.0));
    // 96% of 1,000 sustained; 90% of 2,000 not, however low its latency
    SloAnswer a = SloRule.answer(List.of(new Point(1000, 960, fast, 0, false, 1000),
        new Point(2000, 1800, fast, 0, false, 2000)), slo);
    assertEquals(960.0, a.throughput());
    assertEquals(2000.0, a.firstFail());
  }
}
