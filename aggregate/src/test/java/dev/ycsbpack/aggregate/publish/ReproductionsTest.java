package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.Reproduction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code publish} over a folder holding an original and reproductions of it: the index groups them, each group's page
 * puts them side by side with the environments' differences and compare's verdict; a reproduction whose original is
 * not published names it.
 */
class ReproductionsTest {
  private static final long T0 = 1_795_500_000_000L;

  @TempDir
  Path tmp;

  @Test
  void anOriginalAndItsReproductionsAreShownSideBySide() throws Exception {
    Path results = tmp.resolve("results");
    Bundles.coordinated(results.resolve("orig"), "COMPLETE", Bundles.MONGODB, T0, "");
    Path copy = Bundles.coordinated(results.resolve("repro"), "COMPLETE", Bundles.FAKE, T0 + 3_600_000, "");
    new Reproduction("site/bundles/results-orig", "run-" + T0, List.of("-p mongodb.url=mongodb://u:*****@db2/x",
        "--hosts h1,h2")).write(copy);
    Path orphan = Bundles.coordinated(results.resolve("orphan"), "COMPLETE", Bundles.MONGODB, T0 + 7_200_000, "");
    new Reproduction("elsewhere/x", "run-gone", List.of()).write(orphan);
    Path site = tmp.resolve("site");
    assertEquals(0, PublishTest.publish("--out", site.toString(), results.toString()).status());

    String index = Files.readString(site.resolve("index.html"));
    assertTrue(index.contains("<tr><td><a href=\"bundles/results-orig/report.html\">results-orig</a></td>"
        + "<td>original</td><td class=\"v\">COMPLETE</td>"), index);
    assertTrue(index.contains("<tr><td><a href=\"bundles/results-repro/report.html\">results-repro</a></td><td>"
        + "reproduction of run-" + T0 + "</td><td class=\"v\">COMPLETE</td>"), index);
    assertTrue(index.contains("<td>-p mongodb.url=mongodb://u:*****@db2/x; --hosts h1,h2</td></tr>"), index);
    assertTrue(index.contains("<tr><td>run-gone</td><td>original: not on this site</td>"), index);
    assertTrue(index.contains("<span class=\"meta\">reproduction of run-" + T0 + "</span>"), "marked in its row");
    assertTrue(index.indexOf("results-orig</a></td><td>original") < index.indexOf("results-repro</a></td><td>"
        + "reproduction"), "the original first");

    String page = Files.readString(site.resolve("reproductions/1.html"));
    assertTrue(page.contains("<h1>results-orig and its reproductions</h1>"), page);
    assertTrue(page.contains("<li>results-repro: -p mongodb.url=mongodb://u:*****@db2/x; --hosts h1,h2</li>"), page);
    assertTrue(page.contains("<tr><th>Server</th><td>MongoDB 7.0.12</td><td>mongo-java-server (an in-memory fake) "
        + "7.0.12</td><td class=\"worse\">differs</td></tr>"), page);
    assertTrue(page.contains("<tr><th>Topology</th><td>replica set rs0</td><td>replica set rs0</td><td></td></tr>"),
        page);
    assertTrue(page.contains("<p><b>Headline (primary figure, judged at 5%): "), page);
    assertTrue(page.contains("<div class=\"warn\">The sides ran apart, not interleaved: B ran 59 min 54 s after A"),
        "the drift caveat: " + page);
    assertTrue(Files.isRegularFile(site.resolve("reproductions/1-1.csv")));

    String alone = Files.readString(site.resolve("reproductions/2.html"));
    assertTrue(alone.contains("<div class=\"warn\">The original, run-gone, is not on this site: each reproduction "
        + "is shown alone.</div>"), alone);
    assertFalse(alone.contains("Headline (primary figure"), "no verdict without the original");
  }

  @Test
  void twoExperimentsSideBySideGetEachStepsVerdict() throws Exception {
    Path results = tmp.resolve("results");
    Experiments.sweep(results.resolve("sweep"), "COMPLETE", Bundles.MONGODB, T0, "");
    Path copy = Experiments.sweep(results.resolve("again"), "COMPLETE", Bundles.FAKE, T0 + 3_600_000, "");
    new Reproduction("results/sweep", "sweep", List.of("--hosts local")).write(copy);
    Path site = tmp.resolve("site");
    assertEquals(0, PublishTest.publish("--out", site.toString(), results.toString()).status());

    String page = Files.readString(site.resolve("reproductions/1.html"));
    int steps = page.indexOf(": step by step</h2>");
    assertTrue(steps > page.indexOf("<h2>Headline figures</h2>"), page);
    assertTrue(page.indexOf("<div class=\"warn\">The sides ran apart, not interleaved", steps) > steps,
        "the drift caveat: " + page);
    for (String label : List.of("threads 1", "threads 2", "threads 4")) {
      assertTrue(page.indexOf("<tr><th>" + label + "</th><td>Headline (primary figure", steps) > steps,
          label + ": " + page);
    }
  }
}
