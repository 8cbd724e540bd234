package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.TimeSeries;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What makes a merged result trustworthy: failed and copied clients are refused, every output says how much of the
 * clients' work it covers, results are replaced all or nothing, no value can break an output or forge a line, and
 * no password appears anywhere.
 */
class TrustTest extends AggregateCommandFixture {
  static final long T0 = 1_790_000_000_000L;
  static final List<String> OUTPUTS = List.of("merged.txt", "merged.json", "merged.csv", "timeseries.csv",
      "merged.md", "report.html");

  /**
   * {@code n} clients of 10 one-second intervals with 100 READs each, client {@code c} starting {@code c * offsetMs}
   * later; {@code props} may change each client's properties before they are written.
   */
  Path clients(String name, int n, long offsetMs, BiConsumer<Integer, Map<String, String>> props) throws Exception {
    Path root = tmp.resolve(name);
    for (int c = 0; c < n; c++) {
      Map<String, String> p = SyntheticClients.baseProperties();
      p.put("insertstart", Integer.toString(c * 1000));
      p.put("insertcount", "1000");
      Path dir = root.resolve("c" + c);
      SyntheticClients.writeClient(dir, T0 + c * offsetMs, 1000, 10, List.of("READ"), (op, k) -> {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(1000 + k, 100);
        return h;
      }, p);
      Map<String, String> written = new LinkedHashMap<>(p);
      written.put("hdrhistogram.output.path", dir + "/");
      props.accept(c, written);
      Files.writeString(dir.resolve("client.properties"), PropertiesFiles.format(null, written));
    }
    return root;
  }

  Path clients(String name, int n) throws Exception {
    return clients(name, n, 0, (c, p) -> {
    });
  }

  static void verdict(Path dir, RunStatus status, String reason, String runId) throws Exception {
    new ClientFolder(dir).writeVerdict(new Verdict(status, reason, 1000, 1000, runId, T0, -1, Outcomes.none(), -1));
  }

  // a. a client whose verdict says FAILED

  @Test
  void aClientWhoseVerdictIsFailedIsRefusedUnlessAPartialResultIsAccepted() throws Exception {
    Path run = clients("verdict", 3);
    verdict(run.resolve("c0"), RunStatus.COMPLETE, "", UUID.randomUUID().toString());
    verdict(run.resolve("c1"), RunStatus.FAILED, "completed 612 of 1000 operations", UUID.randomUUID().toString());
    verdict(run.resolve("c2"), RunStatus.COMPLETE, "", UUID.randomUUID().toString());
    Path out = tmp.resolve("out");
    assertEquals(AggregateMain.INCOMPLETE, merge(run, out), stderr);
    assertTrue(stderr.contains("c1: its verdict is FAILED: completed 612 of 1000 operations"), stderr);
    assertTrue(stderr.contains("--accept-partial"), stderr);
    assertFalse(Files.exists(out), "nothing written");

    assertEquals(AggregateMain.OK, merge(run, out, "--accept-partial"), stderr);
    for (String f : List.of("merged.txt", "merged.csv", "timeseries.csv")) {
      assertTrue(Files.readAllLines(out.resolve(f)).get(0).startsWith("# INCOMPLETE: merged 2 of 3 clients; failed "
          + "(left out): c1"), f);
    }
    assertTrue(Files.readAllLines(out.resolve("merged.md")).get(0).startsWith("> **INCOMPLETE"));
    JsonNode json = new ObjectMapper().readTree(out.resolve("merged.json").toFile());
    assertFalse(json.get("complete").asBoolean());
    assertEquals(2000, json.get("overall").get("operations").asLong(), "2 clients x 10 intervals x 100 READs");
    assertTrue(Files.readString(out.resolve("report.html")).contains("<title>INCOMPLETE - "));
  }

