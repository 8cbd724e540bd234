package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb-experiment reproduce of a coordinated run's bundle and of a small sweep, each against a fresh server: the
 * reproduction's plan equals the original's field by field (the hosts and the URL excepted), a workload file changed
 * after the original does not change it, and the comparison names the environment's differences first.
 */
class ReproduceIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  /**
   * What a reproduction runs with differently by design: the user's hosts and the clients placed on them, and no
   * -P file (the original's file names are for the reader; their contents are in the properties).
   */
  private static final Set<String> THE_USERS = Set.of("hosts", "clientsPerHost", "workloadFiles");

  @TempDir
  Path work;

  private Coordinator tool(String tool, List<String> args) throws Exception {
    return Coordinator.run(work, tool, args);
  }

  private static List<String> args(String... a) {
    return new ArrayList<>(List.of(a));
  }

  private static JsonNode json(Path file) throws Exception {
    return JSON.readTree(file.toFile());
  }

  /** Every field of {@code a} equals {@code b}'s, but those the user's hosts set. */
  private static void samePlan(JsonNode a, JsonNode b) {
    for (Iterator<String> it = a.fieldNames(); it.hasNext();) {
      String f = it.next();
      if (!THE_USERS.contains(f) && !f.equals("experiment")) {
        assertEquals(a.get(f), b.get(f), () -> "plan field " + f + ": " + a + " against " + b);
      }
    }
    assertEquals(a.size(), b.size(), b::toString);
  }

  @Test
  void aCoordinatedRunsBundleReproducesItsOwnPlanOnAFreshServerAndNamesTheDifferences() throws Exception {
    Path workload = work.resolve("my-workload.properties");
    Files.writeString(workload, Files.readString(YcsbRun.readMostly())
        + "\nrecordcount=200\noperationcount=300\ntable=usertable_r\nmongodb.database=repro\n");
    Path load = work.resolve("load");
    Path run = work.resolve("run");
    try (EmbeddedMongoServer original = EmbeddedMongoServer.start()) {
      String url = "mongodb://" + "127.0.0.1:" + original.port() + "/repro";
      Coordinator l = tool("bin/ycsb-coordinator", args("load", "mongodb", "-P", workload.toString(), "-p",
          "mongodb.url=" + url, "-threads", "2", "--hosts", "local", "--quiet", "--out", load.toString()));
      assertEquals(0, l.exitCode(), l::describe);
      // concerns set in the URL only: recorded as sent, sent again on a URL without them
      Coordinator r = tool("bin/ycsb-coordinator", args("run", "mongodb", "-P", workload.toString(), "-p",
          "mongodb.url=" + url + "?w=majority&readPreference=primaryPreferred", "-threads", "4", "--hosts",
          "local,local", "--quiet", "--out", run.toString()));
      assertEquals(0, r.exitCode(), r::describe);
    }
    JsonNode plan = json(run.resolve("plan.json"));
    assertEquals("300", plan.get("properties").get("operationcount").asText(), plan::toPrettyString);
    assertFalse(plan.get("properties").has("mongodb.url"), plan::toPrettyString);
    assertEquals("w=majority", plan.get("concerns").get("server.writeConcern").asText(), plan::toPrettyString);
    assertEquals("primaryPreferred", plan.get("concerns").get("server.readPreference").asText());
    // the file changes after the original: the reproduction runs what the original ran
    Files.writeString(workload, Files.readString(workload).replace("operationcount=300", "operationcount=999"));
    // the original recorded by another pack (a fixture): an environment difference to name
    ((ObjectNode) plan).put("packVersion", "0.0.9");
    Files.writeString(run.resolve("plan.json"), plan.toPrettyString());

    Path rload = work.resolve("rload");
    Path rrun = work.resolve("rrun");
    try (EmbeddedMongoServer fresh = EmbeddedMongoServer.start()) {
      String url = "mongodb://127.0.0.1:" + fresh.port() + "/repro";
      // a run reads records: on the empty collection it is refused, and --load loads them first
      Coordinator empty = tool("bin/ycsb-experiment", args("reproduce", run.toString(), "-p", "mongodb.url=" + url,
          "--hosts", "local", "--quiet", "--out", rrun.toString()));
      Coordinator.assertRefusedInOneLine(empty, "ycsb-experiment reproduce", "holds 0 documents: give --load");
      assertFalse(Files.exists(rrun));
      Coordinator rr = tool("bin/ycsb-experiment", args("reproduce", run.toString(), "-p", "mongodb.url=" + url,
          "--hosts", "local", "--quiet", "--load", "--out", rrun.toString()));
      assertEquals(0, rr.exitCode(), rr::describe);
      assertEquals("COMPLETE", Coordinator.manifest(work.resolve("rrun-load")).get("status").asText());
      // the load again is the original's own load, reproduced on a collection --load filled: refused, not doubled
      Coordinator twice = tool("bin/ycsb-experiment", args("reproduce", run.toString(), "-p", "mongodb.url=" + url,
          "--hosts", "local", "--quiet", "--load", "--out", rload.toString()));
      Coordinator.assertRefusedInOneLine(twice, "ycsb-experiment reproduce", "holds 200 documents already");
      // the changes to the plan, first
      List<String> out = rr.stdout().lines().toList();
      assertTrue(out.get(0).startsWith("reproduce: " + run + " (bundle "), rr::describe);
      assertEquals(List.of("  -p mongodb.url=" + url, "  --hosts local", "  --clients-per-host 2"),
          out.subList(1, 4), rr::describe);
      assertTrue(rr.stdout().contains("pack: 0.0.9 (build "), rr::describe);
      assertEquals("reproduce: the concerns the original sent, added to your mongodb.url: w=majority&readPreference="
          + "primaryPreferred", out.get(4), rr::describe);
    }
    JsonNode again = json(rrun.resolve("plan.json"));
    JsonNode loaded = json(work.resolve("rrun-load").resolve("plan.json"));
    assertEquals("load", loaded.get("kind").asText());
    assertEquals("0", loaded.get("properties").get("maxexecutiontime").asText(), loaded::toPrettyString);
    ((ObjectNode) loaded.get("properties")).remove("maxexecutiontime");
    assertEquals(plan.get("properties"), loaded.get("properties"), "the run's plan's properties, no time limit");
    ((ObjectNode) plan).put("packVersion", again.get("packVersion").asText());
    samePlan(plan, again); // the concerns among the fields
    assertEquals("300", again.get("properties").get("operationcount").asText(), "the original's, not the file's");
    assertEquals(2, again.get("clientsPerHost").asInt());
    assertEquals(List.of("local1"), JSON.convertValue(again.get("hosts"), List.class));
    JsonNode repro = json(rrun.resolve("reproduction.json"));
    assertEquals(run.toString(), repro.get("original").asText());
    assertEquals(Coordinator.manifest(run).get("runId").asText(), repro.get("originalId").asText());
    assertEquals(3, repro.get("overrides").size(), repro::toPrettyString);
    String md = Files.readString(rrun.resolve("comparison.md"));
    int env = md.indexOf("## Environment differences");
    assertTrue(env > md.indexOf("## Overrides") && env < md.indexOf("## Figures"), md);
    assertTrue(md.indexOf("- pack: 0.0.9 (build ") > env, md);
    assertTrue(md.contains("Headline (primary figure"), md);
    JsonNode cj = json(rrun.resolve("comparison.json"));
    assertEquals("pack", cj.get("environment").get(0).get("key").asText(), cj::toPrettyString);
    assertTrue(cj.get("figures").has("headline"), cj::toPrettyString);
    reproducedFromASitesRow(load, run, rrun);
  }

  /**
   * Published, each row shows its reproduce command and the reproduction sits beside its original; a row of the site
   * reproduces as its bundle does, compared with the merged figures the site holds.
   */
  private void reproducedFromASitesRow(Path load, Path run, Path rrun) throws Exception {
    Path site = work.resolve("site");
    Coordinator pub = tool("bin/ycsb-aggregate", args("publish", load.toString(), run.toString(), rrun.toString(),
        "--out", site.toString()));
    assertEquals(0, pub.exitCode(), pub::describe);
    String index = Files.readString(site.resolve("index.html"));
    assertTrue(index.contains("bin/ycsb-experiment reproduce SITE/bundles/load --hosts HOSTS -p mongodb.url=YOUR_URL"),
        index);
    assertTrue(Files.isDirectory(site.resolve("reproductions")), "the original beside its reproduction");
    Path fromRow = work.resolve("from-row");
    try (EmbeddedMongoServer third = EmbeddedMongoServer.start()) {
      Coordinator r = tool("bin/ycsb-experiment", args("reproduce", site.resolve("bundles/load").toString(), "-p",
          "mongodb.url=mongodb://127.0.0.1:" + third.port() + "/repro", "--hosts", "local", "--quiet", "--out",
          fromRow.toString()));
      assertEquals(0, r.exitCode(), r::describe);
    }
    String md = Files.readString(fromRow.resolve("comparison.md"));
    assertTrue(md.contains("Headline (primary figure"), md);
  }

  @Test
  void aSweepReproducesStepByStepAndBadInputIsOneLine() throws Exception {
    Path sweep = work.resolve("sweep");
    try (EmbeddedMongoServer original = EmbeddedMongoServer.start()) {
      String url = "mongodb://127.0.0.1:" + original.port();
      Coordinator s = tool("bin/ycsb-experiment", Servers.experiment("sweep", "read95-update5", url, "usertable_s",
          List.of("-p", "recordcount=100", "-p", "operationcount=150", "--quiet", "--hosts", "local"),
          "-threads", "1,2", "--load", "--out", sweep.toString()));
      assertEquals(0, s.exitCode(), s::describe);
    }
    // bad input: one line, exit 2, nothing written
    Path none = work.resolve("none");
    Coordinator unknown = tool("bin/ycsb-experiment", args("reproduce", sweep.toString(), "-p",
        "mongodb.url=mongodb://127.0.0.1:1/x", "-p", "recordcont=5", "--hosts", "local", "--out", none.toString()));
    Coordinator.assertRefusedInOneLine(unknown, "ycsb-experiment reproduce", "recordcont");
    assertTrue(unknown.stderr().contains("recordcount"), unknown::describe);
    Coordinator notOne = tool("bin/ycsb-experiment", args("reproduce", work.toString(), "-p",
        "mongodb.url=mongodb://127.0.0.1:1/x", "--hosts", "local", "--out", none.toString()));
    Coordinator.assertRefusedInOneLine(notOne, "ycsb-experiment reproduce", "not a coordinator bundle");
    assertFalse(Files.exists(none));

    Path rsweep = work.resolve("rsweep");
    try (EmbeddedMongoServer fresh = EmbeddedMongoServer.start()) {
      String url = "mongodb://127.0.0.1:" + fresh.port();
      Coordinator r = tool("bin/ycsb-experiment", args("reproduce", sweep.toString(), "-p", "mongodb.url=" + url,
          "--hosts", "local", "--quiet", "--out", rsweep.toString()));
      assertEquals(0, r.exitCode(), r::describe);
      assertTrue(r.stdout().contains("threads 1: "), r::describe);
    }
    JsonNode a = json(sweep.resolve("plan.json"));
    JsonNode b = json(rsweep.resolve("plan.json"));
    samePlan(a, b);
    JsonNode ea = a.get("experiment");
    JsonNode eb = b.get("experiment");
    for (Iterator<String> it = ea.fieldNames(); it.hasNext();) {
      String f = it.next();
      if (!f.equals("hosts") && !f.equals("workloadFiles")) {
        assertEquals(ea.get(f), eb.get(f), () -> "experiment field " + f);
      }
    }
    assertEquals("sweep", Coordinator.manifest(rsweep).get("plan").get("kind").asText());
    String md = Files.readString(rsweep.resolve("comparison.md"));
    assertTrue(md.contains("## threads 1") && md.contains("## threads 2"), md);
  }
}
