package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb-coordinator with two local clients: the summed not-found counts lead the summary line and the manifest,
 * fail the run past the budget, and with {@code -target} the intended latency is recorded and quoted first.
 */
class CoordinatorVerdictIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  @Test
  void notFoundLeadsTheSummaryAndManifestAndFailsPastTheBudgetAndIntendedLatencyLeadsUnderATarget()
      throws Exception {
    String workload = YcsbRun.readMostly().toString();
    YcsbRun.run(work, concat("load", "mongodb", fresh.pointAt(), "-P", workload, "-p", "recordcount=200"))
        .assertSucceeded();
    // 200 loaded, 300 read uniformly: about a third of the reads find nothing
    List<String> args = new ArrayList<>(List.of("run", "mongodb", "-P", workload));
    args.addAll(List.of(fresh.pointAt()));
    args.addAll(List.of("-p", "recordcount=300", "-p", "operationcount=600", "-p", "readproportion=1",
        "-p", "updateproportion=0", "-p", "requestdistribution=uniform", "-threads", "2", "-target", "400",
        "--hosts", "local,local", "--quiet"));

    Path allowed = work.resolve("allowed");
    List<String> within = new ArrayList<>(args);
    within.addAll(List.of("-p", "ycsbpack.maxnotfoundrate=60", "--out", allowed.toString()));
    Coordinator ok = Coordinator.run(work, List.of(), within);
    assertEquals(0, ok.exitCode(), ok::describe);
    JsonNode manifest = Coordinator.manifest(allowed);
    assertEquals("COMPLETE", manifest.get("status").asText(), manifest::toPrettyString);
    String lead = manifest.get("lead").asText();
    assertTrue(lead.startsWith("NOT FOUND: ") && lead.contains(" of 600 READ ("), lead);
    List<String> fields = new ArrayList<>();
    manifest.fieldNames().forEachRemaining(fields::add);
    assertEquals("lead", fields.get(0).equals("note") ? fields.get(1) : fields.get(0), "the lead comes first");
    String line = ok.stdout().lines().filter(l -> l.startsWith("run COMPLETE: ")).findFirst().orElseThrow();
    assertTrue(line.startsWith("run COMPLETE: " + lead + "; 2 clients on this machine"), ok::describe);
    String writeConcern = manifest.get("server").get("server.writeConcern").asText();
    assertTrue(line.contains(" ops/s; write concern " + writeConcern + "; "), line);
    JsonNode merged = new ObjectMapper().readTree(allowed.resolve("merged/merged.json").toFile());
    assertEquals(lead, merged.get("overall").get("lead").asText());
    assertTrue(merged.get("warnings").get(0).asText().equals(lead), merged.get("warnings")::toString);
    // -target: intended latency recorded without measurement.interval=both, and quoted first
    JsonNode read = merged.get("operations").get(0);
    assertEquals("READ", read.get("name").asText());
    assertNotNull(read.get("intendedLatencyUs").get("percentiles").get("99"), read::toPrettyString);
    assertTrue(line.contains("READ intended p50 ") && line.contains("(service p99 "), line);
    assertTrue(Files.readString(allowed.resolve("clients/01-local1/client.properties"))
        .contains("measurement.interval=both"));

    Path failed = work.resolve("failed");
    List<String> strict = new ArrayList<>(args);
    strict.addAll(List.of("--out", failed.toString()));
    Coordinator bad = Coordinator.run(work, List.of(), strict);
    assertEquals(1, bad.exitCode(), bad::describe);
    JsonNode failedManifest = Coordinator.manifest(failed);
    assertEquals("FAILED", failedManifest.get("status").asText(), failedManifest::toPrettyString);
    assertTrue(failedManifest.get("reason").asText().contains("READ operations returned NOT_FOUND"),
        failedManifest::toPrettyString);
    assertTrue(failedManifest.get("lead").asText().startsWith("NOT FOUND: "), failedManifest::toPrettyString);
    assertTrue(bad.stderr().contains("ycsb-coordinator: " + failedManifest.get("lead").asText() + "\n"
        + "ycsb-coordinator: FAILED: "), bad::describe);
  }
}
