package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.OpSummary;
import dev.ycsbpack.aggregate.input.YcsbOutput;
import dev.ycsbpack.aggregate.input.YcsbOutputParser;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.Merger;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real YCSB 0.17.0 outputs (text and JSON exporters, with and without -s) from several clients parse and merge. */
class RealYcsbMergeTest {
  static final Histogram PRECISION = new Histogram(3);

  @TempDir
  Path tmp;

  static List<ClientInput> clients(String scenario) throws Exception {
    List<ClientInput> l = new java.util.ArrayList<>();
    for (Path p : ClientFolders.expand(List.of(RealYcsb.runs().get(scenario)))) {
      l.add(ClientFolders.load(p));
    }
    return l;
  }

  static long reported(List<ClientInput> cs, String op) {
    return cs.stream().mapToLong(c -> c.output().operations().get(op).operations()).sum();
  }

  @Test
  void textOutputWithStatusAndIntendedLatencyMerges() throws Exception {
    List<ClientInput> cs = clients("text-s");
    assertEquals(3, cs.size());
    MergeResult r = Merger.merge(List.of(RealYcsb.runs().get("text-s")), MergeOptions.defaults());
    assertEquals("intervals", r.mode().label());
    assertEquals(1000, r.timeSeries().bucketMs());
    assertTrue(r.timeSeries().buckets() >= 1);
    for (String op : List.of("READ", "UPDATE")) {
      OpResult o = r.operationsByName().get(op);
      assertNotNull(o, op);
      long all = reported(cs, op);
      assertTrue(o.count() > 0 && o.count() <= all, op + " window count " + o.count() + " of " + all);
      assertNotNull(o.intended(), "measurement.interval=both gives Intended-" + op);
      assertEquals(all, o.returns().get("OK"), "Return=OK summed over the clients");
      assertEquals(0.0, o.errorRate());
      assertTrue(o.latency().percentiles().get(50.0) <= o.latency().percentiles().get(99.0));
    }
    assertNull(r.operationsByName().get("Intended-READ"), "intended latency is folded into READ");
    assertTrue(r.totalThroughput() > 0);
  }

  @Test
  void jsonExporterWithStatusMerges() throws Exception {
    List<ClientInput> cs = clients("json-s");
    assertEquals(2, cs.size());
    for (ClientInput c : cs) {
      assertTrue(c.output().file().toString().endsWith("output.json"));
      assertTrue(c.output().hasOverall());
    }
    MergeResult r = Merger.merge(List.of(RealYcsb.runs().get("json-s")), MergeOptions.defaults());
    assertEquals("intervals", r.mode().label());
    OpResult read = r.operationsByName().get("READ");
    assertTrue(read.count() > 0 && read.count() <= reported(cs, "READ"));
    assertNull(read.intended());
  }

  @Test
  void withoutStatusTheWholeRunsAreMergedExactly() throws Exception {
    for (String scenario : List.of("text-nos", "json-nos")) {
      List<ClientInput> cs = clients(scenario);
      MergeResult r = Merger.merge(List.of(RealYcsb.runs().get(scenario)), MergeOptions.defaults());
      assertEquals("whole-run", r.mode().label(), scenario);
      assertEquals(0, r.timeSeries().buckets());
      for (String op : List.of("READ", "UPDATE")) {
        OpResult o = r.operationsByName().get(op);
        assertEquals(reported(cs, op), o.count(), scenario + " " + op + ": every operation of every client");
        long maxOfClients = cs.stream().mapToLong(c -> c.output().operations().get(op).maxUs()).max().getAsLong();
        assertTrue(PRECISION.valuesAreEquivalent(maxOfClients, o.latency().maxUs()), scenario + " max");
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (ClientInput c : cs) {
          double p99 = c.output().operations().get(op).percentiles().get("99");
          lo = Math.min(lo, p99);
          hi = Math.max(hi, p99);
        }
        long merged99 = o.latency().percentiles().get(99.0);
        assertTrue(merged99 >= lo - 1 && merged99 <= PRECISION.highestEquivalentValue((long) hi),
            scenario + " merged p99 " + merged99 + " lies between the clients' p99s " + lo + ".." + hi);
      }
      assertTrue(r.notes().stream().anyMatch(n -> n.contains("without -s")));
    }
  }

  @Test
  void mergedTextSummaryReadsBackAsYcsbOutput() throws Exception {
    Path out = tmp.resolve("out");
    int rc = dev.ycsbpack.aggregate.cli.AggregateMain.run(new String[] {"merge",
        RealYcsb.runs().get("text-s").toString(), "-o", out.toString()}, new java.io.PrintStream(
            java.io.OutputStream.nullOutputStream()),
        new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
    assertEquals(0, rc);
    YcsbOutput back = YcsbOutputParser.parse(out.resolve("merged.txt"));
    assertTrue(back.hasOverall());
    JsonNode json = new ObjectMapper().readTree(out.resolve("merged.json").toFile());
    assertEquals("ycsb-aggregate/merge/v1", json.get("schema").asText());
    for (JsonNode op : json.get("operations")) {
      OpSummary s = back.operations().get(op.get("name").asText());
      assertNotNull(s, op.get("name").asText());
      assertEquals(op.get("operations").asLong(), s.operations());
      assertEquals(op.get("latencyUs").get("percentiles").get("99").asDouble(), s.percentiles().get("99"));
      assertEquals(op.get("latencyUs").get("percentiles").get("99.9").asDouble(), s.percentiles().get("99.9"));
    }
    assertNotNull(back.operations().get("Intended-READ"));
    assertEquals(json.get("overall").get("throughputOpsPerSec").asDouble(), back.throughput(), 1e-9);
    for (String f : List.of("merged.txt", "merged.json", "merged.csv", "timeseries.csv", "merged.md",
        "report.html")) {
      assertTrue(Files.size(out.resolve(f)) > 0, f);
    }
  }
}
