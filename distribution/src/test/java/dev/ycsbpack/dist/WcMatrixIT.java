package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.ConnectionString;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import dev.ycsbpack.testkit.WireRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb-experiment wc-matrix with a local host against mongo-java-server behind {@link WireProxy}, which answers
 * writes the way a two-member replica set does: w above 2 gets code 100 UnsatisfiableWriteConcern as a
 * writeConcernError ({@code ok:1}, the real shape, research experiments.md §2), an unknown tag mode gets code 79
 * UnknownReplWriteConcern (as a command error, {@code ok:0}, so both shapes the driver can raise are covered).
 */
class WcMatrixIT {
  private static final String TOOL = "bin/ycsb-experiment";
  private static final String PROBE = "ycsb_experiment_wc_probe";

  @TempDir
  Path work;

  /** The refusal a two-member replica set gives the write {@code r}, or null to forward it. */
  static BsonDocument refusal(WireRequest r) {
    if (!r.command().equals("insert") && !r.command().equals("update")) {
      return null;
    }
    BsonValue w = r.body().getDocument("writeConcern", new BsonDocument()).get("w");
    if (w != null && w.isNumber() && w.asNumber().intValue() > 2) {
      return new BsonDocument("ok", new BsonInt32(1)).append("n", new BsonInt32(1)).append("writeConcernError",
          new BsonDocument("code", new BsonInt32(100)).append("codeName", new BsonString("UnsatisfiableWriteConcern"))
              .append("errmsg", new BsonString("Not enough data-bearing nodes")));
    }
    if (w != null && w.isString() && !w.asString().getValue().equals("majority")) {
      return new BsonDocument("ok", new BsonInt32(0)).append("code", new BsonInt32(79))
          .append("codeName", new BsonString("UnknownReplWriteConcern")).append("errmsg", new BsonString(
              "No write concern mode named '" + w.asString().getValue() + "' found in replica set configuration"));
    }
    return null;
  }

  private static List<String> matrix(String url, String table, String... more) {
    return Servers.experiment("wc-matrix", "read50-update50", url, table, List.of("-p", "recordcount=100",
        "-p", "operationcount=150", "-p", "readproportion=0.4", "-p", "updateproportion=0.3",
        "-p", "insertproportion=0.3", "--quiet", "--hosts", "local"), more);
  }

  private Coordinator run(List<String> args) throws Exception {
    return Coordinator.run(work, TOOL, args);
  }

