package dev.ycsbpack.experiment.wc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.StepTelemetry;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WcMatrixTest {
  private static final ExperimentManifest.Plan PLAN = matrixPlan(List.of(1L, 2L, 3L), 2,
      List.of("w=1", "w=majority", "w=3"));

  private static ExperimentManifest.Plan matrixPlan(List<Long> values, int repeat, List<String> writeConcerns) {
    return ExperimentManifest.Plan.builder().kind("wc-matrix").binding("mongodb").axis("write concern")
        .values(values).workloadFiles(List.of()).properties(Map.of()).hosts(List.of("local")).threads(1)
        .slos(List.of()).repeat(repeat).earlyStop("none").writeConcerns(writeConcerns).build();
  }

  private static ExperimentManifest.Step step(long x, double tp, long avg, long p99, String sent) {
    StepFigures f = new StepFigures(tp, 0, Map.of("INSERT", Map.of("95", p99 / 2, "99", p99)), null, Map.of(), false,
        Map.of("INSERT", new StepFigures.Range((double) avg, 1, p99 * 2)), sent);
    return ExperimentManifest.Step.builder().order(1).name("s").x(x).bundle("b").verdict("COMPLETE").startedAt("t0")
        .endedAt("t1").figures(f).build();
  }

  @Test
  void aCellsReplicationLagIsTheHighestOfItsRunsOrSaysWhyThereIsNone() {
    ExperimentManifest.Step lag20 = withLag(step(1, 1000, 100, 400, "w=1"), 20.0);
    ExperimentManifest.Step lag75 = withLag(step(1, 1000, 100, 400, "w=1"), 75.0);
    ExperimentManifest.Step standalone = withLag(step(2, 500, 400, 1000, "w=majority"), null);
    ExperimentManifest.Step unsampled = step(3, 500, 400, 1000, "w=3");
    WcMatrix m = WcMatrixBuilder.of(PLAN, List.of(lag20, lag75, standalone, unsampled));
    assertEquals(new WcMatrix.Lag(75.0, null), m.cells().get(0).replicationLag());
    assertEquals(new WcMatrix.Lag(null, StepTelemetry.NOT_REPORTED), m.cells().get(1).replicationLag());
    assertEquals(new WcMatrix.Lag(null, StepTelemetry.NOT_SAMPLED), m.cells().get(2).replicationLag());
  }

  private static ExperimentManifest.Step withLag(ExperimentManifest.Step s, Double lagMs) {
    return s.toBuilder().figures(s.figures().withTelemetry(new StepTelemetry(0.5, 10L, lagMs))).build();
  }

  @Test
  void eachCellIsItsRepetitionsSpreadWithRatiosToW1AndNotRunCellsKeepTheirReason() {
    List<ExperimentManifest.Step> steps = List.of(step(1, 1000, 100, 400, "w=1"), step(1, 1200, 300, 600, "w=1"),
        step(2, 500, 400, 1000, "w=majority"), step(2, 700, 400, 1400, "w=majority"),
        ExperimentManifest.Step.builder().order(3).name("s").x(3).verdict("NOT_RUN")
            .reason("code 100 UnsatisfiableWriteConcern: x").startedAt("t").endedAt("t").build());
    WcMatrix m = WcMatrixBuilder.of(PLAN, steps);
    assertEquals(List.of(List.of("w=1", "w=majority", "w=3"), List.of("w=majority", "w=3", "w=1")), m.rotation());
    assertEquals("w=1", m.baseline());
    WcMatrix.Cell w1 = m.cells().get(0);
    assertEquals(2, w1.runs());
    assertEquals(1100, w1.throughput().median(), 1e-9);
    assertEquals(200, w1.operations().get("INSERT").avgUs().median(), 1e-9);
    assertEquals(1.0, w1.throughputRatio());
    WcMatrix.Cell maj = m.cells().get(1);
    assertEquals(600 / 1100.0, maj.throughputRatio(), 1e-3);
    assertEquals(2.0, maj.operations().get("INSERT").avgRatio());
    assertEquals(1200 / 500.0, maj.operations().get("INSERT").p99Ratio(), 1e-3);
    assertEquals(List.of("w=majority"), maj.sent());
    assertTrue(maj.noisy(), "throughput 500-700 around 600 is over 10%");
    WcMatrix.Cell w3 = m.cells().get(2);
    assertEquals(0, w3.runs());
    assertNull(w3.throughput());
    assertEquals("code 100 UnsatisfiableWriteConcern: x", w3.notRun());
    assertTrue(m.statements().get(2).equals("w=3: NOT RUN: code 100 UnsatisfiableWriteConcern: x"),
        m.statements().toString());
  }

  @Test
  void aMatrixOfDriverConstantsSaysWhatEachMeansAndComparesWithAcknowledged() {
    ExperimentManifest.Plan plan = matrixPlan(List.of(1L, 2L), 1, List.of("JOURNAL_SAFE", "ACKNOWLEDGED"));
    WcMatrix m = WcMatrixBuilder.of(plan,
        List.of(step(1, 100, 3000, 9000, "w=1, j=true"), step(2, 1000, 300, 900, "w=1")));
    assertEquals("ACKNOWLEDGED", m.baseline(), "a constant meaning w=1 is the baseline");
    WcMatrix.Cell journal = m.cells().get(0);
    assertEquals("JOURNAL_SAFE", journal.writeConcern());
    assertEquals(DriverConstant.JOURNAL_SAFE.means(), journal.means());
    assertEquals(0.1, journal.throughputRatio(), 1e-9);
    assertTrue(m.statements().get(0).startsWith("JOURNAL_SAFE (w=1, j=true; deprecated alias of JOURNALED): 100 "
        + "ops/s"), m.statements().toString());
    assertNull(WcMatrixBuilder.of(PLAN, List.of()).cells().get(0).means(), "an ordinary cell means what it says");
  }

  @Test
  void onAStandaloneCellsTheServerIgnoredAreMarkedAndGetNoRatio() {
    List<ExperimentManifest.Step> steps = List.of(step(1, 1000, 100, 400, "w=1"), step(1, 1000, 100, 400, "w=1"),
        step(2, 3000, 30, 120, "w=majority"), step(2, 3000, 30, 120, "w=majority"),
        step(3, 307, 330, 1300, "w=3"), step(3, 307, 330, 1300, "w=3"));
    WcMatrix m = WcMatrixBuilder.of(PLAN, steps, "standalone");
    assertEquals(1.0, m.cells().get(0).throughputRatio(), "w=1 is measured as what it is");
    assertNull(m.cells().get(0).notMeaningful());
    WcMatrix.Cell maj = m.cells().get(1);
    assertEquals(WcMatrix.STANDALONE_MAJORITY, maj.notMeaningful());
    assertTrue(maj.notMeaningful().contains("means w:1"), maj.notMeaningful());
    assertNull(maj.throughputRatio());
    assertNull(maj.operations().get("INSERT").p99Ratio());
    assertNull(maj.operations().get("INSERT").avgRatio());
    WcMatrix.Cell w3 = m.cells().get(2);
    assertEquals("not meaningful on a standalone (MongoDB refuses w > 1 there; this server accepted and ignored it)",
        w3.notMeaningful());
    assertNull(w3.throughputRatio());
    assertNull(w3.operations().get("INSERT").p99Ratio());
    assertTrue(m.statements().get(2).startsWith("w=3: " + WcMatrix.STANDALONE_W + ": 307 ops/s"),
        m.statements().toString());
    for (String s : m.statements().subList(1, 3)) {
      assertFalse(s.contains("x w=1"), "no ratio to w=1: " + s);
    }
  }

  @Test
  void onAReplicaSetEveryCellThatRanIsMeasured() {
    List<ExperimentManifest.Step> steps = List.of(step(1, 1000, 100, 400, "w=1"), step(2, 500, 400, 1000,
        "w=majority"), step(3, 250, 800, 2000, "w=3"));
    WcMatrix m = WcMatrixBuilder.of(PLAN, steps, "replica set");
    assertTrue(m.cells().stream().allMatch(c -> c.notMeaningful() == null));
    assertEquals(0.25, m.cells().get(2).throughputRatio(), 1e-9);
    assertTrue(m.statements().get(2).contains("p99 2.000 ms (5x w=1)"), m.statements().toString());
  }

  @Test
  void onAStandaloneW0W1AndJournalCellsAreMeasured() {
    for (String cell : List.of("w=0", "w=1", "w=1+j=true", "j=true", "w=1+wtimeout=100")) {
      WriteConcernCell c = WriteConcernCell.parseList("--write-concerns", cell).get(0);
      assertNull(WcMatrixBuilder.notMeaningful(c, "standalone"), cell);
    }
    assertEquals(WcMatrix.STANDALONE_W, WcMatrixBuilder.notMeaningful(WriteConcernCell.parseList("--write-concerns",
        "w=2+j=true").get(0), "standalone"));
    assertEquals(WcMatrix.STANDALONE_TAG, WcMatrixBuilder.notMeaningful(WriteConcernCell.parseList(
        "--write-concerns", "w=tag:dc").get(0), "standalone"));
    assertEquals(WcMatrix.STANDALONE_MAJORITY, WcMatrixBuilder.notMeaningful(WriteConcernCell.parseList(
        "--write-concerns", "majority").get(0), "standalone"));
    assertNull(WcMatrixBuilder.notMeaningful(WriteConcernCell.parseList("--write-concerns", "w=3").get(0), null),
        "a topology not recorded marks nothing");
  }
}
