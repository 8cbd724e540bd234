package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.aggregate.format.OutputFiles;
import dev.ycsbpack.aggregate.format.ResultWriter;
import dev.ycsbpack.aggregate.format.TextSummaryWriter;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.Merger;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** compare, the HTML report's self-containment, and all-or-nothing writing. */
class CompareAndOutputTest extends AggregateCommandFixture {
  /** Two clients, 10 one-second intervals, {@code perInterval} READs of exactly {@code latency} µs each. */
  Path clients(String name, int perInterval, long latency, String threads, String javaVersion) throws Exception {
    return clients(name, perInterval, latency, threads, javaVersion, 10);
  }

  Path clients(String name, int perInterval, long latency, String threads, String javaVersion, int intervals)
      throws Exception {
    Path root = tmp.resolve(name);
    for (int c = 0; c < 2; c++) {
      Map<String, String> p = SyntheticClients.baseProperties();
      p.put("threadcount", threads);
      Path dir = root.resolve("c" + c);
      SyntheticClients.writeClient(dir, 1_790_000_000_000L, 1000, intervals, List.of("READ"), (op, k) -> {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(latency, perInterval);
        return h;
      }, p);
      // the run's own record differs between any two runs: its CPU, its age, the folder in its command line
      Files.writeString(dir.resolve("environment.properties"), "java.version=" + javaVersion + "\nhost=box" + c
          + "\nprocess.cpu.ms=" + (perInterval * 7 + c) + "\nprocess.uptime.ms=" + (latency + c)
          + "\nrun.command=bin/ycsb run basic --out " + dir + "\n");
    }
    return root;
  }