  /**
   * Clients that stopped because their coordinator was lost (killed) measured soundly until then: refused without
   * --accept-partial (pointing at it and at recover), merged with it, every operation counted, the banner naming
   * them as stopped, not left out; a client that failed for another reason is still left out.
   */
  @Test
  void clientsThatLostTheirCoordinatorAreMergedAsStoppedOnlyWhenAPartialResultIsAccepted() throws Exception {
    Path run = clients("lost", 3);
    verdict(run.resolve("c0"), RunStatus.FAILED, "lost the coordinator: its control input closed",
        UUID.randomUUID().toString());
    verdict(run.resolve("c1"), RunStatus.FAILED, "lost the coordinator: no heartbeat for 15 s",
        UUID.randomUUID().toString());
    verdict(run.resolve("c2"), RunStatus.FAILED, "completed 612 of 1000 operations",
        UUID.randomUUID().toString());
    Path out = tmp.resolve("out");
    assertEquals(AggregateMain.INCOMPLETE, merge(run, out), stderr);
    assertTrue(stderr.contains("2 of 3 clients stopped before the end when their coordinator was lost")
        && stderr.contains("--accept-partial") && stderr.contains("bin/ycsb-coordinator recover"), stderr);
    assertFalse(Files.exists(out), "nothing written");

    assertEquals(AggregateMain.OK, merge(run, out, "--accept-partial"), stderr);
    String text = Files.readString(out.resolve("merged.txt"));
    assertTrue(text.lines().findFirst().orElse("").startsWith("# INCOMPLETE: merged 2 of 3 clients; all stopped "
        + "before the end when their coordinator was lost (c0, c1); failed (left out): c2."), text);
    JsonNode json = new ObjectMapper().readTree(out.resolve("merged.json").toFile());
    assertFalse(json.get("complete").asBoolean());
    assertEquals(2000, json.get("overall").get("operations").asLong(), "2 clients x 10 intervals x 100 READs");
  }

  // b. the same client twice

  @Test
  void copiesOfOneClientAreRefusedNamingBothFolders() throws Exception {
    Path run = clients("copies", 2);
    Path out = tmp.resolve("out");
    // the same folder named twice
    assertEquals(AggregateMain.REFUSED, run("merge", run.resolve("c0").toString(), run.resolve("c0/").toString(),
        "-o", out.toString()), stderr);
    assertTrue(stderr.contains("is the same folder as") && stderr.contains(run.resolve("c0").toString()), stderr);

    // a hand-made folder copied under another name: identical output
    copy(run.resolve("c1"), run.resolve("c1-copy"));
    assertEquals(AggregateMain.REFUSED, merge(run, out), stderr);
    assertTrue(stderr.contains(run.resolve("c1") + " and " + run.resolve("c1-copy")), stderr);
    assertTrue(stderr.contains("identical outputs"), stderr);

    // bin/ycsb --out folders: the same run.id (the copy may have been touched, e.g. a line added)
    String id = UUID.randomUUID().toString();
    verdict(run.resolve("c1"), RunStatus.COMPLETE, "", id);
    verdict(run.resolve("c1-copy"), RunStatus.COMPLETE, "", id);
    Files.writeString(run.resolve("c1-copy/output.txt"), "copied by hand\n" + Files.readString(
        run.resolve("c1-copy/output.txt")));
    verdict(run.resolve("c0"), RunStatus.COMPLETE, "", UUID.randomUUID().toString());
    assertEquals(AggregateMain.REFUSED, merge(run, out), stderr);
    assertTrue(stderr.contains(run.resolve("c1") + " and " + run.resolve("c1-copy")) && stderr.contains(id), stderr);
    assertFalse(Files.exists(out));

    Files.writeString(run.resolve("c1-copy/verdict.properties"), Files.readString(run.resolve(
        "c1-copy/verdict.properties")).replace(id, UUID.randomUUID().toString()));
    assertEquals(AggregateMain.OK, merge(run, out), "distinct runs merge: " + stderr);
  }

  // c. window coverage

