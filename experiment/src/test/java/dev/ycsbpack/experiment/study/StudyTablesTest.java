package dev.ycsbpack.experiment.study;

import static dev.ycsbpack.experiment.study.Manifests.MONGODB;
import static dev.ycsbpack.experiment.study.Manifests.figures;
import static dev.ycsbpack.experiment.study.Manifests.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.Knee;
import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.aggregate.experiment.StepTelemetry;
import dev.ycsbpack.aggregate.experiment.StudyTable;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each recipe's answer table from synthetic step figures: every figure where it came from, n/a with why, never 0. */
class StudyTablesTest {
  private static final ServerMemory REPORTED = ServerMemory.between(
      new ServerMemory.Snapshot(1234L << 20, 5_000_000L, 8_000_000L, 1000L, null),
      new ServerMemory.Snapshot(1234L << 20, 5_000_000L, 8_000_000L, 2500L, null));
  private static final ServerMemory SILENT = ServerMemory.between(ServerMemory.Snapshot.unknown(null),
      ServerMemory.Snapshot.unknown(null));

  private static StudyInput ran(String name, ExperimentManifest m) {
    return new StudyInput(name, name + " about", m, null, null);
  }

  private static ExperimentManifest ramCase(long records, double throughput, long p50, long p99, ServerMemory mem,
      String product) {
    return ramCase(records, throughput, p50, p99, mem, product, List.of());
  }

  /** A case whose step sampled {@code series} (none: the step has no telemetry). */
  private static ExperimentManifest ramCase(long records, double throughput, long p50, long p99, ServerMemory mem,
      String product, List<Series> series) {
    return Manifests.sweep("COMPLETE", "threads", records != 1311 || throughput == 250, Map.of("recordcount",
        String.valueOf(records)),
        List.of(step(1, "01-threads-1", 1, figures(throughput, Map.of("READ",
            new long[] {p50, p99 / 2, p99}), mem).withTelemetry(StepTelemetry.of(series)))),
        null, List.of(), product);
  }

