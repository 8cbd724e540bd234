package dev.ycsbpack.experiment.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line a plan runs again with, and which pack versions are newer. */
class ReplayTest {
  private static final List<String> HOSTS = List.of("--hosts", "local");

  @Test
  void aTargetShareSweepRunsItsSharesWithItsThreadsAndRepetitions() {
    ExperimentManifest.Plan e = ExperimentManifest.Plan.builder().kind("sweep").binding("mongodb")
        .axis("target-percent").values(List.of(25L, 50L)).threads(8).repeat(3).slos(List.of("READ.p99<=10ms"))
        .load(true).build();
    ReproduciblePlan plan = ReproduciblePlan.builder().tool("experiment").kind("sweep").binding("mongodb")
        .experiment(e).clients(1).build();
    List<String> a = new Replay(plan, Map.of("workload", "W"), Map.of(), null, null, null, 1, HOSTS, Path.of("o"),
        true).arguments();
    assertEquals(List.of("sweep", "mongodb", "-p", "workload=W", "-threads", "8", "-target", "25%,50%", "--repeat",
        "3", "--slo", "READ.p99<=10ms", "--clients-per-host", "1", "--load", "--hosts", "local", "--out", "o",
        "--quiet"), a);
    // the user's -threads and --repeat replace the plan's
    List<String> b = new Replay(plan, Map.of(), Map.of(), "16", null, 1, 1, HOSTS, Path.of("o"), false).arguments();
    assertTrue(String.join(" ", b).contains("-threads 16 -target 25%,50% --repeat 1"), b::toString);
  }

  @Test
  void aBundlesPlanRunsTheCoordinatorWithItsTotalsAndLimits() {
    ReproduciblePlan plan = ReproduciblePlan.builder().tool("coordinator").kind("run").binding("mongodb").threads(4)
        .target(0).readyTimeoutSeconds(300L).stallTimeoutSeconds(120L).clients(2).build();
    List<String> a = new Replay(plan, Map.of("operationcount", "300"), Map.of(), null, null, null, 2, HOSTS,
        Path.of("o"), false).arguments();
    assertEquals(List.of("run", "mongodb", "-p", "operationcount=300", "-threads", "4", "--clients-per-host", "2",
        "--ready-timeout", "300", "--stall-timeout", "120", "--hosts", "local", "--out", "o"), a);
    assertFalse(a.contains("-target"), "unthrottled stays unthrottled");
  }

  @Test
  void onlyALaterReleaseIsNewer() {
    assertTrue(Versions.newer("0.2.0", "0.1.9-SNAPSHOT"));
    assertTrue(Versions.newer("1.0", "0.9.9"));
    assertFalse(Versions.newer("0.1.0", "0.1.0-SNAPSHOT"));
    assertFalse(Versions.newer("0.0.9", "0.1.0"));
    assertFalse(Versions.newer("development build", "0.1.0"));
    assertFalse(Versions.newer("9.9.9", "development build"));
  }
}