  @Test
  void everyOutputStatesTheWindowCoverageAndUnionCountsEverything() throws Exception {
    // c1 starts 4 s after c0: the common window holds 6 of each client's 10 intervals
    Path run = clients("coverage", 2, 4000, (c, p) -> {
    });
    Path out = tmp.resolve("out");
    assertEquals(AggregateMain.OK, merge(run, out), stderr);
    String common = "Window coverage: 1,200 of the 2,000 operations the merged clients reported (60.0%) lie inside "
        + "the common window.";
    for (String f : OUTPUTS) {
      assertTrue(Files.readString(out.resolve(f)).contains(common), f);
    }
    assertTrue(stdout.contains(common), "the summary on stdout");
    JsonNode j = new ObjectMapper().readTree(out.resolve("merged.json").toFile());
    assertEquals(2000, j.get("overall").get("reportedOperations").asLong());
    assertEquals(1200, j.get("overall").get("operations").asLong());
    assertEquals(0.6, j.get("overall").get("coverage").asDouble(), 1e-9);
    assertEquals("common", j.get("window").get("kind").asText());

    assertEquals(AggregateMain.OK, merge(run, out, "--window", "union"), stderr);
    for (String f : OUTPUTS) {
      assertTrue(Files.readString(out.resolve(f)).contains("Window coverage: 2,000 of the 2,000 operations the merged "
          + "clients reported (100.0%) lie inside the union window."), f);
    }
    assertTrue(Files.readString(out.resolve("merged.txt")).contains("Union window: from the first client's start to "
        + "the last client's end (14.0 s); all 2 merged clients ran together for 6.0 s of it."), "merged.txt");
    j = new ObjectMapper().readTree(out.resolve("merged.json").toFile());
    assertEquals(14.0, j.get("window").get("seconds").asDouble(), 1e-9);
    assertEquals(6.0, j.get("window").get("allClientsTogetherSeconds").asDouble(), 1e-9);
    assertEquals(2000 / 14.0, j.get("overall").get("throughputOpsPerSec").asDouble(), 1e-6,
        "union: operations over the window's length");
  }

  @Test
  void aBucketsCountIsApportionedSoClientsOutOfPhaseShowNoSpike() throws Exception {
    // c1's 1-s intervals start 500 ms after c0's: they straddle every bucket boundary, and c1 alone runs in the
    // union window's last half second. By midpoint alone that half-second bucket got c1's whole last interval.
    Path run = clients("phase", 2, 500, (c, p) -> {
    });
    MergeResult r = Aggregate.merge(List.of(run), MergeOptions.builder().window(WindowKind.UNION).build());
    TimeSeries ts = r.timeSeries();
    long[] counts = ts.series().get("READ").counts();
    assertEquals(11, ts.buckets());
    assertEquals(150, counts[0], "c0's first interval, half of c1's");
    for (int k = 1; k < 10; k++) {
      assertEquals(200, counts[k], "bucket " + k);
    }
    assertEquals(50, counts[10], "half of c1's last interval, in half a second");
    assertEquals(100.0, counts[10] / ts.bucketSeconds(10), 1e-9, "c1's own rate, not twice it");
    assertEquals(2000, Arrays.stream(counts).sum(), "the shares add up to the window's operations");
    assertEquals(2000, r.totalCount());
  }

  // d. all or nothing

