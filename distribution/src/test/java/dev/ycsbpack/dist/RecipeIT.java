package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb-experiment run: every recipe of experiments/ end to end at a small scale, with a local host against
 * mongo-java-server (a fresh one per test, so the recipes' own table names cannot meet another test's), the
 * serverStatus memory figures where a server reports them (WireProxy adds known WiredTiger figures to
 * mongo-java-server's answer) and where it does not, and bad input.
 */
class RecipeIT {
  private static final String TOOL = "bin/ycsb-experiment";
  private static final long RESIDENT_MIB = 1234;
  private static final long CACHE_IN_USE = 5_000_000;
  private static final long CACHE_MAX = 8_000_000;

  @TempDir
  Path work;

  private Coordinator run(String... args) throws Exception {
    Coordinator c = Coordinator.start(work, List.of(), TOOL, List.of(args));
    c.await();
    return c;
  }

  private static String[] args(String recipe, String url, Path out, String... more) {
    List<String> a = new ArrayList<>(List.of("run", "experiments/" + recipe, "--hosts", "local", "--quiet",
        "-p", "mongodb.url=" + url));
    a.addAll(List.of(more));
    a.addAll(List.of("--out", out.toString()));
    return a.toArray(String[]::new);
  }

  private static String sha256(Path f) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f)));
  }

  /** The experiment folder's manifest, checked to come from the recipe (name and digest) and to be COMPLETE. */
  private static JsonNode experiment(Path dir, String recipe, String name) throws Exception {
    JsonNode m = Coordinator.manifest(dir.resolve(name));
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    JsonNode env = m.get("environment");
    assertEquals(recipe, env.get("recipe.name").asText());
    assertEquals(name, env.get("recipe.experiment").asText());
    assertEquals(sha256(YcsbRun.home().resolve("experiments").resolve(recipe)), env.get("recipe.sha256").asText());
    assertEquals(Files.readString(YcsbRun.home().resolve("experiments").resolve(recipe)),
        Files.readString(dir.resolve("recipe.properties")), "the recipe kept as run");
    return m;
  }

  /**
   * The recipe's answer table: in recipe.json, printed at the end of the run row for row as the file has it (the
   * NOT MongoDB mark first: these tests measure mongo-java-server), and in the recipe's report.
   */
  private static JsonNode table(Coordinator c, Path dir, String recipe) throws Exception {
    JsonNode s = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("recipe.json").toFile());
    assertEquals("ycsb-recipe/v1", s.get("schema").asText(), s::toPrettyString);
    assertEquals(recipe, s.get("recipe").asText());
    JsonNode t = s.get("table");
    List<String> out = c.stdout().lines().toList();
    int at = out.indexOf(out.stream().filter(l -> l.startsWith("ycsb-experiment: recipe " + recipe + ": answer"))
        .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no table printed: " + c.describe())));
    assertTrue(t.get("notMongo").asText().startsWith("NOT MongoDB: the clients measured mongo-java-server"),
        t::toPrettyString);
    assertEquals("  " + t.get("notMongo").asText(), out.get(at + 1), "the mark first");
    assertEquals("  " + t.get("question").asText(), out.get(at + 2));
    List<String> columns = new ArrayList<>();
    t.get("columns").forEach(h -> columns.add(h.asText()));
    assertEquals(columns, List.of(out.get(at + 3).strip().split(" {2,}")), "the header as printed");
    for (int i = 0; i < t.get("rows").size(); i++) {
      List<String> cells = new ArrayList<>();
      t.get("rows").get(i).forEach(v -> cells.add(v.asText()));
      assertEquals(cells, List.of(out.get(at + 5 + i).strip().split(" {2,}")), "row " + i + " as printed");
      for (int k = 0; k < cells.size(); k++) {
        // a count of runs may be 0 (a cell not run); a figure never is
        String v = cells.get(k);
        assertFalse(!columns.get(k).equals("runs") && (v.equals("0") || v.equals("0.000")),
            "a missing figure is n/a, never 0: " + cells);
      }
    }
    String report = Files.readString(dir.resolve("report.html"));
    assertTrue(report.contains("<table class=\"study\">") && report.contains("<th>" + columns.get(0) + "</th>"),
        report);
    return t;
  }

  private static List<String> columns(JsonNode table) {
    List<String> cells = new ArrayList<>();
    table.get("columns").forEach(v -> cells.add(v.asText()));
    return cells;
  }

  private static List<String> notes(JsonNode table) {
    List<String> cells = new ArrayList<>();
    table.get("notes").forEach(v -> cells.add(v.asText()));
    return cells;
  }

  private static List<String> row(JsonNode table, int i) {
    List<String> cells = new ArrayList<>();
    table.get("rows").get(i).forEach(v -> cells.add(v.asText()));
    return cells;
  }

  /** The note {@code [k]} of a cell {@code ... [k]}. */
  private static String note(JsonNode table, String cell) {
    String k = cell.replaceAll("^.*(\\[\\d+\\])$", "$1");
    for (JsonNode n : table.get("notes")) {
      if (n.asText().startsWith(k + " ")) {
        return n.asText().substring(k.length() + 1);
      }
    }
    throw new AssertionError("no note " + k + " in " + table.toPrettyString());
  }

  @Test
  void writeConcernRecipesMeasureTheCellsAndReportTheOnesTheDeploymentRefuses() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start();
        WireProxy proxy = WireProxy.start(server.port())) {
      proxy.onRequest(r -> {
        BsonDocument refused = WcMatrixIT.refusal(r);
        return refused == null ? WireDecision.forward() : WireDecision.reply(refused);
      });
      String url = proxy.connectionString() + "/recipes";
      Path latency = work.resolve("latency");
      // small: two cells, one repetition, 30 measured inserts after 5 warm-up ones (the recipe: 6 cells, 3, 200, 200)
      Coordinator c = run(args("wc-insert-latency", url, latency, "--write-concerns", "w=1,w=3", "--repeat", "1",
          "-p", "operationcount=30", "-p", "mongodb.warmup=5", "-p", "recordcount=20"));
      assertEquals(0, c.exitCode(), c::describe);
      JsonNode m = experiment(latency, "wc-insert-latency", "matrix");
      assertEquals("30", m.get("plan").get("properties").get("operationcount").asText(), "the user's -p wins");
      assertEquals("1", m.get("plan").get("properties").get("threadcount").asText(), m::toPrettyString);
      JsonNode cells = m.get("matrix").get("cells");
      assertEquals(1, cells.get(0).get("runs").asInt(), cells::toPrettyString);
      JsonNode merged = new com.fasterxml.jackson.databind.ObjectMapper().readTree(latency.resolve("matrix")
          .resolve(m.get("steps").get(1).get("bundle").asText()).resolve("merged/merged.json").toFile());
      merged.get("operations").forEach(o -> {
        if (o.get("name").asText().equals("INSERT")) {
          assertEquals(30, o.get("latencyUs").get("count").asLong(), "the measured inserts only: " + o);
        }
      });
      JsonNode insert = cells.get(0).get("operations").get("INSERT");
      assertTrue(insert.get("maxUs").get("median").asDouble() >= insert.get("minUs").get("median").asDouble(),
          insert::toPrettyString);
      assertTrue(cells.get(1).get("notRun").asText().contains("code 100 UnsatisfiableWriteConcern"),
          cells::toPrettyString);
      assertTrue(c.stdout().contains("recipe wc-insert-latency: COMPLETE"), c::describe);
      JsonNode t = table(c, latency, "wc-insert-latency");
      assertEquals(List.of("write concern", "runs", "ops/s", "replication lag max (ms)", "INSERT mean (ms)",
          "INSERT p95 (ms)", "INSERT p99 (ms)", "INSERT mean ratio", "INSERT p99 ratio", "steps"), columns(t));
      List<String> w1 = row(t, 0);
      assertEquals("w=1", w1.get(0));
      assertEquals("one run: the spread over repetitions is unknown", note(t, w1.get(1)));
      assertEquals(String.format(java.util.Locale.ROOT, "%,.0f", cells.get(0).get("throughput").get("median")
          .asDouble()), w1.get(2), "the matrix's own median");
      assertEquals("not reported by this server", note(t, w1.get(3)), "a standalone reports no replication lag");
      assertEquals(List.of("1.000x", "1.000x"), w1.subList(7, 9));
      assertEquals(m.get("steps").get(1).get("name").asText(), w1.get(9), "the step it came from");
      List<String> refused = row(t, 1);
      assertEquals(List.of("w=3", "0"), refused.subList(0, 2));
      assertTrue(note(t, refused.get(2)).startsWith("NOT RUN: ") && note(t, refused.get(2)).contains("code 100"),
          refused::toString);

      Path names = work.resolve("names");
      Coordinator d = run(args("wc-driver-constants", url, names, "--write-concerns", "JOURNAL_SAFE,W3", "--repeat",
          "1", "-p", "operationcount=20", "-p", "mongodb.warmup=5", "-p", "recordcount=20", "-p", "table=names"));
      assertEquals(0, d.exitCode(), d::describe);
      JsonNode n = experiment(names, "wc-driver-constants", "constants");
      JsonNode journal = n.get("matrix").get("cells").get(0);
      assertEquals("JOURNAL_SAFE", journal.get("writeConcern").asText());
      assertEquals("w=1, j=true; deprecated alias of JOURNALED", journal.get("means").asText());
      assertEquals("{\"mongodb.w\":\"1\",\"mongodb.j\":\"true\"}", journal.get("properties").toString());
      assertEquals("w=1, j=true", journal.get("sent").get(0).asText(), "what the clients recorded sending");
      JsonNode w3 = n.get("matrix").get("cells").get(1);
      assertEquals("W3", w3.get("writeConcern").asText());
      assertTrue(w3.get("notRun").asText().contains("code 100"), w3::toPrettyString);
      assertTrue(d.stdout().contains("JOURNAL_SAFE (w=1, j=true; deprecated alias of JOURNALED): "), d::describe);
      JsonNode names2 = table(d, names, "wc-driver-constants");
      assertEquals(List.of("JOURNAL_SAFE", "w=1, j=true; deprecated alias of JOURNALED"), row(names2, 0).subList(0, 2));
      assertEquals("no ratio: the matrix has no measured w=1 cell to compare with", note(names2, row(names2, 0)
          .get(8)));
    }
  }

  @Test
  void sweepRecipesRunEveryExperimentAndSayWhenTheServerReportsNoMemoryFigures() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start()) {
      String url = server.connectionString() + "/recipes";
      Path study = work.resolve("study");
      Coordinator c = run(args("mongodb-26-vs-30", url, study, "-threads", "1,2", "-p", "recordcount=200",
          "-p", "operationcount=200"));
      assertEquals(0, c.exitCode(), c::describe);
      for (String mix : List.of("read95", "read50")) {
        JsonNode m = experiment(study, "mongodb-26-vs-30", mix);
        JsonNode props = m.get("plan").get("properties");
        assertEquals("1", props.get("fieldcount").asText());
        assertEquals("100", props.get("fieldlength").asText());
        assertEquals("zipfian", props.get("requestdistribution").asText());
        assertEquals(mix.equals("read95") ? "0.95" : "0.5", props.get("readproportion").asText());
        assertEquals("[1,2]", m.get("plan").get("values").toString());
        assertEquals(mix.equals("read95"), m.get("plan").get("load").asBoolean(), "loaded once, by the first");
        JsonNode last = m.get("steps").get(m.get("steps").size() - 1);
        assertTrue(last.get("figures").get("latencyUs").get("UPDATE").has("99"), last::toPrettyString);
      }
      JsonNode t = table(c, study, "mongodb-26-vs-30");
      // the batch load records INSERT-BATCH (one per batch) beside INSERT
      List<String> cols = columns(t);
      assertEquals(List.of("experiment", "threads", "ops/s", "READ p95/p99 (ms)", "UPDATE p95/p99 (ms)",
          "INSERT p95/p99 (ms)"), cols.subList(0, 6));
      assertEquals(List.of("answer", "step"), cols.subList(cols.size() - 2, cols.size()));
      int from = cols.indexOf("step");
      List<String> load = row(t, 0);
      assertEquals(List.of("read95", "load"), load.subList(0, 2));
      assertTrue(load.get(5).matches("[0-9]+\\.[0-9]{3} / [0-9]+\\.[0-9]{3}")
          && load.get(from).equals("read95/steps/00-load"), load::toString);
      assertEquals("the step ran no READ", note(t, load.get(3)));
      for (int i = 1; i <= 4; i++) {
        List<String> r = row(t, i);
        String mix = i <= 2 ? "read95" : "read50";
        String threads = String.valueOf(2 - i % 2);
        JsonNode step = Coordinator.manifest(study.resolve(mix)).get("steps").get(i <= 2 ? i : i - 3);
        assertEquals(List.of(mix, threads), r.subList(0, 2), r::toString);
        assertEquals(mix + "/" + step.get("bundle").asText(), r.get(from), "the step it came from");
        JsonNode update = step.get("figures").get("latencyUs").get("UPDATE");
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f / %.3f", update.get("95").asLong() / 1000.0,
            update.get("99").asLong() / 1000.0), r.get(4), r::toString);
      }
      assertTrue(notes(t).stream().anyMatch(n -> n.startsWith("read50: highest throughput: ")), t::toPrettyString);
      // a recipe stopped before its second experiment: --resume keeps the first as it is and runs the second
      String firstRun = Coordinator.manifest(study.resolve("read95")).get("steps").toString();
      Path read50 = study.resolve("read50");
      try (java.util.stream.Stream<Path> files = Files.walk(read50)) {
        for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
      List<String> resume = new ArrayList<>(List.of(args("mongodb-26-vs-30", url, study, "-threads", "1,2",
          "-p", "recordcount=200", "-p", "operationcount=200")));
      resume.set(resume.size() - 2, "--resume");
      Coordinator resumed = run(resume.toArray(String[]::new));
      assertEquals(0, resumed.exitCode(), resumed::describe);
      for (String step : List.of("00-load", "01-threads-1", "02-threads-2")) {
        assertTrue(resumed.stdout().contains("step " + step + ": COMPLETE earlier, not run again"), resumed::describe);
      }
      assertEquals(firstRun, Coordinator.manifest(study.resolve("read95")).get("steps").toString(),
          "the finished experiment is left as it was");
      JsonNode again = experiment(study, "mongodb-26-vs-30", "read50");
      assertEquals(2, again.get("steps").size(), again::toPrettyString);
      again.get("steps").forEach(s -> assertEquals("COMPLETE", s.get("verdict").asText(), again::toPrettyString));
      assertTrue(resumed.stdout().contains("recipe mongodb-26-vs-30: COMPLETE"), resumed::describe);
      assertEquals(5, table(resumed, study, "mongodb-26-vs-30").get("rows").size(), "the table again, whole");
      Path clients = work.resolve("clients");
      Coordinator d = run(args("clients-6to1", url, clients, "--clients", "1,2", "-p", "table=clients",
          "-p", "recordcount=40", "-p", "fieldlength=1000", "-p", "operationcount=140"));
      assertEquals(0, d.exitCode(), d::describe);
      JsonNode m = experiment(clients, "clients-6to1", "clients");
      assertEquals("clients", m.get("plan").get("axis").asText());
      assertEquals("6", m.get("plan").get("properties").get("readproportion").asText());
      JsonNode step = m.get("steps").get(2);
      assertEquals(2, step.get("x").asInt());
      // mongo-java-server reports no memory or cache figures: each is said so, never 0
      JsonNode memory = step.get("figures").get("server").get("figures");
      assertEquals(4, memory.size(), memory::toPrettyString);
      memory.forEach(v -> assertEquals("not reported by this server", v.asText(), memory::toPrettyString));
      assertTrue(Files.readString(clients.resolve("clients/report.html")).contains("resident not reported by this "
          + "server; cache in use not reported by this server"), "the report says so too");
      JsonNode t6 = table(d, clients, "clients-6to1");
      assertEquals(List.of("clients", "2", String.format(java.util.Locale.ROOT, "%,.0f", step.get("figures")
          .get("throughput").asDouble())), row(t6, 2).subList(0, 3));
      assertEquals(List.of("experiment", "clients", "ops/s"), columns(t6).subList(0, 3));
      assertTrue(Files.readString(clients.resolve("clients/report.html")).contains("The recipe's answer"),
          "each experiment's report has the recipe's table");
    }
  }

  @Test
  void largerThanRamSizesTheDataFromTheRamAndRecordsTheServersMemoryFiguresPerStep() throws Exception {
    AtomicLong pages = new AtomicLong(1000);
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start();
        WireProxy proxy = WireProxy.start(server.port())) {
      // a server that reports them: mongo-java-server's own serverStatus with WiredTiger's figures added, the
      // pages-read counter growing by 500 at every call
      proxy.onReply((request, reply) -> request.command().equals("serverStatus")
          ? WireDecision
              .reply(reply.clone().append("mem", new BsonDocument("resident", new BsonInt32((int) RESIDENT_MIB)))
                  .append("wiredTiger", new BsonDocument("cache", new BsonDocument(
                      "bytes currently in the cache", new BsonInt64(CACHE_IN_USE))
                      .append("maximum bytes configured", new BsonInt64(CACHE_MAX))
                      .append("pages read into cache", new BsonInt64(pages.addAndGet(500))))))
          : WireDecision.forward());
      String url = proxy.connectionString() + "/recipes";
      Path ram = work.resolve("ram");
      // 64 KiB of "RAM" and 100-byte documents: 328 records fit in half of it, 1,311 are twice it
      Coordinator c = run(args("larger-than-ram", url, ram, "--ram", "64KiB", "-p", "fieldcount=1",
          "-p", "fieldlength=100", "-p", "operationcount=100"));
      assertEquals(0, c.exitCode(), c::describe);
      try (MongoClient client = MongoClients.create(server.connectionString())) {
        assertEquals(328, client.getDatabase("recipes").getCollection("ram_half").countDocuments());
        assertEquals(1311, client.getDatabase("recipes").getCollection("ram_twice").countDocuments());
      }
      List<String> focus = List.of("uniform", "uniform", "hotspot", "hotspot");
      List<String> names = List.of("fits", "exceeds", "focus-10", "focus-1");
      for (int i = 0; i < names.size(); i++) {
        JsonNode m = experiment(ram, "larger-than-ram", names.get(i));
        JsonNode props = m.get("plan").get("properties");
        assertEquals(i == 0 ? "328" : "1311", props.get("recordcount").asText(), names.get(i));
        assertEquals(focus.get(i), props.get("requestdistribution").asText());
        if (i >= 2) {
          assertEquals(i == 2 ? "0.1" : "0.01", props.get("hotspotdatafraction").asText());
        }
        JsonNode step = m.get("steps").get(m.get("steps").size() - 1);
        JsonNode reported = step.get("figures").get("server");
        assertNull(reported.get("reason"), reported::toPrettyString);
        JsonNode f = reported.get("figures");
        assertEquals(RESIDENT_MIB * 1024 * 1024, f.get("residentBytes").asLong(), f::toPrettyString);
        assertEquals(CACHE_IN_USE, f.get("cacheBytesInUse").asLong());
        assertEquals(CACHE_MAX, f.get("cacheMaximumBytes").asLong());
        // what the step read: the counter's growth between the snapshots before and after it, not the counter
        // itself (500 per serverStatus answer; the step's client asks once too, so the growth is 1000, not 0)
        long read = f.get("pagesReadIntoCache").asLong();
        assertTrue(read >= 500 && read % 500 == 0 && read < pages.get() - 1000, f::toPrettyString);
        assertTrue(Files.readString(ram.resolve(names.get(i)).resolve("report.html")).contains("resident 1.2 GiB; "
            + "cache in use 4.8 MiB; cache maximum 7.6 MiB; pages read into cache "), names.get(i));
      }
      // the four cases side by side: each one's throughput over fits', its READ p50/p99, the server's figures
      JsonNode t = table(c, ram, "larger-than-ram");
      assertEquals(List.of("case", "records", "ops/s", "ratio to fits", "READ p50 (ms)", "READ p99 (ms)", "resident",
          "cache in use", "cache maximum", "pages read into cache", "cache fill max (sampled)", "pages read (sampled)",
          "step"), columns(t));
      double fits = Coordinator.manifest(ram.resolve("fits")).get("steps").get(1).get("figures").get("throughput")
          .asDouble();
      for (int i = 0; i < names.size(); i++) {
        List<String> r = row(t, i);
        JsonNode f = Coordinator.manifest(ram.resolve(names.get(i))).get("steps").get(i < 2 ? 1 : 0).get("figures");
        assertEquals(List.of(names.get(i), i == 0 ? "328" : "1,311"), r.subList(0, 2));
        assertEquals(String.format(java.util.Locale.ROOT, "%.3fx", f.get("throughput").asDouble() / fits), r.get(3));
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f", f.get("latencyUs").get("READ").get("99").asLong()
            / 1000.0), r.get(5));
        assertEquals(List.of("1.2 GiB", "4.8 MiB", "7.6 MiB"), r.subList(6, 9));
        assertEquals(String.format(java.util.Locale.ROOT, "%,d", f.get("server").get("figures")
            .get("pagesReadIntoCache").asLong()), r.get(9));
        // sampled during the step: the proxy's constant cache figures, its pages counter grown by 500 an answer
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f%%", 100.0 * CACHE_IN_USE / CACHE_MAX), r.get(10));
        long sampled = Long.parseLong(r.get(11).replace(",", ""));
        assertTrue(sampled >= 500 && sampled % 500 == 0, r::toString);
        assertEquals(names.get(i) + "/steps/01-threads-1", r.get(12));
      }
    }
  }

  /**
   * An experiment that reads what an earlier one of its recipe loads has its records counted just before it runs: a
   * short count there stops the recipe with the count's own line and one saying that nothing of that experiment was
   * written (it has no folder, so no manifest to point to), and how to continue.
   */
  @Test
  void aShortCountBeforeALaterExperimentStopsTheRecipeAndPointsToNothingUnwritten() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start()) {
      // the first experiment loads table "loaded"; the second reads table "unloaded", which nothing loads
      Path recipe = Files.writeString(work.resolve("two-tables"), """
          title = two experiments, the second on a table nothing loads
          measures = nothing: the count before the second refuses it
          seed = none: a test's recipe
          command = sweep
          workloads = workloads/workloadc
          options = -threads 1
          p.recordcount = 20
          p.operationcount = 20
          experiments = first, second
          experiment.first.about = loads its table, then one step
          experiment.first.load = true
          experiment.first.p.table = loaded
          experiment.second.about = one step on a table nothing loaded
          experiment.second.p.table = unloaded
          """);
      Path study = work.resolve("study");
      Coordinator c = run("run", recipe.toString(), "--hosts", "local", "--quiet", "-p", "mongodb.url="
          + server.connectionString() + "/recipes", "--out", study.toString());
      assertEquals(2, c.exitCode(), c::describe);
      assertEquals("COMPLETE", Coordinator.manifest(study.resolve("first")).get("status").asText(), c::describe);
      assertFalse(Files.exists(study.resolve("second")), "nothing of the second experiment written");
      List<String> lines = c.stderr().strip().lines().filter(l -> l.startsWith("ycsb-experiment: ")).toList();
      assertEquals(List.of("ycsb-experiment: error: the collection recipes.unloaded holds 0 documents, it is empty: "
          + "every step reads the loaded records; load them first (bin/ycsb-coordinator load ...) or add --load",
          "ycsb-experiment: recipe two-tables stopped before experiment second ran (nothing of it was written); "
              + "continue with --resume " + study),
          lines, c::describe);
    }
  }

  @Test
  void badInputIsOneLineExitTwoAndWritesNothing() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start()) {
      String url = server.connectionString() + "/recipes";
      Path out = work.resolve("refused");
      Path unknownKey = Files.writeString(work.resolve("my-recipe"), Files.readString(YcsbRun.home()
          .resolve("experiments/clients-6to1")) + "experiment.clients.threads = 4\n");
      List<List<String>> bad = List.of(
          List.of("run", "experiments/no-such-recipe"),
          List.of("run", unknownKey.toString()),
          List.of("run", "experiments/larger-than-ram"),
          List.of("run", "experiments/clients-6to1", "--ram", "16GiB"),
          List.of("run", "experiments/larger-than-ram", "--ram", "lots"),
          List.of("run", "experiments/clients-6to1", "--load"),
          List.of("run", "experiments/larger-than-ram", "--ram", "1GiB", "-p", "table=mine"),
          List.of("run", "experiments/larger-than-ram", "--ram", "1GiB", "-p", "recordcount=5"),
          List.of("run", "experiments/clients-6to1", "--clients", "1,,2"),
          List.of("run", "experiments/clients-6to1", "--bogus"),
          // refused by bin/ycsb's own check of the clients' command, which runs before the recipe's folder is made
          List.of("run", "experiments/mongodb-26-vs-30", "-p", "mongodb.wtimeout=99999999999"));
      List<String> expected = List.of("RECIPE experiments/no-such-recipe: no such recipe; expected a file, or one of"
          + " the pack's experiments/: clients-6to1, larger-than-ram, mongodb-26-vs-30, wc-driver-constants, "
          + "wc-insert-latency",
          "unknown key experiment.clients.threads;", "--ram: recipe larger-than-ram sizes its data",
          "--ram 16GiB: recipe clients-6to1 does not size", "--ram lots: expected a size",
          "--load: recipe clients-6to1 loads its records itself", "-p table: recipe larger-than-ram's experiment fits"
              + " sets it itself",
          "-p recordcount: recipe larger-than-ram's experiment fits sets it itself from "
              + "--ram",
          "--clients", "unknown option '--bogus'", "invalid mongodb.wtimeout=99999999999");
      for (int i = 0; i < bad.size(); i++) {
        List<String> a = new ArrayList<>(bad.get(i));
        a.addAll(List.of("--hosts", "local", "-p", "mongodb.url=" + url, "--out", out.toString()));
        Coordinator c = run(a.toArray(String[]::new));
        Coordinator.assertRefusedInOneLine(c, "ycsb-experiment", expected.get(i));
        assertFalse(Files.exists(out), "nothing written: " + bad.get(i));
      }
      Files.createDirectories(work.resolve("not-a-recipe-run"));
      Coordinator r = run("run", "experiments/clients-6to1", "--hosts", "local", "--resume",
          work.resolve("not-a-recipe-run").toString());
      assertEquals(2, r.exitCode(), r::describe);
      assertTrue(r.stderr().contains("--resume") && r.stderr().contains("not a recipe's experiment folder"),
          r::describe);
      try (MongoClient client = MongoClients.create(server.connectionString())) {
        assertFalse(client.getDatabase("recipes").listCollectionNames().iterator().hasNext(), "nothing loaded");
      }
    }
  }
}
