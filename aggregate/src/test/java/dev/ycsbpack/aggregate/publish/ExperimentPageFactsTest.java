package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What an experiment's page says was run: a sweep states the axis it varied and its values, never its default; an index
 * cell's reason is a summary.
 */
class ExperimentPageFactsTest {
  private static Map<String, String> facts(String axis, List<Long> values, int threads, long target) {
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("sweep", "mongodb", axis, values,
        List.of("workloads/a"), Map.of(), List.of("h1", "h2"), 1, threads, target, List.of(), false, 1, "rule", null);
    return ExperimentPage.facts(new ExperimentManifest(ExperimentManifest.SCHEMA, "COMPLETE", null, plan, Map.of(),
        null, null, List.of(), null, null, List.of(), null, null));
  }

  @Test
  void aThreadsSweepStatesTheThreadsItSwept() {
    Map<String, String> f = facts("threads", List.of(2L, 4L, 8L), 0, 0);
    assertEquals("2, 4, 8 (swept)", f.get("Threads"));
    assertEquals("unthrottled", f.get("Target"));
    assertEquals("h1, h2: 1 client per host", f.get("Hosts and clients"));
  }

  @Test
  void aTargetSweepStatesItsTargetsAndItsFixedThreads() {
    Map<String, String> f = facts("target", List.of(1000L, 2000L), 16, 0);
    assertEquals("1000, 2000 ops/s (swept)", f.get("Target"));
    assertEquals("16", f.get("Threads"));
  }

  @Test
  void aClientsSweepStatesItsClientCounts() {
    assertEquals("h1, h2: 1, 2, 4 clients in all (swept)",
        facts("clients", List.of(1L, 2L, 4L), 0, 0).get("Hosts and clients"));
  }

  @Test
  void aVerdictCellInTheIndexIsTheReasonsSummaryAndThePageHasItWhole() throws Exception {
    java.nio.file.Path tmp = java.nio.file.Files.createTempDirectory("verdict-cell");
    try {
      java.nio.file.Path b = Bundles.coordinated(tmp.resolve("results/failed"), "FAILED", Bundles.MONGODB,
          1_795_500_000_000L, " and then a long tail of words that goes on well past the limit of an index cell; "
              + "second clause");
      java.nio.file.Path site = tmp.resolve("site");
      assertEquals(0, PublishTest.publish("--out", site.toString(), b.toString()).status());
      String index = java.nio.file.Files.readString(site.resolve("index.html"));
      String whole = "client 02-host2 on host2 and then a long tail of words that goes on well past the limit of an "
          + "index cell; second clause reports FAILED: the server went away";
      assertTrue(index.contains("<td class=\"v\">FAILED: " + Site.summary(whole) + "</td>"), index);
      assertTrue(Site.summary(whole).endsWith(" ..."), Site.summary(whole));
      assertTrue(java.nio.file.Files.readString(site.resolve("bundles/failed/report.html")).contains(whole));
    } finally {
      dev.ycsbpack.aggregate.format.OutputFiles.deleteTree(tmp);
    }
  }

  @Test
  void aReasonInAnIndexCellIsItsFirstClauseCapped() {
    assertEquals("short, whole", Site.summary("short, whole"));
    assertEquals("first ...", Site.summary("first; second"));
    assertEquals("line one ...", Site.summary("line one\nline two"));
    String word = "abcdefghi ";
    String cut = Site.summary(word.repeat(30));
    assertTrue(cut.length() <= Site.SUMMARY_MAX, cut);
    assertEquals(word.repeat(10) + "abcdefghi ...", cut);
  }
}
