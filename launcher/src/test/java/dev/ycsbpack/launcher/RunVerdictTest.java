package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.FirstFailures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verdict on sample YCSB 0.17.0 outputs. */
class RunVerdictTest {
  static final String COMPLETE_1000 = String.join("\n",
      "[OVERALL], RunTime(ms), 400",
      "[OVERALL], Throughput(ops/sec), 2500.0",
      "[TOTAL_GCs], Count, 0",
      "[READ], Operations, 950",
      "[READ], Return=OK, 950",
      "[UPDATE], Operations, 50",
      "[UPDATE], Return=OK, 50");

  private static String verdict(String stdout, String phase, String... props) throws UsageException {
    OverallSummary summary = new OverallSummary();
    for (String line : stdout.split("\n")) {
      summary.acceptLine(line);
    }
    return new RunVerdict(RunExpectationTest.expect(phase, props), summary).failure();
  }

  @Test
  void aCompleteRunPasses() throws UsageException {
    assertNull(verdict(COMPLETE_1000, "run", "operationcount=1000"));
  }

  @Test
  void fewerOperationsThanAskedFail() throws UsageException {
    String half = "[OVERALL], RunTime(ms), 200\n[OVERALL], Throughput(ops/sec), 2500.0\n";
    String f = verdict(half, "load", "recordcount=1000");
    assertTrue(f.startsWith("only 500 of 1000 operations completed"), f);
  }

  static final String BATCHED_LOAD = String.join("\n",
      "[OVERALL], RunTime(ms), 1000",
      "[OVERALL], Throughput(ops/sec), 4499.0",
      "[INSERT], Operations, 4500",
      "[INSERT], Return=BATCHED_OK, 4455",
      "[INSERT], Return=OK, 44",
      "[INSERT], Return=SERVICE_UNAVAILABLE, 1",
      "[INSERT-DOCUMENTS], Counted, 4499",
      "[INSERT-DOCUMENTS], Acknowledged, 4400",
      "[INSERT-DOCUMENTS], NotAcknowledged, 100");

  @Test
  void batchedInsertsTheServerDidNotAcknowledgeFailTheRunAndAreNotCompleted() throws UsageException {
    String f = verdict(BATCHED_LOAD, "load", "recordcount=4499");
    assertEquals("only 4,400 of 4,499 buffered inserts were acknowledged by the server (the other 99 were counted as "
        + "done, but their batch failed; see the errors above)", f);
    String early = verdict(BATCHED_LOAD, "load", "recordcount=10000");
    assertTrue(early.startsWith("only 4,400 of 4,499 buffered inserts were acknowledged by the server"), early);
    assertTrue(early.endsWith("; and only 4499 of 10000 operations completed"), early);
    OverallSummary summary = new OverallSummary();
    summary.acceptDocument(BATCHED_LOAD);
    assertEquals(4400, new RunVerdict(RunExpectationTest.expect("load", "recordcount=4499"), summary).operationsDone());
  }

