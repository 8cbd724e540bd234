package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.ConnectionString;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that refuses every write for its write concern, both ways a server does (a command error, {@code ok:0};
 * a {@code writeConcernError} beside {@code ok:1}): the FAILED line of bin/ycsb and of the coordinator names the
 * server's code name and code, not only YCSB's status count.
 */
class WriteConcernRefusalIT {
  @TempDir
  Path work;

  private static WireProxy proxy(BsonDocument refusal) throws Exception {
    int port = new ConnectionString(TestTargets.inProcess().connectionString()).getHosts().stream()
        .map(h -> Integer.parseInt(h.substring(h.lastIndexOf(':') + 1))).findFirst().orElseThrow();
    WireProxy p = WireProxy.start(port);
    // the load's inserts pass; the run's updates are refused
    p.onRequest(r -> r.command().equals("update") ? WireDecision.reply(refusal) : WireDecision.forward());
    return p;
  }

  private static BsonDocument unknownMode() {
    return new BsonDocument("ok", new BsonInt32(0)).append("code", new BsonInt32(79))
        .append("codeName", new BsonString("UnknownReplWriteConcern"))
        .append("errmsg", new BsonString("No write concern mode named 'multiDC' found in replica set configuration"));
  }

  private static BsonDocument unsatisfiable() {
    return new BsonDocument("ok", new BsonInt32(1)).append("n", new BsonInt32(1)).append("writeConcernError",
        new BsonDocument("code", new BsonInt32(100)).append("codeName", new BsonString("UnsatisfiableWriteConcern"))
            .append("errmsg", new BsonString("Not enough data-bearing nodes")));
  }

  /** A run of 200 operations, a fifth of them updates (all refused), over a table loaded through {@code p}. */
  private List<String> run(WireProxy p, String... more) {
    String table = Servers.newTable();
    List<String> common = List.of("-P", YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=" + p.connectionString() + "/" + Servers.DATABASE, "-p", "table=" + table,
        "-p", "recordcount=50", "-p", "operationcount=200", "-p", "readproportion=0.8", "-p", "updateproportion=0.2");
    List<String> load = new ArrayList<>(List.of("load", "mongodb"));
    load.addAll(common);
    YcsbRun.run(work, load.toArray(new String[0])).assertSucceeded();
    List<String> a = new ArrayList<>(List.of("run", "mongodb"));
    a.addAll(common);
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void bothShapesOfRefusalAreNamedByCodeOnBinYcsbsFailedLine() throws Exception {
    try (WireProxy command = proxy(unknownMode()); WireProxy concern = proxy(unsatisfiable())) {
      YcsbRun r = YcsbRun.run(work, run(command).toArray(new String[0]));
      assertEquals(1, r.exitCode, r::describe);
      String failed = r.stderr.lines().filter(l -> l.startsWith("bin/ycsb: FAILED: ")).findFirst().orElse("");
      assertTrue(failed.contains("UnknownReplWriteConcern (79)"), r::describe);

      YcsbRun w = YcsbRun.run(work, run(concern).toArray(new String[0]));
      assertEquals(1, w.exitCode, w::describe);
      String wFailed = w.stderr.lines().filter(l -> l.startsWith("bin/ycsb: FAILED: ")).findFirst().orElse("");
      assertTrue(wFailed.contains("UnsatisfiableWriteConcern (100)"), w::describe);
    }
  }

  @Test
  void theCoordinatorsFailedLineNamesTheCode() throws Exception {
    try (WireProxy command = proxy(unknownMode())) {
      Path bundle = work.resolve("coordinated");
      Coordinator c = Coordinator.run(work, List.of(), run(command, "-threads", "2", "--hosts", "local,local",
          "--out", bundle.toString(), "--quiet"));
      assertEquals(1, c.exitCode(), c::describe);
      JsonNode m = Coordinator.manifest(bundle);
      assertTrue(m.get("reason").asText().contains("UnknownReplWriteConcern (79)"), m::toPrettyString);
      String failed = c.stderr().lines().filter(l -> l.contains("FAILED: ")).findFirst().orElse("");
      assertTrue(failed.contains("UnknownReplWriteConcern (79): No write concern mode named 'multiDC'"), c::describe);
    }
  }
}
