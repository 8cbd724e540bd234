package dev.ycsbpack.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target-share sweep through {@link SweepRun}'s loop: an unthrottled probe that measured no throughput stops the
 * experiment, naming the probe, instead of running every share at 1 ops/s; one that measured some sets the targets.
 */
class UnusableProbeTest {
  private static final String PROBE = "00-unthrottled";
  private static final String QUARTER = "01-target-percent-25";
  private static final String HALF = "02-target-percent-50";

  @TempDir
  Path dir;

  @Test
  void aProbeWithoutThroughputStopsTheSweepNamingIt() throws Exception {
    FakeSteps steps = new FakeSteps(Map.of(PROBE, 0.0, QUARTER, 1.0, HALF, 1.0));

    assertEquals(1, sweep(steps).run(null));

    assertEquals(List.of(PROBE), steps.ran(), "no share ran");
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals("PARTIAL", m.status());
    assertEquals("step 00-unthrottled (the unthrottled probe) measured a throughput of 0 ops/s: the target shares of "
        + "it cannot be set; no step of the sweep completed before it: nothing to answer", m.reason());
    assertNull(m.maximum(), "no maximum recorded");
  }

  @Test
  void aProbeWithThroughputSetsEveryShareTarget() throws Exception {
    FakeSteps steps = new FakeSteps(Map.of(PROBE, 1000.4, QUARTER, 250.0, HALF, 500.0));

    assertEquals(0, sweep(steps).run(null));

    assertEquals(List.of(PROBE, QUARTER, HALF), steps.ran());
    assertEquals(List.of(0L, 250L, 500L), steps.targets(), "the probe unthrottled, then 25% and 50% of it");
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals("COMPLETE", m.status());
    assertEquals(new ExperimentManifest.Maximum(PROBE, 1000.4), m.maximum());
  }

  private RunPlan plan(String name, long target) {
    Host host = new Host.Local(1);
    return new RunPlan(Phase.RUN, "basic", List.of(host),
        List.of(new ClientPlan(0, "01-local1", host, 2, target, 1000, "all", Map.of())), Map.of(),
        dir.resolve(ExperimentBundle.STEPS).resolve(name), List.of(), List.of());
  }

  private SweepRun sweep(FakeSteps steps) throws Exception {
    List<SweepRun.Planned> planned = new ArrayList<>();
    planned.add(new SweepRun.Planned(PROBE, 0, plan(PROBE, 0), false, true, null, true, null));
    for (String name : List.of(QUARTER, HALF)) {
      long percent = name.equals(QUARTER) ? 25 : 50;
      SweepRun.AtTarget atTarget = target -> plan(name, target);
      // as bin/ycsb-experiment plans a share: unthrottled until the probe has run
      planned.add(new SweepRun.Planned(name, percent, atTarget.plan(0), false, true, null, false,
          new SweepRun.Share(percent / 100.0, atTarget)));
    }
    ExperimentManifest.Plan plan = ExperimentManifest.Plan.builder().kind("sweep").binding("basic")
        .axis("target-percent").values(List.of(25L, 50L)).workloadFiles(List.of()).properties(Map.of())
        .hosts(List.of("local")).threads(2).slos(List.of()).earlyStop(SweepRun.EARLY_STOP).build();
    return new SweepRun(new ExperimentBundle(dir), plan, planned, List.of(), steps, Map.of(),
        new PrintStream(PrintStream.nullOutputStream()));
  }
}