  @Test
  void batchedInsertsOfUnknownFateAreNamedAsSuchAndAreNotCompleted() throws UsageException {
    String unknown = BATCHED_LOAD.replace("NotAcknowledged, 100",
        "NotAcknowledged, 0\n[INSERT-DOCUMENTS], FateUnknown, 99");
    assertEquals("only 4,400 of 4,499 buffered inserts were acknowledged by the server (the other 99 were counted as "
        + "done, but their fate is unknown: sent in a batch that got no answer (a timeout or a lost connection), so "
        + "the server may have stored them; see the errors above)", verdict(unknown, "load", "recordcount=4499"));
    String both = BATCHED_LOAD.replace("NotAcknowledged, 100",
        "NotAcknowledged, 9\n[INSERT-DOCUMENTS], FateUnknown, 90");
    assertEquals("only 4,400 of 4,499 buffered inserts were acknowledged by the server (the other 99 were counted as "
        + "done, but their batch failed: 9 were not stored, and 90 are of unknown fate, sent in a batch that got no "
        + "answer (a timeout or a lost connection), so the server may have stored those; see the errors above)",
        verdict(both, "load", "recordcount=4499"));
    OverallSummary summary = new OverallSummary();
    summary.acceptDocument(unknown);
    RunVerdict v = new RunVerdict(RunExpectationTest.expect("load", "recordcount=4499"), summary);
    assertEquals(4400, v.operationsDone(), "documents of unknown fate are not completed operations");
    // a run stopped for another reason (the stall rule) still says what became of its buffered inserts
    String lead = v.lead("no operation succeeded for 10 s (ycsbpack.stalltimeout): ...");
    assertTrue(lead.startsWith("ERRORS: 1 of 4,500 operations failed"), lead);
    assertTrue(lead.endsWith("; NOT ACKNOWLEDGED: only 4,400 of 4,499 buffered inserts were acknowledged by the "
        + "server (the other 99 were counted as done, but their fate is unknown: sent in a batch that got no answer (a "
        + "timeout or a lost connection), so the server may have stored them; see the errors above)"), lead);
    assertFalse(v.lead(v.failure()).contains("NOT ACKNOWLEDGED"), "a reason that says it is not repeated");
  }

  @Test
  void batchedInsertsAllAcknowledgedOrSentWithW0Pass() throws UsageException {
    String acked = BATCHED_LOAD.replace("Acknowledged, 4400", "Acknowledged, 4499").replace("NotAcknowledged, 100",
        "NotAcknowledged, 1");
    assertNull(verdict(acked, "load", "recordcount=4499"));
    String w0 = BATCHED_LOAD.replace("Acknowledged, 4400", "Acknowledged, 0").replace("NotAcknowledged, 100",
        "NotAcknowledged, 0\n[INSERT-DOCUMENTS], SentWithW0, 4499");
    assertNull(verdict(w0, "load", "recordcount=4499"));
  }

  @Test
  void batchedInsertsAreReadFromAJsonExportFile(@TempDir Path dir) throws IOException, UsageException {
    Path e = dir.resolve("out.json");
    Files.writeString(e, "[{\"metric\":\"OVERALL\",\"measurement\":\"RunTime(ms)\",\"value\":1000},\n"
        + "{\"metric\":\"OVERALL\",\"measurement\":\"Throughput(ops/sec)\",\"value\":4499.0},\n"
        + "{\"metric\":\"INSERT-DOCUMENTS\",\"measurement\":\"Counted\",\"value\":4499},\n"
        + "{\"metric\":\"INSERT-DOCUMENTS\",\"measurement\":\"Acknowledged\",\"value\":4400}]\n");
    String f = verdict("", "load", "recordcount=4499", "exportfile=" + e,
        "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter");
    assertTrue(f != null && f.startsWith("only 4,400 of 4,499 buffered inserts"), f);
  }

  @Test
  void aTimeLimitedRunMayStopEarlyButNotAtZero() throws UsageException {
    String half = "[OVERALL], RunTime(ms), 200\n[OVERALL], Throughput(ops/sec), 2500.0\n";
    assertNull(verdict(half, "run", "operationcount=1000000", "maxexecutiontime=1"));
    String none = "[OVERALL], RunTime(ms), 2\n[OVERALL], Throughput(ops/sec), 0.0\n";
    assertTrue(verdict(none, "run", "operationcount=1000000", "maxexecutiontime=1")
        .startsWith("no operation completed"));
  }

  @Test
  void noOverallSectionFails() throws UsageException {
    String f = verdict("Loading workload...\nError in processing insert\n", "run", "operationcount=10");
    assertTrue(f.startsWith("no [OVERALL] section on stdout"), f);
  }

  @Test
  void zeroThroughputFails() throws UsageException {
    String f = verdict("[OVERALL], RunTime(ms), 12\n[OVERALL], Throughput(ops/sec), 0.0\n", "run",
        "operationcount=10");
    assertTrue(f.startsWith("no operation completed"), f);
  }

