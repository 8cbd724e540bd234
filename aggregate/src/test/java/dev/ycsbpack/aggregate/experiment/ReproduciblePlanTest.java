package dev.ycsbpack.aggregate.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.PackVersion;
import dev.ycsbpack.common.Redactor;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduciblePlanTest {
  @TempDir
  Path dir;

  private static ReproduciblePlan bundlePlan(Map<String, String> properties) {
    return ReproduciblePlan.builder().tool(ReproduciblePlan.COORDINATOR).kind("run").binding("mongodb")
        .properties(ReproduciblePlan.recorded(properties, Redactor.of(properties))).hosts(List.of("local", "local"))
        .clientsPerHost(1).clients(2).threads(4).target(100).readyTimeoutSeconds(120L).stallTimeoutSeconds(60L)
        .concerns(Map.of("server.writeConcern", "w=majority")).build();
  }

  @Test
  void aBundlesPlanReadsBackFieldByField() throws IOException {
    ReproduciblePlan p = bundlePlan(Map.of("workload", "site.ycsb.workloads.CoreWorkload", "recordcount", "1000",
        "operationcount", "2000", "mongodb.url", "mongodb://db1:27017/ycsb"));
    p.write(dir);
    ReproduciblePlan back = ReproduciblePlan.read(dir).orElseThrow();
    assertEquals(p, back);
    assertEquals(ReproduciblePlan.SCHEMA, back.schema());
    assertEquals(1, back.schemaVersion());
    assertEquals(PackVersion.current().version(), back.packVersion());
    assertEquals(PackVersion.current().build(), back.packBuild());
    assertEquals(Map.of("workload", "site.ycsb.workloads.CoreWorkload", "recordcount", "1000", "operationcount",
        "2000"), back.properties(), "the effective properties, without the URL");
  }

  @Test
  void anExperimentsPlanKeepsItsStepsAndRecordsWhatEachArmRanWithBeyondTheShared() throws IOException {
    ExperimentManifest.Plan plan = ExperimentManifest.Plan.builder().kind("ab").binding("mongodb").axis("arm")
        .values(List.of(1L, 2L)).workloadFiles(List.of("workloads/read95-update5"))
        .properties(Map.of("workload", "W", "mongodb.url", "mongodb://u:pw@db1/ycsb")).hosts(List.of("h1", "h2"))
        .clientsPerHost(2).threads(8).repeat(6).warmupRounds(1).primary("READ.p99")
        .arms(List.of(new ExperimentManifest.Arm("w1", Map.of("mongodb.w", "1"), List.of("a.properties")),
            new ExperimentManifest.Arm("maj", Map.of("mongodb.w", "majority"), List.of())))
        .build();
    // as the arms ran: w1's file set fieldcount=1, and mongodb.w=0, which its -p replaced; both share the URL
    String url = "mongodb://u:pw@db1/ycsb?w=1";
    Map<String, Map<String, String>> runs = Map.of("w1", Map.of("workload", "W", "fieldcount", "1", "mongodb.w", "1",
        "mongodb.url", url), "maj", Map.of("workload", "W", "mongodb.w", "majority", "mongodb.url", url));
    ReproduciblePlan p = ReproduciblePlan.ofExperiment(plan, runs, Redactor.of(plan.properties()));
    p.write(dir);
    ReproduciblePlan back = ReproduciblePlan.read(dir).orElseThrow();
    assertEquals(p, back);
    assertEquals("ab", back.kind());
    assertEquals(4, back.clients());
    ExperimentManifest.Plan e = back.experiment();
    assertEquals(List.of(1L, 2L), e.values());
    assertEquals(6, e.repeat());
    assertEquals(1, e.warmupRounds());
    assertEquals("READ.p99", e.primary());
    assertEquals(Map.of("workload", "W"), e.properties());
    assertEquals(Map.of("fieldcount", "1", "mongodb.w", "1"), e.arms().get(0).properties(),
        "what the arm ran with beyond the shared: its file's fieldcount, its -p's w");
    assertEquals(Map.of("mongodb.w", "majority"), e.arms().get(1).properties());
    ReproduciblePlan ownOnly = ReproduciblePlan.ofExperiment(plan, Map.of(), Redactor.of(plan.properties()));
    assertEquals(Map.of("mongodb.w", "1"), ownOnly.experiment().arms().get(0).properties(),
        "without its runs' properties an arm keeps its own -p");
  }

  @Test
  void noSecretReachesTheFile() throws IOException {
    for (String secret : AwkwardStrings.passwords(20261207L, 30)) {
      if (secret.strip().length() < 8) {
        continue; // short values are masked only as whole tokens, and would match ordinary JSON text here
      }
      Map<String, String> props = new LinkedHashMap<>();
      props.put("workload", "W");
      props.put("mongodb.url", "mongodb://user:" + URLEncoder.encode(secret, StandardCharsets.UTF_8) + "@db1/ycsb");
      props.put("mongodb.password", secret);
      props.put("mongodb.tls.keyStorePassword", secret);
      bundlePlan(props).write(dir);
      String text = Files.readString(dir.resolve(ReproduciblePlan.FILE));
      assertFalse(text.contains(secret), () -> "the secret " + secret + " is in " + text);
      assertFalse(text.contains(URLEncoder.encode(secret, StandardCharsets.UTF_8)), text);
      assertFalse(text.contains("db1"), "the URL is not part of the plan: " + text);
      assertTrue(text.contains(Redactor.MASK), text);
    }
  }

  @Test
  void anotherFileOrNoneIsNoPlan() throws IOException {
    assertEquals(Optional.empty(), ReproduciblePlan.read(dir));
    Files.writeString(dir.resolve(ReproduciblePlan.FILE), "{\"schema\": \"ycsb-experiment/v1\"}");
    assertEquals(Optional.empty(), ReproduciblePlan.read(dir));
    Files.writeString(dir.resolve(ReproduciblePlan.FILE), "{\"schema\": \"ycsb-plan/v7\", \"later\": {\"x\": 1}}");
    assertEquals(7, ReproduciblePlan.read(dir).orElseThrow().schemaVersion(), "a newer plan is read, to refuse it");
  }
}
