package dev.ycsbpack.experiment.recipe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recipe's bad workload file is named with the recipe, never as a missing -P the user did not give. */
class RecipeWorkloadsTest {
  private static final Path PACK = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path home;

  private Recipe recipe(String workloads) throws IOException {
    return Recipe.read(Files.writeString(home.resolve("r"), "title = t\nmeasures = m\nseed = s\ncommand = sweep\n"
        + "experiments = a\nworkloads = " + workloads + "\noptions = -threads 1,2\nexperiment.a.load = true\n"));
  }

  private String refusal(String workloads) throws IOException {
    Recipe r = recipe(workloads);
    return assertThrows(IllegalArgumentException.class, () -> RecipeWorkloads.check(r, "experiments/x", home))
        .getMessage();
  }

  @Test
  void aFileThatIsNoWorkloadIsNamedWithTheRecipe() throws Exception {
    Files.createDirectories(home.resolve("workloads"));
    Files.writeString(home.resolve("workloads/notes"), "just some words\nrecordcount=10\n");
    assertEquals("recipe experiments/x: its workload workloads/notes: is not a YCSB workload file: it sets no "
        + "workload= (a workload file names its class, e.g. workload=site.ycsb.workloads.CoreWorkload)",
        refusal("workloads/notes"));
  }

  @Test
  void aMissingFileOrAFolderIsNamedWithTheRecipe() throws Exception {
    assertEquals("recipe experiments/x: its workload workloads/gone: no such file (" + home.resolve("workloads/gone")
        + "); expected a workload file of the pack's workloads/ or a path to one", refusal("workloads/gone"));
    Files.createDirectories(home.resolve("workloads/dir"));
    assertEquals("recipe experiments/x: its workload workloads/dir: is a directory; expected a workload file (as in "
        + "workloads/)", refusal("workloads/dir"));
  }

  @Test
  void everyRecipeOfThePackPasses() throws Exception {
    try (var s = Files.list(PACK.resolve("experiments"))) {
      for (Path f : (Iterable<Path>) s::iterator) {
        if (!f.getFileName().toString().endsWith(".md")) {
          RecipeWorkloads.check(Recipe.read(f), "experiments/" + f.getFileName(), PACK);
        }
      }
    }
  }
}