  @Test
  void theExportFileIsReadInsteadOfStdout(@TempDir Path dir) throws IOException, UsageException {
    Path export = dir.resolve("out.json");
    String e = export.toString();
    assertEquals("no measurements: exportfile " + e + " was not written",
        verdict(COMPLETE_1000, "run", "operationcount=1000", "exportfile=" + e));
    Files.writeString(export, "[ {\n  \"metric\" : \"OVERALL\",\n  \"measurement\" : \"RunTime(ms)\",\n"
        + "  \"value\" : 400\n}, {\n  \"metric\" : \"OVERALL\",\n  \"measurement\" : \"Throughput(ops/sec)\",\n"
        + "  \"value\" : 2500.0\n} ]");
    assertNull(verdict("", "run", "operationcount=1000", "exportfile=" + e));
    assertTrue(verdict("", "run", "operationcount=2000", "exportfile=" + e).startsWith("only 1000 of 2000"));
  }

  @Test
  void aCustomExportersFileCannotBeJudgedBeyondExisting(@TempDir Path dir) throws IOException, UsageException {
    Path export = dir.resolve("out.bin");
    Files.writeString(export, "opaque");
    assertNull(verdict("", "run", "operationcount=10", "exportfile=" + export, "exporter=com.example.Mine"));
  }

  /** YCSB 0.17.0's JSONMeasurementsExporter: one pretty-printed object per measurement, separated by a space. */
  static String jsonExporter(String text) {
    StringBuilder sb = new StringBuilder();
    for (String line : text.split("\n")) {
      String[] f = line.split(", ", 3);
      sb.append(sb.length() == 0 ? "" : " ").append("{\n  \"metric\" : \"").append(f[0], 1, f[0].length() - 1)
          .append("\",\n  \"measurement\" : \"").append(f[1]).append("\",\n  \"value\" : ").append(f[2])
          .append("\n}");
    }
    return sb.toString();
  }

  @Test
  void jsonExportersOnStdoutAreRead() throws UsageException {
    String json = jsonExporter(COMPLETE_1000);
    assertTrue(json.contains("\n  \"value\" : 2500.0\n}"), json);
    assertNull(verdict(json, "run", "operationcount=1000",
        "exporter=site.ycsb.measurements.exporter.JSONMeasurementsExporter"));
    assertTrue(verdict(json, "run", "operationcount=2000",
        "exporter=site.ycsb.measurements.exporter.JSONMeasurementsExporter").startsWith("only 1000 of 2000"));
    String array = "[ " + json.replace("} {", "}, {") + " ]";
    assertNull(verdict(array, "run", "operationcount=1000",
        "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter"));
  }

  /**
   * JSON objects after more other output than the old 64 MB buffer kept are still read, and no more than one
   * unfinished object's lines are ever held.
   */
  @Test
  void jsonAfterMuchOtherOutputIsReadHoldingAtMostAnUnfinishedObject() throws UsageException {
    OverallSummary summary = new OverallSummary();
    String other = "x".repeat(1023);
    for (int i = 0; i < 70 * 1024; i++) { // 70 MB
      summary.acceptLine(other);
    }
    assertEquals(0, summary.pendingChars(), "nothing held that is not a measurement");
    for (String line : jsonExporter(COMPLETE_1000).split("\n")) {
      summary.acceptLine(line);
      assertTrue(summary.pendingChars() < 100, "held: " + summary.pendingChars());
    }
    String json = "exporter=site.ycsb.measurements.exporter.JSONMeasurementsExporter";
    assertNull(new RunVerdict(RunExpectationTest.expect("run", "operationcount=1000", json), summary).failure());
    assertTrue(new RunVerdict(RunExpectationTest.expect("run", "operationcount=2000", json), summary).failure()
        .startsWith("only 1000 of 2000"));
  }

