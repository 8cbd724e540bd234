package dev.ycsbpack.experiment.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An A/B experiment through {@link SweepRun}'s loop with runs whose throughput the test chooses: the ABBA order, the
 * warm-up round run first and kept out of every spread and of the comparison, and the comparison written, recorded and
 * summed up.
 */
class AbRunTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  @Test
  void armsRunInAbbaOrderAfterAnUncountedWarmUpAndAreCompared() throws Exception {
    // the warm-up runs are far off (a cold server): counted, they would move B's median and the verdict's spread
    Map<String, Double> t = new LinkedHashMap<>();
    t.put("warmup-1-A", 10.0);
    t.put("warmup-1-B", 90_000.0);
    List<Double> a = List.of(1000.0, 1010.0, 990.0, 1005.0);
    List<Double> b = List.of(500.0, 505.0, 495.0, 502.0);
    List<String> names = List.of("01-A-r1", "02-B-r1", "03-B-r2", "04-A-r2", "05-A-r3", "06-B-r3", "07-B-r4",
        "08-A-r4");
    int ia = 0;
    int ib = 0;
    for (String n : names) {
      t.put(n, n.contains("-A-") ? a.get(ia++) : b.get(ib++));
    }
    ChosenSteps steps = new ChosenSteps(t, "mongo-java-server");

    assertEquals(0, run(steps, 4, 1, Map.of("target", "500")));

    assertEquals(List.copyOf(t.keySet()), steps.ran(), "warm-up first, then ABBA");
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    assertEquals("COMPLETE", m.status());
    for (ExperimentManifest.Step s : m.steps()) {
      boolean warm = s.name().startsWith("warmup-");
      assertEquals(warm ? Boolean.TRUE : null, s.warmup(), s.name());
      assertEquals(warm, s.bundle().startsWith("warmup/"), s.bundle());
      assertEquals(warm ? 0 : names.indexOf(s.name()) + 1, s.order(), s.name());
    }
    assertEquals(4, m.repetitions().get(0).throughput().n());
    assertEquals(1002.5, m.repetitions().get(0).throughput().median(), 1e-9);
    assertEquals(501.0, m.repetitions().get(1).throughput().median(), 1e-9, "B's warm-up is not counted");
    assertEquals(new ExperimentManifest.Compared("comparison.md", "comparison.json"), m.comparison());
    // the experiment's plan.json: its plan as the manifest holds it, for a reproduction
    ReproduciblePlan p = ReproduciblePlan.read(dir).orElseThrow();
    assertEquals(m.plan(), p.experiment());
    assertEquals(Map.of("target", "500"), p.experiment().arms().get(1).properties());

    JsonNode cmp = new ObjectMapper().readTree(dir.resolve("comparison.json").toFile());
    assertEquals(4, cmp.get("a").size());
    assertEquals(4, cmp.get("b").size());
    cmp.get("a").forEach(n -> assertTrue(n.asText().startsWith("steps/") && n.asText().contains("-A-r"), n::asText));
    cmp.get("b").forEach(n -> assertTrue(n.asText().startsWith("steps/") && n.asText().contains("-B-r"), n::asText));
    JsonNode throughput = overallThroughput(cmp);
    assertEquals("DIFFERS", throughput.get("verdict").asText(), throughput::toPrettyString);
    assertTrue(throughput.get("changePercent").asDouble() < -40, throughput::toPrettyString);

    String out = printed.toString(StandardCharsets.UTF_8);
    String md = Files.readString(dir.resolve("comparison.md"));
    assertTrue(out.contains(md.strip()), "the Markdown comparison is printed");
    for (String line : List.of("arms: A = A (the common command); B = B (target=500)",
        "order: 4 rounds in ABBA order (round 1: A B, round 2: B A, round 3: A B, ...)",
        "warm-up round: not counted (1 round in warmup/: warmup-1-A COMPLETE 10 ops/s, warmup-1-B COMPLETE 90,000",
        "arm A: throughput median 1,003 ops/s, 990-1,010", "arm B: throughput median 501 ops/s, 495-505",
        "Headline (primary figure, judged at 5%): overall throughput",
        "comparison: " + dir.resolve("comparison.md"))) {
      assertTrue(m.statements().stream().anyMatch(s -> s.startsWith(line)), line + "\n" + m.statements());
      assertTrue(out.contains(line), line + "\n" + out);
    }
    // the only operation is READ, so overall throughput and READ throughput are one figure, and the headline
    assertTrue(m.statements().stream().anyMatch(s -> s.startsWith("Headline (") && s.contains(" is 50% lower")
        && s.contains(": worse, beyond run-to-run noise")), m.statements()::toString);
    assertFalse(String.join("\n", m.statements()).contains("no verdict"), m.statements()::toString);

    assertTrue(md.contains("- NOT MongoDB: the clients measured mongo-java-server"), md);
  }

  @Test
  void identicalArmsAreCalledAnAaExperimentAndFewerThanFourRoundsGiveNoVerdict() throws Exception {
    Map<String, Double> t = new LinkedHashMap<>();
    List<String> names = List.of("01-A-r1", "02-B-r1", "03-B-r2", "04-A-r2", "05-A-r3", "06-B-r3");
    double[] tp = {1000, 100, 1010, 995, 1020, 90};
    for (int i = 0; i < names.size(); i++) {
      t.put(names.get(i), tp[i]);
    }
    ChosenSteps steps = new ChosenSteps(t, null);

    assertEquals(0, run(steps, 3, 0, Map.of()));

    assertEquals(names, steps.ran(), "no warm-up with --warmup-rounds 0");
    ExperimentManifest m = ExperimentBundle.read(dir).orElseThrow();
    String all = String.join("\n", m.statements());
    assertTrue(all.contains("(the same command: an A/A experiment"), all);
    assertFalse(all.contains("NOT MongoDB"), "no server product recorded, nothing to mark: " + all);
    assertTrue(all.contains("no warm-up round was run (--warmup-rounds 0)"), all);
    assertTrue(all.contains("no verdict: a verdict needs >= 4 complete rounds (runs per arm); this comparison has 3 of"
        + " A and 3 of B"), all);
    JsonNode throughput = overallThroughput(new ObjectMapper().readTree(dir.resolve("comparison.json").toFile()));
    assertEquals("TOO_FEW", throughput.get("verdict").asText(), "B's runs are 10x slower, but 3 rounds decide nothing");
  }

  @Test
  void anArmWithoutACompleteRunIsNotCompared() throws Exception {
    ExperimentManifest.Plan plan = plan(1, 0, Map.of());
    StepFigures figures = new StepFigures(1000, 0, Map.of(), Map.of(), Map.of(), false, Map.of(), null);
    List<ExperimentManifest.Step> steps = List.of(
        ExperimentManifest.Step.builder().order(1).name("01-A-r1").x(1).bundle("steps/01-A-r1").verdict("COMPLETE")
            .figures(figures).build(),
        ExperimentManifest.Step.builder().order(2).name("02-B-r1").x(2).bundle("steps/02-B-r1").verdict("FAILED")
            .reason("bad URL").build());
    ArmComparison.Result r = ArmComparison.write(dir, plan, steps, "PARTIAL");
    assertNull(r.compared());
    assertTrue(r.statements().contains("no comparison: arm B has no complete run"), r.statements()::toString);
    assertFalse(Files.exists(dir.resolve(ArmComparison.MARKDOWN)));
    List<String> interrupted = ArmComparison.write(dir, plan, steps, "INCOMPLETE").statements();
    assertTrue(interrupted.get(interrupted.size() - 1).startsWith("no comparison yet: the experiment was interrupted"),
        interrupted::toString);
  }

  private static JsonNode overallThroughput(JsonNode cmp) {
    for (JsonNode metric : cmp.get("metrics")) {
      if (metric.get("operation").asText().equals("OVERALL")
          && metric.get("metric").asText().startsWith("throughput")) {
        return metric;
      }
    }
    throw new AssertionError("no overall throughput row: " + cmp.toPrettyString());
  }

  private ExperimentManifest.Plan plan(int rounds, int warmupRounds, Map<String, String> bProperties) {
    return ExperimentManifest.Plan.builder().kind(SweepRun.AB).binding("basic").axis("arm").values(List.of(1L, 2L))
        .workloadFiles(List.of()).properties(Map.of()).hosts(List.of("local")).threads(1).slos(List.of())
        .repeat(rounds).earlyStop("none: every round runs").warmupRounds(warmupRounds)
        .arms(List.of(new ExperimentManifest.Arm("A", Map.of(), List.of()),
            new ExperimentManifest.Arm("B", bProperties, List.of())))
        .build();
  }

  private int run(ChosenSteps steps, int rounds, int warmupRounds, Map<String, String> bProperties) throws Exception {
    Host host = new Host.Local(1);
    List<SweepRun.Planned> planned = AbSteps.of(List.of("A", "B"), rounds, warmupRounds, dir,
        (arm, out) -> new RunPlan(Phase.RUN, "basic", List.of(host),
            List.of(new ClientPlan(0, "01-local1", host, 1, 0, 1000, "all", Map.of())), Map.of(), out, List.of(),
            List.of()));
    return new SweepRun(new ExperimentBundle(dir), plan(rounds, warmupRounds, bProperties), planned, List.of(), steps,
        Map.of(), new PrintStream(printed, true, StandardCharsets.UTF_8)).run(null);
  }
}
