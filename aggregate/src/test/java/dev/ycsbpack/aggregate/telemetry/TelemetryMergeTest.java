package dev.ycsbpack.aggregate.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Telemetry;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.telemetry.OpcounterCheck;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The series beside the clients, kept in the merge result and summarised in merged.json's telemetry section. */
class TelemetryMergeTest {
  static final long T = TelemetryRun.T;

  @TempDir
  Path dir;

  static Path client(Path dir) throws Exception {
    return TelemetryRun.client(dir);
  }

  static Series server() {
    return TelemetryRun.server();
  }

  @Test
  void aClientFoldersServerSeriesIsSummarisedInsideTheWindowAndChecked() throws Exception {
    Path c0 = client(dir.resolve("c0"));
    TelemetryFiles.write(c0, server());

    MergeResult r = Aggregate.merge(List.of(c0), MergeOptions.builder().warmupSeconds(2).build());

    Telemetry t = r.telemetry();
    assertEquals(1, t.series().size());
    assertEquals("c0", t.series().get(0).client());
    assertEquals(List.of("c0"), t.series().get(0).checkedClients());
    JsonNode s = mergedJson(r).path("telemetry").path("series").get(0);
    assertEquals("server", s.path("source").asText());
    assertEquals("c0", s.path("client").asText());
    assertEquals("db1:27017", s.path("identity").path("host").asText());
    assertEquals(5, s.path("samples").asInt());
    assertEquals(3, s.path("samplesInWindow").asInt(), "T+5, T+10, T+15 s lie in the window T+2 s to T+20 s");
    JsonNode mem = s.path("columns").path("mem.resident");
    assertEquals("MiB", mem.path("unit").asText());
    assertEquals(100.0, mem.path("min").asDouble());
    assertEquals(200.0, mem.path("median").asDouble());
    assertEquals(300.0, mem.path("max").asDouble());
    assertEquals(200.0, mem.path("last").asDouble());
    JsonNode cache = s.path("columns").path("wiredTiger.cache.bytes");
    for (String f : List.of("min", "median", "max", "last")) {
      assertTrue(cache.has(f) && cache.path(f).isNull(), "not reported is null, never 0: " + cache);
    }
    assertEquals("wiredTiger.cache.bytes: not reported by this server", s.path("notes").get(0).asText());
    JsonNode check = s.path("opcounterCheck");
    assertEquals("opcounters.query", check.path("rows").get(0).path("counter").asText());
    assertEquals(2000, check.path("rows").get(0).path("server").asLong());
    assertEquals(2000, check.path("rows").get(0).path("clients").asLong());
    assertEquals(4000, check.path("rows").get(1).path("server").asLong());
    assertEquals(1000, check.path("rows").get(1).path("clients").asLong());
    assertEquals("+300.0%", check.path("rows").get(1).path("relative").asText());
    assertTrue(check.path("note").asText().contains("opcounters.update 4000 vs 1000"), check.toString());
    // compare, publish and the experiments read merged.json back with the same mapping
    Path out = Files.createTempDirectory(dir, "json");
    Aggregate.write(r, out, EnumSet.of(OutputFormat.JSON));
    MergedJson back = MergedJson.MAPPER.readValue(out.resolve("merged.json").toFile(), MergedJson.class);
    assertEquals(300.0, back.telemetry().series().get(0).columns().get("mem.resident").max());
    assertEquals(null, back.telemetry().series().get(0).columns().get("wiredTiger.cache.bytes").max());
    assertEquals("+300.0%", back.telemetry().series().get(0).opcounterCheck().rows().get(1).relative());
  }

