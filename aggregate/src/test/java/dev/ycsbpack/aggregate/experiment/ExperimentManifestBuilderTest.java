package dev.ycsbpack.aggregate.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The experiment manifest's builders make the records its constructors make, and manifest.json stays what it was:
 * the components in their order, nothing of the builders in it.
 */
class ExperimentManifestBuilderTest {
  private static final StepFigures FIGURES = new StepFigures(1000, 0.001, Map.of("READ", Map.of("99", 100L)), null,
      Map.of("h", 0.5), false, Map.of(), "w=1");
  private static final ExperimentManifest.Step STEP = new ExperimentManifest.Step(1, "01-threads-4", 4,
      "steps/01-threads-4", "steps/01-threads-4/merged/report.html", "COMPLETE", "none", "t0", "t1", FIGURES, 500L,
      true);
  private static final ExperimentManifest.Plan PLAN = new ExperimentManifest.Plan("ab", "mongodb", "arm",
      List.of(1L, 2L), List.of("workloads/w"), Map.of("recordcount", "10"), List.of("local"), 2, 8, 1000,
      List.of("READ.p99<=5ms"), true, 3, "none", List.of("w=1"), 1,
      List.of(new ExperimentManifest.Arm("A", Map.of(), List.of())), List.of("a value dropped"), "READ.p99");
  private static final ExperimentManifest FULL = new ExperimentManifest(ExperimentManifest.SCHEMA, "PARTIAL", "why",
      PLAN, Map.of("server.product", "MongoDB"), "t0", "t1", List.of(STEP),
      Answers.builder().best(4.0).bestThroughput(1000.0).latencyKnee(4.0).steps(1).build(), List.of(),
      List.of("a statement"), null,
      new ExperimentManifest.Maximum("00-probe", 2000), new ExperimentManifest.Compared("c.md", "c.json"));

  @Test
  void theBuildersMakeWhatTheConstructorsMake() {
    assertEquals(STEP, ExperimentManifest.Step.builder().order(1).name("01-threads-4").x(4).bundle("steps/01-threads-4")
        .report("steps/01-threads-4/merged/report.html").verdict("COMPLETE").reason("none").startedAt("t0")
        .endedAt("t1").figures(FIGURES).target(500L).warmup(true).build());
    assertEquals(PLAN, ExperimentManifest.Plan.builder().kind("ab").binding("mongodb").axis("arm")
        .values(List.of(1L, 2L)).workloadFiles(List.of("workloads/w")).properties(Map.of("recordcount", "10"))
        .hosts(List.of("local")).clientsPerHost(2).threads(8).target(1000).slos(List.of("READ.p99<=5ms")).load(true)
        .repeat(3).earlyStop("none").writeConcerns(List.of("w=1")).warmupRounds(1).arms(PLAN.arms())
        .notes(List.of("a value dropped")).primary("READ.p99").build());
    assertEquals(FULL, ExperimentManifest.builder().status("PARTIAL").reason("why").plan(PLAN)
        .environment(FULL.environment()).startedAt("t0").endedAt("t1").steps(List.of(STEP)).answers(FULL.answers())
        .repetitions(List.of()).statements(List.of("a statement")).maximum(FULL.maximum())
        .comparison(FULL.comparison()).build());
    assertEquals(FULL, FULL.toBuilder().build());
    assertEquals(PLAN, PLAN.toBuilder().build());
    assertEquals(STEP, STEP.toBuilder().build());
  }

  /** What a builder leaves unset is what it says: the schema, one client per host, one run of each value. */
  @Test
  void theStatedDefaults() {
    ExperimentManifest.Plan plan = ExperimentManifest.Plan.builder().build();
    assertEquals(new ExperimentManifest.Plan(null, null, null, null, null, null, null, 1, 0, 0, null, false, 1, null,
        null, null, null, null, null), plan);
    assertEquals(ExperimentManifest.SCHEMA, ExperimentManifest.builder().build().schema());
    assertEquals(new ExperimentManifest.Step(0, null, 0, null, null, null, null, null, null, null, null, null),
        ExperimentManifest.Step.builder().build());
  }

  @Test
  void manifestJsonHoldsTheComponentsInTheirOrderAndNothingElse() throws Exception {
    JsonNode tree = new ObjectMapper().readTree(FULL.toBuilder().build().json());

    assertEquals(List.of("schema", "status", "reason", "plan", "environment", "startedAt", "endedAt", "steps",
        "answers", "repetitions", "statements", "maximum", "comparison"), fields(tree));
    assertEquals(components(ExperimentManifest.Plan.class), fields(tree.get("plan")));
    assertEquals(components(ExperimentManifest.Step.class), fields(tree.get("steps").get(0)));
  }

  private static List<String> fields(JsonNode node) {
    List<String> out = new ArrayList<>();
    node.fieldNames().forEachRemaining(out::add);
    return out;
  }

  private static List<String> components(Class<? extends Record> type) {
    return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
  }
}
