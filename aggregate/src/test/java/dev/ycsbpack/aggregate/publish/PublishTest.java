package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.cli.AggregateMain;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.experiment.StudyTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code publish} without a browser: what the site holds, what it never holds, and every refusal. */
class PublishTest {
  private static final long T0 = 1_795_500_000_000L;

  @TempDir
  Path tmp;

  record Run(int status, String out, String err) {
  }

  static Run publish(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] full = new String[args.length + 1];
    full[0] = "publish";
    System.arraycopy(args, 0, full, 1, args.length);
    int status = AggregateMain.run(full, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * A folder of every kind of bundle: two complete MongoDB runs, a fake server's single client, failed, running; and
   * two experiments: a complete sweep on the fake server, a PARTIAL write-concern matrix with a NOT RUN cell.
   */
  static Path mixed(Path root) throws IOException {
    Path results = root.resolve("results");
    Bundles.coordinated(results.resolve("series1/run-a"), "COMPLETE", Bundles.MONGODB, T0, "");
    Bundles.coordinated(results.resolve("series1/run-b"), "COMPLETE", Bundles.MONGODB, T0 + 60_000,
        Bundles.HOSTILE);
    Bundles.single(results.resolve("fake-single"), Bundles.FAKE, T0 + 120_000, Bundles.HOSTILE);
    Bundles.coordinated(results.resolve("series2/failed"), "FAILED", Bundles.MONGODB, T0 + 180_000,
        Bundles.HOSTILE);
    Bundles.coordinated(results.resolve("series2/running"), "RUNNING", Bundles.MONGODB, T0 + 240_000, "");
    Experiments.sweep(results.resolve("experiments/sweep"), "COMPLETE", Bundles.FAKE, T0 + 300_000, Bundles.HOSTILE);
    Experiments.wcMatrix(results.resolve("experiments/wc"), "PARTIAL", "FAILED", Bundles.MONGODB, T0 + 600_000,
        Bundles.HOSTILE);
    return results;
  }

  static List<Path> files(Path site) throws IOException {
    try (Stream<Path> s = Files.walk(site)) {
      return s.filter(Files::isRegularFile).sorted().toList();
    }
  }

  @Test
  void aSiteListsEveryBundleWithFiguresOnlyForCompleteOnes() throws IOException {
    Path results = mixed(tmp);
    Path site = tmp.resolve("site");
    Run r = publish("--out", site.toString(), results.toString());
    assertEquals(0, r.status(), r.err());
    String index = Files.readString(site.resolve("index.html"));
    String bundles = index.substring(index.indexOf("id=\"bundles\""));
    assertEquals(5, bundles.split("<tr", -1).length - 2, "a header row and one row per bundle (steps have none)");
    for (String name : List.of("results-series1-run-a", "results-series1-run-b", "results-fake-single",
        "results-series2-failed", "results-series2-running")) {
      assertTrue(Files.isRegularFile(site.resolve("bundles/" + name + "/report.html")), name);
    }
    assertTrue(Files.isRegularFile(site.resolve("bundles/results-series1-run-a/merged.csv")));
    assertTrue(Files.isRegularFile(site.resolve("bundles/results-series1-run-a/timeseries.csv")));
    // the failed and the unfinished bundle: the reason, no figures, no numbers files
    String failedRow = row(index, "results-series2-failed");
    assertTrue(failedRow.contains("FAILED: client 02-host2"), failedRow);
    assertTrue(failedRow.contains("<td class=\"n\" data-sort=\"\">-</td>"), failedRow);
    assertTrue(row(index, "results-series2-running").contains("INCOMPLETE: the coordinator did not finish"));
    assertFalse(Files.exists(site.resolve("bundles/results-series2-failed/merged.json")));
    String failedPage = Files.readString(site.resolve("bundles/results-series2-failed/report.html"));
    assertFalse(failedPage.contains("ops/s"), "no figure on a failed bundle's page");
    // the fake server's label on its row and its page
    assertTrue(row(index, "results-fake-single").contains("NOT MongoDB"));
    assertTrue(Files.readString(site.resolve("bundles/results-fake-single/report.html")).contains("NOT MongoDB"));
    // the two complete runs of one workload are compared; the failed one is not
    assertTrue(Files.isRegularFile(site.resolve("compare/1.html")));
    String compare = Files.readString(site.resolve("compare/1.html"));
    assertTrue(compare.contains("results-series1-run-a") && compare.contains("results-series1-run-b"));
    assertFalse(compare.contains("results-series2-failed"));
    assertTrue(compare.indexOf("Differences in how they were run") < compare.indexOf("<h3>Figures"));
    // what was run, the count check among it
    String report = Files.readString(site.resolve("bundles/results-series1-run-a/report.html"));
    assertTrue(report.contains("1,000 counted in ycsb.usertable"), "the manifest's count check");
    assertTrue(report.contains("bin/ycsb-coordinator run mongodb -P workloads/read95-update5"));
    // a single client's own count of the collection
    assertTrue(Files.readString(site.resolve("bundles/results-fake-single/report.html"))
        .contains("1,000 before, 0 new stored, 1,000 after, in ycsb.usertable"));
  }

  @Test
  void anExperimentHasARowSayingWhatItMeasuredAndAPageLinkingEachStep() throws IOException {
    Path site = tmp.resolve("site");
    Run r = publish("--out", site.toString(), mixed(tmp).toString());
    assertEquals(0, r.status(), r.err());
    String index = Files.readString(site.resolve("index.html"));
    String sweep = row(index, "results-experiments-sweep");
    for (String said : List.of("sweep experiment", "COMPLETE", "threads 1, 2, 4", "max 3,000 ops/s at threads 4",
        "knee threads 2 (kneedle)", "latency knee threads 2", "NOT MongoDB", "workloads/read95-update5 (CoreWorkload)",
        "1 client per host", "3 steps: 3 COMPLETE", "0.1.0-test")) {
      assertTrue(sweep.contains(said), said + " in " + sweep);
    }
    String page = Files.readString(site.resolve("bundles/results-experiments-sweep/report.html"));
    for (String step : List.of("01-threads-1", "02-threads-2", "04-threads-4".replace("04", "03"))) {
      String stepSite = "results-experiments-sweep-steps-" + step;
      assertTrue(page.contains("<a href=\"../" + stepSite + "/report.html\">" + step + "</a>"), step);
      assertTrue(Files.readString(site.resolve("bundles/" + stepSite + "/report.html")).contains("ops/s"),
          "each step is published like any coordinator bundle: " + step);
    }
    assertTrue(page.contains("max throughput: 3,000 ops/s at threads 4"), "the experiment's answers in words");
    assertTrue(page.contains("NOT MongoDB"), "the fake server's label on the experiment's page");
    assertFalse(index.contains(">results-experiments-sweep-steps-01-threads-1<"), "a step has no index row");
  }

  /** A recipe's folder: its answer table (recipe.json) once on the index, and on each of its experiments' pages. */
  @Test
  void aRecipesAnswerTableIsShownOnceOnTheIndexAndOnItsExperimentsPages() throws IOException {
    Path study = tmp.resolve("results/ram");
    Experiments.sweep(study.resolve("fits"), "COMPLETE", Bundles.FAKE, T0, "");
    Experiments.sweep(study.resolve("exceeds"), "COMPLETE", Bundles.FAKE, T0 + 300_000, "");
    StudyTable table = new StudyTable("What happens to reads when the data outgrows RAM?" + Bundles.HOSTILE,
        "NOT MongoDB: the clients measured mongo-java-server.", List.of("case", "ops/s", "ratio to fits", "step"),
        List.of(List.of("fits", "1,000", "1.000x", "fits/steps/01-threads-1"), List.of("exceeds" + Bundles.HOSTILE,
            "250", "0.250x", "exceeds/steps/01-threads-1")),
        List.of("[1] not reported by this server"));
    RecipeSummary summary = new RecipeSummary(RecipeSummary.SCHEMA, "larger-than-ram", "t", "seed", "COMPLETE", null,
        List.of("fits", "exceeds"), table, "2026-12-07T10:00:00Z");
    Files.writeString(study.resolve(RecipeSummary.FILE), summary.json());
    Path site = tmp.resolve("site");
    Run r = publish("--out", site.toString(), tmp.resolve("results").toString());
    assertEquals(0, r.status(), r.err());
    String index = Files.readString(site.resolve("index.html"));
    assertTrue(index.contains("<h2>Studies (recipes)</h2>"), index);
    assertEquals(1, index.split("<td>0.250x</td>", -1).length - 1, "the table once on the index");
    assertTrue(index.contains("<a href=\"bundles/results-ram-fits/report.html\">results-ram-fits</a>, "
        + "<a href=\"bundles/results-ram-exceeds/report.html\">results-ram-exceeds</a>"), index);
    for (String x : List.of("fits", "exceeds")) {
      String page = Files.readString(site.resolve("bundles/results-ram-" + x + "/report.html"));
      assertTrue(page.contains("<h2>The answer of recipe larger-than-ram</h2>"), page);
      assertTrue(page.contains("<td>fits</td><td>1,000</td><td>1.000x</td><td>fits/steps/01-threads-1</td>"), page);
      assertTrue(page.contains("NOT MongoDB: the clients measured mongo-java-server."), page);
      assertFalse(page.contains(Bundles.HOSTILE) || index.contains(Bundles.HOSTILE), "every cell escaped");
    }
    // a summary that does not name the folder is another recipe's: not shown with it
    Files.writeString(study.resolve(RecipeSummary.FILE), summary.json().replace("\"exceeds\"", "\"other\""));
    Path again = tmp.resolve("site2");
    assertEquals(0, publish("--out", again.toString(), tmp.resolve("results").toString()).status());
    assertFalse(Files.readString(again.resolve("bundles/results-ram-exceeds/report.html")).contains("The answer of"));
  }

  @Test
  void aPartialExperimentShowsItsStepsAndNotRunCellsButNoAnswers() throws IOException {
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), mixed(tmp).toString()).status());
    String row = row(Files.readString(site.resolve("index.html")), "results-experiments-wc");
    assertTrue(row.contains("FAILED: PARTIAL: a step failed"), row);
    assertTrue(row.contains("write concerns w=1, w=3, majority"), row);
    assertTrue(row.contains("<td class=\"v\">-</td>"), "no answers on a PARTIAL experiment's row: " + row);
    assertFalse(row.contains("ops/s"), row);
    String page = Files.readString(site.resolve("bundles/results-experiments-wc/report.html"));
    assertTrue(page.contains("None shown: the experiment is FAILED"), "no answers on its page");
    assertFalse(page.contains("Write-concern matrix"), "no matrix of figures on its page");
    assertTrue(page.contains("NOT RUN: " + Experiments.UNSATISFIABLE), "the NOT RUN cell with the server's reason");
    assertTrue(page.contains("FAILED: client 02-host2"), "the failed step with its bundle's reason");
    assertTrue(Files.readString(site.resolve("bundles/results-experiments-wc-steps-03-majority/report.html"))
        .contains("no figures are shown"), "the failed step's page has no figures");
  }

  @Test
  void aCompleteMatrixShowsEveryCellWithTheNotRunOnesReason() throws IOException {
    Path exp = Experiments.wcMatrix(tmp.resolve("wc"), "COMPLETE", "COMPLETE", Bundles.MONGODB, T0, "");
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), exp.toString()).status());
    String row = row(Files.readString(site.resolve("index.html")), "wc");
    assertTrue(row.contains("w=1 2,000 ops/s (1x); w=3 NOT RUN: " + Experiments.UNSATISFIABLE
        + "; majority 1,500 ops/s (0.75x)"), row);
    assertTrue(Files.readString(site.resolve("bundles/wc/report.html")).contains("Write-concern matrix"));
  }

  @Test
  void anIndexCellShowsTheFirstClauseOfADriverExceptionAndThePageShowsItWhole() throws IOException {
    String response = " on server localhost:27017. The full response is {\"ok\": 0.0, \"errmsg\": \"Not enough "
        + "data-bearing nodes\", \"code\": 100, \"codeName\": \"UnsatisfiableWriteConcern\"}";
    Path exp = Experiments.wcMatrix(tmp.resolve("wc"), "COMPLETE", "COMPLETE", Bundles.MONGODB, T0, response);
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), exp.toString()).status());
    String row = row(Files.readString(site.resolve("index.html")), "wc");
    String cell = row.substring(row.indexOf("w=3 NOT RUN: "));
    cell = cell.substring(0, cell.indexOf("</td>"));
    assertEquals("w=3 NOT RUN: " + Experiments.UNSATISFIABLE + " on server localhost:27017 ...; majority 1,500 ops/s "
        + "(0.75x)", cell);
    assertTrue(Files.readString(site.resolve("bundles/wc/report.html")).contains(Html.esc("NOT RUN: "
        + Experiments.UNSATISFIABLE + response)), "the page has the whole exception");
  }

  @Test
  void aWorkloadFileNamedWithABlankIsShownWhole() throws IOException {
    Path bundle = Bundles.coordinated(tmp.resolve("blank"), "COMPLETE", Bundles.MONGODB, T0, "");
    replaceIn(bundle.resolve("manifest.json"), "-P workloads/read95-update5",
        "-P my results/read 95 & <b>update");
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), bundle.toString()).status());
    String row = row(Files.readString(site.resolve("index.html")), "blank");
    assertTrue(row.contains(">" + Html.esc("read 95 & <b>update") + " ("), row);
    assertTrue(Files.readString(site.resolve("bundles/blank/report.html")).contains(
        "\"Workload\":\"my results/read 95 \\u0026 \\u003cb\\u003eupdate ("), "the page names the file whole");
    assertEquals("my wl, b (CoreWorkload)", Site.shortWorkload("/x/a dir/my wl, b (site.ycsb.CoreWorkload)"));
  }

  @Test
  void pagesShowPathsRelativeToTheBundleUnlessAskedForAbsoluteOnes() throws IOException {
    Path results = tmp.resolve("results");
    Path bundle = Bundles.coordinated(results.resolve("run"), "COMPLETE", Bundles.MONGODB, T0, "");
    Path sweep = Experiments.sweep(results.resolve("sweep"), "COMPLETE", Bundles.MONGODB, T0 + 300_000, "");
    replaceIn(bundle.resolve("manifest.json"), "-P workloads/read95-update5",
        "-P /home/me/workloads/read95-update5");
    String abs = tmp.toAbsolutePath().toString();
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), results.toString()).status());
    for (Path page : List.of(site.resolve("index.html"), site.resolve("bundles/results-run/report.html"),
        site.resolve("bundles/results-sweep/report.html"),
        site.resolve("bundles/results-sweep-steps-01-threads-1/report.html"))) {
      String text = Files.readString(page);
      // the command's folders, the workload's path, the client folders read (the clients' own recorded properties
      // are shown as they recorded them)
      int at = Math.max(Math.max(text.indexOf("--out " + abs), text.indexOf("/home/me")),
          text.indexOf("\"folder\" : \"" + abs));
      assertEquals(-1, at, "an absolute path on " + page + ": "
          + (at < 0 ? "" : text.substring(Math.max(0, at - 200), Math.min(text.length(), at + 100))));
    }
    String run = Files.readString(site.resolve("bundles/results-run/report.html"));
    assertTrue(run.contains("-P read95-update5 ") && run.contains("--out ."), "relative paths");
    Path kept = tmp.resolve("kept");
    assertEquals(0, publish("--paths", "absolute", "--out", kept.toString(), results.toString()).status());
    assertTrue(Files.readString(kept.resolve("bundles/results-run/report.html")).contains("--out " + bundle),
        "--paths absolute keeps them");
    Run bad = publish("--paths", "nope", "--out", tmp.resolve("bad").toString(), results.toString());
    assertEquals(2, bad.status());
    assertEquals(1, bad.err().strip().lines().count(), bad.err());
    assertFalse(Files.exists(tmp.resolve("bad")));
  }

  @Test
  void aCompleteExperimentWhoseStepCannotBeRebuiltIsFailedWithoutAnswers() throws IOException {
    Path exp = Experiments.sweep(tmp.resolve("sweep"), "COMPLETE", Bundles.MONGODB, T0, "");
    // its raw data lost: one client's READ interval log
    Files.delete(exp.resolve("steps/02-threads-2/clients/01-host1/READ.hdr"));
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), exp.toString()).status());
    String row = row(Files.readString(site.resolve("index.html")), "sweep");
    assertTrue(row.contains("FAILED: it cannot be rebuilt from its raw data: step 02-threads-2 is complete in the "
        + "manifest but its bundle is FAILED"), row);
    assertFalse(row.contains("max "), row);
  }

  @Test
  void aStepPathOutsideTheExperimentIsNeverFollowed() throws IOException {
    Path exp = Experiments.sweep(tmp.resolve("sweep"), "COMPLETE", Bundles.MONGODB, T0, "");
    Bundles.coordinated(tmp.resolve("elsewhere"), "COMPLETE", Bundles.MONGODB, T0, "");
    replaceIn(exp.resolve("manifest.json"), "\"bundle\" : \"steps/01-threads-1\"",
        "\"bundle\" : \"../elsewhere\"");
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), exp.toString()).status());
    String row = row(Files.readString(site.resolve("index.html")), "sweep");
    // the index cell holds the reason's summary; the experiment's page, the whole reason
    assertTrue(row.contains("<td class=\"v\">FAILED: " + Site.summary("it cannot be rebuilt from its raw data: step "
        + "01-threads-1 is complete in the manifest but its bundle path ../elsewhere is not inside the experiment's "
        + "folder").replace("'", "&#39;") + "</td>"), row);
    assertTrue(Files.readString(site.resolve("bundles/sweep/report.html")).contains("FAILED: it cannot be rebuilt "
        + "from its raw data: step 01-threads-1 is complete in the manifest but its bundle path ../elsewhere is not "
        + "inside the experiment&#39;s folder"));
    assertFalse(Files.exists(site.resolve("bundles/sweep-elsewhere")));
  }

  @Test
  void noPasswordAndNoHostileMarkupAnywhereInTheSite() throws IOException {
    Path site = tmp.resolve("site");
    assertEquals(0, publish("--out", site.toString(), mixed(tmp).toString()).status());
    for (Path f : files(site)) {
      String text = Files.readString(f);
      assertFalse(text.contains("S3cr3t"), "password in " + f);
      if (f.toString().endsWith(".html")) {
        assertFalse(text.contains("<script>window.__pwned"), "hostile script as markup in " + f);
        assertFalse(text.contains("<img src=x"), "hostile img as markup in " + f);
        // a quote that ends an attribute (in the embedded JSON it is \" inside a string, which is no markup)
        assertFalse(java.util.regex.Pattern.compile("(?<!\\\\)\"onload=").matcher(text).find(),
            "hostile attribute in " + f);
      }
    }
  }

  @Test
  void aGrownFolderGivesTheSamePagesPlusTheNewOnes() throws IOException {
    Path results = tmp.resolve("results");
    Bundles.coordinated(results.resolve("run-a"), "COMPLETE", Bundles.MONGODB, T0, "");
    Path site1 = tmp.resolve("site1");
    assertEquals(0, publish("--out", site1.toString(), results.toString()).status());
    Bundles.coordinated(results.resolve("run-b"), "COMPLETE", Bundles.MONGODB, T0 + 60_000, "");
    Path site2 = tmp.resolve("site2");
    assertEquals(0, publish("--out", site2.toString(), results.toString()).status());
    for (Path f : files(site1)) {
      if (f.startsWith(site1.resolve("bundles"))) {
        assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(site2.resolve(site1.relativize(f))),
            "rebuilt differently: " + f);
      }
    }
    assertTrue(Files.isRegularFile(site2.resolve("bundles/results-run-b/report.html")));
    assertTrue(Files.isRegularFile(site2.resolve("compare/1.html")));
  }

  @Test
  void aFolderThatIsNoBundleIsRefusedWithOneLineAndNothingWritten() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("not-a-bundle/sub"));
    Files.writeString(empty.resolve("notes.txt"), "hello");
    refused("is not a bundle and holds none", "--out", tmp.resolve("site").toString(),
        tmp.resolve("not-a-bundle").toString());
    refused("does not exist", "--out", tmp.resolve("site").toString(), tmp.resolve("missing").toString());
  }

  @Test
  void anEmptyListIsRefused() {
    refused("no bundle given", "--out", tmp.resolve("site").toString());
  }

  @Test
  void anOutputFolderThatIsNotEmptyIsRefusedAndKept() throws IOException {
    Path results = tmp.resolve("results");
    Bundles.single(results.resolve("one"), Bundles.MONGODB, T0, "");
    Path site = Files.createDirectories(tmp.resolve("site"));
    Files.writeString(site.resolve("mine.txt"), "keep me");
    refused("the folder is not empty", "--out", site.toString(), results.toString());
    assertEquals(List.of(site.resolve("mine.txt")), files(site));
  }

  @Test
  void twoBundlesWithTheSameNameAreRefused() throws IOException {
    Path a = Bundles.single(tmp.resolve("a/run"), Bundles.MONGODB, T0, "");
    Path b = Bundles.single(tmp.resolve("b/run"), Bundles.MONGODB, T0 + 1000, "");
    refused("two bundles would both be named run", "--out", tmp.resolve("site").toString(), a.toString(),
        b.toString());
  }

  @Test
  void aStepNamedLikeAnotherBundleIsRefused() throws IOException {
    Path exp = Experiments.sweep(tmp.resolve("a/x"), "COMPLETE", Bundles.MONGODB, T0, "");
    Path other = Bundles.coordinated(tmp.resolve("b/x-steps-01-threads-1"), "COMPLETE", Bundles.MONGODB, T0, "");
    refused("a step of experiment x would be named x-steps-01-threads-1 on the site, which another bundle or step is "
        + "named already", "--out", tmp.resolve("site").toString(), exp.toString(), other.toString());
  }

  @Test
  void anEmptyOutputFolderIsFilled() throws IOException {
    Path results = tmp.resolve("results");
    Bundles.single(results.resolve("one"), Bundles.MONGODB, T0, "");
    Path site = Files.createDirectories(tmp.resolve("site"));
    assertEquals(0, publish("--out", site.toString(), results.toString()).status());
    assertTrue(Files.isRegularFile(site.resolve("index.html")));
  }

  @Test
  void theHelpFits80ColumnsWithItsExamplesWhole() {
    Run r = publish("--help");
    assertEquals(0, r.status());
    List<String> lines = r.out().lines().toList();
    for (String line : lines) {
      assertTrue(line.length() <= 80, line.length() + " columns: " + line);
    }
    assertTrue(lines.contains("  ycsb-aggregate publish --out site results/load results/run-1 results/run-2"),
        r.out());
  }

  private void refused(String expected, String... args) {
    try {
      List<Path> before = files(tmp);
      Run r = publish(args);
      assertEquals(2, r.status(), r.err());
      assertEquals(1, r.err().lines().count(), "one line: " + r.err());
      assertTrue(r.err().startsWith("ycsb-aggregate publish: ") && r.err().contains(expected), r.err());
      assertEquals(before, files(tmp), "nothing written");
      try (Stream<Path> s = Files.list(tmp)) {
        assertFalse(s.anyMatch(p -> p.getFileName().toString().contains(".publish-")), "no temporary folder left");
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The index row of one bundle. */
  /** Edits a recorded file in place: {@code from} becomes {@code to}. */
  static void replaceIn(Path file, String from, String to) throws IOException {
    Files.writeString(file, Files.readString(file).replace(from, to));
  }

  static String row(String index, String name) {
    int at = index.indexOf("bundles/" + name + "/");
    assertTrue(at >= 0, name + " has no row");
    return index.substring(index.lastIndexOf("<tr", at), index.indexOf("</tr>", at));
  }
}
