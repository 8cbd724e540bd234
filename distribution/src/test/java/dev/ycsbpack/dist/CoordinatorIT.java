package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.hdr.CountsSidecar;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb-coordinator with local hosts (child processes) against the in-process server. */
class CoordinatorIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  /** The options every case shares: the workload, the in-process server and this test's collection. */
  private List<String> common() {
    return List.of("-P", YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=" + fresh.target().connectionString(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + fresh.table(), "-p", "recordcount=1000", "--quiet");
  }

  private static List<String> args(String phase, List<String> common, String... more) {
    List<String> a = new ArrayList<>(List.of(phase, "mongodb"));
    a.addAll(common);
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void loadThenRunSplitKeysExactlyAndMergeEveryClient() throws Exception {
    List<String> common = common();
    Coordinator dry = Coordinator.run(work, List.of(), args("load", common, "-threads", "4", "--hosts",
        "local,local", "--clients-per-host", "2", "--dry-run"));
    assertEquals(0, dry.exitCode(), dry::describe);
    for (String range : List.of("[0, 250)", "[250, 500)", "[500, 750)", "[750, 1000)")) {
      assertTrue(dry.stdout().contains(range), dry::describe);
    }

    Path load = work.resolve("load");
    Coordinator l = Coordinator.run(work, List.of(), args("load", common, "-threads", "4", "--hosts", "local,local",
        "-p", "mongodb.batchsize=50", "-p", "mongodb.w=majority", "-p", "mongodb.j=true", "--out", load.toString()));
    assertEquals(0, l.exitCode(), l::describe);
    assertTrue(l.stdout().contains(", 1,000 of 1,000 batched documents acknowledged"), l::describe);
    // the binding's INSERT-BATCH latencies are not operations: 1,000 documents are 1,000 operations, not 1,020
    JsonNode loadOverall = new ObjectMapper().readTree(load.resolve("merged/merged.json").toFile()).get("overall");
    assertEquals(1000, loadOverall.get("operations").asLong(), loadOverall::toPrettyString);
    assertEquals(1000, loadOverall.get("reportedOperations").asLong(), loadOverall::toPrettyString);
    JsonNode manifest = Coordinator.manifest(load);
    assertEquals("COMPLETE", manifest.get("status").asText(), manifest::toPrettyString);
    assertTrue(manifest.get("note").asText().startsWith("NOT MongoDB: the clients measured "),
        manifest::toPrettyString);
    // the write concern the clients sent, in the manifest and the report: w=1 and w=majority measure different things
    assertEquals("w=majority, j=true", manifest.get("server").get("server.writeConcern").asText(),
        manifest::toPrettyString);
    assertTrue(Files.readString(load.resolve("merged/merged.txt")).contains("write concern w=majority, j=true"));
    assertEquals(1000, fresh.countDocuments());
    assertEquals(500, manifest.get("clients").get(1).get("insertstart").asLong());

    Path run = work.resolve("run");
    Coordinator r = Coordinator.run(work, List.of(), args("run", common, "-threads", "4", "--hosts", "local,local",
        "-p", "operationcount=3000", "-p", "readproportion=0.7", "-p", "updateproportion=0.1",
        "-p", "insertproportion=0.2", "--out", run.toString()));
    assertEquals(0, r.exitCode(), r::describe);
    assertEquals("COMPLETE", Coordinator.manifest(run).get("status").asText());
    assertEquals("server default (not reported by this server)",
        Coordinator.manifest(run).get("server").get("server.writeConcern").asText());
    long inserted = 0;
    long operations = 0;
    for (String client : List.of("01-local1", "02-local2")) {
      Path folder = run.resolve("clients").resolve(client);
      String text = Files.readString(folder.resolve("output.txt"));
      assertFalse(text.contains("DUPLICATE_KEY") || text.contains("[INSERT-FAILED]"), text);
      inserted += YcsbRun.parseOutput(text).count("INSERT", "Return=OK");
      operations += Long.parseLong(PropertiesFiles.read(folder.resolve("verdict.properties"))
          .get("operations.completed"));
      assertTrue(Files.readString(folder.resolve("environment.properties")).contains("server.version="));
      // the collection brought each log's counts sidecar along, still matching its log
      try (Stream<Path> logs = Files.list(folder)) {
        List<Path> hdr = logs.filter(f -> f.getFileName().toString().endsWith(".hdr")).toList();
        assertFalse(hdr.isEmpty(), "logs in " + folder);
        for (Path log : hdr) {
          CountsSidecar.Match match = CountsSidecar.check(log, (start, end) -> {
          });
          assertEquals(CountsSidecar.Match.State.MATCHES, match.state(), log + ": " + match.why());
        }
      }
    }
    assertEquals(3000, operations);
    // released together and merged over the union window: every measured operation is in the merged figures
    JsonNode merged = new ObjectMapper()
        .readTree(run.resolve("merged/merged.json").toFile());
    assertEquals(3000, merged.get("overall").get("reportedOperations").asLong(), merged::toPrettyString);
    assertEquals(3000, merged.get("overall").get("operations").asLong(), merged::toPrettyString);
    // the merged outputs list the clients as the manifest's byHost does: by host, the slowest first
    List<String> byHost = new ArrayList<>();
    Coordinator.manifest(run).get("byHost").forEach(g -> g.get("lines").forEach(line -> byHost.add(
        line.asText().substring(0, line.asText().indexOf(' ')))));
    List<String> inJson = new ArrayList<>();
    merged.get("clients").forEach(c -> inJson.add(c.get("name").asText()));
    assertEquals(byHost, inJson);
    assertEquals(byHost, Files.readAllLines(run.resolve("merged/merged.txt")).stream()
        .filter(line -> line.startsWith("# Client ")).map(line -> line.split(" ")[2]).toList());
    assertEquals(byHost, Files.readAllLines(run.resolve("merged/merged.md")).stream()
        .filter(line -> line.matches("\\| 0[12]-local[12] \\|.*")).map(line -> line.split(" ")[1]).toList());
    assertTrue(r.stdout().contains("(3,000 of 3,000 measured = 100.0% in the union window; all clients ran "
        + "together for "), r::describe);
    if (Runtime.getRuntime().availableProcessors() >= 2) {
      assertFalse(Coordinator.manifest(run).get("release").has("crowding"), "2 clients on 2 or more CPUs");
    }
    JsonNode summary = Coordinator.manifest(run).get("merged").get("summary");
    long together = summary.get("allClientsTogetherMs").asLong();
    assertTrue(together > 0 && together <= summary.get("windowMs").asLong(), summary::toPrettyString);
    assertTrue(inserted > 400, "inserted " + inserted);
    assertEquals(1000 + inserted, fresh.countDocuments(), "every run-phase insert a new key");
    assertTrue(Files.isRegularFile(run.resolve("merged/report.html")));
    assertFalse(Files.readString(run.resolve("merged/merged.txt")).contains("does not match"), "sidecars used");
    assertTrue(r.stdout().contains("report: " + run.resolve("merged/report.html")), r::describe);
    // the report says what was run: the coordinator's command and its count check (issue 17)
    String report = Files.readString(run.resolve("merged/report.html"));
    String count = Coordinator.manifest(run).get("count").get("text").asText();
    assertTrue(report.contains("\"Documents counted\":\"" + count + " (COMPLETE)\""), count);
    assertTrue(report.contains("\"Command\":\"bin/ycsb-coordinator run mongodb"), "the command in the report");
    assertFalse(Files.exists(run.resolve(".staging")), "staged properties removed");

    // docs/coordinator.md: the steady state of a bundle is its clients merged again over the common window
    YcsbRun again = aggregate("merge", run.resolve("clients").toString(), "-o",
        run.resolve("merged-common").toString(), "--window", "common");
    assertEquals(0, again.exitCode, again::describe);
    assertTrue(Files.isRegularFile(run.resolve("merged-common/merged.json")), again::describe);
  }

  private static YcsbRun aggregate(String... args) {
    return YcsbRun.exec(YcsbRun.home(), YcsbRun.home().resolve("bin/ycsb-aggregate").toString(), args);
  }

  /**
   * A -P file in ISO-8859-1 (as YCSB reads one) with non-ASCII values: each client runs with them exactly, although
   * they pass through the coordinator's staged properties file; the bundle then merges again as the docs say, and a
   * bundle given whole is pointed to its halves.
   */
  @Test
  void nonAsciiValuesReachEveryClientExactlyAndTheBundleMergesAgain() throws Exception {
    String prefix = "f\u00eb\u00efd\u4e2d_";
    String appName = "p\u00e4ssw\u00f6rd";
    Path latin1 = work.resolve("latin1.properties");
    // raw ISO-8859-1 bytes where Latin-1 has the character, a \\u escape where it has not: what YCSB accepts
    Files.write(latin1, ("fieldnameprefix=f\u00eb\u00efd\\u4e2d_\nfieldcount=2\nmongodb.url="
        + fresh.target().connectionString() + "/?appName=" + appName + "\n").getBytes(StandardCharsets.ISO_8859_1));
    Path load = work.resolve("load");
    Coordinator c = Coordinator.run(work, List.of(), List.of("load", "mongodb",
        "-P", YcsbRun.readMostly().toString(), "-P", latin1.toString(),
        "-p", "mongodb.database=" + Servers.DATABASE, "-p", "table=" + fresh.table(), "-p", "recordcount=300",
        "-threads", "3", "--hosts", "local,local", "--quiet", "--out", load.toString()));
    assertEquals(0, c.exitCode(), c::describe);
    for (String client : List.of("01-local1", "02-local2")) {
      Path folder = load.resolve("clients").resolve(client);
      // client.properties holds the properties as the client's YCSB read them from its staged file
      Map<String, String> ran = PropertiesFiles.read(folder.resolve("client.properties"));
      assertEquals(prefix, ran.get("fieldnameprefix"));
      assertEquals(fresh.target().connectionString() + "/?appName=" + appName, ran.get("mongodb.url"));
    }
    Set<String> fields = new TreeSet<>(Servers.documents(fresh.target(), fresh.table()).get(0).keySet());
    assertEquals(Set.of("_id", prefix + "0", prefix + "1"), fields, "the documents carry the field names as given");

    // the shares differ (threads 2 and 1, key ranges, index): no configuration mismatch, no --allow-difference
    YcsbRun again = aggregate("merge", load.resolve("clients").toString(), "-o",
        load.resolve("merged-common").toString(), "--window", "common");
    assertEquals(0, again.exitCode, again::describe);
    YcsbRun whole = aggregate("merge", load.toString(), "-o", work.resolve("never").toString());
    assertEquals(2, whole.exitCode, whole::describe);
    assertEquals("ycsb-aggregate merge: " + load + " is a coordinator bundle: merge " + load.resolve("clients")
        + ", or compare " + load.resolve("merged") + "\n", whole.stderr);
    assertFalse(Files.exists(work.resolve("never")));
  }

  @Test
  void aMachineRunningMoreClientsThanItHasCpusIsNamed() throws Exception {
    int cpus = Runtime.getRuntime().availableProcessors();
    Path load = work.resolve("crowded");
    Coordinator l = Coordinator.run(work, List.of(), args("load", common(), "-threads", "3",
        "--hosts", "local,local,local", "--out", load.toString()));
    assertEquals(0, l.exitCode(), l::describe);
    JsonNode release = Coordinator.manifest(load).get("release");
    if (cpus < 3) { // CI's machine: 2 CPUs
      assertTrue(release.has("crowding"), release::toPrettyString);
      assertTrue(release.get("crowding").asText().startsWith("more client JVMs than CPUs: 3 clients on "),
          release::toPrettyString);
      assertTrue(l.stdout().contains("note: more client JVMs than CPUs: 3 clients on "), l::describe);
    } else {
      assertFalse(release.has("crowding"), release::toPrettyString);
    }
  }

  /**
   * Launching many hosts takes time (here forced: one launch at a time, 2.5 s apart, so the last client starts about
   * 8 s after the first); the first clients must hear heartbeats meanwhile, or they stop themselves after
   * --control-timeout ("lost the coordinator") before the last is even launched.
   */
  @Test
  void clientsLaunchedFirstHearTheCoordinatorWhileTheLastAreStillLaunched() throws Exception {
    Path load = work.resolve("slow-launch");
    Coordinator l = Coordinator.run(work, List.of(), args("load", common(), "-threads", "4",
        "--hosts", "local,local,local,local", "--parallel", "1", "--launch-interval", "2500",
        "--control-timeout", "3", "--out", load.toString()));
    assertEquals(0, l.exitCode(), l::describe);
    JsonNode m = Coordinator.manifest(load);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals(1000, fresh.countDocuments());
    for (JsonNode c : m.get("clients")) {
      assertEquals("COMPLETE", c.get("verdict").asText(), m::toPrettyString);
    }
  }

  /**
   * Ctrl-C in a terminal sends SIGINT to the whole foreground process group, local clients included: they must not
   * die of it (an empty output.txt, "no [OVERALL] section"), but be stopped by the coordinator, which keeps their
   * partial measurements, as for a SIGINT to the coordinator alone.
   */
  @Test
  void aCtrlCToTheWholeProcessGroupKeepsEveryLocalClientsPartialMeasurements() throws Exception {
    Path bundle = work.resolve("ctrl-c");
    // its own session, so its process group is its pid, as a shell's job is; SIGQUIT unblocked and SIGINT and SIGHUP
    // at their defaults, as a terminal's shell starts a job (whatever the test JVM's own were)
    List<String> asAJob = List.of("perl", "-MPOSIX", "-e", "sigprocmask(SIG_UNBLOCK, POSIX::SigSet->new(SIGQUIT)) "
        + "or die; $SIG{INT} = 'DEFAULT'; $SIG{HUP} = 'DEFAULT'; exec {$ARGV[0]} @ARGV or die", "--", "setsid");
    Coordinator c = startLongRun(asAJob, bundle,
        YcsbRun.readMostly());
    Thread.sleep(1500); // some seconds of measurements
    Process kill = new ProcessBuilder("kill", "-INT", "--", "-" + c.process.pid()).inheritIO().start();
    assertEquals(0, kill.waitFor());
    assertEquals(1, c.await(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("interrupted"), m::toPrettyString);
    for (String client : List.of("01-local1", "02-local2")) {
      Path folder = bundle.resolve("clients").resolve(client);
      String output = Files.readString(folder.resolve("output.txt"));
      String verdict = Files.readString(folder.resolve("verdict.properties"));
      assertTrue(output.contains("[OVERALL]") && output.contains("[READ]"), () -> client + ": " + output + verdict);
      assertFalse(verdict.contains("no [OVERALL] section"), () -> client + ": " + verdict);
    }
    assertNoClientLeft(bundle);
  }

  /** Starts a long, throttled run and waits until its clients are measuring. */
  private Coordinator startLongRun(Path bundle, Path workload, String... more)
      throws Exception {
    return startLongRun(List.of(), bundle, workload, more);
  }

  /** Starts a long, throttled run ({@code prefix} before the coordinator) and waits until its clients measure. */
  private Coordinator startLongRun(List<String> prefix, Path bundle, Path workload,
      String... more) throws Exception {
    List<String> a = new ArrayList<>(List.of("run", "mongodb", "-P", workload.toString(),
        "-p", "mongodb.url=" + fresh.target().connectionString(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + fresh.table(), "-p", "recordcount=100", "-p", "operationcount=10000000", "-threads", "2",
        "-target", "400", "-p", "mongodb.allowEmpty=true", // never loaded: these runs test stopping clients
        "--hosts", "local,local", "--quiet", "--out", bundle.toString()));
    a.addAll(List.of(more));
    Coordinator c = Coordinator.start(work, prefix, a);
    boolean measuring = Coordinator.waitFor(() -> Stream.of("01-local1", "02-local2").allMatch(n -> {
      try {
        Path err = bundle.resolve("clients").resolve(n).resolve("stderr.txt");
        return Files.isRegularFile(err) && Files.readString(err).contains("@ycsbpack STARTED");
      } catch (IOException e) {
        return false;
      }
    }), 120);
    assertTrue(measuring, c::describe);
    return c;
  }

  private static void assertNoClientLeft(Path bundle) throws InterruptedException {
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", bundle.toString()).isEmpty(), 20),
        () -> "clients still running: " + ProcessTable.matching("YcsbMain", bundle.toString()));
  }

  /**
   * kill -9 of the coordinator mid-run: each client loses its control input and its stdout (a broken pipe), stops as
   * on a STOP and keeps YCSB's whole report and a verdict with true counts in its folder (before, one line of the
   * report reached it and the verdict said completed -1); {@code recover} then makes the bundle an INCOMPLETE result
   * holding every operation the clients reported, and a plain merge points to it.
   */
  @Test
  void aKilledCoordinatorsClientsKeepTheirMeasurementsAndRecoverMergesThem() throws Exception {
    Path bundle = work.resolve("coordinator-killed");
    Coordinator c = startLongRun(bundle,
        YcsbRun.readMostly());
    // some operations counted by both clients' status lines, so the report has something to lose
    assertTrue(Coordinator.waitFor(() -> Stream.of("01-local1", "02-local2").allMatch(n -> YcsbRun
        .lastReportedOperations(bundle.resolve("clients").resolve(n).resolve("stderr.txt")) > 0), 60), c::describe);
    String recoverCommand = YcsbRun.home().resolve("bin/ycsb-coordinator").toString();
    YcsbRun early = YcsbRun.exec(work, recoverCommand, "recover", bundle.toString());
    assertEquals(2, early.exitCode, early.stderr);
    assertTrue(early.stderr.contains("is still being written by its coordinator (process " + c.process.pid() + ")"),
        early.stderr);
    new ProcessBuilder("kill", "-KILL", Long.toString(c.process.pid())).start().waitFor();
    c.await();
    assertNoClientLeft(bundle);
    long completed = 0;
    for (String client : List.of("01-local1", "02-local2")) {
      Path folder = bundle.resolve("clients").resolve(client);
      String output = Files.readString(folder.resolve("output.txt"));
      Map<String, String> verdict = PropertiesFiles.read(folder.resolve("verdict.properties"));
      assertTrue(output.contains("[OVERALL]") && output.contains("[READ]"), () -> client + ": " + output + verdict);
      assertEquals("FAILED", verdict.get("status"), verdict::toString);
      assertTrue(verdict.get("reason").startsWith("lost the coordinator"), verdict::toString);
      long done = Long.parseLong(verdict.get("operations.completed"));
      assertTrue(done > 0 && done == Long.parseLong(verdict.get("operations.attempted")), verdict::toString);
      completed += done;
    }
    assertEquals("RUNNING", Coordinator.manifest(bundle).get("status").asText(), "left as the kill left it");
    YcsbRun merge = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(), "merge",
        bundle.resolve("clients").toString(), "--out", work.resolve("plain-merge").toString());
    assertEquals(3, merge.exitCode, merge.stderr);
    assertTrue(merge.stderr.contains("recover " + bundle) && merge.stderr.contains("--accept-partial"), merge.stderr);

    YcsbRun recover = YcsbRun.exec(work, recoverCommand, "recover", bundle.toString());
    assertEquals(0, recover.exitCode, recover.stderr);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("INCOMPLETE", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("recovered from 2 of 2 clients"), m::toPrettyString);
    assertEquals(completed, m.at("/merged/summary/operationsReported").asLong(), m::toPrettyString);
    assertFalse(m.at("/merged/summary/complete").asBoolean(true), m::toPrettyString);
    String merged = Files.readString(bundle.resolve("merged/merged.txt"));
    assertTrue(merged.startsWith("# INCOMPLETE: merged 2 of 2 clients"), merged);
    assertFalse(Files.exists(bundle.resolve(".staging")), "the staged properties (secrets) are removed");
    YcsbRun again = YcsbRun.exec(work, recoverCommand, "recover", bundle.toString());
    assertEquals(2, again.exitCode, again.stderr);
    assertTrue(again.stderr.contains("says INCOMPLETE, not RUNNING"), again.stderr);
  }

  /**
   * The bundle's disk fills while the clients run (a small tmpfs, filled once they measure): the coordinator's own
   * failed write is named with its path and step, and the manifest is marked FAILED with it, in the room the
   * coordinator kept for it; never an IOException without path and a manifest left RUNNING with no word. (When even
   * that cannot be written, the last line says so: CoordinatedRunTest.)
   */
  @Test
  void aFullDiskUnderTheBundleIsNamedWithPathAndStepAndTheManifestSaysFailed() throws Exception {
    try (SmallDisk disk = SmallDisk.mountAt(work.resolve("small-disk"))) {
      Path mount = disk.path();
      Path bundle = mount.resolve("bundle");
      Coordinator c = Coordinator.start(work, List.of(), List.of("run", "mongodb", "-P",
          YcsbRun.readMostly().toString(), "-p", "mongodb.url="
              + fresh.target().connectionString(),
          "-p", "mongodb.database=" + Servers.DATABASE, "-p", "table="
              + fresh.table(),
          "-p", "recordcount=100", "-p", "operationcount=3000", "-threads", "2", "-target",
          "500", "-p", "mongodb.allowEmpty=true", "--hosts", "local,local", "--quiet", "--out", bundle.toString()));
      assertTrue(Coordinator.waitFor(() -> Stream.of("01-local1", "02-local2").allMatch(n -> {
        try {
          Path err = bundle.resolve("clients").resolve(n).resolve("stderr.txt");
          return Files.isRegularFile(err) && Files.readString(err).contains("@ycsbpack STARTED");
        } catch (IOException e) {
          return false;
        }
      }), 120), c::describe);
      SmallDisk.fillUp(mount.resolve("fill"));
      assertEquals(1, c.await(), c::describe);
      String err = c.stderr();
      assertFalse(err.contains("IOException") || err.contains("\tat "), c::describe);
      assertTrue(err.contains("cannot write " + bundle) && err.contains("No space left on device"), c::describe);
      JsonNode manifest = Coordinator.manifest(bundle);
      // the room the coordinator kept (its staging folder's reserve) takes the manifest that says so
      assertEquals("FAILED", manifest.get("status").asText(), manifest::toPrettyString);
      String reason = manifest.get("reason").asText();
      assertTrue(reason.matches("cannot write " + java.util.regex.Pattern.quote(bundle.toString())
          + "/\\S+ \\([a-z' ]+\\): No space left on device.*"), reason);
      assertTrue(err.contains("FAILED: " + reason.substring(0, reason.indexOf(';'))), c::describe);
    }
  }

  @Test
  void aKilledClientFailsTheRunNamingItAndStopsTheOthers() throws Exception {
    Path bundle = work.resolve("killed");
    Coordinator c = startLongRun(bundle,
        YcsbRun.readMostly());
    ProcessTable.signalTheOne(ProcessTable.matching("YcsbMain", bundle.resolve("clients/02-local2").toString()),
        "KILL");
    assertEquals(1, c.await(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("02-local2"), m::toPrettyString);
    // the signal is named, and YCSB's start-up banner (DBWrapper: report latency for each error is false ...) is no
    // reason
    assertTrue(m.get("reason").asText().contains("killed by signal 9 (SIGKILL)"), m::toPrettyString);
    assertFalse(m.get("reason").asText().contains("DBWrapper"), m::toPrettyString);
    assertFalse(Files.exists(bundle.resolve("merged")), "a failed run is not merged");
    assertNoClientLeft(bundle);
  }

  @Test
  void aClientThatStopsReportingFailsTheRunAndIsKilled() throws Exception {
    Path bundle = work.resolve("silent");
    Coordinator c = startLongRun(bundle,
        YcsbRun.readMostly(), "--stall-timeout", "4");
    // frozen, not dead: it holds its connections and prints nothing, as a hung JVM or a stalled host would
    ProcessTable.signalTheOne(ProcessTable.matching("YcsbMain", bundle.resolve("clients/01-local1").toString()),
        "STOP");
    assertEquals(1, c.await(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("01-local1") && m.get("reason").asText().contains("stopped reporting"),
        m::toPrettyString);
    assertNoClientLeft(bundle);
  }

  @Test
  void interruptingTheCoordinatorStopsEveryClientAndMarksTheBundleFailed() throws Exception {
    Path bundle = work.resolve("interrupted");
    Coordinator c = startLongRun(bundle,
        YcsbRun.readMostly());
    new ProcessBuilder("kill", "-INT", Long.toString(c.process.pid())).start().waitFor();
    assertEquals(1, c.await(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("interrupted"), m::toPrettyString);
    assertNoClientLeft(bundle);
  }

  @Test
  void badCommandLinesAreRefusedBeforeAnythingStarts() throws Exception {
    Path workload = YcsbRun.readMostly();
    Path notEmpty = Files.createDirectories(work.resolve("not-empty"));
    Files.writeString(notEmpty.resolve("keep.txt"), "an earlier result");
    Map<List<String>, String> cases = new LinkedHashMap<>();
    cases.put(List.of("run", "mongodb", "-P", workload.toString(), "-threads", "1", "--hosts", "local,local",
        "--out", work.resolve("a").toString()), "-threads 1");
    cases.put(List.of("run", "mongodb", "-P", workload.toString(), "--hosts", "-oProxyCommand=touch /tmp/x",
        "--out", work.resolve("b").toString()), "--hosts");
    cases.put(List.of("run", "mongodb", "-P", workload.toString(), "--hosts", "local"), "--out");
    cases.put(List.of("run", "mongodb", "-P", work.toString(), "--hosts", "local", "--out",
        work.resolve("c").toString()), "is a directory");
    cases.put(List.of("run", "mongodb", "-P", workload.toString(), "--hosts", "local", "--out", notEmpty.toString(),
        "-p", "mongodb.url=" + fresh.target().connectionString()), "not empty");
    cases.put(List.of("run", "mongodb", "-P", workload.toString(), "--hosts", "local", "-target", "1",
        "--clients-per-host", "2", "--out", work.resolve("d").toString()), "-target 1");
    cases.put(List.of("run", "mongodb", "-P", workload.toString(), "--hosts", "local", "--parallel", "0",
        "--out", work.resolve("e").toString()), "--parallel 0: expected a whole number from 1 to 256");
    cases.put(List.of("run", "mongodb", "-P", workload.toString(), "--hosts", "local", "--launch-interval", "-1",
        "--out", work.resolve("f").toString()), "--launch-interval -1: expected milliseconds from 0 to 60000");
    for (Map.Entry<List<String>, String> e : cases.entrySet()) {
      Coordinator c = Coordinator.run(work, List.of(), e.getKey());
      Coordinator.assertRefusedInOneLine(c, "ycsb-coordinator", e.getValue());
    }
    assertEquals(List.of("keep.txt"), Files.list(notEmpty).map(p -> p.getFileName().toString()).toList());
    for (String f : List.of("a", "b", "c", "d", "e", "f")) {
      assertFalse(Files.exists(work.resolve(f)), "nothing written for a refused command: " + f);
    }
  }

  /**
   * Whatever bin/ycsb refuses with exit status 2 is refused by the coordinator before any client starts, with the
   * same line and status, and no bundle folder.
   */
  @Test
  void aCoordinatedRunIsRefusedWithBinYcsbsOwnLineBeforeAnythingStarts() throws Exception {
    String workload = YcsbRun.readMostly().toString();
    String url = "mongodb.url=" + fresh.target().connectionString();
    List<List<String>> cases = List.of(
        List.of("run", "mongo", "-P", workload, "-p", url),
        List.of("run", "mongodb", "-P", workload, "-p", url, "-p", "recordcount=0"),
        List.of("run", "mongodb", "-P", workload, "-p", url, "-p", "recordcont=1000"),
        List.of("run", "mongodb", "-P", workload, "-p", url, "-p", "fieldcount=0"),
        List.of("load", "mongodb", "-P", workload, "-p", url, "-p", "mongodb.w=abc"),
        List.of("run", "mongodb", "-P", workload, "-p", url, "-threads", "0"));
    int i = 0;
    for (List<String> ycsbArgs : cases) {
      YcsbRun single = YcsbRun.run(work, ycsbArgs.toArray(new String[0]));
      assertEquals(2, single.exitCode, single::describe);
      String refusal = single.stderr.strip();
      assertTrue(refusal.startsWith("bin/ycsb: error: "), single::describe);
      Path bundle = work.resolve("refused-" + i++);
      List<String> a = new ArrayList<>(ycsbArgs);
      a.addAll(List.of("--hosts", "local,local", "--quiet", "--out", bundle.toString()));
      Coordinator c = Coordinator.run(work, List.of(), a);
      assertEquals(2, c.exitCode(), c::describe);
      assertEquals(refusal.replace("bin/ycsb: error: ", "ycsb-coordinator: error: "), c.stderr().strip(),
          c::describe);
      assertFalse(Files.exists(bundle), "nothing written for a refused command: " + bundle);
    }
  }

  @Test
  void aCoordinatedRunOnANeverLoadedCollectionFailsAsASingleRunDoes() throws Exception {
    Path bundle = work.resolve("empty");
    Coordinator c = Coordinator.run(work, List.of(), args("run", common(), "-p", "operationcount=200",
        "-threads", "2", "--hosts", "local,local", "--out", bundle.toString()));
    assertEquals(1, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains(Servers.DATABASE + "." + fresh.table() + " is empty (never loaded)"),
        m::toPrettyString);
  }

  /** Loads common()'s 1,000 records into {@code table} with two local clients. */
  private void loadWithTwoClients() throws Exception {
    Coordinator l = Coordinator.run(work, List.of(), args("load", common(), "-threads", "2",
        "--hosts", "local,local", "--out", work.resolve("load-" + fresh.table()).toString()));
    assertEquals(0, l.exitCode(), l::describe);
  }

  @Test
  void aTimeLimitedCoordinatedRunMeasuresTheWholeWindowAsked() throws Exception {
    loadWithTwoClients();
    Path run = work.resolve("timed");
    // far more operations than 3 s can do at this target: the time limit ends the run
    Coordinator r = Coordinator.run(work, List.of(), args("run", common(), "-threads", "2",
        "-target", "200", "-p", "operationcount=100000000", "-p", "maxexecutiontime=3", "--hosts", "local,local",
        "--out", run.toString()));
    assertEquals(0, r.exitCode(), r::describe);
    for (String client : List.of("01-local1", "02-local2")) {
      Map<String, String> verdict = PropertiesFiles.read(run.resolve("clients").resolve(client)
          .resolve("verdict.properties"));
      assertTrue(Long.parseLong(verdict.get("measured.window.ms")) >= 3000, verdict::toString);
    }
    JsonNode summary = Coordinator.manifest(run).get("merged").get("summary");
    // the merged window spans the clients' interval logs: from the first measured operation to the last
    assertTrue(summary.get("windowMs").asLong() >= 2900, summary::toPrettyString);
  }

  @Test
  void aClientThreadThatFailsToStartFailsTheRunAtOnceNotAtTheReadyTimeout() throws Exception {
    loadWithTwoClients();
    // a warm-up document larger than any server takes (16 MB): every client thread's init() fails. The client must
    // fail at once, naming it, not leave the coordinator waiting for its READY until the ready timeout. (A client
    // of which only one thread fails while the others wait at the gate: StartGateInitFailureTest, in process.)
    Path bundle = work.resolve("init-failed");
    long t0 = System.nanoTime();
    Coordinator r = Coordinator.run(work, List.of(), args("run", common(), "-threads", "4",
        "-p", "operationcount=400", "-p", "mongodb.warmup=1", "-p", "fieldcount=1", "-p", "fieldlength=17000000",
        "--ready-timeout", "200", "--hosts", "local,local", "--out", bundle.toString()));
    long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertEquals(1, r.exitCode(), r::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("failed to start"), m::toPrettyString);
    assertTrue(seconds < 150, "failed after " + seconds + " s, not at the 200 s ready timeout");
    assertNoClientLeft(bundle);
  }

  @Test
  void noSecretInTheBundleTheOutputOrAnyCommandLine() throws Exception {
    List<String> secrets = AwkwardStrings.passwords(20261124, 40).subList(0, 6);
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < secrets.size(); i++) {
      // properties YCSB and the binding ignore: a secret-named one, and a URL with user info
      values.put(i % 2 == 0 ? "app" + i + ".password" : "app" + i + ".url", i % 2 == 0 ? secrets.get(i)
          : "mongodb://alice:" + URLEncoder.encode(secrets.get(i), StandardCharsets.UTF_8) + "@db" + i + "/x");
    }
    Path secretsFile = work.resolve("secrets.properties");
    PropertiesFiles.write(secretsFile, null, values, dev.ycsbpack.common.AtomicFiles.Mode.PRIVATE);
    Path bundle = work.resolve("secret");
    List<String> a = args("load", common(), "-P", secretsFile.toString(), "-threads", "2",
        "-p", "ycsbpack.allow=app*", "--hosts", "local,local", "--out", bundle.toString());
    // a token and an sshpass password given in the --rsh template, as the word after their option: the coordinator's
    // own command line holds them (the user typed them), its manifest and output must not (local hosts do not use
    // the template, so the run needs neither program)
    String token = "Zq9tok" + UUID.randomUUID().toString().substring(0, 8);
    String sshpass = "Zq9pass" + UUID.randomUUID().toString().substring(0, 8);
    a.addAll(List.of("--rsh", "sshpass -p " + sshpass + " kubectl --token " + token + " exec -i {host} --"));
    Coordinator c = Coordinator.start(work, List.of(), a);
    List<String> seenOnCommandLines = new ArrayList<>();
    while (c.process.isAlive()) {
      for (ProcessTable.Entry e : ProcessTable.all()) {
        for (String s : secrets) {
          if (e.commandLine().contains(s) || e.commandLine().contains(URLEncoder.encode(s, StandardCharsets.UTF_8))) {
            seenOnCommandLines.add(e.commandLine());
          }
        }
      }
      Thread.sleep(50);
    }
    assertEquals(0, c.await(), c::describe);
    assertEquals(List.of(), seenOnCommandLines);
    fresh.drop();
    List<String> texts = new ArrayList<>(List.of(c.stdout(), c.stderr()));
    try (Stream<Path> files = Files.walk(bundle)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        texts.add(f + "\n" + new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1) + "\n"
            + new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
      }
    }
    JsonNode manifest = Coordinator.manifest(bundle);
    assertTrue(manifest.get("command").asText().contains(
        "--rsh sshpass -p ***** kubectl --token ***** exec -i {host} --"), manifest::toPrettyString);
    for (String s : concat(secrets, List.of(token, sshpass))) {
      for (String text : texts) {
        for (String form : List.of(s, URLEncoder.encode(s, StandardCharsets.UTF_8))) {
          assertFalse(text.contains(form), () -> "secret " + dev.ycsbpack.common.Text.shown(s) + " in "
              + text.lines().findFirst().orElse(""));
        }
      }
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