  @Test
  void compareListsSettingDifferencesFirstThenPercentageChanges() throws Exception {
    Path a = clients("a", 100, 1000, "16", "17.0.15");
    Path b = clients("b", 200, 2000, "32", "21.0.4");
    assertEquals(0, run("merge", a.toString(), "-o", tmp.resolve("ma").toString()), stderr);
    assertEquals(0, run("merge", b.toString(), "-o", tmp.resolve("mb").toString()), stderr);
    Path cmpJson = tmp.resolve("cmp.json");
    assertEquals(0, run("compare", tmp.resolve("ma").toString(), tmp.resolve("mb/merged.json").toString(),
        "-o", cmpJson.toString()), stderr);
    int diffAt = stdout.indexOf("| configuration | threadcount | 16 | 32 |");
    int envAt = stdout.indexOf("| environment | java.version | 17.0.15 | 21.0.4 |");
    int metricsAt = stdout.indexOf("| OVERALL | throughput = READ throughput (ops/s) | 200");
    assertTrue(diffAt > 0 && envAt > 0 && metricsAt > diffAt && metricsAt > envAt, stdout);
    assertFalse(stdout.contains("| environment | host"), "per-client facts that are alike on both sides: " + stdout);
    for (String ofTheRun : List.of("process.cpu.ms", "process.uptime.ms", "run.command")) {
      assertFalse(stdout.contains("| environment | " + ofTheRun),
          () -> "a record of the run, not a setting: " + stdout);
    }
    // one run each: the change is shown, but its noise is unknown, so it is never called better or worse
    // every READ latency figure is one value here, and READ the only operation: identical figures are one row
    assertPrinted("| READ | mean = p50 = p90 = p95 = p99 = p99.9 = p99.99 = max (us) | 1,000 | 2,000 | "
        + "+100.0% | noise unknown |");
    assertPrinted("| OVERALL | throughput = READ throughput (ops/s) | 200 | 400 | +100.0% | noise "
        + "unknown |");
    assertPrinted("**Headline (primary figure, judged at 5%): overall throughput = READ throughput: noise "
        + "unknown: one run each, so a change of +100% cannot be told from run-to-run noise");
    // both ran in the same ten seconds here
    assertPrinted("> **The two runs overlap in time (A 2026-09-21 14:13:20 to 14:13:30 UTC, B "
        + "2026-09-21 14:13:20 to 14:13:30 UTC): they ran at once, not one after the other.**");
    assertPrinted("**One run on each side: run-to-run noise is unknown, so no change below is called "
        + "better or worse. Repeat each side at least 4 times");
    assertFalse(stdout.replace("called better or worse", "").matches("(?s).*\\b(better|worse)\\b.*"), stdout);
    assertPrinted("- A (baseline): `" + tmp.resolve("ma") + "`");

    JsonNode j = new ObjectMapper().readTree(cmpJson.toFile());
    assertEquals("ycsb-aggregate/compare/v2", j.get("schema").asText());
    assertEquals("threadcount", j.get("differences").get(0).get("key").asText());
    JsonNode first = j.get("metrics").get(0);
    assertEquals(100.0, first.get("changePercent").asDouble(), 1e-9);
    assertEquals("NOISE_UNKNOWN", first.get("verdict").asText());
    assertEquals(1, first.get("a").get("n").asInt());
    assertFalse(first.get("a").get("noiseKnown").asBoolean());
    assertTrue(first.get("mannWhitneyP").isNull());
    assertEquals(List.of("operation", "metric", "higherIsBetter", "a", "b", "changePercent", "ratio", "ratioCiLow",
        "ratioCiHigh", "mannWhitneyP", "verdict", "statement", "role", "holmP", "keys"), names(first));
    assertEquals(List.of("schema", "a", "b", "method", "timing", "headline", "secondary", "warnings", "differences",
        "metrics"), names(j));
    assertEquals(List.of("figure", "keys", "kind", "statement", "why"), names(j.get("headline")));
    assertEquals("OVERLAPPING", j.get("timing").get("order").asText());
    assertEquals(List.of("area", "key", "baseline", "contender"), names(j.get("differences").get(0)));
  }

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }

  /** Windows a tenth apart or less are the same run length measured twice; 10 s against 30 s is not. */
  @Test
  void windowLengthsAreADifferenceOnlyWhenMoreThanATenthApart() throws Exception {
    for (int[] sides : new int[][] {{10, 11, 0}, {10, 30, 1}}) {
      Path a = clients("w" + sides[1] + "a", 100, 1000, "16", "17.0.15", sides[0]);
      Path b = clients("w" + sides[1] + "b", 100, 1000, "16", "17.0.15", sides[1]);
      assertEquals(0, run("merge", a.toString(), "-o", tmp.resolve("m" + sides[1] + "a").toString()), stderr);
      assertEquals(0, run("merge", b.toString(), "-o", tmp.resolve("m" + sides[1] + "b").toString()), stderr);
      assertEquals(0, run("compare", tmp.resolve("m" + sides[1] + "a").toString(),
          tmp.resolve("m" + sides[1] + "b").toString()), stderr);
      assertEquals(sides[2] == 1, stdout.contains("| merge | window seconds |"), stdout);
    }
  }

  @Test
  void aBundleOrTheWrongHalfOfOneIsPointedToTheRightHalf() throws Exception {
    Path bundle = tmp.resolve("bundle");
    clients("bundle/clients", 100, 1000, "16", "17.0.15");
    Files.writeString(bundle.resolve("manifest.json"), "{}\n");
    Path out = tmp.resolve("never");
    String clients = bundle.resolve("clients").toString();
    String merged = bundle.resolve("merged").toString();

    assertEquals(AggregateMain.USAGE, run("merge", bundle.toString(), "-o", out.toString()), stderr);
    assertEquals("ycsb-aggregate merge: " + bundle + " is a coordinator bundle: merge " + clients + "\n", stderr,
        "a bundle without a merged result (a failed run) is not pointed to one");
    assertFalse(Files.exists(out), "nothing written");

    assertEquals(0, run("merge", clients, "-o", merged), stderr);
    assertEquals(AggregateMain.USAGE, run("merge", bundle.toString(), "-o", out.toString()), stderr);
    assertEquals("ycsb-aggregate merge: " + bundle + " is a coordinator bundle: merge " + clients + ", or compare "
        + merged + "\n", stderr);
    assertEquals(AggregateMain.USAGE, run("merge", merged, "-o", out.toString()), stderr);
    assertEquals("ycsb-aggregate merge: " + merged + " is a coordinator bundle's merged result, not client folders: "
        + "merge " + clients + ", or compare " + merged + "\n", stderr);
    assertEquals(AggregateMain.USAGE, run("compare", bundle.toString(), bundle.toString()), stderr);
    assertEquals("ycsb-aggregate compare: " + bundle + " is a coordinator bundle: compare " + merged + ", or merge "
        + clients + "\n", stderr);
    assertEquals(AggregateMain.USAGE, run("compare", clients, merged), stderr);
    assertEquals("ycsb-aggregate compare: " + clients + " holds a coordinator bundle's client folders, not a merged "
        + "result: compare " + merged + ", or merge " + clients + "\n", stderr);
    assertFalse(Files.exists(out), "nothing written");
    assertEquals(0, run("compare", merged, merged), stderr);
  }

  @Test
  void compareRefusesFilesThatAreNotMergedResults() throws Exception {
    Path bogus = tmp.resolve("bogus.json");
    Files.writeString(bogus, "{\"schema\": \"something-else\"}");
    assertEquals(AggregateMain.REFUSED, run("compare", bogus.toString(), bogus.toString()));
    assertTrue(stderr.contains("bogus.json: is not a merged result"), stderr);
    Files.writeString(bogus, "{\"schema\": ");
    assertEquals(AggregateMain.REFUSED, run("compare", bogus.toString(), bogus.toString()));
    assertTrue(stderr.contains("bogus.json:1: is not valid JSON"), stderr);
  }

  @Test
  void theHtmlReportIsSelfContained() throws Exception {
    Path a = clients("a", 100, 1000, "16", "17");
    Path out = tmp.resolve("out");
    assertEquals(0, run("merge", a.toString(), "-o", out.toString(), "--format", "html"), stderr);
    String html = Files.readString(out.resolve("report.html"));
    // nothing is fetched: no external scripts, styles, images or frames
    Matcher m = Pattern.compile("<(script|link|img|iframe)[^>]*(src|href)\\s*=", Pattern.CASE_INSENSITIVE)
        .matcher(html);
    assertFalse(m.find(), "external reference: " + (m.find(0) ? html.substring(m.start(), m.end() + 40) : ""));
    assertTrue(html.contains("uPlot"), "the charting library is inlined");
    assertFalse(html.contains("/*UPLOT_JS*/") || html.contains("@DATA@"), "every placeholder is filled");
    int data = html.indexOf("<script type=\"application/json\" id=\"data\">");
    int end = html.indexOf("</script>", data);
    JsonNode j = new ObjectMapper().readTree(html.substring(html.indexOf('>', data) + 1, end));
    assertEquals("ycsb-aggregate/merge/v1", j.get("schema").asText());
    assertEquals(10, j.get("timeSeries").get("buckets").asInt());
    assertEquals(List.of("merged.txt", "merged.json", "merged.csv", "timeseries.csv", "merged.md", "report.html")
        .stream().filter(f -> Files.exists(out.resolve(f))).toList(), List.of("report.html"));
  }

  @Test
  void aFailingOutputLeavesNoFileBehind() throws Exception {
    MergeResult r = Merger.merge(List.of(clients("a", 10, 100, "16", "17")), MergeOptions.defaults());
    Path out = tmp.resolve("atomic");
    ResultWriter broken = ResultWriter.named("broken.txt", (result, w) -> {
      w.write("half");
      throw new IOException("disk full");
    });
    try {
      OutputFiles.write(out, r, List.of(ResultWriter.named("merged.txt", new TextSummaryWriter()), broken));
    } catch (IOException expected) {
      assertEquals("disk full", expected.getMessage());
    }
    assertFalse(Files.exists(out), "neither the complete nor the broken output");
    try (var s = Files.list(tmp)) {
      assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith(".")).toList(),
          "no temporary folder left");
    }
  }

  /** The files are written side by side: a failure waits for every other file, so none lands after the clean-up. */
  @Test
  void aFailingOutputWaitsForTheOthersBeforeCleaningUp() throws Exception {
    // on one CPU the files are written one after another, and the failing one ends the writing before the slow one
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "the files are written side by side only on 2+ CPUs");
    MergeResult r = Merger.merge(List.of(clients("a", 10, 100, "16", "17")), MergeOptions.defaults());
    Path out = tmp.resolve("side-by-side");
    java.util.concurrent.atomic.AtomicBoolean slowDone = new java.util.concurrent.atomic.AtomicBoolean();
    ResultWriter broken = ResultWriter.named("broken.txt", (result, w) -> {
      throw new IOException("disk full");
    });
    ResultWriter slow = ResultWriter.named("slow.txt", (result, w) -> {
      try {
        Thread.sleep(500); // still writing when the other has failed
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      w.write("late");
      slowDone.set(true);
    });
    IOException thrown = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
        () -> OutputFiles.write(out, r, List.of(broken, slow)));
    assertEquals("disk full", thrown.getMessage());
    assertTrue(slowDone.get(), "the other file was finished before the failure was reported");
    assertFalse(Files.exists(out));
    try (var s = Files.list(tmp)) {
      assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith(".")).toList(),
          "no temporary folder left");
    }
  }
}