  @Test
  void aBundlesOwnSeriesAreReadWhenItsClientsAreMergedAndThoseOutsideTheWindowLeftOut() throws Exception {
    Path bundle = dir.resolve("bundle");
    client(bundle.resolve("clients").resolve("c0"));
    client(bundle.resolve("clients").resolve("c1"));
    Files.writeString(bundle.resolve("manifest.json"), "{\"status\": \"COMPLETE\"}");
    TelemetryFiles.write(bundle, server());
    TelemetryFiles.write(bundle, KnownSeries.of("host-old", T - 99_000, T - 90_000)
        .column("cpu.user", "%", 1.0, 2.0).build());

    MergeResult r = Aggregate.merge(List.of(bundle.resolve("clients")), MergeOptions.defaults());

    Telemetry t = r.telemetry();
    assertEquals(List.of("server"), t.series().stream().map(s -> s.series().source()).toList());
    assertEquals("", t.series().get(0).client());
    assertEquals(List.of("c0", "c1"), t.series().get(0).checkedClients());
    assertEquals(1, t.notes().size());
    assertTrue(t.notes().get(0).startsWith("telemetry host-old was sampled from "), t.notes().get(0));
    JsonNode json = mergedJson(r).path("telemetry");
    assertFalse(json.path("series").get(0).has("client"), "a bundle's own series names no client");
    assertEquals(2000, json.path("series").get(0).path("opcounterCheck").path("rows").get(1).path("clients")
        .asLong(), "both clients' updates");
  }

  @Test
  void theTextAndMarkdownSayEachSeriesInOneLineAndTheSelfCheck() throws Exception {
    Path c0 = client(dir.resolve("c0"));
    TelemetryFiles.write(c0, server());
    TelemetryFiles.write(c0, KnownSeries.of("host-db1", T + 1_000, T + 6_000, T + 11_000)
        .column("cpu.user", "%", null, 20.0, 30.0).column("cpu.steal", "%", null, 0.0, 2.5)
        .notReported("disk.sda.busy", "%").build());
    MergeResult r = Aggregate.merge(List.of(c0), MergeOptions.builder().warmupSeconds(2).build());
    Path out = dir.resolve("out");
    Aggregate.write(r, out, EnumSet.of(OutputFormat.TXT, OutputFormat.MD));

    String server = "Telemetry server (client c0): host db1:27017, version 7.0.14; 3 of 5 samples in the window; "
        + "mem.resident max 300 MiB; 1 of 4 figures not reported by this server.";
    String host = "Telemetry host-db1 (client c0): 2 of 3 samples in the window; cpu.user median 25 %, "
        + "cpu.steal median 1.3 %; 1 of 3 figures not reported by this host.";
    String check = "Self-check (server (client c0) opcounters against the clients' operations): the server counted "
        + "other operations than the clients: opcounters.update 4000 vs 1000 UPDATE+READ-MODIFY-WRITE (+300.0%) "
        + "(another client, a retrying proxy, or another database?).";
    List<String> txt = Files.readAllLines(out.resolve("merged.txt"));
    assertTrue(txt.containsAll(List.of("# " + server, "# " + host, "# " + check)), String.join("\n", txt));
    List<String> md = Files.readAllLines(out.resolve("merged.md"));
    assertTrue(md.containsAll(List.of("- " + server, "- " + host, "- " + check)), String.join("\n", md));
  }

  @Test
  void anAgreeingSelfCheckSaysSoWithTheCounts() throws Exception {
    Path c0 = client(dir.resolve("c0"));
    TelemetryFiles.write(c0, KnownSeries.of("server", T - 500, T + 20_500)
        .column("opcounters.query", "count", 0.0, 2030.0).column("opcounters.update", "count", 0.0, 1000.0).build());
    Aggregate.write(Aggregate.merge(List.of(c0), MergeOptions.defaults()), dir.resolve("out"),
        EnumSet.of(OutputFormat.TXT));
    assertTrue(Files.readAllLines(dir.resolve("out").resolve("merged.txt")).contains("# Self-check (server (client "
        + "c0) opcounters against the clients' operations): they agree within 2% or 50 operations: opcounters.query "
        + "2,030 vs 2,000 (+1.5%); opcounters.update 1,000 vs 1,000 (+0.0%)."));
  }

