package dev.ycsbpack.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a threads sweep answers, driven through {@link SweepRun}'s own loop with steps whose throughput the test
 * chooses: no knee from fewer than three steps, an unfinished sweep's answers saying on each line what they come from,
 * "stopped early" only when steps were skipped, and every answer line about a server that is not MongoDB marked so.
 */
class SweepAnswersTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  @Test
  void aOneStepSweepHasNoKneeAndSaysWhy() throws Exception {
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L), 1000.0));

    assertEquals(0, sweep(List.of(1L), steps).run(null));

    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertNull(m.answers().knee(), "one step has no knee");
    assertNull(m.answers().latencyKnee(), "nor a latency knee");
    assertEquals("not enough steps (1 completed; 3 needed)", m.answers().noKnee());
    assertTrue(m.statements().contains("knee: not enough steps (1 completed; 3 needed)"), m.statements().toString());
    assertTrue(m.statements().contains("latency knee: not enough steps (1 completed; 3 needed)"),
        m.statements().toString());
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("  knee: not enough steps (1 completed; 3 needed)"), out);
    String report = Files.readString(dir.resolve(ExperimentBundle.REPORT));
    assertTrue(report.contains("knee: not enough steps (1 completed; 3 needed)"), "the report says it too");
  }

  /**
   * A step's figures come from its run's outcome, not from the files the same process wrote: with no
   * {@code merged/merged.json} in any step's bundle the sweep still records each step's throughput and answers.
   */
  @Test
  void aStepsFiguresAreTheOutcomesNotReadBackFromItsBundle() throws Exception {
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L), 1000.0, 1900.0)).withoutMergedFiles();

    assertEquals(0, sweep(List.of(1L, 2L), steps).run(null));

    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals(List.of(1000.0, 1900.0), m.steps().stream().map(s -> s.figures().throughput()).toList());
    for (ExperimentManifest.Step s : m.steps()) {
      assertFalse(Files.exists(dir.resolve(s.bundle()).resolve("merged/merged.json")), s.name());
    }
    assertEquals(1900.0, m.answers().bestThroughput());
  }

  @Test
  void threeStepsAreEnoughForTheKnees() throws Exception {
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L), 1000.0, 1900.0, 2000.0));

    assertEquals(0, sweep(List.of(1L, 2L, 4L), steps).run(null));

    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertNull(m.answers().noKnee());
    assertEquals(2.0, m.answers().knee().x(), m.statements().toString());
    assertTrue(m.statements().stream().anyMatch(s -> s.startsWith("knee: threads 2 (")), m.statements().toString());
  }

  @Test
  void aPartialSweepAnswersFromTheStepsThatCompletedAndSaysSoOnEachLine() throws Exception {
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L), 1000.0, 1900.0))
        .failing("03-threads-4", "the server went away");

    assertEquals(1, sweep(List.of(1L, 2L, 4L, 8L), steps).run(null));

    assertEquals(List.of("01-threads-1", "02-threads-2", "03-threads-4"), steps.ran(), "no step after the failure");
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals("PARTIAL", m.status());
    String basis = "from the 2 steps that completed before step 03-threads-4 failed";
    assertEquals(basis, m.answers().basis());
    assertNull(m.answers().knee(), "two steps have no knee");
    assertEquals(List.of("highest throughput: 1,900 ops/s at threads 2; " + basis,
        "knee: not enough steps (2 completed; 3 needed); " + basis,
        "latency knee: not enough steps (2 completed; 3 needed); " + basis), m.statements());
    assertNull(m.answers().stoppedEarly(), "a failure is no early stop");
    assertTrue(m.reason().startsWith("step 03-threads-4 failed: the server went away"),
        "the whole reason: " + m.reason());
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("ycsb-experiment: PARTIAL: step 03-threads-4 failed: the server went away"), out);
  }

  @Test
  void aPartialSweepWithEnoughStepsKeepsItsKneeButSaysWhereItComesFrom() throws Exception {
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L), 1000.0, 1900.0, 2000.0))
        .failing("04-threads-8", "the server went away");

    assertEquals(1, sweep(List.of(1L, 2L, 4L, 8L), steps).run(null));

    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals(2.0, m.answers().knee().x());
    for (String s : m.statements()) {
      assertTrue(s.endsWith("; from the 3 steps that completed before step 04-threads-8 failed"), s);
    }
  }

  @Test
  void theRuleFiringOnTheLastStepIsNoEarlyStop() throws Exception {
    // gains +1% then +1% at x=4: the rule's condition holds, but x=4 is the last step: every step ran
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L), 1000.0, 1010.0, 1020.0));

    assertEquals(0, sweep(List.of(1L, 2L, 4L), steps).run(null));

    assertEquals(3, steps.ran().size());
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertNull(m.answers().stoppedEarly());
    String out = printed.toString(StandardCharsets.UTF_8);
    assertFalse(out.contains("stopped early"), out);
    assertFalse(out.contains("stopping early"), out);
  }

  @Test
  void aStopThatSkipsStepsIsCalledSo() throws Exception {
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L), 1000.0, 1010.0, 1020.0));

    assertEquals(0, sweep(List.of(1L, 2L, 4L, 8L), steps).run(null));

    assertEquals(3, steps.ran().size(), "x=8 is skipped");
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertTrue(m.answers().stoppedEarly().startsWith("throughput gained"), m.answers().stoppedEarly());
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("  stopped early: throughput gained"), out);
  }

  @Test
  void everyAnswerLineAboutAServerThatIsNotMongoDbIsMarked() throws Exception {
    String note = EnvironmentFacts.notMongoDb(List.of("mongo-java-server")).orElseThrow();
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L), 1000.0, 1900.0, 2000.0))
        .server(Map.of(EnvironmentFacts.SERVER_PRODUCT, "mongo-java-server"), note);

    assertEquals(0, sweep(List.of(1L, 2L, 4L), steps).run(null));

    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    String out = printed.toString(StandardCharsets.UTF_8);
    List<String> lines = out.lines().toList();
    assertTrue(lines.contains("  " + note), out);
    for (String s : m.statements()) {
      assertTrue(lines.contains("  [NOT MongoDB] " + s), "answer line unmarked: " + s + "\n" + out);
    }
  }

  @Test
  void answerLinesAboutMongoDbAreNotMarked() throws Exception {
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L), 1000.0, 1900.0, 2000.0))
        .server(Map.of(EnvironmentFacts.SERVER_PRODUCT, EnvironmentFacts.MONGODB), null);

    assertEquals(0, sweep(List.of(1L, 2L, 4L), steps).run(null));

    String out = printed.toString(StandardCharsets.UTF_8);
    assertFalse(out.contains("NOT MongoDB"), out);
  }

  private static Map<String, Double> throughputs(List<Long> values, Double... throughput) {
    Map<String, Double> t = new LinkedHashMap<>();
    for (int i = 0; i < throughput.length; i++) {
      t.put(name(i, values.get(i)), throughput[i]);
    }
    return t;
  }

  private static String name(int i, long x) {
    return String.format("%02d-threads-%d", i + 1, x);
  }

  private SweepRun sweep(List<Long> values, FakeSteps steps) {
    Host host = new Host.Local(1);
    List<SweepRun.Planned> planned = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      long x = values.get(i);
      String name = name(i, x);
      RunPlan plan = new RunPlan(Phase.RUN, "basic", List.of(host),
          List.of(new ClientPlan(0, "01-local1", host, x, 0, 1000, "all", Map.of())), Map.of(),
          dir.resolve(ExperimentBundle.STEPS).resolve(name), List.of(), List.of());
      planned.add(new SweepRun.Planned(name, x, plan, false, true));
    }
    ExperimentManifest.Plan plan = ExperimentManifest.Plan.builder().kind("sweep").binding("basic").axis("threads")
        .values(values).workloadFiles(List.of()).properties(Map.of()).hosts(List.of("local")).slos(List.of())
        .earlyStop(SweepRun.EARLY_STOP).build();
    return new SweepRun(new ExperimentBundle(dir), plan, planned, List.of(), steps, Map.of(),
        new PrintStream(printed, true, StandardCharsets.UTF_8));
  }
}
