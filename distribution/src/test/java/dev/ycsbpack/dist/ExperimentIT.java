package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb-experiment sweeps with local hosts against the in-process server. */
class ExperimentIT {
  private static final String TOOL = "bin/ycsb-experiment";

  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  /** A sweep's command line on this test's collection: a short workload on local hosts, then {@code more}. */
  private List<String> sweep(String... more) {
    return Servers.experiment("sweep", "read95-update5", fresh.target().connectionString(), fresh.table(),
        List.of("-p", "recordcount=300", "-p", "operationcount=400", "--quiet", "--hosts", "local"), more);
  }

  /** Runs the sweep of {@code options} into the experiment folder {@code dir}. */
  private Coordinator sweepTo(Path dir, String... options) throws Exception {
    List<String> args = sweep(options);
    args.addAll(List.of("--out", dir.toString()));
    return run(args);
  }

  private Coordinator run(List<String> args) throws Exception {
    return Coordinator.run(work, TOOL, args);
  }

  @Test
  void sweepLoadsOnceRunsEveryStepAsABundleAndAnswers() throws Exception {
    Path dir = work.resolve("sweep");
    Coordinator c = sweepTo(dir, "-threads", "1,2,4", "--load", "--slo", "READ.p99<=5s");
    assertEquals(0, c.exitCode(), c::describe);
    assertEquals(300, fresh.countDocuments());
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals("ycsb-experiment/v1", m.get("schema").asText());
    JsonNode steps = m.get("steps");
    assertEquals(4, steps.size(), m::toPrettyString);
    assertEquals("00-load", steps.get(0).get("name").asText());
    for (int i = 1; i <= 3; i++) {
      JsonNode s = steps.get(i);
      assertEquals(i, s.get("order").asInt());
      assertEquals(1L << (i - 1), s.get("x").asLong());
      assertEquals("COMPLETE", s.get("verdict").asText(), s::toPrettyString);
      // each step is a normal coordinator bundle, merged, with its own report
      JsonNode bundle = Coordinator.manifest(dir.resolve(s.get("bundle").asText()));
      assertEquals("COMPLETE", bundle.get("status").asText());
      assertEquals(1L << (i - 1), bundle.get("clients").get(0).get("threads").asLong());
      assertTrue(Files.isRegularFile(dir.resolve(s.get("report").asText())));
      JsonNode f = s.get("figures");
      assertTrue(f.get("throughput").asDouble() > 0, f::toPrettyString);
      assertTrue(f.get("latencyUs").get("READ").get("99").asLong() > 0, f::toPrettyString);
      // the client JVM's CPU share of this machine, from its environment record
      assertEquals(1, f.get("hostCpu").size(), f::toPrettyString);
      assertTrue(s.get("startedAt").asText().compareTo(s.get("endedAt").asText()) < 0);
    }
    JsonNode answers = m.get("answers");
    assertEquals(3, answers.get("steps").asInt());
    assertTrue(answers.get("best").asDouble() >= 1, answers::toPrettyString);
    assertTrue(answers.get("knee").isObject() && answers.get("latencyKnee").isNumber(), answers::toPrettyString);
    assertTrue(answers.get("slo").get("statement").asText().startsWith(">= "), answers::toPrettyString);
    assertTrue(c.stdout().contains("highest throughput: "), c::describe);
    // mongo-java-server: every answer line on the terminal says so, as the report and site do
    List<String> out = c.stdout().lines().toList();
    assertTrue(out.stream().anyMatch(l -> l.startsWith("  NOT MongoDB: the clients measured mongo-java-server")),
        c::describe);
    for (JsonNode statement : m.get("statements")) {
      assertTrue(out.contains("  [NOT MongoDB] " + statement.asText()), c::describe);
    }
    // every step ran: nothing stopped early, whatever the rule says of the last step
    assertTrue(answers.path("stoppedEarly").isNull() || answers.path("stoppedEarly").isMissingNode(),
        answers::toPrettyString);
    assertFalse(c.stdout().contains("stopped early"), c::describe);
    String html = Files.readString(dir.resolve("report.html"));
    for (int i = 1; i <= 3; i++) {
      assertTrue(html.contains("href=\"" + steps.get(i).get("report").asText() + "\""), "links step " + i);
    }
    assertTrue(html.contains("<svg"), "charts");
    // the report opens with what was run (plan, command, environment, pack version and build), then the figures
    int whatWasRun = html.indexOf("<h2>What was run</h2>");
    assertTrue(whatWasRun > 0 && whatWasRun < html.indexOf("<h2>Answers</h2>"), "What was run comes first");
    assertTrue(html.indexOf("experiment.command") > whatWasRun && html.indexOf("(build ") > whatWasRun
        && html.indexOf("(build ") < html.indexOf("<h2>Answers</h2>"), "the command and the pack's build up front");
    assertFalse(html.contains("src=\"http") || html.contains("href=\"http"), "no external request");
  }

