package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the public API: hosts, the server, the warnings every output shows first (not MongoDB, behind target), and
 * the folders {@code bin/ycsb --out} writes (both outputs beside a verdict).
 */
class FindingsTest {
  @TempDir
  Path tmp;

  /**
   * Two clients, 20 one-second intervals of READ with intended latency; from interval 8 to 11 the intended latency
   * is far above the service latency (the clients fell behind their target).
   */
  Path run(String product, boolean behind) throws Exception {
    Path root = tmp.resolve("run");
    for (int c = 0; c < 2; c++) {
      Map<String, String> p = SyntheticClients.baseProperties();
      p.put("measurement.interval", "both");
      p.put("insertstart", Integer.toString(c * 1000));
      Path dir = root.resolve("c" + c);
      SyntheticClients.writeClient(dir, 1_790_000_000_000L, 1000, 20, List.of("READ", "Intended-READ"), (op, k) -> {
        Histogram h = new Histogram(3);
        boolean late = behind && op.startsWith("Intended-") && k >= 8 && k < 12;
        h.recordValueWithCount(late ? 400_000 : 1000, 100);
        return h;
      }, p);
      Files.writeString(dir.resolve("environment.properties"), "host.name=loadgen-" + c + "\n"
          + (product == null ? "" : "server.product=" + product + "\nserver.version=7.0.12\n"));
    }
    return root;
  }

  @Test
  void hostsComeFromTheEnvironmentOrTheCaller() throws Exception {
    Path root = run("MongoDB", false);
    MergeResult r = Aggregate.merge(List.of(root), MergeOptions.builder().hosts(Map.of("c1", "rack2-b")).build());
    assertEquals(List.of("loadgen-0", "rack2-b"), r.clients().stream().map(ClientResult::host).toList());
    assertEquals("MongoDB 7.0.12", r.server());
    assertEquals(List.of(), r.warnings(), "MongoDB, on schedule: nothing to warn about");
    Path out = tmp.resolve("out");
    Aggregate.write(r, out, EnumSet.allOf(OutputFormat.class));
    for (String f : List.of("merged.txt", "merged.md", "merged.json", "report.html")) {
      String text = Files.readString(out.resolve(f));
      assertTrue(text.contains("loadgen-0") && text.contains("rack2-b"), f);
      assertTrue(text.contains("MongoDB 7.0.12"), f + " names the server");
    }
  }