  /** A server series sampled at 0, 10 and 20 s: cache bytes in use, its maximum and pages read (null: unreported). */
  private static List<Series> server(Double[] cache, Double[] max, Double[] pages) {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < cache.length; i++) {
      samples.add(new Sample(10_000L * i, Arrays.asList(cache[i], max[i], pages[i])));
    }
    return List.of(new Series("server", Map.of("host", "db1:27017"), List.of(new Column("wiredTiger.cache.bytes",
        "bytes"), new Column("wiredTiger.cache.maxBytes", "bytes"), new Column("wiredTiger.cache.pagesRead", "count")),
        samples, List.of()));
  }

  private static final Double[] GIB = {1e9, 1e9, 1e9};
  private static final Double[] NONE = {null, null, null};

  private static void noZeroFigure(StudyTable t) {
    t.rows().forEach(r -> r.forEach(c -> assertFalse(c.equals("0") || c.equals("0.000"), "a 0 in " + r)));
  }

  @Test
  void largerThanRamPutsTheFourCasesSideBySideAsRatiosToFits() {
    StudyTable t = StudyTables.of("cases", "What happens to reads when the data outgrows RAM?", List.of(
        ran("fits", ramCase(328, 1000, 200, 900, REPORTED, MONGODB, server(new Double[] {1e8, 4e8, 3e8}, GIB,
            new Double[] {1000.0, 1500.0, 4000.0}))),
        ran("exceeds", ramCase(1311, 250, 800, 4000, SILENT, MONGODB, server(new Double[] {9e8, 9.55e8, 9.5e8}, GIB,
            NONE))),
        ran("focus-10", ramCase(1311, 600, 300, 2000, SILENT, MONGODB, server(NONE, NONE,
            new Double[] {0.0, 100.0, 200.0}))),
        new StudyInput("focus-1", "about", null, "not run: the recipe stopped at experiment focus-10", null)));
    assertNull(t.notMongo(), "every case measured MongoDB");
    assertEquals(List.of("case", "records", "ops/s", "ratio to fits", "READ p50 (ms)", "READ p99 (ms)", "resident",
        "cache in use", "cache maximum", "pages read into cache", "cache fill max (sampled)", "pages read (sampled)",
        "step"), t.columns());
    assertEquals(List.of("fits", "328", "1,000", "1.000x", "0.200", "0.900", "1.2 GiB", "4.8 MiB", "7.6 MiB",
        "1,500", "40.0%", "3,000", "fits/steps/01-threads-1"), t.rows().get(0));
    assertEquals(List.of("exceeds", "1,311", "250", "0.250x", "0.800", "4.000", "n/a [1]", "n/a [1]", "n/a [1]",
        "n/a [1]", "95.5%", "n/a [1]", "exceeds/steps/01-threads-1"), t.rows().get(1));
    assertEquals("0.600x", t.rows().get(2).get(3));
    assertEquals(List.of("n/a [1]", "200"), t.rows().get(2).subList(10, 12), "no cache figures; 200 pages read");
    assertEquals(List.of("focus-1", "-", "n/a [2]", "n/a [2]", "n/a [2]", "n/a [2]", "n/a [2]", "n/a [2]", "n/a [2]",
        "n/a [2]", "n/a [2]", "n/a [2]", "-"), t.rows().get(3));
    assertEquals("[1] not reported by this server", t.notes().get(0));
    assertEquals("[2] experiment focus-1 has no figures: not run: the recipe stopped at experiment focus-10",
        t.notes().get(1));
    noZeroFigure(t);
  }

  @Test
  void aCaseWithoutTheFirstCasesStepHasNoRatioAndSaysWhy() {
    ExperimentManifest fits = Manifests.sweep("COMPLETE", "threads", true, Map.of(), List.of(step(1, "01-threads-2",
        2, figures(1000, Map.of("READ", new long[] {1, 2, 3}), REPORTED).withTelemetry(new StepTelemetry(0.25, 7L,
            null)))),
        null, List.of(), MONGODB);
    StudyTable t = StudyTables.of("cases", "q", List.of(ran("fits", fits),
        ran("exceeds", ramCase(1311, 250, 800, 4000, REPORTED, MONGODB))));
    assertEquals("n/a [1]", t.rows().get(1).get(3));
    assertEquals("[1] fits has no completed step threads-1 to compare with", t.notes().get(0));
    assertEquals(List.of("25.0%", "7"), t.rows().get(0).subList(10, 12));
    assertEquals(List.of("n/a [2]", "n/a [2]"), t.rows().get(1).subList(10, 12), "a step without telemetry");
    assertEquals("[2] " + StepTelemetry.NOT_SAMPLED, t.notes().get(1));
  }

  @Test
  void aTableOfAServerThatIsNotMongoDbCarriesTheMarkFirst() {
    StudyTable t = StudyTables.of("cases", "q", List.of(ran("fits", ramCase(328, 1000, 200, 900, SILENT,
        "mongo-java-server")), ran("exceeds", ramCase(1311, 250, 800, 4000, SILENT, MONGODB))));
    assertTrue(t.notMongo().startsWith("NOT MongoDB: the clients measured mongo-java-server."), t.notMongo());
    assertEquals(t.notMongo(), t.lines().get(0), "printed before anything else");
    assertEquals("q", t.lines().get(1));
  }

  @Test
  void aSweepTableMarksTheExperimentsOwnAnswersOnTheirStepsAndQuotesThem() {
    Map<String, long[]> both = Map.of("READ", new long[] {100, 500, 900}, "UPDATE", new long[] {200, 700, 1500});
    Answers answers = Answers.builder().best(4.0).bestThroughput(200.0).knee(new Knee(2, "kneedle")).latencyKnee(2.0)
        .steps(3).build();
    List<String> said = List.of("highest throughput: 200 ops/s at clients 4", "knee: clients 2 (kneedle)",
        "latency knee: clients 2 (last step whose worst p99 stays within 2x the sweep's lowest)");
    ExperimentManifest m = Manifests.sweep("COMPLETE", "clients", false, Map.of(), List.of(
        step(1, "01-clients-1", 1, figures(100, both, SILENT)), step(2, "02-clients-2", 2, figures(190, both, SILENT)),
        step(3, "03-clients-4", 4, figures(200, Map.of("READ", new long[] {100, 600, 1200}), SILENT))), answers,
        said, MONGODB);
    StudyTable t = StudyTables.of("sweep", "Where do more clients stop paying?", List.of(ran("clients", m)));
    assertEquals(List.of("experiment", "clients", "ops/s", "READ p95/p99 (ms)", "UPDATE p95/p99 (ms)", "answer",
        "step"), t.columns());
    assertEquals(List.of("clients", "1", "100", "0.500 / 0.900", "0.700 / 1.500", "-", "clients/steps/01-clients-1"),
        t.rows().get(0));
    assertEquals("knee: throughput stops paying; latency knee", t.rows().get(1).get(5));
    assertEquals(List.of("clients", "4", "200", "0.600 / 1.200", "n/a [1]", "highest throughput",
        "clients/steps/03-clients-4"), t.rows().get(2));
    assertEquals("[1] the step ran no UPDATE", t.notes().get(0));
    assertEquals("clients: " + String.join("; ", said), t.notes().get(1), "the experiment's answers as it said them");
    noZeroFigure(t);
  }

  @Test
  void aSweepRecipeWithALoadShowsTheLoadsFiguresAndMarksAPartialExperiment() {
    Map<String, long[]> mix = Map.of("READ", new long[] {100, 500, 900}, "UPDATE", new long[] {200, 700, 1500});
    ExperimentManifest.Step load = Manifests.step(0, "00-load", 0, null);
    ExperimentManifest read95 = Manifests.sweep("COMPLETE", "threads", true, Map.of(), List.of(load,
        step(1, "01-threads-1", 1, figures(900, mix, null))), null, List.of(), MONGODB);
    ExperimentManifest read50 = Manifests.sweep("PARTIAL", "threads", false, Map.of(), List.of(
        step(1, "01-threads-1", 1, figures(700, mix, null))), null, List.of(), MONGODB);
    StudyTable t = StudyTables.of("sweep", "q", List.of(
        new StudyInput("read95", "a", read95, null, figures(5000, Map.of("INSERT", new long[] {50, 80, 120}), null)),
        ran("read50", read50)));
    assertEquals(List.of("experiment", "threads", "ops/s", "READ p95/p99 (ms)", "UPDATE p95/p99 (ms)",
        "INSERT p95/p99 (ms)", "answer", "step"), t.columns());
    assertEquals(List.of("read95", "load", "5,000", "n/a [1]", "n/a [2]", "0.080 / 0.120", "the experiment's load",
        "read95/steps/00-load"), t.rows().get(0));
    assertEquals("n/a [3]", t.rows().get(1).get(5), "the mix ran no INSERT");
    assertEquals("read50 [4]", t.rows().get(2).get(0));
    assertTrue(t.notes().get(3).startsWith("[4] experiment read50 is PARTIAL (step 02 failed: the server went away):"
        + " its row(s) come from the steps that completed"), t.notes().toString());
  }

  @Test
  void aWriteConcernTableGivesRatiosToW1AndSaysWhyACellHasNone() {
    WcMatrix.Operation w1 = new WcMatrix.Operation(Spread.of(400, 500, 600), Spread.of(300, 300, 300),
        Spread.of(900, 900, 900), Spread.of(800, 800, 900), Spread.of(1000, 1200, 1500), 1.0, 1.0);
    WcMatrix.Operation w0 = new WcMatrix.Operation(Spread.of(200, 250, 300), Spread.of(100, 100, 100),
        Spread.of(400, 400, 400), Spread.of(300, 300, 300), Spread.of(400, 480, 600), 0.5, 0.4);
    WcMatrix.Operation w2 = new WcMatrix.Operation(Spread.of(450, 500, 550), Spread.of(100, 100, 100),
        Spread.of(400, 400, 400), Spread.of(300, 300, 300), Spread.of(1100, 1200, 1300), null, null);
    WcMatrix.Operation one = new WcMatrix.Operation(Spread.of(700), Spread.of(100), Spread.of(900), Spread.of(800),
        Spread.of(2400), 1.4, 2.0);
    String refused = "server error 100 UnsatisfiableWriteConcern: Not enough data-bearing nodes";
    WcMatrix matrix = new WcMatrix("w=1", List.of(), List.of(
        WcMatrix.Cell.builder("w=1", Map.of("mongodb.w", "1")).sent(List.of("w=1")).runs(3)
            .throughput(Spread.of(1600, 2000, 2400)).throughputRatio(1.0).operations(Map.of("INSERT", w1))
            .replicationLag(new WcMatrix.Lag(1234.4, null)).build(),
        WcMatrix.Cell.builder("w=0", Map.of("mongodb.w", "0")).sent(List.of("w=0")).runs(3)
            .throughput(Spread.of(4000, 4000, 4000)).throughputRatio(2.0).operations(Map.of("INSERT", w0))
            .replicationLag(new WcMatrix.Lag(0.0, null)).build(),
        WcMatrix.Cell.builder("w=2", Map.of("mongodb.w", "2")).sent(List.of("w=2")).runs(3)
            .throughput(Spread.of(2000, 2000, 2000)).operations(Map.of("INSERT", w2))
            .replicationLag(new WcMatrix.Lag(7.0, null)).build(),
        WcMatrix.Cell.builder("w=3", Map.of("mongodb.w", "3")).notRun(refused).build(),
        WcMatrix.Cell.builder("majority", Map.of("mongodb.w", "majority")).sent(List.of("majority")).runs(1)
            .throughput(Spread.of(1000)).throughputRatio(0.5).operations(Map.of("INSERT", one))
            .replicationLag(WcMatrix.Lag.of(List.of(figures(1000, Map.of(), null)
                .withTelemetry(new StepTelemetry(null, null, null)))))
            .build()));
    List<String> said = List.of("w=1: 2,000 ops/s", "w=0: 4,000 ops/s", "w=2: 2,000 ops/s, INSERT avg 0.500 ms; "
        + "not meaningful on a standalone (MongoDB refuses w > 1 there; this server accepted and ignored it); sent "
        + "w=2", "w=3: NOT RUN: " + refused, "majority: 1,000 ops/s");
    List<ExperimentManifest.Step> steps = List.of(step(1, "01-w_1-r1", 1, null), step(2, "02-w_1-r2", 1, null));
    StudyTable t = StudyTables.of("write-concerns", "What does each write concern cost?", List.of(ran("matrix",
        Manifests.matrix(matrix, steps.stream().map(s -> s.toBuilder().figures(figures(1, Map.of(), null)).build())
            .toList(),
            said, MONGODB))));
    assertEquals(List.of("write concern", "runs", "ops/s", "replication lag max (ms)", "INSERT mean (ms)",
        "INSERT p95 (ms)", "INSERT p99 (ms)", "INSERT mean ratio", "INSERT p99 ratio", "steps"), t.columns());
    assertEquals(List.of("w=1", "3", "2,000 [1,600-2,400]", "1,234", "0.500 [0.400-0.600]", "0.800 [0.800-0.900]",
        "1.200 [1.000-1.500]", "1.000x", "1.000x", "01-w_1-r1, 02-w_1-r2"), t.rows().get(0));
    assertEquals(List.of("0", "0.500x", "0.400x"), List.of(t.rows().get(1).get(3), t.rows().get(1).get(7),
        t.rows().get(1).get(8)), "a lag of 0 is a figure: every member caught up");
    assertEquals(List.of("7", "n/a [1]", "n/a [1]"), List.of(t.rows().get(2).get(3), t.rows().get(2).get(7),
        t.rows().get(2).get(8)));
    assertEquals("[1] no ratio: not meaningful on a standalone (MongoDB refuses w > 1 there; this server accepted "
        + "and ignored it)", t.notes().get(0));
    assertEquals(List.of("w=3", "0", "NOT RUN [2]", "NOT RUN [2]"), t.rows().get(3).subList(0, 4));
    assertEquals("[2] NOT RUN: " + refused, t.notes().get(1));
    assertEquals(List.of("majority", "1 [3]", "1,000", "n/a [4]", "0.700"), t.rows().get(4).subList(0, 5));
    assertEquals("[3] one run: the spread over repetitions is unknown", t.notes().get(2));
    assertEquals("[4] not reported by this server", t.notes().get(3), "a standalone's series has no member lag");
  }

  @Test
  void aMatrixWithoutAMeasuredW1CellHasNoRatios() {
    WcMatrix.Operation o = new WcMatrix.Operation(Spread.of(700), Spread.of(100), Spread.of(900), Spread.of(800),
        Spread.of(2400), null, null);
    WcMatrix matrix = new WcMatrix(null, List.of(), List.of(WcMatrix.Cell.builder("j=true", Map.of("mongodb.j",
        "true")).sent(List.of("j=true")).runs(1).throughput(Spread.of(1000)).operations(Map.of("INSERT", o)).build()));
    StudyTable t = StudyTables.of("write-concerns", "q", List.of(ran("matrix", Manifests.matrix(matrix, List.of(),
        matrix.statements(), MONGODB))));
    assertEquals("n/a [2]", t.rows().get(0).get(3), "a matrix written before the pack sampled: no lag");
    assertEquals("[2] " + StepTelemetry.NOT_SAMPLED, t.notes().get(1));
    assertEquals("n/a [3]", t.rows().get(0).get(7));
    assertEquals("[3] no ratio: the matrix has no measured w=1 cell to compare with", t.notes().get(2));
  }

  @Test
  void aRowAsLongAsItsHeaderOnlyAndThePrintedColumnsAligned() {
    StudyTable t = new StudyTable("q", null, List.of("a", "long header"), List.of(List.of("wide cell", "1")),
        List.of("note"));
    assertEquals(List.of("q", "a          long header", "---------  -----------", "wide cell  1", "note"),
        t.lines());
    try {
      new StudyTable("q", null, List.of("a"), List.of(List.of("1", "2")), List.of());
      throw new AssertionError("a row longer than the header was accepted");
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().contains("a row of 2 cells in a table of 1 columns"));
    }
  }
}
