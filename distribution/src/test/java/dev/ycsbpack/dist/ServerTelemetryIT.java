package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.testkit.ProxiedServer;
import dev.ycsbpack.testkit.FerretDbServer;
import dev.ycsbpack.testkit.ServerStatusScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb --out}: the server's series beside the client folder, sampled through a proxy that answers
 * serverStatus with the opcounters of the traffic it forwarded, and the opcounter self-check in the verdict.
 */
class ServerTelemetryIT {
  @TempDir
  Path work;
  @RegisterExtension
  final ProxiedServer proxied = new ProxiedServer();

  private String[] workload(String table) {
    return concat("-P", YcsbRun.home().resolve("workloads/workloada").toString(), "-p", "mongodb.url="
        + proxied.proxy().connectionString() + "/" + Servers.DATABASE, "-p", "table=" + table, "-p", "recordcount=300",
        "-p", "status.interval=1");
  }

  @Test
  void anHonestRunWithAWarmUpWritesTheSeriesBeforeTheVerdictAndNoNote() throws Exception {
    proxied.proxy().onRequest(ServerStatusScript.countingTraffic());
    String table = Servers.newTable();
    Path out = work.resolve("load");
    // 2 threads x 100 warm-up inserts: counted by the server, not by YCSB, and well past the check's slack
    YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", workload(table), "-threads", "2", "-p",
        "mongodb.warmup=100", "--out", out.toString()));
    assertEquals(0, load.exitCode, load::describe);
    Path csv = out.resolve("telemetry/server.csv");
    Path json = out.resolve("telemetry/server.json");
    assertTrue(Files.isRegularFile(csv) && Files.isRegularFile(json), load::describe);
    assertTrue(Files.getLastModifiedTime(json).compareTo(Files.getLastModifiedTime(out.resolve(
        "verdict.properties"))) <= 0, "the series is written before the verdict");
    List<String> rows = Files.readAllLines(csv);
    int insert = Arrays.asList(rows.get(0).split(",")).indexOf("opcounters.insert [count]");
    assertTrue(insert > 0, rows.get(0));
    long first = Long.parseLong(rows.get(1).split(",", -1)[insert]);
    long last = Long.parseLong(rows.get(rows.size() - 1).split(",", -1)[insert]);
    assertEquals(500, last - first, "the server counted 300 inserts and 200 warm-up inserts\n" + load.describe());
    Map<String, String> verdict = PropertiesFiles.read(out.resolve("verdict.properties"));
    assertEquals("COMPLETE", verdict.get("status"));
    assertEquals("", verdict.get("reason"), "the warm-up is accounted for: no note");
    assertFalse(load.stderr.contains("note:"), load::describe);
    assertTrue(Files.readString(json).contains("\"samplerConnections\": \""), "the sampler's cost is recorded");
    assertTrue(Files.readString(json).contains("\"warmupInserts\": \"200\""), "the warm-up is recorded");
    // the report's self-check takes the recorded warm-up off as the verdict's did
    YcsbRun merge = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(), "merge",
        out.toString(), "-o", work.resolve("merged").toString());
    assertEquals(0, merge.exitCode, merge::describe);
    String check = Files.readAllLines(work.resolve("merged/merged.txt")).stream()
        .filter(l -> l.startsWith("# Self-check")).findFirst().orElseThrow();
    assertTrue(check.contains("they agree") && check.contains("opcounters.insert 300 vs 300"), check);

    int asked = (int) proxied.proxy().messages("serverStatus");
    Path off = work.resolve("off");
    YcsbRun quiet = YcsbRun.run(work, concat("run", "mongodb", workload(table), "-p", "operationcount=100",
        "--no-telemetry", "--out", off.toString()));
    assertEquals(0, quiet.exitCode, quiet::describe);
    assertFalse(Files.exists(off.resolve("telemetry")), "--no-telemetry samples nothing");
    // the binding's start-up check asks serverStatus once for the server's facts; the sampler would ask twice more
    assertEquals(asked + 1, proxied.proxy().messages("serverStatus"),
        "--no-telemetry: only the binding's own serverStatus");
  }

  /**
   * FerretDB, a real server process, answers serverStatus with none of the sampled figures: each is "not reported by
   * this server" in the notes and an empty cell, never 0, and there is no self-check to note.
   */
  @Test
  void aServerReportingNoneOfTheFiguresGivesNotReportedNeverZero() throws Exception {
    Path out = work.resolve("ferret-load");
    YcsbRun load;
    try (FerretDbServer ferret = FerretDbServer.startSqlite(Files.createDirectories(work.resolve("ferret")))) {
      load = YcsbRun.run(work, "load", "mongodb", "-P", YcsbRun.home().resolve("workloads/workloada").toString(),
          "-p", "mongodb.url=mongodb://127.0.0.1:" + ferret.port() + "/" + Servers.DATABASE, "-p", "table="
              + Servers.newTable(),
          "-p", "recordcount=50", "--out", out.toString());
    }
    assertEquals(0, load.exitCode, load::describe);
    String json = Files.readString(out.resolve("telemetry/server.json"));
    for (String group : List.of("opcounters", "wiredTiger.cache", "mem")) {
      assertTrue(json.contains("\"" + group + ": not reported by this server\""), json);
    }
    List<String> rows = Files.readAllLines(out.resolve("telemetry/server.csv"));
    int insert = Arrays.asList(rows.get(0).split(",")).indexOf("opcounters.insert [count]");
    assertTrue(insert > 0 && rows.size() >= 3, rows::toString);
    for (String row : rows.subList(1, rows.size())) {
      assertEquals("", row.split(",", -1)[insert], "not reported is an empty cell, never 0: " + row);
    }
    assertFalse(load.stderr.contains("note:"), load::describe);
  }

  @Test
  void queriesTheClientsDidNotMakeAreANoteNeverAFailure() throws Exception {
    String table = Servers.newTable();
    YcsbRun.run(work, concat("load", "mongodb", workload(table))).assertSucceeded();
    proxied.proxy().onRequest(ServerStatusScript.countingTraffic().extraQueries(400));
    Path out = work.resolve("run");
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", workload(table), "-p", "operationcount=400",
        "--out", out.toString()));
    assertEquals(0, run.exitCode, run::describe);
    Map<String, String> verdict = PropertiesFiles.read(out.resolve("verdict.properties"));
    assertEquals("COMPLETE", verdict.get("status"));
    String reason = verdict.get("reason");
    assertTrue(reason.startsWith("note: the server counted other operations than the clients: opcounters.query "),
        reason);
    List<String> lines = run.stderr.lines().toList();
    assertEquals("bin/ycsb: " + reason, lines.get(lines.size() - 1), "the note is the last line");
  }

  @Test
  void aUserWithoutClusterMonitorGetsOneLineAndACompleteRun() throws Exception {
    String table = Servers.newTable();
    proxied.proxy().onRequest(ServerStatusScript.refusing());
    Path out = work.resolve("load");
    YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", workload(table), "--out", out.toString()));
    assertEquals(0, load.exitCode, load::describe);
    List<String> refusals = load.stderr.lines().filter(l -> l.contains("refused")).toList();
    assertEquals(1, refusals.size(), load::describe);
    assertTrue(refusals.get(0).startsWith("bin/ycsb: warning: serverStatus refused by the server (Unauthorized, "
        + "code 13"), refusals.get(0));
    assertEquals("COMPLETE", PropertiesFiles.read(out.resolve("verdict.properties")).get("status"));
    assertTrue(Files.readString(out.resolve("telemetry/server.json")).contains("clusterMonitor"));
  }

  @Test
  void aCoordinatedRunIsSampledByTheCoordinatorAloneAndChecked() throws Exception {
    String table = Servers.newTable();
    YcsbRun.run(work, concat("load", "mongodb", workload(table))).assertSucceeded();
    ServerStatusScript counting = ServerStatusScript.countingTraffic();
    proxied.proxy().onRequest(counting);
    // warm-ups of 2 x 2 x 100 inserts: before the release, so outside the sampled window
    Path honest = work.resolve("honest");
    Coordinator c = Coordinator.run(work, List.of(), coordinated(table, honest, "-p", "mongodb.warmup=100"));
    assertEquals(0, c.exitCode(), c::describe);
    assertTrue(Files.isRegularFile(honest.resolve("telemetry/server.csv")), c::describe);
    assertTrue(Files.isRegularFile(honest.resolve("telemetry/server.json")), c::describe);
    for (String client : List.of("01-local1", "02-local2")) {
      assertFalse(Files.exists(honest.resolve("clients").resolve(client).resolve("telemetry")), "clients under "
          + "--control sample nothing");
    }
    assertTrue(Coordinator.manifest(honest).path("reason").isMissingNode(), c::describe);
    assertEquals("COMPLETE", Coordinator.manifest(honest).path("status").asText());

    proxied.proxy().onRequest(counting.extraQueries(400));
    Path noted = work.resolve("noted");
    c = Coordinator.run(work, List.of(), coordinated(table, noted));
    assertEquals(0, c.exitCode(), c::describe);
    String reason = Coordinator.manifest(noted).path("reason").asText();
    assertTrue(reason.startsWith("note: the server counted other operations than the clients: opcounters.query "),
        c::describe);
    assertEquals("COMPLETE", Coordinator.manifest(noted).path("status").asText());
    assertTrue(c.stdout().lines().toList().contains(reason), c::describe);

    Path off = work.resolve("off");
    c = Coordinator.run(work, List.of(), coordinated(table, off, "--no-telemetry"));
    assertEquals(0, c.exitCode(), c::describe);
    assertFalse(Files.exists(off.resolve("telemetry")), "--no-telemetry samples nothing");
  }

  private List<String> coordinated(String table, Path bundle, String... more) {
    return List.of(concat("run", "mongodb", workload(table), "-p", "operationcount=400", "-threads", "4",
        "--hosts", "local,local", "--quiet", "--out", bundle.toString(), more));
  }
}
