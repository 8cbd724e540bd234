package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merged verdict weighs the clients' summed {@code Return=} counts by the same rule as {@code bin/ycsb}, and every
 * output leads with them; BEHIND TARGET speaks only of clients that stayed behind, with the throughput as measured.
 */
class OutcomesMergeTest {
  @TempDir
  Path tmp;

  /**
   * Two clients, 20 one-second intervals of 100 READs each (2,000 per client, 200 ops/s together); {@code extra[c]}
   * is appended to client c's output, {@code lateFrom..lateTo} are the intervals whose intended latency is 400 ms.
   */
  private Path run(String[] extra, Map<String, String> props, int lateFrom, int lateTo) throws Exception {
    Path root = tmp.resolve("run");
    for (int c = 0; c < 2; c++) {
      Map<String, String> p = SyntheticClients.baseProperties();
      p.put("measurement.interval", "both");
      p.put("insertstart", Integer.toString(c * 1000));
      p.putAll(props);
      Path dir = root.resolve("c" + c);
      SyntheticClients.writeClient(dir, 1_790_000_000_000L, 1000, 20, List.of("READ", "Intended-READ"), (op, k) -> {
        Histogram h = new Histogram(3);
        boolean late = op.startsWith("Intended-") && k >= lateFrom && k <= lateTo;
        h.recordValueWithCount(late ? 400_000 : 1000, 100);
        return h;
      }, p);
      if (extra != null) {
        Files.writeString(dir.resolve("output.txt"), extra[c], StandardOpenOption.APPEND);
      }
    }
    return root;
  }

  private Path run(String... extra) throws Exception {
    return run(extra, Map.of(), -1, -1);
  }

  @Test
  void errorsAndNotFoundBelowTheBudgetLeadEveryOutput() throws Exception {
    // client 0: 10 errors beside its 2,000 OK reads; client 1: 30 not found
    Path root = run("[READ], Return=SERVICE_UNAVAILABLE, 10\n", "[READ], Return=NOT_FOUND, 30\n");
    MergeResult r = Aggregate.merge(List.of(root), MergeOptions.defaults());
    assertNull(r.budgetFailure());
    String lead = r.warnings().get(0);
    assertTrue(lead.startsWith("ERRORS: 10 of 4,040 operations failed (0.25%: SERVICE_UNAVAILABLE 10); NOT FOUND: 30 "
        + "of 4,040 READ (0.74%); "), lead);
    assertTrue(lead.contains(" successful ops/s of 200.0 attempted"), lead);
    assertEquals(10, r.operationsByName().get("READ").errors(), "NOT_FOUND is not an error, by the same rule");
    Path out = tmp.resolve("out");
    Aggregate.write(r, out, EnumSet.allOf(OutputFormat.class));
    for (String f : List.of("merged.txt", "merged.csv", "timeseries.csv", "merged.md", "merged.json")) {
      assertTrue(Files.readAllLines(out.resolve(f)).get(0).contains("ERRORS: 10 of 4,040"), f);
    }
    JsonNode overall = new ObjectMapper().readTree(out.resolve("merged.json").toFile()).path("overall");
    assertEquals(10, overall.path("failedOperations").asLong());
    assertEquals(30, overall.path("notFoundOperations").asLong());
    assertEquals(lead, overall.path("lead").asText());
    assertTrue(overall.path("errorBudgetFailure").isNull() || overall.path("errorBudgetFailure").isMissingNode());
    assertTrue(overall.path("successfulThroughputOpsPerSec").asDouble() < overall.path("throughputOpsPerSec")
        .asDouble());
    assertTrue(Files.readString(out.resolve("report.html")).contains("<title>WARNING - "));
  }

  @Test
  void theSummedCountsAreWeighedSoClientsWithinTheBudgetCanFailTogether() throws Exception {
    // 10 of 2,010 (0.50%) and 38 of 2,038 (1.86%) are each judged by their own client; summed, 48 of 4,048 = 1.19%
    Path root = run(new String[] {"[READ], Return=ERROR, 10\n", "[READ], Return=ERROR, 38\n"},
        Map.of("ycsbpack.maxerrorrate", "1"), -1, -1);
    MergeResult r = Aggregate.merge(List.of(root), MergeOptions.defaults());
    assertEquals("48 of 4,048 operations failed (1.19%: ERROR 48), over ycsbpack.maxerrorrate=1%", r.budgetFailure());
    assertEquals("FAILED: " + r.budgetFailure(), r.headlines().get(0));

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = AggregateMain.run(new String[] {"merge", root.toString(), "-o", tmp.resolve("cli").toString()},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(AggregateMain.OVER_BUDGET, rc, err.toString(StandardCharsets.UTF_8));
    assertTrue(Files.readAllLines(tmp.resolve("cli/merged.md")).get(0).contains("FAILED: 48 of 4,048"));
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("ycsb-aggregate merge: FAILED: 48 of 4,048"));

    Files.walk(root).filter(p -> p.getFileName().toString().equals("client.properties")).forEach(p -> {
      try {
        Files.writeString(p, Files.readString(p).replace("ycsbpack.maxerrorrate=1", "ycsbpack.maxerrorrate=2"));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    assertNull(Aggregate.merge(List.of(root), MergeOptions.defaults()).budgetFailure(), "within a 2% budget");
  }

  @Test
  void aScheduleMissedOnlyInTheFirstSecondIsNotBehindTarget() throws Exception {
    MergeResult startOnly = Aggregate.merge(List.of(run(null, Map.of("target", "100"), 0, 0)),
        MergeOptions.defaults());
    assertEquals(List.of(), startOnly.warnings(), "caught up after the start-up second");
  }

  @Test
  void behindTargetStatesTheThroughputAsMeasuredAndEqualIsNotBelow() throws Exception {
    MergeResult met = Aggregate.merge(List.of(run(null, Map.of("target", "100"), 8, 11)), MergeOptions.defaults());
    assertEquals(200.0, met.totalThroughput(), 1e-9);
    String w = met.warnings().get(0);
    assertTrue(w.startsWith("BEHIND TARGET: the clients fell behind their -target schedule in 4 of 20 time buckets"),
        w);
    assertTrue(w.contains("Throughput 200.0 ops/s met the target of 200 ops/s."), w);
    assertTrue(!w.contains("below"), w);
    Files.walk(tmp.resolve("run")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    MergeResult below = Aggregate.merge(List.of(run(null, Map.of("target", "101"), 8, 11)), MergeOptions.defaults());
    assertTrue(below.warnings().get(0).contains("Throughput 200.0 ops/s was below the target of 202 ops/s."),
        below.warnings().get(0));
  }
}
