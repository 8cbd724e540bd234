package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare --a ... --b ...}: two sets of merged repetitions, their spreads, verdicts and refusals. */
class CompareRepetitionsTest {
  @TempDir
  Path tmp;

  String stdout;
  String stderr;

  int run(String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int rc = AggregateMain.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
        new PrintStream(e, true, StandardCharsets.UTF_8));
    stdout = o.toString(StandardCharsets.UTF_8);
    stderr = e.toString(StandardCharsets.UTF_8);
    return rc;
  }

  /**
   * One merged repetition: a client of 10 one-second intervals, {@code perInterval} READs of exactly
   * {@code latency} µs each, so its throughput is {@code perInterval} ops/s and every percentile is {@code latency}.
   */
  String rep(String name, int index, int perInterval, long latency, String threads) throws Exception {
    return rep(name, index, perInterval, latency, threads, "READ");
  }

  String rep(String name, int index, int perInterval, long latency, String threads, String op) throws Exception {
    return rep(name, index, perInterval, latency, threads, op, "7.0.14");
  }

  String rep(String name, int index, int perInterval, long latency, String threads, String op, String version)
      throws Exception {
    Path root = tmp.resolve(name + "-clients");
    Map<String, String> p = SyntheticClients.baseProperties();
    p.put("threadcount", threads);
    SyntheticClients.writeClient(root.resolve("c0"), 1_790_000_000_000L + index * 60_000L, 1000, 10,
        List.of(op), (o, k) -> {
          Histogram h = new Histogram(3);
          h.recordValueWithCount(latency, perInterval);
          return h;
        }, p);
    Files.writeString(root.resolve("c0/environment.properties"), "server.product=MongoDB\nserver.version=" + version
        + "\n");
    Path merged = tmp.resolve(name);
    assertEquals(0, run("merge", root.toString(), "-o", merged.toString()), stderr);
    return merged.toString();
  }

  /** Five repetitions of A (p99 about 1,000 µs) and five of B (about 820 µs, 18% lower, more throughput). */
  List<String> fiveA() throws Exception {
    List<String> a = new ArrayList<>();
    long[] lat = {1000, 1010, 990, 1005, 995};
    for (int i = 0; i < 5; i++) {
      a.add(rep("a" + i, i, 100 + i, lat[i], "16"));
    }
    return a;
  }

  List<String> fiveB() throws Exception {
    List<String> b = new ArrayList<>();
    long[] lat = {820, 828, 812, 824, 816};
    for (int i = 0; i < 5; i++) {
      b.add(rep("b" + i, 10 + i, 120 + i, lat[i], "16"));
    }
    return b;
  }

  static String[] args(List<String> a, List<String> b, String... more) {
    List<String> all = new ArrayList<>();
    all.add("compare");
    all.add("--a");
    all.addAll(a);
    all.add("--b");
    all.addAll(b);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void separatedSetsGetEachSidesSpreadAndAQuotableVerdict() throws Exception {
    List<String> a = fiveA();
    List<String> b = fiveB();
    Path json = tmp.resolve("cmp.json");
    assertEquals(0, run(args(a, b, "-o", json.toString())), stderr);
    assertTrue(stdout.contains("- A (5 repetitions): `" + a.get(0) + "`, `" + a.get(1) + "`"), stdout);
    assertTrue(stdout.contains("Verdicts: a difference is claimed only with at least 4 repetitions per side"),
        stdout);
    assertTrue(stdout.contains("(10,000 resamples, seed 1)"), stdout);
    // medians 1,000 and 820: 18% lower; every row of READ's percentiles says so, and lower latency is better
    assertTrue(stdout.matches("(?s).*\\| READ \\| p99 \\(us\\) \\| 1,000 \\| 990–1,010 \\| 0\\.8% \\| 5 \\| 820 \\| "
        + "812–828 \\| 0\\.8% \\| 5 \\| -18\\.0% \\| B's READ p99 is 18% lower \\(95% CI \\d+–\\d+%\\): better, "
        + "beyond run-to-run noise \\(Mann-Whitney p = 0\\.0079, n = 5 and 5\\) \\|.*"), stdout);
    // throughput 102 vs 122 ops/s: higher is better
    assertTrue(stdout.matches("(?s).*\\| OVERALL \\| throughput \\(ops/s\\) \\| [^\\n]*\\| B's overall throughput is "
        + "20% higher \\(95% CI \\d+–\\d+%\\): better, beyond run-to-run noise.*"), stdout);

    JsonNode j = new ObjectMapper().readTree(json.toFile());
    assertEquals("ycsb-aggregate/compare/v2", j.get("schema").asText());
    assertEquals(5, j.get("a").size());
    assertEquals(1, j.get("method").get("seed").asLong());
    assertEquals(10_000, j.get("method").get("resamples").asInt());
    JsonNode p99 = metric(j, "READ", "p99 (us)");
    assertEquals(5, p99.get("a").get("n").asInt());
    assertEquals(1000, p99.get("a").get("median").asDouble());
    assertEquals(820, p99.get("b").get("median").asDouble());
    assertEquals(2.0 / 252, p99.get("mannWhitneyP").asDouble(), 1e-12);
    assertEquals("DIFFERS", p99.get("verdict").asText());
    assertTrue(p99.get("ratioCiHigh").asDouble() < 1, p99.toString());

    // the seed makes the output reproducible, and another seed is recorded
    byte[] first = Files.readAllBytes(json);
    assertEquals(0, run(args(a, b, "-o", json.toString())), stderr);
    assertEquals(new String(first, StandardCharsets.UTF_8), Files.readString(json));
    assertEquals(0, run(args(a, b, "-o", json.toString(), "--seed", "7", "--resamples", "2000")), stderr);
    j = new ObjectMapper().readTree(json.toFile());
    assertEquals(7, j.get("method").get("seed").asLong());
    assertEquals(2000, j.get("method").get("resamples").asInt());

    Path csv = tmp.resolve("cmp.csv");
    assertEquals(0, run(args(a, b, "-o", csv.toString())), stderr);
    String text = Files.readString(csv);
    assertTrue(text.startsWith("# Verdicts: a difference is claimed only"), text);
    assertTrue(text.contains("metric,READ,p99 (us),1000.0,820.0,5,990.0,1010.0,"), text);
    assertTrue(text.contains(",DIFFERS,\"B's READ p99 is 18% lower"), text);
  }

  private static JsonNode metric(JsonNode j, String op, String metric) {
    for (JsonNode m : j.get("metrics")) {
      if (m.get("operation").asText().equals(op) && m.get("metric").asText().equals(metric)) {
        return m;
      }
    }
    throw new AssertionError("no " + op + " " + metric + " in " + j);
  }

  @Test
  void identicalSetsNeverShowADifference() throws Exception {
    List<String> a = fiveA();
    assertEquals(0, run(args(a, a)), stderr);
    assertTrue(stdout.contains("no difference beyond run-to-run noise (B's READ p99 +0.0%"), stdout);
    assertFalse(stdout.contains("better") || stdout.contains("worse"), stdout);
    assertFalse(stdout.contains(", beyond run-to-run noise"), stdout);
  }

  @Test
  void threeRepetitionsPerSideAreTooFewToTellEvenWhenSeparated() throws Exception {
    List<String> a = fiveA().subList(0, 3);
    List<String> b = fiveB().subList(0, 3);
    assertEquals(0, run(args(a, b)), stderr);
    assertTrue(stdout.contains("| too few repetitions to tell (n=3 and 3; at least 4 per side needed) |"), stdout);
    assertFalse(stdout.contains("better") || stdout.contains("worse"), stdout);
    assertTrue(stdout.contains("| 1,000 | 990–1,010 | 1.0% | 3 |"), stdout);
  }

  @Test
  void aNoisySideIsMarked() throws Exception {
    List<String> a = new ArrayList<>();
    long[] lat = {1000, 1300, 900, 1200};
    for (int i = 0; i < 4; i++) {
      a.add(rep("n" + i, i, 100, lat[i], "16"));
    }
    assertEquals(0, run(args(a, fiveB())), stderr);
    assertTrue(stdout.contains("| READ | p99 (us) | 1,100 | 900–1,300 | 16.6% **noisy** | 4 |"), stdout);
  }

  @Test
  void badSetsAreRefusedInOneLineWithNothingWritten() throws Exception {
    List<String> a = fiveA();
    List<String> b = fiveB();
    Path out = tmp.resolve("never.json");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    String other = rep("other", 30, 100, 1000, "32");

    refused(List.of("compare", "--a", "--b", b.get(0)), "ycsb-aggregate compare: --a: an empty set; expected one "
        + "or more merged results (merged.json or the folder holding it), one per repetition", out);
    refused(List.of("compare", "--a", a.get(0)), "ycsb-aggregate compare: --b is missing; expected --a DIR... --b "
        + "DIR..., one merged result per repetition on each side", out);
    refused(List.of("compare", "--a", a.get(0), empty.toString(), "--b", b.get(0)), "ycsb-aggregate compare: --a "
        + empty + ": is not a merged result (no merged.json in it); expected a merged.json written by "
        + "'ycsb-aggregate merge', or the folder holding it", out);
    refused(List.of("compare", "--a", a.get(0), "--b", tmp.resolve("missing").toString()), "ycsb-aggregate compare: "
        + "--b " + tmp.resolve("missing") + ": does not exist; expected a merged.json written by 'ycsb-aggregate "
        + "merge', or the folder holding it", out);
    refused(List.of("compare", "--a", a.get(0), a.get(1), a.get(0) + "/merged.json", "--b", b.get(0)),
        "ycsb-aggregate compare: --a " + a.get(0) + "/merged.json: the same result as " + a.get(0) + "; give each "
            + "repetition once (a result counted twice understates the noise)", out);
    Path copy = Files.createDirectories(tmp.resolve("copy"));
    Files.copy(Path.of(a.get(1), "merged.json"), copy.resolve("merged.json"));
    refused(List.of("compare", "--a", a.get(0), a.get(1), copy.toString(), "--b", b.get(0)),
        "ycsb-aggregate compare: --a " + copy + ": holds the same run as " + a.get(1) + " (same window and operation "
            + "count); give each repetition once (a result counted twice understates the noise)", out);
    refused(List.of("compare", "--a", a.get(0), other, "--b", b.get(0)), "ycsb-aggregate compare: --a: the "
        + "repetitions did not run the same workload configuration: threadcount: 16 (" + a.get(0) + "); 32 (" + other
        + "); expected repetitions of one setup on each side (put a different setup on the other side)", out);
    String insert = rep("insert", 40, 100, 1000, "16", "INSERT");
    refused(List.of("compare", "--a", a.get(0), "--b", insert), "ycsb-aggregate compare: --a and --b share no "
        + "operation (READ against INSERT); expected results of the same workload's operations", out);
    refused(List.of("compare", a.get(0), "--a", a.get(1), "--b", b.get(0)), "ycsb-aggregate compare: give either "
        + "BASELINE CONTENDER or --a DIR... --b DIR..., not both (got " + a.get(0) + " beside --a/--b)", out);
    refused(List.of("compare", a.get(0)), "ycsb-aggregate compare: got only " + a.get(0) + "; expected BASELINE "
        + "CONTENDER, or --a DIR... --b DIR...", out);
    refused(List.of("compare", "--a", a.get(0), "--b", b.get(0), "--seed", "x\u001b[31m"), "ycsb-aggregate compare: "
        + "--seed x\\u001b[31m: expected a whole number from -9223372036854775808 to 9223372036854775807", out);
    refused(List.of("compare", "--a", a.get(0), "--b", b.get(0), "--resamples", "50"), "ycsb-aggregate compare: "
        + "--resamples 50: expected a whole number from 1,000 to 1,000,000", out);
  }

  @Test
  void repetitionsOfOneSideAgainstDifferentServersAreFlaggedFirst() throws Exception {
    List<String> a = fiveA();
    String upgraded = rep("a-upgraded", 20, 100, 1000, "16", "READ", "8.0.4");
    List<String> b = fiveB();
    List<String> mixed = new ArrayList<>(b.subList(0, 4));
    mixed.add(upgraded);
    assertEquals(0, run(args(a, mixed)), stderr);
    String warning = "> **B's repetitions measured different servers: server.version: 7.0.14 (" + b.get(0) + ", "
        + b.get(1) + ", " + b.get(2) + ", " + b.get(3) + "); 8.0.4 (" + upgraded + ")**";
    assertTrue(stdout.contains(warning), stdout);
    assertTrue(stdout.indexOf(warning) < stdout.indexOf("| Operation |"), "before the numbers: " + stdout);
    assertEquals(0, run(args(a, b)), stderr);
    assertFalse(stdout.contains("different servers"), stdout);
  }

  @Test
  void aHostileFolderNameStaysOnOneLine() throws Exception {
    Path evil = Files.createDirectories(tmp.resolve("evil\nycsb-aggregate compare: fake"));
    Path out = tmp.resolve("never.md");
    assertEquals(AggregateMain.USAGE, run("compare", "--a", evil.toString(), "--b", evil.toString(), "-o",
        out.toString()), stderr);
    assertEquals(1, stderr.split("\n", -1).length - 1, stderr);
    assertTrue(stderr.contains("evil\\nycsb-aggregate compare: fake: is not a merged result"), stderr);
    assertFalse(Files.exists(out));
  }

  @Test
  void helpShowsBothFormsAndTheDefaults() {
    assertEquals(0, run("compare", "--help"), stderr);
    assertTrue(stdout.contains("ycsb-aggregate compare --a a1/merged"), stdout);
    assertTrue(stdout.contains("(default: 1)") && stdout.contains("(default: 10000)"), stdout);
  }

  private void refused(List<String> argv, String line, Path out) {
    List<String> all = new ArrayList<>(argv);
    all.addAll(List.of("-o", out.toString()));
    assertEquals(AggregateMain.USAGE, run(all.toArray(String[]::new)), stderr);
    assertEquals(line + "\n", stderr);
    assertEquals("", stdout, "nothing printed before a refusal");
    assertFalse(Files.exists(out), "nothing written");
  }
}
