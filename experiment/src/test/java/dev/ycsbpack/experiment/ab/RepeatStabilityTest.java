package dev.ycsbpack.experiment.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.sweep.SweepRun;
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
 * A {@code repeat} through {@link SweepRun}'s loop with runs whose throughput the test chooses: a cold first counted
 * run is flagged in the result (printed and in the manifest), and steady runs are not. (The runs' fake lives here.)
 */
class RepeatStabilityTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  @Test
  void aColdFirstRepetitionIsFlaggedInTheResult() throws Exception {
    List<String> statements = run(List.of(5100.0, 9800.0, 9750.0, 9900.0, 9700.0));
    String line = "UNSTABLE throughput: run 1 of 5 (in time order) gave 5,100 against a median of 9,750";
    assertTrue(statements.stream().anyMatch(s -> s.startsWith(line)), statements::toString);
    assertTrue(printed.toString(StandardCharsets.UTF_8).contains(line), printed::toString);
  }

  @Test
  void steadyRepetitionsAreNotFlagged() throws Exception {
    List<String> statements = run(List.of(9800.0, 9750.0, 9900.0, 9700.0, 9850.0));
    assertEquals(0, statements.stream().filter(s -> s.contains("UNSTABLE")).count(), statements::toString);
  }

  private List<String> run(List<Double> throughputs) throws Exception {
    Map<String, Double> chosen = new LinkedHashMap<>();
    // the warm-up run is far off and not counted: it must not be what is flagged
    chosen.put("warmup-1", 100.0);
    List<SweepRun.Planned> planned = new ArrayList<>();
    Host host = new Host.Local(1);
    planned.add(new SweepRun.Planned("warmup-1", 1, plan(host, dir.resolve("warmup/warmup-1")), false, false, null,
        false, null, true));
    for (int r = 1; r <= throughputs.size(); r++) {
      String name = String.format("%02d-run-r%d", r, r);
      chosen.put(name, throughputs.get(r - 1));
      planned.add(new SweepRun.Planned(name, 1, plan(host, dir.resolve("steps").resolve(name)), false,
          r == throughputs.size()));
    }
    ExperimentManifest.Plan plan = ExperimentManifest.Plan.builder().kind(SweepRun.REPEAT).binding("basic")
        .axis("run").values(List.of(1L)).workloadFiles(List.of()).properties(Map.of()).hosts(List.of("local"))
        .threads(1).slos(List.of()).repeat(throughputs.size()).earlyStop("none: every repetition runs")
        .warmupRounds(1).build();
    int status = new SweepRun(new ExperimentBundle(dir), plan, planned, List.of(), new ChosenSteps(chosen, null),
        Map.of(), new PrintStream(printed, true, StandardCharsets.UTF_8)).run(null);
    assertEquals(0, status, printed::toString);
    return ExperimentBundle.read(dir).orElseThrow().statements();
  }

  private static RunPlan plan(Host host, Path out) {
    return new RunPlan(Phase.RUN, "basic", List.of(host),
        List.of(new ClientPlan(0, "01-local1", host, 1, 0, 1000, "all", Map.of())), Map.of(), out, List.of(),
        List.of());
  }
}
