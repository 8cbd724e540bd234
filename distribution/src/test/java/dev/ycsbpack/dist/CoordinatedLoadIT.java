package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Coordinated loads through bin/ycsb-coordinator with local hosts: what several client processes share. */
class CoordinatedLoadIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  /**
   * A load into a collection that already holds its keys fails, and the coordinator's summary and manifest name the
   * cause (the clients' first duplicate-key errors), not just "see the errors above"; mongodb.dropOnLoad=true then
   * loads it from empty.
   */
  @Test
  void aLoadIntoAFullCollectionNamesTheDuplicateKeysAndDropOnLoadStartsFromEmpty() throws Exception {
    List<String> load = List.of("load", "mongodb", "-P", YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=" + fresh.target().connectionString(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + fresh.table(), "-p", "recordcount=400", "-p", "mongodb.batchsize=50", "-threads", "2",
        "--quiet",
        "--hosts", "local,local");
    Coordinator first = Coordinator.run(work, List.of(), concat(load, "--out", work.resolve("first").toString()));
    assertEquals(0, first.exitCode(), first::describe);
    // self-verifying: the server's count is in the summary and the manifest
    String collection = Servers.DATABASE + "." + fresh.table();
    assertTrue(first.stdout().contains("400 loaded, 400 counted in " + collection + "\n"), first::describe);
    JsonNode count = Coordinator.manifest(work.resolve("first")).get("count");
    assertEquals(400, count.get("expected").asLong(), count::toPrettyString);
    assertEquals(400, count.get("counted").asLong(), count::toPrettyString);
    assertEquals("COMPLETE", count.get("verdict").asText(), count::toPrettyString);

    Path run = work.resolve("run");
    List<String> runArgs = new java.util.ArrayList<>(load);
    runArgs.set(0, "run");
    Coordinator r = Coordinator.run(work, List.of(), concat(runArgs, "-p", "operationcount=300",
        "-p", "readproportion=0.5", "-p", "updateproportion=0", "-p", "insertproportion=0.5",
        "--out", run.toString()));
    assertEquals(0, r.exitCode(), r::describe);
    long total = fresh.countDocuments();
    assertTrue(total > 400, "the run inserted new keys: " + total);
    JsonNode runCount = Coordinator.manifest(run).get("count");
    assertEquals(400, runCount.get("before").asLong(), runCount::toPrettyString);
    assertEquals(total - 400, runCount.get("stored").asLong(), runCount::toPrettyString);
    assertEquals(total, runCount.get("counted").asLong(), runCount::toPrettyString);
    assertTrue(r.stdout().contains(String.format("%,d new keys inserted, %,d counted in %s (400 before the run)",
        total - 400, total, collection)), r::describe);

    Path again = work.resolve("again");
    Coordinator c = Coordinator.run(work, List.of(), concat(load, "--out", again.toString()));
    assertEquals(1, c.exitCode(), c::describe);
    String failed = c.stderr().lines().filter(l -> l.startsWith("ycsb-coordinator: FAILED: ")).findFirst()
        .orElseThrow(() -> new AssertionError(c.describe()));
    assertTrue(failed.contains("the first errors: ") && failed.contains("Return=DUPLICATE_KEY")
        && failed.contains("duplicate key"), failed);
    String reason = Coordinator.manifest(again).get("reason").asText();
    assertTrue(reason.contains("Return=DUPLICATE_KEY"), reason);

    Path dropped = work.resolve("fresh");
    Coordinator d = Coordinator.run(work, List.of(), concat(load, "-p", "mongodb.dropOnLoad=true",
        "--out", dropped.toString()));
    assertEquals(0, d.exitCode(), d::describe);
    assertEquals(400, fresh.countDocuments());
    assertTrue(d.stdout().contains("400 loaded, 400 counted in " + collection + "\n"), d::describe);
  }

  private static List<String> concat(List<String> a, String... more) {
    List<String> all = new java.util.ArrayList<>(a);
    all.addAll(List.of(more));
    return all;
  }

  /** Two client processes warm up on one database at once (the shipped insert-latency workload) and both start. */
  @Test
  void twoClientsWithWarmUpOnOneDatabaseComplete() throws Exception {
    Path bundle = work.resolve("warm");
    Coordinator c = Coordinator.run(work, List.of(), List.of("load", "mongodb",
        "-P", YcsbRun.home().resolve("workloads/insert-latency").toString(),
        "-p", "mongodb.url=" + fresh.target().connectionString(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + fresh.table(), "-p", "recordcount=200", "-p", "mongodb.warmup=50", "-threads", "2", "--quiet",
        "--hosts", "local,local", "--out", bundle.toString()));
    assertEquals(0, c.exitCode(), c::describe);
    JsonNode manifest = Coordinator.manifest(bundle);
    assertEquals("COMPLETE", manifest.get("status").asText(), manifest::toPrettyString);
    assertEquals(200, fresh.countDocuments(), "the measured collection holds only the load");
    assertTrue(Servers.collectionNames(fresh.target()).stream().noneMatch(n -> n.startsWith(fresh.table() + "_warmup")),
        () -> "every client dropped its scratch collection: " + Servers.collectionNames(fresh.target()));
  }
}
