package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongBinaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * {@code compare --a EXP_A --b EXP_B}: two experiments of the same plan, step by step, each step's repetitions as a
 * set, on synthetic experiments whose answer is known; different plans and mixed inputs refused.
 */
class CompareExperimentsTest extends AggregateCommandFixture {
  /** The experiments' kind and axis ({@code repeat}: one value, axis {@code run}). */
  String kind = "sweep";
  String axis = "threads";

  /**
   * A {@code -threads} sweep over {@code values}, each run {@code repeat} times; a step's READs all take
   * {@code latency.applyAsLong(x, repetition)} µs, 100 + repetition a second. Its last step is NOT RUN when asked.
   */
  Path sweep(String name, List<Long> values, int repeat, LongBinaryOperator latency, boolean lastNotRun)
      throws Exception {
    return sweep(name, values, repeat, latency, lastNotRun, false);
  }

  /** As above; when {@code loaded}, first a load step and an unthrottled probe (order 0, x 0), both COMPLETE. */
  Path sweep(String name, List<Long> values, int repeat, LongBinaryOperator latency, boolean lastNotRun,
      boolean loaded) throws Exception {
    Path dir = tmp.resolve(name);
    List<ExperimentManifest.Step> steps = new ArrayList<>();
    if (loaded) {
      for (String step : List.of("00-load", "00-unthrottled")) {
        long t0 = 1_780_000_000_000L + steps.size() * 60_000L;
        Path clients = tmp.resolve(name + "-clients-" + step);
        SyntheticClients.writeClient(clients.resolve("c0"), t0, 1000, 10, List.of("INSERT"), (o, k) -> {
          Histogram h = new Histogram(3);
          h.recordValueWithCount(500, 1000);
          return h;
        }, SyntheticClients.baseProperties());
        assertEquals(0, run("merge", clients.toString(), "-o", dir.resolve("steps/" + step + "/merged").toString()),
            stderr);
        steps.add(new ExperimentManifest.Step(0, step, 0, "steps/" + step, null, "COMPLETE", null,
            Instant.ofEpochMilli(t0).toString(), Instant.ofEpochMilli(t0 + 10_000).toString(), null));
      }
    }
    int order = 0;
    for (long x : values) {
      for (int r = 0; r < repeat; r++) {
        String step = String.format("%02d-threads-%d", ++order, x);
        if (lastNotRun && x == values.get(values.size() - 1)) {
          steps.add(new ExperimentManifest.Step(order, step, x, null, null, "NOT_RUN", "the probe failed", null,
              null, null));
          continue;
        }
        long t0 = 1_790_000_000_000L + order * 60_000L;
        Path clients = tmp.resolve(name + "-clients-" + order);
        long us = latency.applyAsLong(x, r);
        int perSecond = 100 + r;
        SyntheticClients.writeClient(clients.resolve("c0"), t0, 1000, 10, List.of("READ"), (o, k) -> {
          Histogram h = new Histogram(3);
          h.recordValueWithCount(us, perSecond);
          return h;
        }, SyntheticClients.baseProperties());
        Files.writeString(clients.resolve("c0/environment.properties"), "server.product=MongoDB\n");
        assertEquals(0, run("merge", clients.toString(), "-o", dir.resolve("steps/" + step + "/merged").toString()),
            stderr);
        steps.add(new ExperimentManifest.Step(order, step, x, "steps/" + step, null, "COMPLETE", null,
            Instant.ofEpochMilli(t0).toString(), Instant.ofEpochMilli(t0 + 10_000).toString(), null));
      }
    }
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan(kind, "mongodb", axis, values,
        List.of("workloads/a"), Map.of(), List.of("localhost"), 1, 0, 0, List.of(), false, repeat, "rule", null);
    ExperimentManifest m = new ExperimentManifest(ExperimentManifest.SCHEMA, "COMPLETE", null, plan, Map.of(),
        null, null, steps, null, null, List.of(), null, null);
    Files.writeString(dir.resolve(ExperimentManifest.FILE), m.json());
    return dir;
  }

  private static final LongBinaryOperator STEADY = (x, r) -> 1000 + 10 * x + (r % 2 == 0 ? r : -r);

  /** The text of one step's section of the output. */
  private String section(String label) {
    int at = stdout.indexOf("\n## " + label + "\n");
    assertTrue(at >= 0, label + " in " + stdout);
    int next = stdout.indexOf("\n## ", at + 4);
    return stdout.substring(at, next < 0 ? stdout.length() : next);
  }

  @Test
  void identicalExperimentsDifferNowhere() throws Exception {
    Path a = sweep("a", List.of(1L, 2L), 4, STEADY, false);
    Path b = sweep("b", List.of(1L, 2L), 4, STEADY, false);
    assertEquals(0, run("compare", "--a", a.toString(), "--b", b.toString()), stderr);
    for (String step : List.of("threads 1", "threads 2")) {
      String s = section(step);
      assertTrue(s.contains("no difference beyond run-to-run"), s);
      assertFalse(s.lines().anyMatch(l -> l.startsWith("|") && (l.contains("better") || l.contains("worse"))), s);
    }
  }