  /**
   * The export file is read once: the verdict's counts are those of the reading it judged, whatever the file holds
   * later.
   */
  @Test
  void theExportFileIsReadOnceForTheVerdictAndItsCounts(@TempDir Path dir) throws IOException, UsageException {
    Path export = dir.resolve("out.txt");
    Files.writeString(export, COMPLETE_1000);
    RunVerdict v = new RunVerdict(RunExpectationTest.expect("run", "operationcount=1000", "exportfile=" + export),
        new OverallSummary());
    assertNull(v.failure());
    Files.writeString(export, "[OVERALL], RunTime(ms), 400\n[OVERALL], Throughput(ops/sec), 5000.0\n");
    assertEquals(1000, v.operationsDone(), "the reading the verdict judged");
    assertEquals(950, v.outcomes().returns().get("READ").get("OK"));
    assertNull(v.failure());
  }

  static final String FAILING_43 = String.join("\n",
      "[OVERALL], RunTime(ms), 10000",
      "[OVERALL], Throughput(ops/sec), 400.0",
      "[READ], Operations, 3800",
      "[READ], Return=OK, 2094",
      "[READ], Return=SERVICE_UNAVAILABLE, 1706",
      "[READ-FAILED], Operations, 1706",
      "[UPDATE], Operations, 200",
      "[UPDATE], Return=OK, 200");

  @Test
  void failedOperationsOverTheBudgetFailTheRunAndNameCountRateAndStatus() throws UsageException {
    String f = verdict(FAILING_43, "run", "operationcount=4000");
    assertEquals("1,706 of 4,000 operations failed (42.65%: SERVICE_UNAVAILABLE 1,706), over ycsbpack.maxerrorrate=1%",
        f);
    assertNull(verdict(FAILING_43, "run", "operationcount=4000", "ycsbpack.maxerrorrate=50"));
    assertEquals(f, verdict(jsonExporter(FAILING_43), "run", "operationcount=4000",
        "exporter=site.ycsb.measurements.exporter.JSONMeasurementsExporter"), "the same rule on JSON output");
  }

  @Test
  void aBreachQuotesTheFirstFailureWhoseServerCodeNamesTheCause() throws UsageException {
    FirstFailures.offer("UPDATE failure counted as Return=ERROR: UnknownReplWriteConcern (79): No write concern mode"
        + " named 'multiDC' found in replica set configuration");
    try {
      RunVerdict v = new RunVerdict(RunExpectationTest.expect("run", "operationcount=4000"), summary(FAILING_43));
      assertEquals("1,706 of 4,000 operations failed (42.65%: SERVICE_UNAVAILABLE 1,706), over ycsbpack.maxerrorrate=1%"
          + "; first error: UPDATE failure counted as Return=ERROR: UnknownReplWriteConcern (79): No write concern"
          + " mode named 'multiDC' found in replica set configuration", v.failure());
      assertNull(v.lead(v.failure()), "the failure names the errors: no lead line repeats them");
    } finally {
      FirstFailures.forget();
    }
  }

  @Test
  void belowTheBudgetTheRunIsCompleteAndLeadsWithTheCounts() throws UsageException {
    OverallSummary summary = new OverallSummary();
    FAILING_43.lines().forEach(summary::acceptLine);
    RunVerdict v = new RunVerdict(RunExpectationTest.expect("run", "operationcount=4000",
        "ycsbpack.maxerrorrate=50"), summary);
    assertNull(v.failure());
    assertEquals("ERRORS: 1,706 of 4,000 operations failed (42.65%: SERVICE_UNAVAILABLE 1,706); 229.4 successful ops/s "
        + "of 400.0 attempted", v.lead(null));
    RunVerdict strict = new RunVerdict(RunExpectationTest.expect("run", "operationcount=4000"), summary);
    assertNull(strict.lead(strict.failure()), "a failure that names the errors is not repeated by a lead line");
    assertEquals(v.lead(null), strict.lead("only 3 of 4000 operations completed"), "another failure keeps the lead");
    assertNull(new RunVerdict(RunExpectationTest.expect("run", "operationcount=1000"), summary(COMPLETE_1000))
        .lead(null), "nothing to lead with when every operation succeeded");
  }

  private static OverallSummary summary(String text) {
    OverallSummary s = new OverallSummary();
    text.lines().forEach(s::acceptLine);
    return s;
  }

