package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

  /**
   * The case: a -target 25% step that met the p99 objective but reached 94% of its target fails on the share
   * of its target, never on the p99 it met.
   */
  @Test
  void aStepBehindItsTargetFailsOnTheShareNotOnTheLatencyItMet() {
    List<Slo> slo = List.of(Slo.parse("READ.p99<=10ms"));
    Map<String, Map<Double, Double>> fast = Map.of("READ", Map.of(99.0, 4_000.0));
    SloAnswer a = SloRule.answer(List.of(new Point(25, 1880, fast, 0, false, 2000)), slo);
    assertEquals("not met: the first step (25) already failed: reached 94% of its target (1,880 of 2,000 ops/s; 95%"
        + " needed)", a.statement());
    assertFalse(a.statement().contains("p99"), a.statement());
    assertEquals(List.of(new SloAnswer.Failed(25, List.of("reached 94% of its target (1,880 of 2,000 ops/s; 95% "
        + "needed)"))), a.failed());
  }

  @Test
  void everyFailingStepNamesExactlyTheObjectivesItMissed() {
    List<Slo> slos = List.of(Slo.parse("READ.p99<=10ms"), Slo.parse("UPDATE.p99<=20ms"));
    SloAnswer a = SloRule.answer(List.of(
        new Point(1000, 1000, ops(3_000, 5_000), 0, false, 1000),
        // READ over its bound, UPDATE within: only READ
        new Point(2000, 1990, ops(12_300, 15_000), 0, false, 2000),
        // both latencies within, errors over 0.1%: only the error rate
        new Point(4000, 3990, ops(3_000, 5_000), 0.002, false, 4000),
        // behind its target and UPDATE over: both, and nothing else
        new Point(8000, 7000, ops(9_000, 25_000), 0, false, 8000),
        // no UPDATE measured: named as not measured
        new Point(16000, 16000, Map.of("READ", Map.of(99.0, 1_000.0)), 0, false, 16000)), slos);
    assertEquals(List.of(
        new SloAnswer.Failed(2000, List.of("READ.p99 12.30 ms over the bound 10.00 ms")),
        new SloAnswer.Failed(4000, List.of("error rate 0.200% (at most 0.1% allowed)")),
        new SloAnswer.Failed(8000, List.of("reached 87.5% of its target (7,000 of 8,000 ops/s; 95% needed)",
            "UPDATE.p99 25.00 ms over the bound 20.00 ms")),
        new SloAnswer.Failed(16000, List.of("UPDATE.p99 not measured (the step ran no UPDATE)"))), a.failed());
    assertTrue(a.statement().endsWith("the limit lies in [1000, 2000] (step 2000 failed: READ.p99 12.30 ms over the"
        + " bound 10.00 ms)"), a.statement());
  }

  @Test
  void aFigureJustOverItsBoundIsShownOverIt() {
    SloAnswer a = SloRule.answer(List.of(Point.ofP99(1, 10, Map.of("READ", 10_004.0), 0, false)),
        List.of(Slo.parse("READ.p99<=10ms")));
    assertEquals(List.of("READ.p99 10004 us over the bound 10000 us"), a.failed().get(0).reasons());
  }

  @Test
  void aShareJustUnderTheNeededOneIsNeverPrintedAsIt() {
    SloAnswer a = SloRule.answer(List.of(new Point(1000, 949.9, Map.of("READ", Map.of(99.0, 1.0)), 0, false, 1000)),
        List.of(Slo.parse("READ.p99<=10ms")));
    assertTrue(a.failed().get(0).reasons().get(0).startsWith("reached 94.9% of its target"), a.failed().toString());
  }

  private static Map<String, Map<Double, Double>> ops(double readP99, double updateP99) {
    return Map.of("READ", Map.of(99.0, readP99), "UPDATE", Map.of(99.0, updateP99));
  }
}
