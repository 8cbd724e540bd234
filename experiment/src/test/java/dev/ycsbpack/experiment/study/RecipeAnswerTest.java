package dev.ycsbpack.experiment.study;

import static dev.ycsbpack.experiment.study.Manifests.MONGODB;
import static dev.ycsbpack.experiment.study.Manifests.figures;
import static dev.ycsbpack.experiment.study.Manifests.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.recipe.Recipe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recipe's answer in its folder: recipe.json read back as written, the recipe's report, the experiments'. */
class RecipeAnswerTest {
  private static final Path PACK = Path.of("..").toAbsolutePath().normalize();
  private static final String HOSTILE = "<script>alert(1)</script>";

  @TempDir
  Path dir;

  private void experiment(String name, double throughput, String product) throws IOException {
    ExperimentManifest m = Manifests.sweep("COMPLETE", "threads", false, Map.of("recordcount", "1311"),
        List.of(step(1, "01-threads-1", 1, figures(throughput, Map.of("READ", new long[] {100, 200, 300}), null))),
        null, List.of("knee: " + HOSTILE), product);
    new ExperimentBundle(dir.resolve(name)).write(m);
  }

  @Test
  void aCompleteRecipeWritesItsTableWhereTheReportsAndTheSiteReadIt() throws IOException {
    Recipe r = Recipe.read(PACK.resolve("experiments/larger-than-ram"));
    experiment("fits", 1000, MONGODB);
    experiment("exceeds", 400, MONGODB);
    experiment("focus-10", 700, MONGODB);
    experiment("focus-1", 900, MONGODB);
    RecipeSummary s = RecipeAnswer.write(r, dir, null, null);
    assertEquals(s, RecipeSummary.read(dir).orElseThrow(), "recipe.json reads back as written");
    assertEquals("COMPLETE", s.status());
    assertEquals(List.of("fits", "exceeds", "focus-10", "focus-1"), s.experiments());
    assertEquals(List.of("1.000x", "0.400x", "0.700x", "0.900x"), s.table().rows().stream().map(x -> x.get(3))
        .toList());
    String report = Files.readString(dir.resolve("report.html"));
    assertTrue(report.contains("<td>exceeds</td><td>1,311</td><td>400</td><td>0.400x</td>"), report);
    assertTrue(report.contains("<a href=\"focus-1/report.html\">focus-1</a>"), report);
    String fits = Files.readString(dir.resolve("fits/report.html"));
    assertTrue(fits.contains("The recipe's answer (larger-than-ram") && fits.contains("<td>0.700x</td>"), fits);
    assertFalse(fits.contains(HOSTILE), "the experiment's statements stay escaped");
  }

  @Test
  void aStoppedRecipeSaysWhereAndGivesNoFiguresForTheExperimentsNotRun() throws IOException {
    Recipe r = Recipe.read(PACK.resolve("experiments/larger-than-ram"));
    experiment("fits", 1000, "mongo-java-server");
    RecipeSummary s = RecipeAnswer.write(r, dir, "exceeds", "experiment exceeds did not complete");
    assertEquals("STOPPED", s.status());
    assertEquals("experiment exceeds did not complete", s.reason());
    assertTrue(s.table().notMongo().startsWith("NOT MongoDB"), "the fake server's mark");
    // [1] the fake's memory figures, [2] its step sampled no telemetry, [3] the experiment not run
    assertEquals("n/a [3]", s.table().rows().get(1).get(2));
    assertEquals("[3] experiment exceeds has no figures: not run: the recipe stopped at experiment exceeds",
        s.table().notes().get(2));
    assertFalse(Files.exists(dir.resolve("exceeds")), "no folder is made for an experiment that did not run");
  }
}
