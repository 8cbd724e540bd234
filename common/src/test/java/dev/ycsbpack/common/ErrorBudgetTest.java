package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ErrorBudgetTest {
  @TempDir
  Path tmp;

  /** The outcomes of YCSB output lines, as the launcher and aggregate read them. */
  private static Outcomes of(String... lines) {
    Outcomes o = Outcomes.none();
    for (String line : lines) {
      Measurement m = Measurement.parse(line).orElseThrow();
      String status = Outcomes.status(m).orElse(null);
      if (status != null) {
        o = o.plus(m.metric(), status, (long) m.number());
      }
    }
    return o;
  }

  @Test
  void classifiesStatusesAndSkipsTheCopiesYcsbKeeps() {
    Outcomes o = of("[READ], Return=OK, 2294", "[READ], Return=SERVICE_UNAVAILABLE, 1700",
        "[READ], Return=NOT_FOUND, 4",
        "[UPDATE], Return=OK, 1", "[UPDATE], Return=ERROR, 6", "[INSERT], Return=BATCHED_OK, 10",
        "[Intended-READ], Return=OK, 999", "[READ-FAILED], Return=SERVICE_UNAVAILABLE, 1700", "[CLEANUP], Return=OK, 4",
        "[INSERT-BATCH], Return=OK, 1");
    assertEquals(4015, o.attempted());
    assertEquals(2305, o.succeeded());
    assertEquals(1706, o.failed());
    assertEquals(4, o.notFound());
    assertEquals(Map.of("SERVICE_UNAVAILABLE", 1700L, "ERROR", 6L), o.failuresByStatus());
    assertEquals(List.of("SERVICE_UNAVAILABLE", "ERROR"), List.copyOf(o.failuresByStatus().keySet()));
  }

  @Test
  void failsOverTheErrorRateAndNamesCountRateAndTopStatuses() {
    Outcomes o = of("[READ], Return=OK, 2294", "[READ], Return=SERVICE_UNAVAILABLE, 1700", "[UPDATE], Return=ERROR, 6");
    String why = ErrorBudget.defaults().breach(o).orElseThrow();
    assertEquals("1,706 of 4,000 operations failed (42.65%: SERVICE_UNAVAILABLE 1,700, ERROR 6), over "
        + "ycsbpack.maxerrorrate=1%", why);
    assertTrue(new ErrorBudget(50, 10).breach(o).isEmpty(), "42.65% is within a 50% budget");
  }

  @Test
  void theThresholdIsInclusive() {
    Outcomes exactlyOne = of("[READ], Return=OK, 99", "[READ], Return=ERROR, 1");
    assertTrue(ErrorBudget.defaults().breach(exactlyOne).isEmpty(), "1 of 100 is within 1%");
    Outcomes justOver = of("[READ], Return=OK, 98", "[READ], Return=ERROR, 2");
    assertTrue(ErrorBudget.defaults().breach(justOver).isPresent());
    assertTrue(new ErrorBudget(0, 0).breach(of("[READ], Return=OK, 1000000", "[READ], Return=NOT_FOUND, 1"))
        .isPresent(), "0 fails on any not-found");
    assertTrue(new ErrorBudget(100, 100).breach(of("[READ], Return=ERROR, 5")).isEmpty(), "100 never fails");
  }

  @Test
  void notFoundIsWeighedPerOperationSoUpdatesDoNotDiluteReads() {
    // 860 of 1,000 reads not found; 9,000 updates all OK: 8.6% of all calls, 86% of the reads
    Outcomes o = of("[READ], Return=OK, 140", "[READ], Return=NOT_FOUND, 860", "[UPDATE], Return=OK, 9000",
        "[SCAN], Return=NOT_FOUND, 1", "[SCAN], Return=OK, 99");
    String why = ErrorBudget.defaults().breach(o).orElseThrow();
    assertTrue(why.startsWith("860 of 1,000 READ operations returned NOT_FOUND (86.00%), over "
        + "ycsbpack.maxnotfoundrate=10%"), why);
    assertEquals(0, o.failed(), "not found is not an error");
    assertTrue(ErrorBudget.defaults().breach(of("[READ], Return=OK, 900", "[READ], Return=NOT_FOUND, 100")).isEmpty(),
        "10% is within the default");
  }

  @Test
  void notFoundReadsOfARunThatInsertsInBatchesAreNotBlamedOnTheLoadAlone() {
    String plain = ErrorBudget.defaults().breach(of("[READ], Return=OK, 800", "[READ], Return=NOT_FOUND, 200",
        "[INSERT], Return=OK, 50")).orElseThrow();
    assertTrue(plain.endsWith("(were fewer records loaded than this recordcount says?)"), plain);
    String batched = ErrorBudget.defaults().breach(of("[READ], Return=OK, 800", "[READ], Return=NOT_FOUND, 200",
        "[INSERT], Return=BATCHED_OK, 49", "[INSERT], Return=OK, 1")).orElseThrow();
    assertTrue(batched.endsWith("(this run inserts in batches (mongodb.batchsize): a read of a key it inserted finds "
        + "nothing until that key's batch is sent; or were fewer records loaded than this recordcount says?)"),
        batched);
  }

  @Test
  void leadNamesErrorsNotFoundAndSuccessfulBesideAttemptedThroughput() {
    Outcomes o = of("[READ], Return=OK, 3800", "[READ], Return=NOT_FOUND, 40", "[UPDATE], Return=OK, 148",
        "[UPDATE], Return=SERVICE_UNAVAILABLE, 12").withOpsPerSec(400);
    assertEquals("ERRORS: 12 of 4,000 operations failed (0.30%: SERVICE_UNAVAILABLE 12); NOT FOUND: 40 of 3,840 READ "
        + "(1.04%); 394.8 successful ops/s of 400.0 attempted", ErrorBudget.lead(o).orElseThrow());
    assertTrue(ErrorBudget.defaults().breach(o).isEmpty());
    assertTrue(ErrorBudget.lead(of("[READ], Return=OK, 5", "[INSERT], Return=BATCHED_OK, 5")).isEmpty(),
        "no lead when everything succeeded");
    assertEquals("<0.01%", ErrorBudget.percent(1e-7));
  }

  @Test
  void aMergedResultLeadsWithTheBreachWhenThereIsOneElseWithTheLeadLine() {
    Outcomes within = of("[READ], Return=OK, 990", "[READ], Return=ERROR, 10");
    assertEquals(ErrorBudget.lead(within), ErrorBudget.defaults().headline(within), "within the budget: the lead line");
    Outcomes over = of("[READ], Return=OK, 980", "[READ], Return=ERROR, 20");
    assertEquals("FAILED: 20 of 1,000 operations failed (2.00%: ERROR 20), over ycsbpack.maxerrorrate=1%",
        ErrorBudget.defaults().headline(over).orElseThrow());
    assertTrue(ErrorBudget.defaults().headline(of("[READ], Return=OK, 5")).isEmpty(), "nothing when all succeeded");
  }

  @Test
  void moreThanThreeStatusesAreCounted() {
    Outcomes o = of("[READ], Return=ERROR, 4", "[READ], Return=FORBIDDEN, 3", "[READ], Return=DUPLICATE_KEY, 2",
        "[READ], Return=WRITE_CONCERN_FAILED, 1");
    assertTrue(ErrorBudget.lead(o).orElseThrow().contains("(100.00%: ERROR 4, FORBIDDEN 3, DUPLICATE_KEY 2, 1 more "
        + "statuses)"), ErrorBudget.lead(o).orElseThrow());
  }

  @Test
  void optionsAcceptPercentages() {
    assertEquals(new ErrorBudget(0.5, 25), ErrorBudget.of(Map.of("ycsbpack.maxerrorrate", "0.5",
        "ycsbpack.maxnotfoundrate", " 25% ")));
    assertEquals(ErrorBudget.defaults(), ErrorBudget.of(Map.of()));
    assertEquals(new ErrorBudget(100, 0), ErrorBudget.of(Map.of("ycsbpack.maxerrorrate", "100",
        "ycsbpack.maxnotfoundrate", "0")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "-1", "101", "1e1", "NaN", "Infinity", "0x10", "1d", "abc", "1%%", "5 0", "0.01 %x"})
  void badValuesAreRefusedInOneLine(String bad) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ErrorBudget.of(Map.of("ycsbpack.maxnotfoundrate", bad)));
    assertEquals("invalid ycsbpack.maxnotfoundrate=" + Text.shown(bad) + ": use a percentage from 0 to 100, e.g. 1, "
        + "0.5 or 2% (0 fails the run on any such operation, 100 never)", e.getMessage());
  }

  @Test
  void hostileValuesAreEchoedEscaped() {
    for (String bad : AwkwardStrings.passwords(21, 20)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ErrorBudget.of(Map.of("ycsbpack.maxerrorrate", bad)));
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  @Test
  void sumsAcrossClientsAndRoundTripsThroughTheVerdictFile() throws IOException {
    Outcomes a = of("[READ], Return=OK, 990", "[READ], Return=ERROR, 10").withOpsPerSec(100);
    Outcomes b = of("[READ], Return=OK, 970", "[READ], Return=ERROR, 30", "[UPDATE], Return=OK, 5").withOpsPerSec(50);
    Outcomes sum = a.plus(b);
    assertEquals(40, sum.failed());
    assertEquals(2005, sum.attempted());
    assertEquals(150, sum.opsPerSec());
    assertTrue(ErrorBudget.defaults().breach(a).isEmpty());
    assertTrue(ErrorBudget.defaults().breach(sum).isPresent(), "40 of 2,005 = 2.0% over 1% once summed");

    ClientFolder f = new ClientFolder(tmp.resolve("c"));
    Verdict v = new Verdict(RunStatus.COMPLETE, "", 2005, 2005, "id", 1L, -1, sum, -1);
    f.writeVerdict(v);
    Verdict back = f.verdict().orElseThrow();
    assertEquals(v, back);
    assertEquals(ErrorBudget.lead(sum).orElseThrow(), back.lead());
    Map<String, String> props = v.toProperties();
    assertEquals("40", props.get("operations.failed"));
    assertEquals(List.of("status", "reason", "lead"), List.copyOf(props.keySet()).subList(0, 3),
        "the lead is the third line of verdict.properties, right after the status and reason");
  }
}