  @Test
  void whenOneOutputCannotBeWrittenThePreviousResultsStayWhole() throws Exception {
    Path out = tmp.resolve("out");
    assertEquals(AggregateMain.OK, merge(clients("first", 2), out), stderr);
    Map<String, byte[]> before = new LinkedHashMap<>();
    for (String f : OUTPUTS) {
      if (!f.equals("report.html")) {
        before.put(f, Files.readAllBytes(out.resolve(f)));
      }
    }
    // something in the way of one output name: the old code replaced the files before it one by one, then failed
    Files.delete(out.resolve("report.html"));
    Files.createDirectories(out.resolve("report.html"));
    Files.writeString(out.resolve("report.html/keep.txt"), "mine");
    Path second = clients("second", 3, 1000, (c, p) -> {
    });
    assertEquals(AggregateMain.WRITE_FAILED, merge(second, out), stderr);
    assertTrue(stderr.contains("report.html") && stderr.contains("nothing was written"), stderr);
    for (Map.Entry<String, byte[]> e : before.entrySet()) {
      assertTrue(Arrays.equals(e.getValue(), Files.readAllBytes(out.resolve(e.getKey()))), e.getKey() + " unchanged");
    }
    assertEquals("mine", Files.readString(out.resolve("report.html/keep.txt")));
    try (Stream<Path> s = Files.list(tmp)) {
      assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith(".")).toList(), "no leftovers");
    }

    // with the way clear, the new results replace the old ones as a whole
    Files.delete(out.resolve("report.html/keep.txt"));
    Files.delete(out.resolve("report.html"));
    assertEquals(AggregateMain.OK, merge(second, out, "--format", "txt,json"), stderr);
    try (Stream<Path> s = Files.list(out)) {
      assertEquals(List.of("merged.json", "merged.txt"), s.map(p -> p.getFileName().toString()).sorted().toList(),
          "no stale output of the earlier merge beside the new ones");
    }
  }

  // e. escaping by context

  @Test
  void hostileValuesCannotBreakTheReportNorForgeALine() throws Exception {
    String hostile = "<!--<script>alert(1)</script> \"q\" 'a' \u2028 & end";
    Path run = clients("hostile", 2, 0, (c, p) -> p.put("workload.note", hostile));
    // and as a machine's name, which the report's "What was run" shows
    Files.writeString(run.resolve("c0/environment.properties"), PropertiesFiles.format(null,
        Map.of("host.name", hostile)));
    // a client folder whose name holds a line of YCSB output
    String forged = "[OVERALL], RunTime(ms), 1";
    // and the server's series, sampled over any window, naming itself and noting with both
    TelemetryFiles.write(run.resolve("c0"), new Series("server", Map.of("host", hostile + "\n" + forged),
        List.of(new Column("mem.resident", "MiB")), List.of(new Sample(0, List.of(1.0)),
            new Sample(4_000_000_000_000L, List.of(2.0))),
        List.of(hostile)));
    Files.move(run.resolve("c1"), run.resolve("c1\n" + forged + "\n# "));
    Path out = tmp.resolve("out");
    assertEquals(AggregateMain.OK, merge(run, out), stderr);

    String html = Files.readString(out.resolve("report.html"));
    int open = html.indexOf("<script type=\"application/json\" id=\"data\">");
    int start = html.indexOf('>', open) + 1;
    int end = html.indexOf("</script>", start);
    String data = html.substring(start, end);
    assertFalse(data.contains("<") || data.contains(">") || data.contains("&") || data.contains("\u2028"),
        "the data element holds no character that can end or confuse a script element");
    JsonNode fromHtml = new ObjectMapper().readTree(data);
    JsonNode fromFile = new ObjectMapper().readTree(out.resolve("merged.json").toFile());
    assertEquals(fromFile, fromHtml, "the report carries exactly merged.json");
    String note = fromHtml.get("configuration").get("common").get("workload.note").asText();
    assertTrue(note.startsWith("<!--<script>alert(1)</script> \"q\" 'a' "), note);
    // the data, what was run, the telemetry's samples, uPlot and the report's own script
    assertEquals(5, count(html, "</script>"), "only the five script elements close");
    int series = html.indexOf("<script type=\"application/json\" id=\"telemetry\">");
    String samples = html.substring(html.indexOf('>', series) + 1, html.indexOf("</script>", series));
    assertFalse(samples.contains("<") || samples.contains(">") || samples.contains("&")
        || samples.contains("\u2028"), "the telemetry holds no character that can end or confuse a script element");
    assertEquals(hostile, new ObjectMapper().readTree(samples).get(0).get("notes").get(0).asText());
    int facts = html.indexOf("<script type=\"application/json\" id=\"runfacts\">");
    String runFacts = html.substring(html.indexOf('>', facts) + 1, html.indexOf("</script>", facts));
    assertFalse(runFacts.contains("<") || runFacts.contains(">") || runFacts.contains("&")
        || runFacts.contains("\u2028"), "what was run holds no character that can end or confuse a script element");
    assertTrue(new ObjectMapper().readTree(runFacts).get("Hosts and clients").asText()
        .contains("<!--<script>alert(1)</script>"), runFacts);

    for (String f : List.of("merged.txt", "merged.md", "merged.csv", "timeseries.csv")) {
      for (String line : Files.readAllLines(out.resolve(f))) {
        assertFalse(line.equals(forged), f + ": forged line " + line);
      }
    }
    assertEquals(2, Files.readAllLines(out.resolve("merged.txt")).stream()
        .filter(l -> l.startsWith("[OVERALL]")).count(), "only the real [OVERALL] lines");
    for (String line : (stdout + stderr).split("\n")) {
      assertFalse(line.equals(forged), "terminal: " + line);
    }
  }

  @Test
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a quadratic step takes hours
  void aMegabyteValueIsCappedAndCostsLinearTime() throws Exception {
    String big = "x".repeat(1 << 20);
    Path run = clients("big", 3, 0, (c, p) -> p.put("workload.blob", big));
    Path out = tmp.resolve("out");
    long t0 = System.nanoTime();
    assertEquals(AggregateMain.OK, merge(run, out), stderr);
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(ms < 15_000, "took " + ms + " ms");
    JsonNode j = new ObjectMapper().readTree(out.resolve("merged.json").toFile());
    String shown = j.get("configuration").get("common").get("workload.blob").asText();
    assertTrue(shown.length() < 1000 && shown.endsWith("... (1048576 characters)"), shown);
    assertTrue(Files.size(out.resolve("report.html")) < 400_000, "report stays small");
    assertTrue(Files.readString(out.resolve("report.html")).contains("... (1048576 characters)"));
  }

  // f. no secret anywhere

  static List<String> passwords() {
    return AwkwardStrings.passwords(20261123L, 60).stream().filter(p -> p.length() >= 8).limit(14).toList();
  }

  @ParameterizedTest
  @MethodSource("passwords")
  void noPasswordInAnyOutputOrMessage(String password) throws Exception {
    String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8).replace("+", "%20");
    Path run = clients("secret", 3, 0, (c, p) -> {
      String pw = c == 1 ? encoded : password; // raw and percent-encoded, as users write them
      p.put("mongodb.url", "mongodb://ycsb:" + pw + "@host" + c + ":27017/ycsb?w=majority");
      p.put("mongodb.password", password);
    });
    Path out = tmp.resolve("out");
    assertEquals(AggregateMain.OK, merge(run, out), stderr);
    List<String> forms = forms(password, encoded);
    String library = Files.readString(Path.of(TrustTest.class.getResource(
        "/dev/ycsbpack/aggregate/report/uPlot.iife.min.js").toURI()));
    try (Stream<Path> s = Files.list(out)) {
      for (Path f : (Iterable<Path>) s::iterator) {
        String text = Files.readString(f).replace(library, ""); // the bundled library is the same for everyone
        for (String form : forms) {
          assertFalse(text.contains(form), f.getFileName() + " holds the password as " + form);
        }
      }
    }
    assertNoSecret(stdout + stderr, forms, "merge's messages");
    assertTrue(new ObjectMapper().readTree(out.resolve("merged.json").toFile()).get("configuration").get("common")
        .get("mongodb.url").asText().contains("ycsb:*****@"));

    // refused because the URLs differ in w=: the message shows the values, never the password
    Path p2 = run.resolve("c2/client.properties");
    Files.writeString(p2, Files.readString(p2).replace("w\\=majority", "w\\=1").replace("w=majority", "w=1"));
    assertEquals(AggregateMain.REFUSED, merge(run, tmp.resolve("out2")), stderr);
    assertTrue(stderr.contains("mongodb.url"), stderr);
    assertNoSecret(stderr, forms, "the refusal");
  }

  static List<String> forms(String password, String encoded) throws Exception {
    String json = new ObjectMapper().writeValueAsString(password);
    json = json.substring(1, json.length() - 1);
    StringBuilder script = new StringBuilder();
    for (char ch : json.toCharArray()) {
      script.append(ch == '<' || ch == '>' || ch == '&' || ch == '\u2028' ? String.format("\\u%04x", (int) ch)
          : String.valueOf(ch));
    }
    return List.of(password, encoded, json, script.toString());
  }

  static void assertNoSecret(String text, List<String> forms, String where) {
    for (String form : forms) {
      assertFalse(text.contains(form), where + " holds the password as " + form + ":\n" + text);
    }
  }

  static int count(String s, String sub) {
    int n = 0;
    for (int i = s.indexOf(sub); i >= 0; i = s.indexOf(sub, i + 1)) {
      n++;
    }
    return n;
  }

  static void copy(Path from, Path to) throws Exception {
    Files.createDirectories(to);
    try (Stream<Path> s = Files.list(from)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        Files.copy(p, to.resolve(p.getFileName().toString()));
      }
    }
  }
}
