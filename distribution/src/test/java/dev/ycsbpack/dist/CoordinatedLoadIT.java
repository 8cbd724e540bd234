package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Coordinated loads through bin/ycsb-coordinator with local hosts: what several client processes share. */
class CoordinatedLoadIT {
  @TempDir
  Path work;

  /** Two client processes warm up on one database at once (the shipped insert-latency workload) and both start. */
  @Test
  void twoClientsWithWarmUpOnOneDatabaseComplete() throws Exception {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path bundle = work.resolve("warm");
    try {
      Coordinator c = Coordinator.run(work, List.of(), List.of("load", "mongodb",
          "-P", YcsbRun.home().resolve("workloads/insert-latency").toString(),
          "-p", "mongodb.url=" + target.connectionString(), "-p", "mongodb.database=" + Servers.DATABASE,
          "-p", "table=" + table, "-p", "recordcount=200", "-p", "mongodb.warmup=50", "-threads", "2", "--quiet",
          "--hosts", "local,local", "--out", bundle.toString()));
      assertEquals(0, c.exitCode(), c::describe);
      JsonNode manifest = Coordinator.manifest(bundle);
      assertEquals("COMPLETE", manifest.get("status").asText(), manifest::toPrettyString);
      assertEquals(200, Servers.countDocuments(target, table), "the measured collection holds only the load");
      assertTrue(Servers.collectionNames(target).stream().noneMatch(n -> n.startsWith(table + "_warmup")),
          () -> "every client dropped its scratch collection: " + Servers.collectionNames(target));
    } finally {
      Servers.drop(target, table);
    }
  }
}
