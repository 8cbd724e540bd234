package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** {@code compare --a ... --b ...}: two sets of merged repetitions, their spreads, verdicts and refusals. */
class CompareRepetitionsTest extends AggregateCommandFixture {
  /**
   * One merged repetition: a client of 10 one-second intervals, {@code perInterval} READs of exactly
   * {@code latency} µs each, so its throughput is {@code perInterval} ops/s and every percentile is {@code latency}.
   * It starts {@code index} minutes after a fixed instant, so the index orders repetitions in time.
   */
  String rep(String name, int index, int perInterval, long latency, String threads) throws Exception {
    return rep(name, index, perInterval, latency, threads, "READ");
  }

  String rep(String name, int index, int perInterval, long latency, String threads, String op) throws Exception {
    return rep(name, index, perInterval, latency, threads, op, "7.0.14");
  }

  String rep(String name, int index, int perInterval, long latency, String threads, String op, String version)
      throws Exception {
    return rep(name, index, threads, List.of(op), version, Map.of(), () -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(latency, perInterval);
      return h;
    });
  }

  /** One merged repetition whose every interval of every operation is {@code interval}'s histogram. */
  String rep(String name, int index, String threads, List<String> ops, String version, Map<String, String> more,
      java.util.function.Supplier<Histogram> interval) throws Exception {
    Path root = tmp.resolve(name + "-clients");
    Map<String, String> p = SyntheticClients.baseProperties();
    p.put("threadcount", threads);
    p.putAll(more);
    SyntheticClients.writeClient(root.resolve("c0"), 1_790_000_000_000L + index * 60_000L, 1000, 10,
        ops, (o, k) -> interval.get(), p);
    Files.writeString(root.resolve("c0/environment.properties"), "server.product=MongoDB\nserver.version=" + version
        + "\n");
    Path merged = tmp.resolve(name);
    assertEquals(0, run("merge", root.toString(), "-o", merged.toString()), stderr);
    return merged.toString();
  }

  /** ABBA ABBA AB: the slots in time of A's five repetitions and of B's, interleaved. */
  static final int[] A_SLOTS = {0, 3, 4, 7, 8};
  static final int[] B_SLOTS = {1, 2, 5, 6, 9};
  /** A's five, then B's five, ten minutes later: apart. */
  static final int[] A_APART = {0, 1, 2, 3, 4};
  static final int[] B_APART = {15, 16, 17, 18, 19};

  /** Five repetitions of A (p99 about 1,000 µs) and five of B (about 820 µs, 18% lower, more throughput). */
  List<String> fiveA() throws Exception {
    return fiveA(A_SLOTS);
  }

  List<String> fiveA(int[] slots) throws Exception {
    return five("a", slots, 100, new long[] {1000, 1010, 990, 1005, 995});
  }

  List<String> fiveB() throws Exception {
    return fiveB(B_SLOTS);
  }

  List<String> fiveB(int[] slots) throws Exception {
    return five("b", slots, 120, new long[] {820, 828, 812, 824, 816});
  }

  /** Five repetitions of one side, named SIDE0..SIDE4: the i-th in slot i, at perInterval + i ops/s, latency[i]. */
  /** Five repetitions named {@code name}0 to 4 in these slots, one throughput each, 1,000 us and 16 threads. */
  private List<String> atThroughputs(String name, int[] slots, int... perInterval) throws Exception {
    List<String> reps = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      reps.add(rep(name + i, slots[i], perInterval[i], 1000, "16"));
    }
    return reps;
  }

  private List<String> five(String side, int[] slots, int perInterval, long[] latency) throws Exception {
    List<String> reps = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      reps.add(rep(side + i, slots[i], perInterval + i, latency[i], "16"));
    }
    return reps;
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
  void separatedInterleavedSetsGetAHeadlineFirstAndEachSidesSpread() throws Exception {
    List<String> a = fiveA();
    List<String> b = fiveB();
    Path json = tmp.resolve("cmp.json");
    assertEquals(0, run(args(a, b, "-o", json.toString())), stderr);
    assertPrinted("- A (5 repetitions): `" + a.get(0) + "`, `" + a.get(1) + "`");
    // interleaved: no timing statement; the headline (unthrottled: overall throughput, the same figure as READ's
    // throughput here, so one row) comes first, quotable
    assertFalse(stdout.contains("ran apart"), stdout);
    assertPrinted("\nThe sides' runs were interleaved in time (in time order the side changes 5 times), "
        + "so drift between sessions falls on both alike.\n");
    String headline = "**Headline (primary figure, judged at 5%): overall throughput = READ throughput: B's overall "
        + "throughput = READ throughput is 20% higher (95% CI ";
    assertPrinted(headline);
    assertTrue(stdout.matches("(?s).*" + java.util.regex.Pattern.quote(headline) + "\\d+–\\d+%\\): better, beyond "
        + "run-to-run noise \\(Mann-Whitney p = 0\\.0079, n = 5 and 5\\)\\*\\*\\n.*"), stdout);
    assertTrue(stdout.indexOf(headline) < stdout.indexOf("Verdicts:"), stdout);
    assertPrinted("Primary figure: overall throughput = READ throughput, because the runs were "
        + "unthrottled (no target), so how much they did is the question.");
    assertPrinted("Verdicts: a difference is claimed only with at least 4 repetitions per side");
    assertPrinted("(10,000 resamples, seed 1)");
    // every READ latency figure is one value here: one row, tested once, a secondary of a family of one
    assertPrinted("Secondary figures (every row but the headline's) are judged together, with Holm's "
        + "correction at 5% over the 1 tested figure (Holm-adjusted p in each row).");
    assertTrue(stdout.matches("(?s).*\\| READ \\| mean = p50 = p90 = p95 = p99 = p99\\.9 = p99\\.99 = max \\(us\\) \\| "
        + "1,000 \\| 990–1,010 \\| 0\\.8% \\| 5 \\| 820 \\| 812–828 \\| 0\\.8% \\| 5 \\| -18\\.0% \\| "
        + "secondary \\| "
        + "B's READ mean = p50 = p90 = p95 = p99 = p99\\.9 = p99\\.99 = max is 18% lower \\(95% CI \\d+–\\d+%\\): "
        + "better, beyond run-to-run noise \\(Mann-Whitney p = 0\\.0079, n = 5 and 5; Holm-adjusted p = 0\\.0079 "
        + "over 1 secondary figure\\) \\|.*"), stdout);
    assertEquals(1, stdout.lines().filter(l -> l.startsWith("| READ | mean")).count(), stdout);

    JsonNode j = new ObjectMapper().readTree(json.toFile());
    assertEquals("ycsb-aggregate/compare/v2", j.get("schema").asText());
    assertEquals(5, j.get("a").size());
    assertEquals(1, j.get("method").get("seed").asLong());
    assertEquals(10_000, j.get("method").get("resamples").asInt());
    assertEquals("DIFFERS", j.get("headline").get("kind").asText());
    assertEquals("overall throughput = READ throughput", j.get("headline").get("figure").asText());
    assertEquals("[\"OVERALL.throughput\",\"READ.throughput\"]", j.get("headline").get("keys").toString());
    assertTrue(j.get("headline").get("statement").asText().startsWith("Headline (primary figure, judged at 5%): "));
    assertEquals("INTERLEAVED", j.get("timing").get("order").asText());
    JsonNode p99 = metric(j, "READ", "mean = p50 = p90 = p95 = p99 = p99.9 = p99.99 = max (us)");
    assertEquals(5, p99.get("a").get("n").asInt());
    assertEquals(1000, p99.get("a").get("median").asDouble());
    assertEquals(820, p99.get("b").get("median").asDouble());
    assertEquals(2.0 / 252, p99.get("mannWhitneyP").asDouble(), 1e-12);
    assertEquals(2.0 / 252, p99.get("holmP").asDouble(), 1e-12);
    assertEquals("secondary", p99.get("role").asText());
    assertEquals("DIFFERS", p99.get("verdict").asText());
    assertEquals(8, p99.get("keys").size());
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
    assertTrue(text.contains("\n# Headline (primary figure, judged at 5%): overall throughput = READ throughput: "),
        text);
    assertTrue(text.contains("\nheadline,,overall throughput = READ throughput,"), text);
    assertTrue(text.contains(",DIFFERS,\"B's overall throughput = READ throughput is 20% higher"), text);
    assertTrue(text.contains("metric,READ,mean = p50 = p90 = p95 = p99 = p99.9 = p99.99 = max (us),1000.0,820.0,5,"
        + "990.0,1010.0,"), text);
    assertTrue(text.contains(",secondary,0.007936507936507936,READ.mean = READ.p50 = "), text);
  }

  @Test
  void sidesRunApartAreSaidSoFirstAndNothingIsCalledBeyondNoise() throws Exception {
    List<String> a = fiveA(A_APART);
    List<String> b = fiveB(B_APART);
    assertEquals(0, run(args(a, b)), stderr);
    String apart = "> **The sides ran apart, not interleaved: B ran 10 min 50 s after A (A 2026-09-21 14:13:20 to "
        + "14:17:30 UTC, B 2026-09-21 14:28:20 to 14:32:30 UTC). Drift between sessions";
    assertPrinted(apart);
    assertTrue(stdout.indexOf(apart) < stdout.indexOf("**Headline"), "the timing comes first: " + stdout);
    assertPrinted("**Headline (primary figure, judged at 5%): overall throughput = READ throughput: B's "
        + "overall throughput = READ throughput is 20% higher (95% CI ");
    assertPrinted("differs by more than the spread within each side, but the sides ran apart: drift "
        + "cannot be ruled out; interleave them with bin/ycsb-experiment ab");
    assertFalse(stdout.contains(", beyond run-to-run noise"), stdout);
    assertFalse(stdout.lines().anyMatch(l -> l.startsWith("|") && (l.contains("better") || l.contains("worse"))),
        stdout);
    Path json = tmp.resolve("apart.json");
    assertEquals(0, run(args(a, b, "-o", json.toString())), stderr);
    JsonNode j = new ObjectMapper().readTree(json.toFile());
    assertEquals("APART", j.get("headline").get("kind").asText());
    assertEquals("APART", j.get("timing").get("order").asText());
    assertEquals(650.0, j.get("timing").get("gapSeconds").asDouble(), 1e-9);
  }

  @Test
  void aColdFirstRunIsFlaggedAndTheHeadlineIsNotADifference() throws Exception {
    List<String> a = atThroughputs("cold", A_SLOTS, 51, 98, 97, 99, 98);
    List<String> b = atThroughputs("warm", B_SLOTS, 97, 98, 99, 96, 98);
    assertEquals(0, run(args(a, b)), stderr);
    assertPrinted("> **The primary figure (overall throughput = READ throughput) is not stable within a "
        + "side: A's repetitions are not stable in it: run 1 of 5 (in time order) gave 51 against a median of 98 (an "
        + "outlier: 48% from the median), " + a.get(0) + ". A median of such runs describes something that was "
        + "changing, so the headline does not call a difference on them");
    assertFalse(stdout.contains(", beyond run-to-run noise"), stdout);
    Path json = tmp.resolve("cold.json");
    assertEquals(0, run(args(a, b, "-o", json.toString())), stderr);
    JsonNode j = new ObjectMapper().readTree(json.toFile());
    // 51, 98, 97, 99, 98 against 97, 98, 99, 96, 98 would not differ anyway; the flag is what is asserted here
    assertTrue(List.of("UNSTABLE", "WITHIN_NOISE").contains(j.get("headline").get("kind").asText()), j.toString());
  }

  @Test
  void aColdRunThatWouldMakeADifferenceIsUnstableNotDiffers() throws Exception {
    List<String> a = atThroughputs("cold", A_SLOTS, 51, 98, 97, 99, 98);
    List<String> b = atThroughputs("fast", B_SLOTS, 108, 109, 110, 111, 112);
    Path json = tmp.resolve("unstable.json");
    assertEquals(0, run(args(a, b, "-o", json.toString())), stderr);
    JsonNode j = new ObjectMapper().readTree(json.toFile());
    assertEquals("UNSTABLE", j.get("headline").get("kind").asText(), j.toString());
    assertTrue(j.get("headline").get("statement").asText().contains("is 12% higher (95% CI "), j.toString());
    assertTrue(j.get("headline").get("statement").asText().contains("Mann-Whitney p = 0.0079, n = 5 and 5): not "
        + "called different: A's repetitions are not stable in it: run 1 of 5 (in time order) gave 51"), j.toString());
  }

  @Test
  void aPercentileTooFewOperationsSupportIsShownNotTestedAndThePrimaryCanBeChosen() throws Exception {
    // 1,000 READs a second for 10 s: 10,000 a run; 9,850 at L, 140 at 3L, 10 at 9L: p99 = p99.9 = 3L (100 and 10
    // operations above them), p99.99 = max = 9L (one above p99.99)
    List<String> a = new ArrayList<>();
    List<String> b = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      long la = 1000 + 10 * i;
      long lb = 800 + 10 * i;
      a.add(rep("ta" + i, A_SLOTS[i], "16", List.of("READ"), "7.0.14", Map.of(), () -> tail(la)));
      b.add(rep("tb" + i, B_SLOTS[i], "16", List.of("READ"), "7.0.14", Map.of(), () -> tail(lb)));
    }
    Path json = tmp.resolve("tail.json");
    assertEquals(0, run(args(a, b, "--primary", "READ.p99", "-o", json.toString())), stderr);
    assertPrinted("**Headline (primary figure, judged at 5%): READ p99 = p99.9: B's READ p99 = p99.9 is "
        + "20% lower");
    assertPrinted("Primary figure: READ p99 = p99.9, because chosen with --primary READ.p99.");
    assertTrue(stdout.matches("(?s).*\\| READ \\| p99\\.99 = max \\(us\\) \\|[^\\n]*\\| shown only \\| shown, not "
        + "tested: fewer than 10 operations above it in a repetition \\(10,000 READ operations leave 1 above "
        + "p99\\.99\\) \\|.*"), stdout);
    JsonNode j = new ObjectMapper().readTree(json.toFile());
    JsonNode shown = metric(j, "READ", "p99.99 = max (us)");
    assertEquals("UNSUPPORTED", shown.get("verdict").asText());
    assertEquals("shown", shown.get("role").asText());
    assertTrue(shown.get("mannWhitneyP").isNull());
    assertEquals("primary", metric(j, "READ", "p99 = p99.9 (us)").get("role").asText());
    assertEquals("DIFFERS", j.get("headline").get("kind").asText());
  }

  /** One interval of 1,000 READs: 985 at {@code l}, 14 at 3l, 1 at 9l. */
  private static Histogram tail(long l) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(l, 985);
    h.recordValueWithCount(3 * l, 14);
    h.recordValueWithCount(9 * l, 1);
    return h;
  }

  @Test
  void aPrimaryFigureTheSidesDoNotShareIsRefused() throws Exception {
    List<String> a = fiveA();
    List<String> b = fiveB();
    Path out = tmp.resolve("never.json");
    String accepted = "; expected OVERALL.throughput or OP.FIGURE with OP one of READ (the operations both sides ran) "
        + "and FIGURE one of throughput, mean, p50, p90, p95, p99, p99.9, p99.99, max, errors, error-rate";
    refused(args(List.of(a.get(0), a.get(1), a.get(2), a.get(3)), b, "--primary", "READ.p99.5"),
        "ycsb-aggregate compare: --primary READ.p99.5: 'p99.5' is not a figure both sides report for READ" + accepted,
        out);
    refused(args(a, b, "--primary", "UPDATE.p99"), "ycsb-aggregate compare: --primary UPDATE.p99: 'UPDATE' is not "
        + "an operation both sides ran" + accepted, out);
    refused(args(a, b, "--primary", "p99"), "ycsb-aggregate compare: --primary p99: not OP.FIGURE" + accepted, out);
    refused(args(a, b, "--primary", "OVERALL.p99"), "ycsb-aggregate compare: --primary OVERALL.p99: 'p99' is not a "
        + "figure of OVERALL (only throughput)" + accepted, out);
    // the default, named explicitly, is taken, and case does not matter
    assertEquals(0, run(args(a, b, "--primary", "overall.THROUGHPUT")), stderr);
    assertPrinted("because chosen with --primary overall.THROUGHPUT.");
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
    assertPrinted("**Headline (primary figure, judged at 5%): overall throughput = READ throughput: no "
        + "difference beyond run-to-run noise (B's overall throughput = READ throughput +0.0%");
    assertPrinted("no difference beyond run-to-run noise (B's READ mean = p50 = p90 = p95 = p99 = p99.9 "
        + "= p99.99 = max +0.0%");
    assertFalse(stdout.contains("better") || stdout.contains("worse"), stdout);
    assertFalse(stdout.contains(", beyond run-to-run noise"), stdout);
  }

  @Test
  void threeRepetitionsPerSideAreTooFewToTellEvenWhenSeparated() throws Exception {
    List<String> a = fiveA().subList(0, 3);
    List<String> b = fiveB().subList(0, 3);
    assertEquals(0, run(args(a, b)), stderr);
    assertPrinted("| too few repetitions to tell (n=3 and 3; at least 4 per side needed) |");
    assertPrinted("**Headline (primary figure, judged at 5%): overall throughput = READ throughput: too "
        + "few repetitions to tell (n=3 and 3; at least 4 per side needed)**");
    assertFalse(stdout.contains("better") || stdout.contains("worse"), stdout);
    assertPrinted("| 1,000 | 990–1,010 | 1.0% | 3 |");
  }

  @Test
  void aNoisySideIsMarked() throws Exception {
    List<String> a = new ArrayList<>();
    long[] lat = {1000, 1300, 900, 1200};
    for (int i = 0; i < 4; i++) {
      a.add(rep("n" + i, i, 100, lat[i], "16"));
    }
    assertEquals(0, run(args(a, fiveB())), stderr);
    assertPrinted("| READ | mean = p50 = p90 = p95 = p99 = p99.9 = p99.99 = max (us) | 1,100 | "
        + "900–1,300 | 16.6% **noisy** | 4 |");
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
            + "repetition once (a result counted twice understates the noise)",
        out);
    Path copy = Files.createDirectories(tmp.resolve("copy"));
    Files.copy(Path.of(a.get(1), "merged.json"), copy.resolve("merged.json"));
    refused(List.of("compare", "--a", a.get(0), a.get(1), copy.toString(), "--b", b.get(0)),
        "ycsb-aggregate compare: --a " + copy + ": holds the same run as " + a.get(1) + " (same window and operation "
            + "count); give each repetition once (a result counted twice understates the noise)",
        out);
    refused(List.of("compare", "--a", a.get(0), other, "--b", b.get(0)), "ycsb-aggregate compare: --a: the "
        + "repetitions did not run the same workload configuration: threadcount: 16 (" + a.get(0) + "); 32 (" + other
        + "); expected repetitions of one setup on each side (put a different setup on the other side)", out);
    String insert = rep("insert", 40, 100, 1000, "16", "INSERT");
    refused(List.of("compare", "--a", a.get(0), "--b", insert), "ycsb-aggregate compare: --a and --b share no "
        + "measured operation (READ against INSERT; YCSB's CLEANUP does not count); expected results of the same "
        + "workload's operations", out);
    // a read/update run and an insert-only run share only YCSB's CLEANUP: still nothing to compare
    String readUpdate = rep("ru", 41, "16", List.of("READ", "UPDATE", "CLEANUP"), "7.0.14", Map.of(), () -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(1000, 50);
      return h;
    });
    String inserts = rep("ins", 42, "16", List.of("INSERT", "CLEANUP"), "7.0.14", Map.of(), () -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(1000, 50);
      return h;
    });
    refused(List.of("compare", readUpdate, inserts), "ycsb-aggregate compare: BASELINE and CONTENDER share no "
        + "measured operation (READ, UPDATE against INSERT; YCSB's CLEANUP does not count); expected results of the "
        + "same workload's operations", out);
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
    assertPrinted(warning);
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
    assertPrinted("ycsb-aggregate compare --a a1/merged");
    String flat = stdout.replaceAll("\\s+", " ");
    assertTrue(flat.contains("(default: 1)") && flat.contains("(default: 10000)"), stdout);
    assertTrue(flat.contains("--primary=OP.FIGURE"), stdout);
  }

  private void refused(String[] argv, String line, Path out) {
    refused(List.of(argv), line, out);
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