  @Test
  void aSlowerStepIsFoundAtThatStepOnly() throws Exception {
    Path a = sweep("a", List.of(1L, 2L), 4, STEADY, false);
    Path b = sweep("b", List.of(1L, 2L), 4, (x, r) -> x == 2 ? 2 * STEADY.applyAsLong(x, r)
        : STEADY.applyAsLong(x, r), false);
    assertEquals(0, run("compare", "--a", a.toString(), "--b", b.toString()), stderr);
    assertFalse(section("threads 1").contains("worse"), section("threads 1"));
    String two = section("threads 2");
    // every READ latency figure is one value here (one row, p99 among them), a secondary family of one
    assertTrue(two.matches("(?s).*\\| READ \\| [^|]*p99 [^|]*\\(us\\) \\|[^\\n]*\\+100\\.0%[^\\n]*: worse, beyond "
        + "run-to-run noise.*"), two);
    assertTrue(two.contains("**Headline (primary figure, judged at 5%): overall throughput = READ throughput: no "
        + "difference beyond run-to-run noise"), two);
  }

  @Test
  void singleRunsSayTheirNoiseIsUnknownAndAStepNotRunIsSaid() throws Exception {
    Path a = sweep("a", List.of(1L, 2L), 1, STEADY, false);
    Path b = sweep("b", List.of(1L, 2L), 1, (x, r) -> 3 * STEADY.applyAsLong(x, r), true);
    assertEquals(0, run("compare", a.toString(), b.toString()), stderr);
    String one = section("threads 1");
    assertTrue(one.matches("(?s).*\\| READ \\| [^|]*p99 [^|]*\\(us\\) \\| 1,010 \\| 3,031 \\| \\+200\\.1% \\| noise "
        + "unknown \\|.*"), one);
    assertFalse(one.lines().anyMatch(l -> l.startsWith("|") && (l.contains("better") || l.contains("worse"))),
        "no row of a single-run step is called better or worse: " + one);
    assertTrue(section("threads 2").contains("Not compared: B has no complete run of it (NOT RUN: the probe failed)"),
        stdout);
  }

  @Test
  void differentPlansAreRefusedWithOneLine() throws Exception {
    Path a = sweep("a", List.of(1L, 2L), 1, STEADY, false);
    Path b = sweep("b", List.of(1L, 4L), 1, STEADY, false);
    assertEquals(2, run("compare", "--a", a.toString(), "--b", b.toString()));
    assertEquals(1, stderr.lines().count(), stderr);
    assertTrue(stderr.contains("have different plans (sweep of threads 1, 2 against sweep of threads 1, 4)"), stderr);
    assertEquals("", stdout);
  }

  @Test
  void anExperimentAgainstAMergedResultIsRefused() throws Exception {
    Path a = sweep("a", List.of(1L), 1, STEADY, false);
    assertEquals(2, run("compare", "--a", a.toString(), "--b", a.resolve("steps/01-threads-1/merged").toString()));
    assertTrue(stderr.contains("is an experiment's folder: compare it with one other experiment of the same plan"),
        stderr);
    assertEquals(2, run("compare", "--a", a.toString(), "--b", a.toString(), "--format", "csv"));
    assertTrue(stderr.contains("--format csv: two experiments are compared in Markdown only (md)"), stderr);
  }

  @Test
  void aLoadStepAndAnUnthrottledProbeAreNotSweptValues() throws Exception {
    Path a = sweep("a", List.of(1L, 2L), 2, STEADY, false, true);
    Path b = sweep("b", List.of(1L, 2L), 2, STEADY, false, false);
    assertEquals(0, run("compare", "--a", a.toString(), "--b", b.toString()), stderr);
    assertFalse(stdout.contains("threads 0"), stdout);
    assertFalse(stdout.contains("never ran it"), stdout);
    assertTrue(section("threads 2").contains("- B (2 repetitions): "), stdout);
    // both loaded: the load and the probe are not pooled into one "step 0" (their workloads differ)
    Path c = sweep("c", List.of(1L, 2L), 2, STEADY, false, true);
    assertEquals(0, run("compare", "--a", a.toString(), "--b", c.toString()), stderr);
    assertFalse(stdout.contains("threads 0"), stdout);
  }

  @Test
  void twoRepeatFoldersCompareTheirCompleteRuns() throws Exception {
    kind = "repeat";
    axis = "run";
    Path a = sweep("a", List.of(1L), 4, STEADY, false);
    Path b = sweep("b", List.of(1L), 4, (x, r) -> 2 * STEADY.applyAsLong(x, r), false);
    assertEquals(0, run("compare", "--a", a.toString(), "--b", b.toString()), stderr);
    String s = section("run 1");
    assertTrue(s.contains("- A (4 repetitions): "), s);
    assertTrue(s.matches("(?s).*\\| READ \\| [^|]*p99 [^|]*\\(us\\) \\|[^\\n]*: worse, beyond run-to-run noise.*"), s);
  }
}
