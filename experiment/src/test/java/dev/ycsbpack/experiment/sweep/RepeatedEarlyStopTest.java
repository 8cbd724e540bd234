package dev.ycsbpack.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A threads sweep with {@code --repeat 2} (rounds interleaved) run through {@link SweepRun}'s loop: a value's last run
 * is weighed with the values up to it, never the higher ones, and a stop in round 1 limits round 2 to the values up to
 * where it stopped.
 */
class RepeatedEarlyStopTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  @Test
  void aLowValuesLastRunIsNotStoppedByTheHigherValuesTail() throws Exception {
    // round 1: 900, 1040, 1080 (gains +15.6%, +3.8%: goes on); round 2, x=1 again: 1100, its median 1000. Weighed with
    // the higher values, x=1's median would give +4.0% then +3.8% and stop the sweep before round 2's x=2 and x=4.
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L),
        List.of(900.0, 1040.0, 1080.0), List.of(1100.0, 1040.0, 1080.0)));

    assertEquals(0, sweep(List.of(1L, 2L, 4L), steps).run(null));

    assertEquals(List.of("01-threads-1-r1", "02-threads-2-r1", "03-threads-4-r1", "01-threads-1-r2",
        "02-threads-2-r2", "03-threads-4-r2"), steps.ran());
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals("COMPLETE", m.status());
    assertEquals(1000, medianOf(m, 1), 0.001, "x=1's two runs are both in");
    assertEquals(3, m.answers().steps());
  }

  @Test
  void aStopInRoundOneRunsLaterRoundsOnlyUpToTheValueWhereItStopped() throws Exception {
    // round 1: 1000, 1010, 1020 at x=1, 2, 4: two gains under 5% in a row, a stop at x=4; x=8 never runs
    FakeSteps steps = new FakeSteps(throughputs(List.of(1L, 2L, 4L, 8L),
        List.of(1000.0, 1010.0, 1020.0, 1030.0), List.of(1000.0, 1010.0, 1020.0, 1030.0)));

    assertEquals(0, sweep(List.of(1L, 2L, 4L, 8L), steps).run(null));

    assertEquals(List.of("01-threads-1-r1", "02-threads-2-r1", "03-threads-4-r1", "01-threads-1-r2",
        "02-threads-2-r2", "03-threads-4-r2"), steps.ran());
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals("COMPLETE", m.status());
    assertNotNull(m.answers().stoppedEarly(), "the answers say the sweep stopped early");
    assertEquals(3, m.answers().steps(), "x=8 is no point of the answers");
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("the remaining rounds run the values up to 4 only"), out);
  }

  /** The median throughput of value {@code x}'s runs, as the manifest's repetitions record it. */
  private static double medianOf(ExperimentManifest m, long x) {
    return m.repetitions().stream().filter(r -> r.x() == x).findFirst().orElseThrow().throughput().median();
  }

  /** Each round's throughput per value, by step folder name as {@code bin/ycsb-experiment sweep} names them. */
  private static Map<String, Double> throughputs(List<Long> values, List<Double> round1, List<Double> round2) {
    Map<String, Double> t = new LinkedHashMap<>();
    List<List<Double>> rounds = List.of(round1, round2);
    for (int r = 0; r < rounds.size(); r++) {
      for (int i = 0; i < values.size(); i++) {
        t.put(name(i, values.get(i), r + 1), rounds.get(r).get(i));
      }
    }
    return t;
  }

  private static String name(int i, long x, int round) {
    return String.format("%02d-threads-%d-r%d", i + 1, x, round);
  }

  private SweepRun sweep(List<Long> values, FakeSteps steps) {
    Host host = new Host.Local(1);
    List<SweepRun.Planned> planned = new ArrayList<>();
    for (int r = 1; r <= 2; r++) {
      for (int i = 0; i < values.size(); i++) {
        long x = values.get(i);
        String name = name(i, x, r);
        RunPlan plan = new RunPlan(Phase.RUN, "basic", List.of(host),
            List.of(new ClientPlan(0, "01-local1", host, x, 0, 1000, "all", Map.of())), Map.of(),
            dir.resolve(ExperimentBundle.STEPS).resolve(name), List.of(), List.of());
        planned.add(new SweepRun.Planned(name, x, plan, false, r == 2));
      }
    }
    ExperimentManifest.Plan plan = ExperimentManifest.Plan.builder().kind("sweep").binding("basic").axis("threads")
        .values(values).workloadFiles(List.of()).properties(Map.of()).hosts(List.of("local")).slos(List.of())
        .repeat(2).earlyStop(SweepRun.EARLY_STOP).build();
    return new SweepRun(new ExperimentBundle(dir), plan, planned, List.of(), steps, Map.of(),
        new PrintStream(printed, true, StandardCharsets.UTF_8));
  }
}