  @Test
  void clientsSweepPlacesTheClientsAndTargetSweepRecordsIntendedLatencyOnTheLoadedData() throws Exception {
    Path clients = work.resolve("clients");
    Coordinator c = sweepTo(clients, "--clients", "1,2", "-threads", "2", "--load", "--hosts", "local");
    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(clients);
    assertEquals("clients", m.get("plan").get("axis").asText(), m::toPrettyString);
    for (int n = 1; n <= 2; n++) {
      JsonNode step = m.get("steps").get(n);
      assertEquals(n + "", step.get("x").asText());
      JsonNode bundle = Coordinator.manifest(clients.resolve(step.get("bundle").asText()));
      // one client per host, -threads per client
      assertEquals(n, bundle.get("clients").size(), bundle::toPrettyString);
      assertEquals(n, bundle.get("hosts").size(), bundle::toPrettyString);
      for (JsonNode client : bundle.get("clients")) {
        assertEquals(2, client.get("threads").asInt(), bundle::toPrettyString);
      }
    }

    // the data is loaded now: no --load, the record count check passes
    Path targets = work.resolve("targets");
    // low rates, so a machine shared with other builds keeps up (a step under 80% of its target ends the sweep)
    Coordinator t = sweepTo(targets, "-target", "20,40", "-threads", "4", "-p", "operationcount=80");
    assertEquals(0, t.exitCode(), t::describe);
    JsonNode tm = Coordinator.manifest(targets);
    assertEquals("target", tm.get("plan").get("axis").asText(), tm::toPrettyString);
    assertEquals(2, tm.get("steps").size(), tm::toPrettyString);
    for (int i = 0; i < 2; i++) {
      JsonNode step = tm.get("steps").get(i);
      JsonNode bundle = Coordinator.manifest(targets.resolve(step.get("bundle").asText()));
      assertEquals(20L << i, bundle.get("clients").get(0).get("target").asLong(), bundle::toPrettyString);
      // under a target the answers weigh intended latency, with service time beside it
      assertTrue(step.get("figures").has("serviceUs"), step::toPrettyString);
    }
    // two steps: no knee, and the answers say why, in the manifest, on the terminal and in the report
    JsonNode ta = tm.get("answers");
    assertTrue(ta.get("knee").isNull() && ta.get("latencyKnee").isNull(), ta::toPrettyString);
    assertEquals("not enough steps (2 completed; 3 needed)", ta.get("noKnee").asText(), ta::toPrettyString);
    assertTrue(t.stdout().contains("] knee: not enough steps (2 completed; 3 needed)"), t::describe);
    assertTrue(t.stdout().contains("] latency knee: not enough steps (2 completed; 3 needed)"), t::describe);
    assertTrue(Files.readString(targets.resolve("report.html")).contains("knee: not enough steps (2 completed; 3 "
        + "needed)"), "the report says it too");
  }

  @Test
  void repeatedStepsReportTheirSpreadAndTheAnswersWeighTheMedians() throws Exception {
    Path dir = work.resolve("repeated");
    Coordinator c = sweepTo(dir, "-threads", "1,2", "--repeat", "2", "--load");
    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(dir);
    List<String> names = new ArrayList<>();
    List<Integer> orders = new ArrayList<>();
    m.get("steps").forEach(s -> names.add(s.get("name").asText()));
    m.get("steps").forEach(s -> orders.add(s.get("order").asInt()));
    // interleaved: round 1 of every value, then round 2, in the manifest's order as run
    assertEquals(List.of("00-load", "01-threads-1-r1", "02-threads-2-r1", "01-threads-1-r2", "02-threads-2-r2"), names);
    assertEquals(List.of(0, 1, 2, 3, 4), orders);
    for (int i = 1; i < 4; i++) {
      assertTrue(m.get("steps").get(i).get("endedAt").asText()
          .compareTo(m.get("steps").get(i + 1).get("startedAt").asText()) <= 0, m::toPrettyString);
    }
    JsonNode reps = m.get("repetitions");
    assertEquals(2, reps.size(), m::toPrettyString);
    for (int i = 0; i < 2; i++) {
      JsonNode tp = reps.get(i).get("throughput");
      assertEquals(2, tp.get("n").asInt(), m::toPrettyString);
      double a = m.get("steps").get(1 + i).get("figures").get("throughput").asDouble();
      double b = m.get("steps").get(3 + i).get("figures").get("throughput").asDouble();
      assertEquals((a + b) / 2, tp.get("median").asDouble(), 1e-6, m::toPrettyString);
      assertEquals(Math.min(a, b), tp.get("min").asDouble(), 1e-6);
    }
    assertTrue(c.stdout().contains("threads 1 over 2 repetitions: median "), c::describe);
  }

