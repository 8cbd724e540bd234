package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.experiment.recipe.Recipe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --resume of a recipe's folder: refused when every experiment is COMPLETE, continued while one is not. */
class RecipeResumeTest {
  @TempDir
  Path dir;

  @Test
  void aFinishedRecipeIsRefusedAndAnUnfinishedOneResumes() throws Exception {
    Path file = Files.writeString(dir.resolve("two"), "title = t\nmeasures = m\nseed = s\ncommand = sweep\n"
        + "experiments = a, b\nworkloads = workloads/hotset\noptions = -threads 1\nexperiment.a.load = true\n");
    Recipe r = Recipe.read(file);
    Path folder = Files.createDirectories(dir.resolve("run"));
    Files.copy(file, folder.resolve(RunCommand.COPY));
    manifest(folder.resolve("a"), "COMPLETE");
    manifest(folder.resolve("b"), "INCOMPLETE");
    ExperimentOptions given = new ExperimentOptions();
    given.resume = folder;
    assertEquals(folder, RunCommand.folder(given, r), "b is left to run");
    manifest(folder.resolve("b"), "COMPLETE");
    UsageError e = assertThrows(UsageError.class, () -> RunCommand.folder(given, r));
    assertEquals("--resume " + folder + ": every experiment of recipe two is COMPLETE, nothing is left to run; give "
        + "a new folder with --out to run it again", e.getMessage());
  }

  private static void manifest(Path experiment, String status) throws Exception {
    Files.createDirectories(experiment);
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("sweep", "mongodb", "threads", List.of(1L),
        List.of(), Map.of(), List.of("local"), 1, 0, 0, List.of(), false, 1, "rule", null);
    Files.writeString(experiment.resolve(ExperimentManifest.FILE), new ExperimentManifest(ExperimentManifest.SCHEMA,
        status, null, plan, Map.of(), "2026-01-01T00:00:00Z", "2026-01-01T00:00:10Z", List.of(), null, null,
        List.of(), null, null).json());
  }
}