  /** Each of several mongos routes a part of the clients' operations: the self-check sums their counters. */
  @Test
  void severalMongosAreCheckedTogetherWithTheirCountersSummed() throws Exception {
    Path c0 = client(dir.resolve("c0"));
    TelemetryFiles.write(c0, KnownSeries.of("server-a_27017", T - 500, T + 20_500)
        .column("opcounters.query", "count", 0.0, 1200.0).column("opcounters.update", "count", 0.0, 400.0).build());
    TelemetryFiles.write(c0, KnownSeries.of("server-b_27017", T - 400, T + 20_600)
        .column("opcounters.query", "count", 0.0, 800.0).column("opcounters.update", "count", 0.0, 600.0).build());
    MergeResult r = Aggregate.merge(List.of(c0), MergeOptions.defaults());
    Aggregate.write(r, dir.resolve("out"), EnumSet.of(OutputFormat.TXT));
    List<String> checks = Files.readAllLines(dir.resolve("out").resolve("merged.txt")).stream()
        .filter(l -> l.startsWith("# Self-check")).toList();
    assertEquals(List.of("# Self-check (opcounters summed over 2 mongos, server-a_27017, server-b_27017 (client c0) "
        + "against the clients' operations): they agree within 2% or 50 operations: opcounters.query 2,000 vs 2,000 "
        + "(+0.0%); opcounters.update 1,000 vs 1,000 (+0.0%)."), checks);
    JsonNode series = mergedJson(r).path("telemetry").path("series");
    JsonNode check = series.get(0).path("opcounterCheck");
    assertEquals("server-a_27017", series.get(0).path("source").asText());
    assertEquals("[\"server-a_27017\",\"server-b_27017\"]", check.path("summedOver").toString());
    assertEquals(2000, check.path("rows").get(0).path("server").asLong());
    assertFalse(series.get(1).has("opcounterCheck"), "one check for the two");
  }

  /** bin/ycsb --out records the binding's warm-up inserts beside the series: the merge takes them off too. */
  @Test
  void aFoldersRecordedWarmUpInsertsAreTakenOffTheServersInserts() throws Exception {
    Path c0 = dir.resolve("c0");
    SyntheticClients.writeClient(c0, T, 1000, TelemetryRun.INTERVALS, List.of("INSERT"), (op, k) -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(500, 50);
      return h;
    }, SyntheticClients.baseProperties());
    Series server = KnownSeries.of("server", T - 500, T + 20_500).column("opcounters.insert", "count", 0.0, 1200.0)
        .build();
    TelemetryFiles.write(c0, server.withIdentity(OpcounterCheck.WARMUP_INSERTS, "200"));
    JsonNode check = mergedJson(Aggregate.merge(List.of(c0), MergeOptions.defaults())).path("telemetry")
        .path("series").get(0).path("opcounterCheck");
    assertEquals(1000, check.path("rows").get(0).path("server").asLong(), "1200 less the 200 warm-up: " + check);
    assertEquals(1000, check.path("rows").get(0).path("clients").asLong(), check::toString);
    assertTrue(check.path("note").isNull() || check.path("note").isMissingNode(), check::toString);
  }

  /** YCSB times a read-modify-write's read and update as a READ and an UPDATE too: the RMW is not counted again. */
  @Test
  void aReadModifyWriteIsCountedOnceAsItsReadAndItsUpdate() throws Exception {
    Path c0 = dir.resolve("c0");
    SyntheticClients.writeClient(c0, T, 1000, TelemetryRun.INTERVALS, List.of("READ", "UPDATE", "READ-MODIFY-WRITE"),
        (op, k) -> {
          Histogram h = new Histogram(3);
          h.recordValueWithCount(500, op.equals("READ") ? 100 : 50);
          return h;
        }, SyntheticClients.baseProperties());
    TelemetryFiles.write(c0, KnownSeries.of("server", T - 500, T + 20_500)
        .column("opcounters.query", "count", 0.0, 2000.0).column("opcounters.update", "count", 0.0, 1000.0).build());
    JsonNode check = mergedJson(Aggregate.merge(List.of(c0), MergeOptions.defaults())).path("telemetry")
        .path("series").get(0).path("opcounterCheck");
    assertEquals(2000, check.path("rows").get(0).path("clients").asLong(), check::toString);
    assertEquals(1000, check.path("rows").get(1).path("clients").asLong(), check::toString);
    assertFalse(check.path("note").asText().contains("other operations"), check::toString);
  }

  @Test
  void withoutTelemetryThereIsNoSection() throws Exception {
    MergeResult r = Aggregate.merge(List.of(client(dir.resolve("c0"))), MergeOptions.defaults());
    assertTrue(r.telemetry().isEmpty());
    assertFalse(mergedJson(r).has("telemetry"));
  }

  static JsonNode mergedJson(MergeResult r) throws Exception {
    Path out = Files.createTempDirectory("merged");
    Aggregate.write(r, out, EnumSet.of(OutputFormat.JSON));
    return new ObjectMapper().readTree(out.resolve("merged.json").toFile());
  }
}
