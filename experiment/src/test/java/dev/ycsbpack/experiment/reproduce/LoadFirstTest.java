package dev.ycsbpack.experiment.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.experiment.run.RecordCount;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run phase's reproduction against the user's real collection (an embedded server): it runs when the records are
 * there, loads them first with --load when the collection is empty, and otherwise is refused in one line that says how
 * to load them; --load never inserts over records already there.
 */
class LoadFirstTest {
  @TempDir
  Path dir;

  private Original original(String phase) throws Exception {
    Path b = Files.createDirectories(dir.resolve(phase));
    Files.writeString(b.resolve("manifest.json"), "{\"status\": \"COMPLETE\", \"runId\": \"20261207-" + phase + "\"}");
    ReproduciblePlan.builder().tool(ReproduciblePlan.COORDINATOR).kind(phase).binding("mongodb").threads(2)
        .clients(1).hosts(List.of("local1")).properties(Map.of("recordcount", "20", "operationcount", "30",
            "workload", "site.ycsb.workloads.CoreWorkload", "table", "t", "maxexecutiontime", "60"))
        .build().write(b);
    return Original.open(b, b.toString(), false);
  }

  /** A COMPLETE sweep that read records loaded before it ({@code load}: whether its plan loaded them itself). */
  private Original experiment(boolean load) throws Exception {
    Path e = Files.createDirectories(dir.resolve("sweep-" + load));
    ExperimentManifest.Plan plan = ExperimentManifest.Plan.builder().kind("sweep").binding("mongodb").axis("threads")
        .values(List.of(1L, 2L)).load(load).build();
    Files.writeString(e.resolve(ExperimentManifest.FILE), ExperimentManifest.builder().status("COMPLETE").plan(plan)
        .build().json());
    ReproduciblePlan.builder().tool(ReproduciblePlan.EXPERIMENT).kind("sweep").binding("mongodb").clients(1)
        .hosts(List.of("local1")).properties(Map.of("recordcount", "20", "operationcount", "30", "workload",
            "site.ycsb.workloads.CoreWorkload", "table", "t"))
        .experiment(plan).build().write(e);
    return Original.open(e, e.toString(), false);
  }

  private Replay replay(Original o, String url) throws Exception {
    Request r = new Request(Map.of("mongodb.url", url), List.of(), null, null, null, null, List.of("local"),
        List.of());
    return new Replay(o.plan(), r.properties(o.plan()), Map.of(), null, null, null, 1, List.of("--hosts", "local"),
        dir.resolve("again"), true);
  }

  private static void insert(Map<String, String> props, int n) {
    try (MongoClient c = RecordCount.client(props)) {
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        docs.add(new Document("_id", "user" + i));
      }
      c.getDatabase("repro").getCollection("t").insertMany(docs);
    }
  }

  @Test
  void anEmptyCollectionIsLoadedFirstWithLoadAndRefusedWithout() throws Exception {
    Original run = original("run");
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start()) {
      Replay replay = replay(run, "mongodb://127.0.0.1:" + server.port() + "/repro");
      UsageError e = assertThrows(UsageError.class, () -> LoadFirst.check(run, replay, false));
      assertEquals("ORIGINAL " + run.given() + ": a run phase reads the records its plan loads (recordcount=20), and "
          + "your collection repro.t holds 0 documents: give --load to load them first with the plan's properties "
          + "(into " + dir.resolve("again-load") + "), or reproduce its load bundle first", e.getMessage());

      List<String> load = LoadFirst.check(run, replay, true);
      assertEquals(List.of("load", "mongodb"), load.subList(0, 2));
      String line = String.join(" ", load);
      assertTrue(line.contains("-p recordcount=20 ") && line.contains("-p table=t ") && line.contains("-p mongodb.url="
          + "mongodb://127.0.0.1:" + server.port() + "/repro "), line);
      assertTrue(line.contains("-p maxexecutiontime=0 "), "a load is never cut short: " + line);
      assertTrue(line.endsWith("-threads 2 --clients-per-host 1 --hosts local --out " + dir.resolve("again-load")
          + " --quiet"), line);

      // a short collection: the run would read records that are not there
      insert(replay.properties(), 5);
      e = assertThrows(UsageError.class, () -> LoadFirst.check(run, replay, false));
      assertTrue(e.getMessage().contains("holds 5 documents: give --load"), e.getMessage());
      e = assertThrows(UsageError.class, () -> LoadFirst.check(run, replay, true));
      assertEquals("--load: your collection repro.t holds 5 documents already; a load would insert over them: drop "
          + "the collection first, or leave --load out", e.getMessage());
    }
  }

  @Test
  void aLoadedCollectionRunsAsItIsAndOnlyARunPhaseLoadsFirst() throws Exception {
    Original run = original("run");
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start()) {
      Replay replay = replay(run, "mongodb://127.0.0.1:" + server.port() + "/repro");
      insert(replay.properties(), 20);
      assertEquals(List.of(), LoadFirst.check(run, replay, false), "the records are there: nothing to load");
      UsageError e = assertThrows(UsageError.class, () -> LoadFirst.check(run, replay, true));
      assertTrue(e.getMessage().endsWith("or leave --load out (it holds the recordcount=20 records the run reads)"),
          e.getMessage());
      Original load = original("load");
      assertEquals(List.of(), LoadFirst.check(load, replay(load, "mongodb://127.0.0.1:1/x"), false),
          "a load phase is not counted");
      e = assertThrows(UsageError.class, () -> LoadFirst.check(load, replay(load, "mongodb://127.0.0.1:1/x"), true));
      assertEquals("--load: only a run phase's reproduction loads first; " + load.given() + " is a load phase's bundle",
          e.getMessage());
    }
  }

  /**
   * An experiment whose plan did not load reads records loaded before it: on a short collection reproduce refuses in
   * its own words (the experiment's own refusal would say "add --load", which reproduce takes for run phases only);
   * one that loads itself, or a collection that holds the records, goes ahead.
   */
  @Test
  void anExperimentThatDidNotLoadIsRefusedOnAShortCollectionWithoutAskingForLoad() throws Exception {
    Original reads = experiment(false);
    Original loads = experiment(true);
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start()) {
      Replay replay = replay(reads, "mongodb://127.0.0.1:" + server.port() + "/repro");
      UsageError e = assertThrows(UsageError.class, () -> LoadFirst.check(reads, replay, false));
      assertEquals("ORIGINAL " + reads.given() + ": the experiment read records loaded before it (its plan does not "
          + "load; recordcount=20), and your collection repro.t holds 0 documents: load them first with the plan's "
          + "properties (bin/ycsb-coordinator load ...), or reproduce the original's load bundle", e.getMessage());
      assertEquals(List.of(), LoadFirst.check(loads, replay(loads, "mongodb://127.0.0.1:" + server.port() + "/repro"),
          false), "an experiment that loads its records itself");
      insert(replay.properties(), 20);
      assertEquals(List.of(), LoadFirst.check(reads, replay, false));
    }
  }
}