  @Test
  void mostlyNotFoundReadsFailTheRun() throws UsageException {
    String notFound = COMPLETE_1000.replace("[READ], Return=OK, 950",
        "[READ], Return=OK, 133\n[READ], Return=NOT_FOUND, 817");
    String f = verdict(notFound, "run", "operationcount=1000");
    assertTrue(
        f.startsWith("817 of 950 READ operations returned NOT_FOUND (86.00%), over ycsbpack.maxnotfoundrate=10%"),
        f);
    assertNull(verdict(notFound, "run", "operationcount=1000", "ycsbpack.maxnotfoundrate=90"));
  }

  @Test
  void badBudgetsAreRefusedBeforeTheRun() {
    UsageException e = assertThrows(UsageException.class,
        () -> RunExpectationTest.expect("run", "operationcount=10", "ycsbpack.maxerrorrate=5x"));
    assertEquals("invalid ycsbpack.maxerrorrate=5x: use a percentage from 0 to 100, e.g. 1, 0.5 or 2% (0 fails the "
        + "run on any such operation, 100 never)", e.getMessage());
  }

  /** A timed run whose window began at T0 and whose last success came {@code lastMs} into a {@code windowMs} window. */
  private static String timed(String stdout, long lastMs, long windowMs, String... props) throws UsageException {
    long t0 = 1_700_000_000_000L;
    return new RunVerdict(RunExpectationTest.expect("run", props), summary(stdout))
        .failure(new SuccessSpan(t0, lastMs < 0 ? -1 : t0 + lastMs, windowMs));
  }

  @Test
  void aTimedRunWhoseSuccessesStoppedOverAQuarterOfItsWindowBeforeItsEndFailsSayingWhen() throws UsageException {
    String f = timed(COMPLETE_1000, 8_000, 20_000, "operationcount=1000", "maxexecutiontime=20");
    assertEquals("operations succeeded for only the first 8.0 s of the 20.0 s measured window (maxexecutiontime): the "
        + "last successful operation was at 2023-11-14T22:13:28Z, 12.0 s before the window's end, over the 5.0 s "
        + "allowed (a quarter of the window, at least 5 s); the measurements are partial (they describe the window's "
        + "start, not the workload over it)", f);
    // a quarter of a 40 s window is 10 s: 11 s without a success fails, 9 s does not
    assertTrue(timed(COMPLETE_1000, 29_000, 40_000, "operationcount=1000").startsWith(
        "operations succeeded for only the first 29.0 s of the 40.0 s"));
    assertNull(timed(COMPLETE_1000, 31_000, 40_000, "operationcount=1000"));
    // the 5 s floor: a 12 s window may end 5 s after its last success, not 6
    assertNull(timed(COMPLETE_1000, 7_000, 12_000, "operationcount=1000"));
    assertTrue(timed(COMPLETE_1000, 5_900, 12_000, "operationcount=1000") != null);
    assertTrue(timed(COMPLETE_1000, -1, 12_000, "operationcount=1000").contains(
        "only the first 0.0 s of the 12.0 s measured window (maxexecutiontime): no operation succeeded in the window"));
  }

  @Test
  void aRunWithoutATimeLimitOrFirstOperationIsNotWeighedByItsWindowAndBothReasonsAreKept() throws UsageException {
    assertNull(new RunVerdict(RunExpectationTest.expect("run", "operationcount=1000"), summary(COMPLETE_1000))
        .failure(new SuccessSpan(1_000, 2_000, -1)));
    assertNull(new RunVerdict(RunExpectationTest.expect("run", "operationcount=1000"), summary(COMPLETE_1000))
        .failure(new SuccessSpan(-1, -1, 20_000)));
    String both = timed(FAILING_43, 1_000, 20_000, "operationcount=4000");
    assertTrue(both.startsWith("operations succeeded for only the first 1.0 s") && both.endsWith(
        "; and 1,706 of 4,000 operations failed (42.65%: SERVICE_UNAVAILABLE 1,706), over ycsbpack.maxerrorrate=1%"),
        both);
  }
}