  @Test
  void aServerThatIsNotMongoDbIsSaidOnTheFirstLine() throws Exception {
    MergeResult r = Aggregate.merge(List.of(run("FerretDB 1.24.0", false)), MergeOptions.defaults());
    Path out = tmp.resolve("out");
    Aggregate.write(r, out, EnumSet.allOf(OutputFormat.class));
    for (String f : List.of("merged.json", "merged.txt", "merged.csv", "timeseries.csv", "merged.md")) {
      assertTrue(Files.readAllLines(out.resolve(f)).get(0).contains("NOT MongoDB: the clients measured FerretDB"), f);
    }
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("<title>WARNING - YCSB merged results - FerretDB 1.24.0 7.0.12</title>"), html.substring(0,
        400));
  }

  @Test
  void theConcernsTheClientsRanUnderAreInEveryOutputsServerLine() throws Exception {
    Path root = run("MongoDB", false);
    for (String c : List.of("c0", "c1")) {
      Files.writeString(root.resolve(c).resolve("environment.properties"), "server.writeConcern=w=majority, j=true\n"
          + "server.readConcern=server default (not reported by this server)\nserver.readPreference=primary\n",
          java.nio.file.StandardOpenOption.APPEND);
    }
    MergeResult r = Aggregate.merge(List.of(root), MergeOptions.defaults());
    String expected = "MongoDB 7.0.12; write concern w=majority, j=true; read concern server default (not reported by"
        + " this server); read preference primary";
    assertEquals(expected, r.server());
    Path out = tmp.resolve("out");
    Aggregate.write(r, out, EnumSet.allOf(OutputFormat.class));
    assertTrue(Files.readString(out.resolve("merged.txt")).contains("Server: " + expected));
    assertTrue(Files.readString(out.resolve("report.html")).contains("<title>YCSB merged results - " + expected));
  }

  @Test
  void clientsBehindTheirTargetAreSaidFirstWithHowFarAndHowLong() throws Exception {
    MergeResult r = Aggregate.merge(List.of(run(null, true)), MergeOptions.defaults());
    assertEquals(1, r.warnings().size(), String.valueOf(r.warnings()));
    String w = r.warnings().get(0);
    assertTrue(w.startsWith("BEHIND TARGET: the clients fell behind their -target schedule in 4 of 20 time buckets "
        + "(4 s of 20 s)"), w);
    assertTrue(w.contains("up to 400.") && w.contains("ms behind"), w);
    assertEquals(List.of(), Aggregate.merge(List.of(run(null, false)), MergeOptions.defaults()).warnings(),
        "on schedule");
  }

  @Test
  void aFolderWithAVerdictMayHoldBothOutputs() throws Exception {
    Path root = run(null, false);
    for (String c : List.of("c0", "c1")) {
      Path dir = root.resolve(c);
      Files.writeString(dir.resolve("output.json"), "[]"); // bin/ycsb --out writes both; the text is read
      new ClientFolder(dir).writeVerdict(new Verdict(RunStatus.COMPLETE, "", 4000, 4000,
          UUID.randomUUID().toString(), 1_790_000_000_000L, -1, Outcomes.none(), -1));
    }
    MergeResult r = Aggregate.merge(List.of(root), MergeOptions.defaults());
    assertTrue(r.complete());
    assertEquals(4000, r.totalCount());
    Files.delete(root.resolve("c1/verdict.properties"));
    try {
      Aggregate.merge(List.of(root), MergeOptions.defaults());
      throw new AssertionError("a hand-made folder with both outputs must be refused");
    } catch (dev.ycsbpack.aggregate.input.InputException e) {
      assertTrue(e.getMessage().contains("holds both output.txt and output.json"), e.getMessage());
    }
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  @Test
  void batchedInsertCountsAreSummedAndUnacknowledgedOnesAreSaidFirst() throws Exception {
    Path root = run("MongoDB", false);
    long[][] counts = {{2000, 2000, 0}, {2000, 1990, 10}};
    for (int c = 0; c < 2; c++) {
      Files.writeString(root.resolve("c" + c).resolve("output.txt"), "[INSERT-DOCUMENTS], Counted, " + counts[c][0]
          + "\n[INSERT-DOCUMENTS], Acknowledged, " + counts[c][1] + "\n[INSERT-DOCUMENTS], NotAcknowledged, "
          + counts[c][2] + "\n", java.nio.file.StandardOpenOption.APPEND);
    }
    MergeResult r = Aggregate.merge(List.of(root), MergeOptions.defaults());
    assertEquals(Map.of("Counted", 4000L, "Acknowledged", 3990L, "NotAcknowledged", 10L), r.insertDocuments());
    assertEquals(List.of("NOT ACKNOWLEDGED: 10 of the 4,000 batched inserts the clients counted as done were not "
        + "acknowledged by the server; the INSERT figures count documents that may not be stored."), r.warnings());
    Path out = tmp.resolve("out");
    Aggregate.write(r, out, EnumSet.allOf(OutputFormat.class));
    for (String f : List.of("merged.txt", "merged.md", "report.html")) {
      String text = Files.readString(out.resolve(f));
      assertTrue(text.contains("Batched inserts ([INSERT-DOCUMENTS], summed over the merged clients): Counted 4,000, "
          + "Acknowledged 3,990, NotAcknowledged 10."), f);
    }
    for (String f : List.of("merged.txt", "merged.csv", "timeseries.csv", "merged.md")) {
      assertTrue(Files.readAllLines(out.resolve(f)).get(0).contains("NOT ACKNOWLEDGED: 10 of the 4,000"), f);
    }
    com.fasterxml.jackson.databind.JsonNode docs = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.resolve("merged.json").toFile()).get("overall").get("insertDocuments");
    assertEquals(3990, docs.get("Acknowledged").asLong(), docs::toString);

    Path unknownRoot = run("MongoDB", false);
    for (int c = 0; c < 2; c++) {
      Files.writeString(unknownRoot.resolve("c" + c).resolve("output.txt"), "[INSERT-DOCUMENTS], Counted, 2000\n"
          + "[INSERT-DOCUMENTS], Acknowledged, " + (c == 0 ? 2000 : 1901) + "\n[INSERT-DOCUMENTS], NotAcknowledged, "
          + (c == 0 ? 0 : 1) + (c == 0 ? "" : "\n[INSERT-DOCUMENTS], FateUnknown, 98") + "\n",
          java.nio.file.StandardOpenOption.APPEND);
    }
    MergeResult unknown = Aggregate.merge(List.of(unknownRoot), MergeOptions.defaults());
    assertEquals(98L, unknown.insertDocuments().get("FateUnknown"), unknown.insertDocuments()::toString);
    assertEquals(List.of("NOT ACKNOWLEDGED: 99 of the 4,000 batched inserts the clients counted as done were not "
        + "acknowledged by the server (98 of unknown fate: sent in a batch that got no answer, so the server may have "
        + "stored them); the INSERT figures count documents that may not be stored."), unknown.warnings());

    MergeResult none = Aggregate.merge(List.of(run("MongoDB", false)), MergeOptions.defaults());
    assertEquals(Map.of(), none.insertDocuments(), "no client batched inserts");
    assertTrue(none.notes().stream().noneMatch(n -> n.startsWith("Batched inserts")), String.valueOf(none.notes()));
  }
}