  @Test
  void targetSharesRunTheUnthrottledProbeFirstAndAKilledExperimentResumesInItsOrderWithTheSameProbe() throws Exception {
    Path dir = work.resolve("shares");
    // loaded apart: maxexecutiontime would cut the experiment's own --load short
    List<String> load = new ArrayList<>(sweep());
    load.set(0, "load");
    load.addAll(List.of("--out", work.resolve("load").toString()));
    Coordinator loaded = Coordinator.start(work, List.of(), "bin/ycsb-coordinator", load);
    assertEquals(0, loaded.await(), loaded::describe);
    // low shares, so the machine keeps up with every target (under 80% ends the sweep); 600 operations, at most 20 s,
    // so a low share of a slow probe (a loaded machine) stays short yet long enough to measure its rate
    List<String> args = sweep("-target", "10%,20%", "-threads", "2", "--repeat", "2",
        "-p", "operationcount=600", "-p", "maxexecutiontime=20", "--out", dir.toString());
    List<String> same = new ArrayList<>(args.subList(0, args.size() - 2));
    same.addAll(List.of("--resume", dir.toString()));

    // killed outright in round 2: the probe and round 1 are done
    killDuring(args, dir, "steps/01-target-percent-10-r2");
    JsonNode killed = Coordinator.manifest(dir);
    assertEquals("RUNNING", killed.get("status").asText(), killed::toPrettyString);
    double maximum = killed.get("maximum").get("throughput").asDouble();
    assertTrue(maximum > 0, killed::toPrettyString);
    assertEquals("00-unthrottled", killed.get("maximum").get("step").asText());

    Coordinator resumed = resumeSkipping(same, "00-unthrottled", "01-target-percent-10-r1", "02-target-percent-20-r1");
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals("target-percent", m.get("plan").get("axis").asText());
    // the probe as recorded is the one the resumed steps took their targets from
    assertEquals(maximum, m.get("maximum").get("throughput").asDouble(), 0.0, m::toPrettyString);
    List<String> names = new ArrayList<>();
    m.get("steps").forEach(s -> names.add(s.get("name").asText() + ":" + s.get("verdict").asText()));
    assertEquals(List.of("00-unthrottled:COMPLETE", "01-target-percent-10-r1:COMPLETE",
        "02-target-percent-20-r1:COMPLETE", "01-target-percent-10-r2.attempt-1:KILLED",
        "01-target-percent-10-r2:COMPLETE", "02-target-percent-20-r2:COMPLETE"), names, m::toPrettyString);
    JsonNode probe = m.get("steps").get(0);
    assertEquals(0, probe.get("order").asInt(), "the probe is no sweep step");
    assertFalse(probe.has("target"), probe::toPrettyString);
    assertEquals(0, Coordinator.manifest(dir.resolve(probe.get("bundle").asText())).get("clients").get(0)
        .get("target").asLong(), "the probe runs unthrottled");
    for (int i = 1; i < names.size(); i++) {
      JsonNode s = m.get("steps").get(i);
      if (s.get("verdict").asText().equals("KILLED")) {
        continue;
      }
      long wanted = Math.max(1, Math.round(s.get("x").asLong() / 100.0 * maximum));
      assertEquals(wanted, s.get("target").asLong(), s::toPrettyString);
      // the target each step's clients really ran at, from its own bundle
      long sent = 0;
      for (JsonNode client : Coordinator.manifest(dir.resolve(s.get("bundle").asText())).get("clients")) {
        sent += client.get("target").asLong();
      }
      assertEquals(wanted, sent, s::toPrettyString);
    }
    assertEquals(2, m.get("answers").get("steps").asInt(), m::toPrettyString);
    assertTrue(resumed.stdout().contains("unthrottled probe (step 00-unthrottled, not a sweep point)"),
        resumed::describe);
    assertEquals(300, fresh.countDocuments(), "loaded once");
  }