  @Test
  void cellsTheDeploymentRefusesAreNotRunWithTheServersCodeAndTheRestAreMeasuredInRotatingOrder() throws Exception {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path dir = work.resolve("matrix");
    try (WireProxy proxy = WireProxy.start(new ConnectionString(target.connectionString()).getHosts().stream()
        .map(h -> Integer.parseInt(h.substring(h.lastIndexOf(':') + 1))).findFirst().orElseThrow())) {
      proxy.onRequest(r -> {
        BsonDocument refused = refusal(r);
        return refused == null ? WireDecision.forward() : WireDecision.reply(refused);
      });
      Coordinator c = run(matrix(proxy.connectionString(), table, "--write-concerns",
          "w=0,w=1,w=2,w=3,w=tag:multiDC", "--repeat", "2", "--load", "--out", dir.toString()));
      assertEquals(0, c.exitCode(), c::describe);
      JsonNode m = Coordinator.manifest(dir);
      assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
      assertEquals("wc-matrix", m.get("plan").get("kind").asText());
      // the order rotates: repetition 2 starts one cell later; the steps ran in exactly that order
      JsonNode rotation = m.get("matrix").get("rotation");
      assertEquals("[[\"w=0\",\"w=1\",\"w=2\",\"w=3\",\"w=tag:multiDC\"],[\"w=1\",\"w=2\",\"w=3\",\"w=tag:multiDC\","
          + "\"w=0\"]]", rotation.toString());
      List<String> names = new ArrayList<>();
      m.get("steps").forEach(s -> names.add(s.get("name").asText()));
      assertEquals(List.of("00-load", "01-w-0-r1", "02-w-1-r1", "03-w-2-r1", "04-w-3-r1", "05-w-tag-multiDC-r1",
          "06-w-1-r2", "07-w-2-r2", "08-w-3-r2", "09-w-tag-multiDC-r2", "10-w-0-r2"), names, m::toPrettyString);
      for (JsonNode s : m.get("steps")) {
        String name = s.get("name").asText();
        if (name.contains("w-3")) {
          assertEquals("NOT_RUN", s.get("verdict").asText(), s::toPrettyString);
          assertEquals("the server refused the probe write: code 100 UnsatisfiableWriteConcern: Not enough "
              + "data-bearing nodes", s.get("reason").asText());
          assertNull(s.get("figures"), "never a number");
          assertFalse(Files.exists(dir.resolve("steps").resolve(name)), "no run, no bundle");
        } else if (name.contains("multiDC")) {
          assertEquals("NOT_RUN", s.get("verdict").asText(), s::toPrettyString);
          assertTrue(s.get("reason").asText().startsWith("the server refused the probe write: code 79 "
              + "UnknownReplWriteConcern: "), s::toPrettyString);
          assertTrue(s.get("reason").asText().contains("No write concern mode named 'multiDC' found in replica set "
              + "configuration"), s::toPrettyString);
        } else if (name.contains("w-1") || name.contains("w-2")) {
          assertEquals("COMPLETE", s.get("verdict").asText(), s::toPrettyString);
          JsonNode f = s.get("figures");
          assertTrue(f.get("writeConcern").asText().startsWith(name.contains("w-1") ? "w=1" : "w=2"),
              f::toPrettyString);
          assertTrue(f.get("rangeUs").get("INSERT").get("max").asLong() > 0, f::toPrettyString);
        }
      }
      JsonNode cells = m.get("matrix").get("cells");
      assertEquals("w=1", m.get("matrix").get("baseline").asText());
      JsonNode w1 = cells.get(1);
      assertEquals(2, w1.get("runs").asInt(), w1::toPrettyString);
      assertEquals(1.0, w1.get("throughputRatio").asDouble(), 1e-9);
      JsonNode w2 = cells.get(2);
      assertEquals(2, w2.get("throughput").get("n").asInt(), w2::toPrettyString);
      for (String op : List.of("INSERT", "UPDATE")) {
        JsonNode o = w2.get("operations").get(op);
        for (String fig : List.of("avgUs", "minUs", "maxUs", "p95Us", "p99Us")) {
          assertEquals(2, o.get(fig).get("n").asInt(), o::toPrettyString);
        }
        // the driver sees a standalone (the proxy refuses writes as a replica set would, but mongo-java-server's
        // handshake names no set): w=2 was accepted and ignored, so its figures are no measure of w=2
        assertTrue(o.path("p99Ratio").isNull() || o.path("p99Ratio").isMissingNode(), o::toPrettyString);
      }
      assertEquals("not meaningful on a standalone (MongoDB refuses w > 1 there; this server accepted and ignored it)",
          w2.get("notMeaningful").asText(), w2::toPrettyString);
      assertTrue(w2.path("throughputRatio").isNull() || w2.path("throughputRatio").isMissingNode(),
          w2::toPrettyString);
      assertTrue(w1.path("notMeaningful").isNull() || w1.path("notMeaningful").isMissingNode(), w1::toPrettyString);
      // on the terminal: marked, no ratio, and (mongo-java-server) every answer line marked NOT MongoDB
      List<String> out = c.stdout().lines().toList();
      assertTrue(out.stream().anyMatch(l -> l.startsWith("  [NOT MongoDB] w=2: not meaningful on a standalone (MongoDB "
          + "refuses w > 1 there; this server accepted and ignored it): ") && !l.contains("x w=1")), c::describe);
      for (JsonNode statement : m.get("statements")) {
        assertTrue(out.contains("  [NOT MongoDB] " + statement.asText()), c::describe);
      }
      assertEquals(0, cells.get(3).get("runs").asInt());
      assertTrue(cells.get(3).get("notRun").asText().contains("code 100"), cells::toPrettyString);
      assertTrue(cells.get(4).get("notRun").asText().contains("code 79"), cells::toPrettyString);
      // mongo-java-server does not apply w=0 writes: the probe says so instead of the cell measuring anything
      JsonNode w0 = cells.get(0);
      assertEquals(0, w0.get("runs").asInt(), w0::toPrettyString);
      assertTrue(w0.get("notRun").asText().startsWith("the server gave no answer (w=0 is never answered) and the probe "
          + "write was not there 5 s later"), w0::toPrettyString);
      assertTrue(c.stdout().contains("w=3: NOT RUN: the server refused the probe write: code 100"), c::describe);
      String html = Files.readString(dir.resolve("report.html"));
      assertTrue(html.contains("w=2<br><span class=\"bad\">not meaningful on a standalone"), "report marks w=2");
      assertTrue(html.contains("NOT RUN: the server refused the probe write: code 100 UnsatisfiableWriteConcern"),
          "table");
      assertTrue(html.contains("<svg") && html.contains("w=2</text>"), "chart labelled by cell");
      assertFalse(Servers.collectionNames(target).contains(PROBE), "the probe collection is dropped");
      assertTrue(Servers.countDocuments(target, table) > 100, "the measured runs inserted into the loaded table");
    }
  }

  @Test
  void aWriteConcernTheDriverCannotExpressIsOneLineExitTwoAndWritesNothing() throws Exception {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path dir = work.resolve("refused");
    List<List<String>> bad = List.of(List.of("--write-concerns", "w=1,w=0+j=true"), List.of("--write-concerns", ""),
        List.of("--write-concerns", "w=1,fsync=true"), List.of("-p", "mongodb.w=2"), List.of("--repeat", "0"));
    List<String> expected = List.of("w=0 cannot be combined with j=true", "the list is empty",
        "is not a write-concern setting", "give it in --write-concerns", "--repeat 0");
    for (int i = 0; i < bad.size(); i++) {
      List<String> a = matrix(target.connectionString(), table, bad.get(i).toArray(String[]::new));
      a.addAll(List.of("--load", "--out", dir.toString()));
      Coordinator c = run(a);
      Coordinator.assertRefusedInOneLine(c, "ycsb-experiment", expected.get(i));
      assertFalse(Files.exists(dir), "nothing written: " + bad.get(i));
    }
    assertEquals(0, Servers.countDocuments(target, table));
  }
}
