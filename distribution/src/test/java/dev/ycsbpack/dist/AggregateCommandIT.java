package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Two bin/ycsb clients run at once; bin/ycsb-aggregate merges their folders into one YCSB report. */
class AggregateCommandIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  @Test
  void twoConcurrentClientsMergeIntoOneReportWithEveryOperation() throws Exception {
    Path workload = YcsbRun.readMostly();
    YcsbRun.run(work, concat("load", "mongodb", fresh.pointAt(), "-P", workload.toString(),
        "-p", "recordcount=500", "-p", "mongodb.batchsize=50")).assertSucceeded();

    List<CompletableFuture<YcsbRun>> clients = new ArrayList<>();
    for (String name : List.of("client-a", "client-b")) {
      Path folder = Files.createDirectories(work.resolve("run").resolve(name));
      String[] overrides = concat(fresh.pointAt(), "-p", "recordcount=500", "-p", "operationcount=1500",
          "-threads", "2", "-p", "hdrhistogram.fileoutput=true",
          "-p", "hdrhistogram.output.path=" + folder + "/");
      writeClientProperties(workload, folder, overrides, false);
      clients.add(CompletableFuture
          .supplyAsync(() -> YcsbRun.run(folder, concat("run", "mongodb", "-P", workload.toString(), overrides))));
    }
    long reads = 0;
    long updates = 0;
    for (int i = 0; i < clients.size(); i++) {
      YcsbRun run = clients.get(i).get().assertSucceeded();
      Files.writeString(work.resolve("run").resolve(i == 0 ? "client-a" : "client-b").resolve("output.txt"),
          run.stdout);
      reads += run.operations("READ");
      updates += run.operations("UPDATE");
    }
    assertEquals(3000, reads + updates);

    Path out = work.resolve("merged");
    YcsbRun merge = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(),
        "merge", work.resolve("run").toString(), "-o", out.toString());
    assertEquals(0, merge.exitCode, merge::describe);
    YcsbRun merged = YcsbRun.parseOutput(Files.readString(out.resolve("merged.txt")));
    assertEquals(reads, merged.operations("READ"), "merged READ count is the sum of the clients'");
    assertEquals(updates, merged.operations("UPDATE"));
    assertTrue(merged.measurements.get("READ").containsKey("99thPercentileLatency(us)"), merged::describe);
    assertTrue(Files.size(out.resolve("report.html")) > 10_000, "a self-contained HTML report");
  }

  /**
   * Two bin/ycsb runs with --out, one after the other, without -s (bin/ycsb's default): their whole runs never
   * overlapped, so the common window refuses them (naming both and their times), and the union gives their operations
   * over its length, not the sum of two rates that never ran together.
   */
  @Test
  void twoRunsOneAfterAnotherAreNotAddedUpAsIfTheyRanTogether() throws Exception {
    Path workload = YcsbRun.readMostly();
    YcsbRun.run(work, concat("load", "mongodb", fresh.pointAt(), "-P", workload.toString(),
        "-p", "recordcount=500")).assertSucceeded();
    List<Double> rates = new ArrayList<>();
    for (String name : List.of("a", "b")) {
      YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", "-P", workload.toString(), fresh.pointAt(),
          "-p", "recordcount=500", "-p", "operationcount=1000", "--out", work.resolve(name).toString()))
          .assertSucceeded();
      rates.add(Double.parseDouble(run.measurements.get("OVERALL").get("Throughput(ops/sec)")));
    }
    YcsbRun common = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(),
        "merge", work.resolve("a").toString(), work.resolve("b").toString(), "-o", work.resolve("m").toString());
    assertEquals(1, common.exitCode, common::describe);
    assertEquals(1, common.stderr.strip().lines().count(), common::describe);
    assertTrue(common.stderr.contains("no common time") && common.stderr.contains("a 20")
        && common.stderr.contains("b 20"), common::describe);
    assertFalse(Files.exists(work.resolve("m")), "nothing written");

    YcsbRun union = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(),
        "merge", work.resolve("a").toString(), work.resolve("b").toString(), "-o", work.resolve("u").toString(),
        "--window", "union");
    assertEquals(0, union.exitCode, union::describe);
    YcsbRun merged = YcsbRun.parseOutput(Files.readString(work.resolve("u/merged.txt")));
    double runTimeS = Double.parseDouble(merged.measurements.get("OVERALL").get("RunTime(ms)")) / 1000;
    double tp = Double.parseDouble(merged.measurements.get("OVERALL").get("Throughput(ops/sec)"));
    assertEquals(2000 / runTimeS, tp, 0.01 * tp, "the union's operations over its length");
    assertTrue(tp < Math.max(rates.get(0), rates.get(1)), tp + " ops/s against the clients' own " + rates);
    String json = Files.readString(work.resolve("u/merged.json"));
    assertTrue(json.contains("\"allClientsTogetherSeconds\" : 0.0"), json);
  }

  /**
   * A client run by hand (no --out, so no verdict) whose load stopped at a duplicate key: its output has an [OVERALL]
   * section, with fewer operations than it was asked for. The merge holds it to bin/ycsb's count rule.
   */
  @Test
  void aHandMadeFolderOfALoadThatStoppedEarlyIsAFailedClient() throws Exception {
    Path workload = YcsbRun.readMostly();
    YcsbRun.run(work, concat("load", "mongodb", fresh.pointAt(), "-P", workload.toString(),
        "-p", "recordcount=1000", "-p", "insertstart=600", "-p", "insertcount=100")).assertSucceeded();
    Path folder = Files.createDirectories(work.resolve("run").resolve("loader"));
    String[] overrides = concat(fresh.pointAt(), "-p", "recordcount=1000", "-p", "insertstart=500",
        "-p", "insertcount=200", "-threads", "1", "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=" + folder + "/");
    writeClientProperties(workload, folder, overrides, true);
    YcsbRun load = YcsbRun.run(folder, concat("load", "mongodb", "-P", workload.toString(), overrides));
    assertEquals(1, load.exitCode, load::describe); // bin/ycsb itself says FAILED: keys 600.. are taken
    assertTrue(load.stderr.contains("only 100 of 200 operations completed"), load::describe);
    Files.writeString(folder.resolve("output.txt"), load.stdout);

    YcsbRun merge = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(),
        "merge", work.resolve("run").toString(), "-o", work.resolve("merged").toString());
    assertEquals(1, merge.exitCode, merge::describe); // its only client failed: nothing to merge
    assertTrue(merge.stderr.contains("loader: " + folder.resolve("output.txt") + " shows only 100 of the 200 "
        + "operations its client.properties asked for (insertcount=200): the client stopped early"),
        merge::describe);
    assertFalse(Files.exists(work.resolve("merged")), "nothing written");
  }

  /** What the client ran with: the workload file, then every -p and flag on top, as YCSB merges them. */
  private static void writeClientProperties(Path workload, Path folder, String[] overrides, boolean load)
      throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(workload)) {
      p.load(in);
    }
    for (int i = 0; i < overrides.length; i += 2) {
      if (overrides[i].equals("-threads")) {
        p.setProperty("threadcount", overrides[i + 1]);
      } else {
        String pair = overrides[i + 1];
        p.setProperty(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
      }
    }
    p.setProperty("db", dev.ycsbpack.mongodb.MongoDbClient.class.getName());
    p.setProperty("dotransactions", Boolean.toString(!load));
    try (OutputStream out = Files.newOutputStream(folder.resolve("client.properties"))) {
      p.store(out, null);
    }
  }
}