  @Test
  void repeatGivesEveryHeadlineFigureItsSpreadResumesAfterAKillAndIsOneSideOfACompare() throws Exception {
    Path a = work.resolve("rep-a");
    List<String> common = new ArrayList<>(sweep("-threads", "2"));
    common.set(0, "repeat");
    List<String> argsA = new ArrayList<>(common);
    argsA.addAll(List.of("--load", "--out", a.toString()));
    Coordinator c = run(argsA);
    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(a);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals("repeat", m.get("plan").get("kind").asText());
    List<String> names = new ArrayList<>();
    m.get("steps").forEach(s -> names.add(s.get("name").asText()));
    assertEquals(List.of("00-load", "warmup-1", "01-run-r1", "02-run-r2", "03-run-r3"), names,
        "--repeat 3 and one warm-up round by default");
    assertTrue(c.stdout().contains("step 02-run-r2: running (repetition 2)"), c::describe);
    assertTrue(c.stdout().contains("step warmup-1: running (warm-up round 1: not counted)"), c::describe);
    JsonNode warm = m.get("steps").get(1);
    assertEquals("warmup/warmup-1", warm.get("bundle").asText());
    assertTrue(warm.get("warmup").asBoolean() && warm.get("order").asInt() == 0, warm::toPrettyString);
    JsonNode r = m.get("repetitions").get(0);
    double[] tp = new double[3];
    double[] p99 = new double[3];
    for (int i = 0; i < 3; i++) {
      JsonNode f = m.get("steps").get(2 + i).get("figures"); // the warm-up's are not among them
      tp[i] = f.get("throughput").asDouble();
      p99[i] = f.get("latencyUs").get("READ").get("99").asDouble();
    }
    java.util.Arrays.sort(tp);
    java.util.Arrays.sort(p99);
    assertEquals(3, r.get("throughput").get("n").asInt(), r::toPrettyString);
    assertEquals(tp[1], r.get("throughput").get("median").asDouble(), 1e-6, r::toPrettyString);
    assertEquals(tp[0], r.get("throughput").get("min").asDouble(), 1e-6, r::toPrettyString);
    assertEquals(tp[2], r.get("throughput").get("max").asDouble(), 1e-6, r::toPrettyString);
    assertEquals(p99[1], r.get("latencyUs").get("READ").get("p99").get("median").asDouble(), 1e-6);
    for (String op : List.of("READ", "UPDATE")) {
      for (String label : List.of("p50", "p95", "p99", "p99.9")) {
        assertEquals(3, r.get("latencyUs").get(op).get(label).get("n").asInt(), r::toPrettyString);
      }
    }
    assertEquals(3, r.get("errorRate").get("n").asInt(), r::toPrettyString);
    assertTrue(r.has("noisyFigures"), r::toPrettyString);
    assertFalse(m.has("answers"), "a repeated run has no sweep answers");
    for (String line : List.of("throughput: median ", "error rate: median ", "READ p99.9: median ",
        "warm-up round: not counted (1 round in warmup/: warmup-1 COMPLETE ",
        "compare with another set: bin/ycsb-aggregate compare --a ")) {
      assertTrue(c.stdout().contains(line), line + "\n" + c.describe());
    }

    // side B on the same data, killed in its second repetition, then resumed
    Path b = work.resolve("rep-b");
    List<String> argsB = new ArrayList<>(common);
    argsB.addAll(List.of("--repeat", "2", "-p", "operationcount=3000", "--out", b.toString()));
    killDuring(argsB, b, "steps/02-run-r2");
    List<String> sameB = new ArrayList<>(argsB.subList(0, argsB.size() - 2));
    sameB.addAll(List.of("--resume", b.toString()));
    resumeSkipping(sameB, "01-run-r1");
    JsonNode mb = Coordinator.manifest(b);
    List<String> namesB = new ArrayList<>();
    mb.get("steps").forEach(s -> namesB.add(s.get("name").asText() + ":" + s.get("verdict").asText()));
    assertEquals(List.of("warmup-1:COMPLETE", "01-run-r1:COMPLETE", "02-run-r2.attempt-1:KILLED",
        "02-run-r2:COMPLETE"), namesB);
    assertEquals(2, mb.get("repetitions").get(0).get("throughput").get("n").asInt(), mb::toPrettyString);

    // each side's repetitions are one side of a compare, as documented
    List<String> compare = new ArrayList<>(List.of("compare", "--a"));
    for (String s : List.of("01-run-r1", "02-run-r2", "03-run-r3")) {
      compare.add(a.resolve("steps").resolve(s).resolve("merged").toString());
    }
    compare.add("--b");
    for (String s : List.of("01-run-r1", "02-run-r2")) {
      compare.add(b.resolve("steps").resolve(s).resolve("merged").toString());
    }
    YcsbRun cmp = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(),
        compare.toArray(String[]::new));
    assertEquals(0, cmp.exitCode, cmp::describe);
    assertTrue(cmp.stdout.contains("too few repetitions to tell"), cmp::describe);
  }

  @Test
  void repetitionsOfAWorkloadThatInsertsEachInsertNewKeysAndReadTheSameLoadedOnes() throws Exception {
    // half the operations insert: without moving each repetition's new keys past the earlier ones, repetition 2 would
    // insert repetition 1's keys again (YCSB starts run-phase inserts at recordcount) and fail on DUPLICATE_KEY
    Path dir = work.resolve("repeat-inserts");
    List<String> args = new ArrayList<>(List.of("repeat", "mongodb",
        "-P", YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=" + fresh.target().connectionString(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + fresh.table(), "-p", "recordcount=200", "-p", "operationcount=200", "-p", "readproportion=0.5",
        "-p", "updateproportion=0", "-p", "insertproportion=0.5", "-threads", "2", "--repeat", "2", "--load",
        "--warmup-rounds", "0", "--quiet"));
    // several clients interleave their new keys unevenly: refused before anything runs, saying how to run it
    List<String> twoClients = new ArrayList<>(args);
    twoClients.addAll(List.of("--hosts", "local,local", "--out", work.resolve("two-clients").toString()));
    Coordinator refused = run(twoClients);
    assertEquals(2, refused.exitCode(), refused::describe);
    assertEquals(List.of("ycsb-experiment: error: insertproportion=0.5 with 2 clients in a step: each step after the"
        + " first would insert keys among those the earlier steps' clients inserted (YCSB starts run-phase inserts at"
        + " recordcount, and several clients leave gaps no count can place); run the steps with one client (one host,"
        + " --clients-per-host 1), or each as its own experiment after a fresh --load"),
        refused.stderr().strip().lines().toList(), refused::describe);
    assertFalse(Files.exists(work.resolve("two-clients")), "nothing written");
    assertEquals(0, fresh.countDocuments(), "nothing loaded");

    args.addAll(List.of("--hosts", "local", "--out", dir.toString()));
    Coordinator c = run(args);
    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(dir);
    long[] recordcount = new long[3];
    for (int r = 1; r <= 2; r++) {
      JsonNode step = m.get("steps").get(r);
      assertEquals("COMPLETE", step.get("verdict").asText(), m::toPrettyString);
      Path bundle = dir.resolve(step.get("bundle").asText());
      try (java.util.stream.Stream<Path> files = Files.walk(bundle)) {
        for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".txt")).toList()) {
          assertFalse(Files.readString(f).contains("DUPLICATE_KEY"), f::toString);
        }
      }
      java.util.Map<String, String> p = dev.ycsbpack.common.PropertiesFiles.read(
          bundle.resolve("clients/01-local1/client.properties"));
      recordcount[r] = Long.parseLong(p.get("recordcount"));
      // the key chooser reads the same 200 loaded keys in both
      assertEquals("200", p.getOrDefault("insertcount", "200"), p::toString);
      assertEquals("0", p.getOrDefault("insertstart", "0"), p::toString);
    }
    long stored = fresh.countDocuments();
    // the second repetition's keys start after the first one's inserts, and it inserted keys of its own
    assertEquals(200, recordcount[1]);
    assertTrue(recordcount[2] > 200 && stored > recordcount[2], "recordcount " + recordcount[2] + ", stored "
        + stored);
  }

  /**
   * YCSB uses up an insert's key even when the insert fails: after repetition 1's failed inserts (every 5th one
   * refused on the wire, never stored) the collection's count is short by them, and a repetition starting there would
   * insert repetition 1's last keys again. Repetition 2 starts after every insert repetition 1 attempted instead.
   */
  @Test
  void afterInsertsThatFailedTheNextRepetitionStillInsertsOnlyNewKeys() throws Exception {
    try (dev.ycsbpack.testkit.EmbeddedMongoServer server = dev.ycsbpack.testkit.EmbeddedMongoServer.start();
        dev.ycsbpack.testkit.WireProxy proxy = dev.ycsbpack.testkit.WireProxy.start(server.port())) {
      String url = proxy.connectionString() + "/freshkeys";
      String workload = YcsbRun.readMostly().toString();
      YcsbRun.run(work, "load", "mongodb", "-P", workload, "-p", "mongodb.url=" + url, "-p", "recordcount=200")
          .assertSucceeded();
      java.util.concurrent.atomic.AtomicLong inserts = new java.util.concurrent.atomic.AtomicLong();
      org.bson.BsonDocument refused = org.bson.BsonDocument.parse("{ok: 1, n: 0, writeErrors: [{index: 0, code: 121,"
          + " errmsg: 'Document failed validation'}]}");
      proxy.onRequest(r -> r.command().equals("insert") && inserts.incrementAndGet() % 5 == 0
          ? dev.ycsbpack.testkit.WireDecision.reply(refused) : dev.ycsbpack.testkit.WireDecision.forward());
      Path dir = work.resolve("failed-inserts");
      Coordinator c = run(List.of("repeat", "mongodb", "-P", workload, "-p", "mongodb.url=" + url,
          "-p", "recordcount=200", "-p", "operationcount=200", "-p", "readproportion=0.5", "-p", "updateproportion=0",
          "-p", "insertproportion=0.5", "-p", "ycsbpack.maxerrorrate=50",
          // a refused insert's key is used up all the same (YCSB's rule), so reads of it find nothing: how many
          // depends on which keys the zipfian reads pick, which is not what this test is about
          "-p", "ycsbpack.maxnotfoundrate=50", "-threads", "2", "--repeat", "2", "--warmup-rounds", "0",
          "--quiet", "--hosts", "local", "--out", dir.toString()));
      assertEquals(0, c.exitCode(), c::describe);
      JsonNode m = Coordinator.manifest(dir);
      List<Path> bundles = new ArrayList<>();
      m.get("steps").forEach(step -> {
        assertEquals("COMPLETE", step.get("verdict").asText(), m::toPrettyString);
        bundles.add(dir.resolve(step.get("bundle").asText()).resolve("clients/01-local1"));
      });
      assertEquals(2, bundles.size(), m::toPrettyString);
      long[] start = new long[2];
      long[] attempts = new long[2];
      long stored = 0;
      for (int r = 0; r < 2; r++) {
        start[r] = Long.parseLong(dev.ycsbpack.common.PropertiesFiles.read(bundles.get(r).resolve("client.properties"))
            .get("recordcount"));
        java.util.Map<String, String> verdict = dev.ycsbpack.common.PropertiesFiles.read(
            bundles.get(r).resolve("verdict.properties"));
        for (java.util.Map.Entry<String, String> e : verdict.entrySet()) {
          if (e.getKey().startsWith("return.INSERT.")) {
            attempts[r] += Long.parseLong(e.getValue());
            stored += e.getKey().equals("return.INSERT.OK") ? Long.parseLong(e.getValue()) : 0;
          }
        }
        assertTrue(verdict.keySet().stream().anyMatch(k -> k.startsWith("return.INSERT.") && !k.endsWith(".OK")),
            "some inserts failed: " + verdict);
        assertFalse(verdict.containsKey("return.INSERT.DUPLICATE_KEY"), "only new keys: " + verdict);
      }
      assertEquals(200, start[0]);
      assertEquals(start[0] + attempts[0], start[1], "repetition 2 starts after every insert repetition 1 tried");
      try (com.mongodb.client.MongoClient client = com.mongodb.client.MongoClients.create(server.connectionString())) {
        assertEquals(200 + stored, client.getDatabase("freshkeys").getCollection("usertable").countDocuments());
      }
    }
  }

  /**
   * The help's two-client sweep as written ({@code -threads 1,4,16 --load --hosts local,local}): 1 thread cannot be
   * split over two clients, so it is dropped with one note, recorded in the manifest, and the sweep runs 4 and 16; a
   * sweep with nothing left is refused.
   */
  @Test
  void aDocumentedTwoHostSweepRunsWithoutTheValuesBelowTheClients() throws Exception {
    Path dir = work.resolve("two-hosts");
    Coordinator c = sweepTo(dir, "-threads", "1,4,16", "--load", "--hosts", "local");
    assertEquals(0, c.exitCode(), c::describe);
    String note = "-threads 1 dropped, below the 2 clients (each client needs at least one thread); the sweep runs "
        + "4,16";
    assertEquals(1, c.stderr().lines().filter(l -> l.contains(note)).count(), c::describe);
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals(note, m.get("plan").get("notes").get(0).asText(), m::toPrettyString);
    assertEquals("[4,16]", m.get("plan").get("values").toString());
    List<String> names = new ArrayList<>();
    m.get("steps").forEach(st -> names.add(st.get("name").asText()));
    assertEquals(List.of("00-load", "01-threads-4", "02-threads-16"), names, m::toPrettyString);

    // resuming the finished experiment is refused and touches nothing
    byte[] manifest = Files.readAllBytes(dir.resolve("manifest.json"));
    byte[] report = Files.readAllBytes(dir.resolve("report.html"));
    Coordinator again = run(sweep("-threads", "1,4,16", "--load", "--hosts", "local", "--resume",
        dir.toString()));
    assertEquals(2, again.exitCode(), again::describe);
    assertEquals(1, again.stderr().strip().lines().count(), again::describe);
    assertTrue(again.stderr().startsWith("ycsb-experiment: error: --resume " + dir + ": the experiment is COMPLETE"),
        again::describe);
    assertTrue(java.util.Arrays.equals(manifest, Files.readAllBytes(dir.resolve("manifest.json"))), "untouched");
    assertTrue(java.util.Arrays.equals(report, Files.readAllBytes(dir.resolve("report.html"))), "untouched");

    // a second --load into the loaded collection is refused before anything runs; --fresh drops it first
    Path second = work.resolve("second");
    Coordinator taken = sweepTo(second, "-threads", "2", "--load", "--hosts", "local");
    assertEquals(2, taken.exitCode(), taken::describe);
    assertEquals(
        "ycsb-experiment: error: --load: the collection " + Servers.DATABASE + "." + fresh.table() + " already "
            + "holds 300 documents, and a load into it would stop at the first duplicate key; pass --fresh to drop it "
            + "before the load, or -p table=OTHER to load another collection",
        taken.stderr().strip(), taken::describe);
    assertFalse(Files.exists(second), "nothing written");
    Coordinator noLoad = sweepTo(second, "-threads", "2", "--fresh", "--hosts", "local");
    assertEquals(2, noLoad.exitCode(), noLoad::describe);
    assertTrue(noLoad.stderr().strip().startsWith("ycsb-experiment: error: --fresh: ") && noLoad.stderr().strip()
        .lines().count() == 1, noLoad::describe);
    assertFalse(Files.exists(second), "nothing written");
    assertEquals(300, fresh.countDocuments());
    Coordinator refreshed = sweepTo(second, "-threads", "2", "--load", "--fresh", "--hosts", "local");
    assertEquals(0, refreshed.exitCode(), refreshed::describe);
    assertTrue(refreshed.stderr().contains("ycsb-experiment: --fresh: dropped " + Servers.DATABASE + "." + fresh.table()
        + " (300 documents) before the load"), refreshed::describe);
    assertEquals(300, fresh.countDocuments());

    Path none = work.resolve("none-left");
    Coordinator refused = sweepTo(none, "-threads", "1", "--hosts", "local");
    assertEquals(2, refused.exitCode(), refused::describe);
    assertEquals("ycsb-experiment: error: -threads 1: every value is below the 2 clients (each client needs at least "
        + "one thread): expected values of 2 or more", refused.stderr().strip(), refused::describe);
    assertFalse(Files.exists(none));
  }

  @Test
  void badInputIsOneLineExitTwoAndWritesNothing() throws Exception {
    Path dir = work.resolve("refused");
    List<List<String>> bad = List.of(
        List.of("-threads", "", "--load"), List.of("-threads", "1,,2", "--load"), List.of("-threads", "1,x", "--load"),
        List.of("-threads", "4,2", "--load"), List.of("--slo", "FETCH.p99<=1ms", "--load"),
        List.of("--slo", "READ.p42<=1ms", "--load"),
        List.of("-threads", "1,2", "-target", "10,20", "--load"), List.of("--repeat", "0", "--load"),
        List.of("--clients", "1,2,3", "--hosts", "local", "--load"), List.of("-target", "0%,50%", "--load"),
        List.of("-target", "25%,1000", "--load"), List.of("-target", "50%,200%", "--load"),
        List.of("-threads", "1,2", "-target", "50%", "--load"),
        // no --load and nothing loaded: the collection is empty
        List.of("-threads", "1,2"));
    List<String> expected = List.of("-threads", "-threads", "-threads", "-threads", "--slo", "--slo",
        "more than one list", "--repeat 0", "3 clients over 2 hosts", "0% is outside 1% to 150%",
        "1000 is not a percentage", "200% is outside", "more than one list", "is empty");
    for (int i = 0; i < bad.size(); i++) {
      List<String> a = sweep(bad.get(i).toArray(String[]::new));
      a.addAll(List.of("--out", dir.toString()));
      Coordinator c = run(a);
      Coordinator.assertRefusedInOneLine(c, "ycsb-experiment", expected.get(i));
      assertFalse(Files.exists(dir), "nothing written: " + bad.get(i));
    }
    Files.createDirectories(work.resolve("not-an-experiment"));
    Coordinator r = run(sweep("--resume", work.resolve("not-an-experiment").toString()));
    assertEquals(2, r.exitCode(), r::describe);
    assertTrue(r.stderr().contains("--resume") && r.stderr().contains("not an experiment folder"), r::describe);
    assertEquals(0, fresh.countDocuments());
  }

  @Test
  void anSloOnAnOperationTheWorkloadNeverRunsIsRefusedBeforeAnythingRuns() throws Exception {
    Path dir = work.resolve("slo");
    // read95-update5 has insertproportion=0: an INSERT objective could only ever read as a miss
    Coordinator c = sweepTo(dir, "-threads", "1,2", "--load", "--slo", "INSERT.p99<=10ms");
    assertEquals(2, c.exitCode(), c::describe);
    assertEquals("ycsb-experiment: error: --slo INSERT.p99<=10ms: the workload never runs INSERT; it runs READ, "
        + "UPDATE (readproportion=0.95, updateproportion=0.05, insertproportion=0, scanproportion=0, "
        + "readmodifywriteproportion=0); give an SLO on one of those", c.stderr().strip(), c::describe);
    assertFalse(Files.exists(dir), "nothing written");
    assertEquals(0, fresh.countDocuments(), "nothing loaded");
  }

  @Test
  void ctrlCStopsTheStepAndAKilledExperimentResumesRunningOnlyWhatWasLeftAndRefusesAnotherPlan() throws Exception {
    Path dir = work.resolve("resumed");
    List<String> args = sweep("-threads", "1,2,4", "--load", "-p", "operationcount=3000",
        "--out", dir.toString());
    List<String> same = new ArrayList<>(args.subList(0, args.size() - 2));
    same.addAll(List.of("--resume", dir.toString()));

    // Ctrl-C (SIGTERM, as the shell's) during step 2: the step is stopped the coordinator's way, INCOMPLETE
    Coordinator first = Coordinator.start(work, List.of(), TOOL, args);
    awaitStep(first, dir.resolve("steps/02-threads-2"));
    first.process.destroy();
    assertEquals(1, first.await(), first::describe);
    assertNoClientLeft(dir);
    JsonNode stopped = Coordinator.manifest(dir);
    assertEquals("INCOMPLETE", stopped.get("status").asText(), stopped::toPrettyString);
    assertTrue(stopped.get("reason").asText().contains("--resume " + dir), stopped::toPrettyString);
    assertEquals("INTERRUPTED", stopped.get("steps").get(2).get("verdict").asText(), stopped::toPrettyString);
    assertEquals("FAILED", Coordinator.manifest(dir.resolve("steps/02-threads-2")).get("status").asText());
    assertTrue(first.stderr().contains("ycsb-experiment: INCOMPLETE: interrupted"), first::describe);
    String firstStepStart = stopped.get("steps").get(1).get("startedAt").asText();

    // killed outright (SIGKILL: no hook runs) during step 3 of the resumed experiment
    // its clients lose their coordinator and stop themselves: none is left loading the server
    killDuring(same, dir, "steps/03-threads-4");
    JsonNode killed = Coordinator.manifest(dir);
    assertEquals("RUNNING", killed.get("status").asText(), killed::toPrettyString);

    List<String> other = new ArrayList<>(same);
    other.set(other.indexOf("1,2,4"), "1,2,8");
    Coordinator refused = run(other);
    assertEquals(2, refused.exitCode(), refused::describe);
    assertTrue(refused.stderr().contains("plan differs") && refused.stderr().contains("[1, 2, 8]"),
        refused::describe);

    resumeSkipping(same, "00-load", "01-threads-1", "02-threads-2");
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    List<String> names = new ArrayList<>();
    m.get("steps").forEach(s -> names.add(s.get("name").asText() + ":" + s.get("verdict").asText()));
    assertEquals(List.of("00-load:COMPLETE", "01-threads-1:COMPLETE", "02-threads-2.attempt-1:INTERRUPTED",
        "02-threads-2:COMPLETE", "03-threads-4.attempt-1:KILLED", "03-threads-4:COMPLETE"), names, m::toPrettyString);
    assertEquals(firstStepStart, m.get("steps").get(1).get("startedAt").asText(), "step 1 was not run again");
    assertTrue(Files.isDirectory(dir.resolve("steps/03-threads-4.attempt-1")));
    assertEquals(300, fresh.countDocuments(), "loaded once");
  }

  /**
   * Resumes an experiment with {@code args}: it exits 0 saying that each of the steps {@code done} was COMPLETE earlier
   * and not run again.
   */
  private Coordinator resumeSkipping(List<String> args, String... done) throws Exception {
    Coordinator resumed = run(args);
    assertEquals(0, resumed.exitCode(), resumed::describe);
    for (String step : done) {
      assertTrue(resumed.stdout().contains("step " + step + ": COMPLETE earlier, not run again"), resumed::describe);
    }
    return resumed;
  }

  /**
   * Starts the experiment of {@code args} writing to {@code dir}, kills it outright (SIGKILL: no hook runs) once it has
   * begun {@code step}, and waits until none of its clients is left.
   */
  private void killDuring(List<String> args, Path dir, String step) throws Exception {
    Coordinator c = Coordinator.start(work, List.of(), TOOL, args);
    awaitStep(c, dir.resolve(step));
    c.process.destroyForcibly();
    c.await();
    assertNoClientLeft(dir);
  }

  /** Waits until the experiment has started the step whose bundle is {@code step} (its clients folder exists). */
  private static void awaitStep(Coordinator c, Path step) throws InterruptedException {
    assertTrue(Coordinator.waitFor(() -> Files.isDirectory(step.resolve("clients")) || !c.process.isAlive(),
        (int) Coordinator.TIMEOUT_SECONDS), c::describe);
    assertTrue(c.process.isAlive(), c::describe);
  }

  private static void assertNoClientLeft(Path dir) throws InterruptedException {
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", dir.toString()).isEmpty(), 30),
        () -> "clients still running: " + ProcessTable.matching("YcsbMain", dir.toString()));
  }
}
