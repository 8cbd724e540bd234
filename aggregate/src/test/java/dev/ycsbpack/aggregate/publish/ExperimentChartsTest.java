package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.aggregate.format.HtmlReportWriter;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.common.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The charts of an experiment's page on the site: what they plot (each step's figures rebuilt from its raw data, per
 * swept value or cell), the answers they mark, and the page's scripts allowed by their hashes alone.
 */
class ExperimentChartsTest {
  private static final long T0 = 1_795_500_000_000L;

  @TempDir
  Path tmp;

  private static final Pattern DATA = Pattern.compile(
      "<script type=\"application/json\" id=\"xdata\">([^<]*)</script>");

  private static JsonNode data(String page) throws Exception {
    Matcher m = DATA.matcher(page);
    assertTrue(m.find(), "the page carries the charts' data");
    return MergedJson.MAPPER.readTree(m.group(1));
  }

  @Test
  void aSweepChartsEachSweptValueWithTheStepsFiguresAndMarksItsAnswers() throws Exception {
    Path x = Experiments.sweep(tmp.resolve("results/sweep"), "COMPLETE", Bundles.MONGODB, T0, "");
    PublishedExperiment read = (PublishedExperiment) new ExperimentKind().read(x, "sweep", false);
    JsonNode d = data(ExperimentPage.page(read));
    assertEquals("threads", d.path("axis").asText());
    assertTrue(d.path("numeric").asBoolean());
    List<String> points = new ArrayList<>();
    d.path("points").forEach(p -> points.add(p.path("x").asDouble() + "=" + p.path("label").asText() + " "
        + p.path("steps")));
    assertEquals(List.of("1.0=1 [\"sweep-steps-01-threads-1\"]", "2.0=2 [\"sweep-steps-02-threads-2\"]",
        "4.0=4 [\"sweep-steps-03-threads-4\"]"), points);
    // the figures are the step's own, rebuilt: those of the step table and the step's page
    for (int i = 0; i < 3; i++) {
      MergeResult r = read.steps().get(i).bundle().result();
      JsonNode p = d.path("points").get(i);
      assertEquals(r.totalThroughput(), p.path("throughput").path("median").asDouble(), 1e-9);
      for (String pct : List.of("p50", "p95", "p99")) {
        long us = r.operations().stream().filter(o -> o.name().equals("READ")).findFirst().orElseThrow().latency()
            .percentiles().get(Double.parseDouble(pct.substring(1)));
        assertEquals(us, p.path("latencyUs").path("READ").path(pct).path("median").asLong(), pct);
      }
    }
    assertEquals("[\"READ\",\"UPDATE\"]", d.path("operations").toString());
    assertEquals(
        "[{\"x\":2.0,\"label\":\"knee threads 2 (kneedle)\"},{\"x\":2.0,\"label\":\"latency knee threads 2\"}]",
        d.path("markers").toString());
  }

  @Test
  void theAnswersAreMarkedOnlyOnAnExperimentThatIsComplete() throws Exception {
    Path x = Experiments.sweep(tmp.resolve("results/sweep"), "PARTIAL", Bundles.MONGODB, T0, "");
    JsonNode d = data(ExperimentPage.page((PublishedExperiment) new ExperimentKind().read(x, "sweep", false)));
    assertEquals(3, d.path("points").size(), "each complete step is still a valid run: charted");
    assertEquals("[]", d.path("markers").toString());
  }

  @Test
  void aMatrixChartsEachMeasuredCellByItsNameAndLeavesOutTheOneNotRun() throws Exception {
    Path x = Experiments.wcMatrix(tmp.resolve("results/wc"), "COMPLETE", "COMPLETE", Bundles.MONGODB, T0, "");
    JsonNode d = data(ExperimentPage.page((PublishedExperiment) new ExperimentKind().read(x, "wc", false)));
    assertEquals("write concern", d.path("axis").asText());
    assertFalse(d.path("numeric").asBoolean());
    List<String> points = new ArrayList<>();
    d.path("points").forEach(p -> points.add(p.path("x").asInt() + "=" + p.path("label").asText()));
    assertEquals(List.of("1=w=1", "2=majority"), points);
    assertEquals("[]", d.path("markers").toString());
  }

  @Test
  void thePageRunsOnlyItsThreeScriptsEachAllowedByItsHash() throws Exception {
    Path x = Experiments.sweep(tmp.resolve("results/sweep"), "COMPLETE", Bundles.MONGODB, T0, "");
    String page = ExperimentPage.page((PublishedExperiment) new ExperimentKind().read(x, "sweep", false));
    assertTrue(page.contains("content=\"" + HtmlReportWriter.contentSecurityPolicy(ExperimentCharts.SCRIPTS
        .toArray(String[]::new)) + "\""), "the CSP names the three scripts' hashes");
    Matcher scripts = Pattern.compile("<script>").matcher(page);
    int n = 0;
    while (scripts.find()) {
      n++;
    }
    assertEquals(3, n, "uPlot, the report's chart code, the experiment page's script");
    assertTrue(page.contains("<p class=\"meta\">Dashed vertical lines: knee threads 2 (kneedle); latency knee "
        + "threads 2.</p>"), "the markers in words");
  }

  @Test
  void anExperimentWithNoCompleteStepSaysThereIsNothingToChartAndRunsNoScript() throws Exception {
    Path x = Experiments.sweep(tmp.resolve("results/sweep"), "COMPLETE", Bundles.MONGODB, T0, "");
    for (String step : List.of("01-threads-1", "02-threads-2", "03-threads-4")) {
      Files.delete(x.resolve("steps").resolve(step).resolve("manifest.json"));
    }
    PublishedExperiment read = (PublishedExperiment) new ExperimentKind().read(x, "sweep", false);
    assertEquals(RunStatus.FAILED, read.status());
    String page = ExperimentPage.page(read);
    assertTrue(page.contains("<h2>Charts</h2>\n<p>Nothing to chart: no step has a complete bundle rebuilt from its "
        + "raw data.</p>"), page);
    assertFalse(page.contains("<script"), "no script on a page without charts");
  }

  @Test
  void oneMeasuredCellIsNoChartButSaysWhere() throws Exception {
    Path x = Experiments.wcMatrix(tmp.resolve("results/wc"), "PARTIAL", "FAILED", Bundles.MONGODB, T0, "");
    String page = ExperimentPage.page((PublishedExperiment) new ExperimentKind().read(x, "wc", false));
    assertTrue(page.contains("<h2>Charts</h2>\n<p>Nothing to chart: only w=1 has complete steps rebuilt from their "
        + "raw data; its figures are in the table below.</p>"), page);
    assertFalse(page.contains("<script"), "no script on a page without charts");
  }

  @Test
  void aValueMeasuredMoreThanOnceIsItsMedianBetweenItsLowestAndHighest() {
    assertEquals(new ExperimentCharts.Spread(2, 1, 9), ExperimentCharts.Spread.of(List.of(9.0, 1.0, 2.0)));
    assertEquals(new ExperimentCharts.Spread(2.5, 1, 9), ExperimentCharts.Spread.of(List.of(9.0, 1.0, 2.0, 3.0)));
  }
}
