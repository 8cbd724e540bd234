package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.experiment.StudyTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --a RECIPE_DIR_A --b RECIPE_DIR_B}: two runs of one recipe (mongodb-26-vs-30 on two versions), one
 * A-vs-B table of every step's throughput with compare's own verdict, then each experiment step by step.
 */
class CompareRecipesTest {
  @TempDir
  Path tmp;

  private final CompareExperimentsTest experiments = new CompareExperimentsTest();

  /**
   * A recipe's folder: experiments read95 (which loads first) and read50, READ {@code factor} times slower at threads
   * 2.
   */
  private Path recipe(String name, String recipe, long factor) throws Exception {
    experiments.tmp = tmp;
    for (String e : List.of("read95", "read50")) {
      experiments.sweep(name + "/" + e, List.of(1L, 2L), 4, (x, r) -> (x == 2 ? factor : 1) * (1000 + r), false,
          e.equals("read95"));
    }
    StudyTable t = new StudyTable("q", null, List.of("experiment"), List.of(List.of("read95")), List.of());
    Files.writeString(tmp.resolve(name).resolve(RecipeSummary.FILE), new RecipeSummary(RecipeSummary.SCHEMA, recipe,
        "t", "s", "COMPLETE", null, List.of("read95", "read50"), t, "2026-12-07T10:00:00Z").json());
    return tmp.resolve(name);
  }

  @Test
  void twoRunsOfARecipeGiveOneTableOfEveryStepThenEachExperiment() throws Exception {
    Path a = recipe("old", "mongodb-26-vs-30", 1);
    Path b = recipe("new", "mongodb-26-vs-30", 2);
    assertEquals(0, experiments.run("compare", "--a", a.toString(), "--b", b.toString()), experiments.stderr);
    String out = experiments.stdout;
    assertTrue(out.startsWith("# Recipe mongodb-26-vs-30: A against B, experiment by experiment\n"), out);
    List<String> rows = out.lines().filter(l -> l.matches("\\| read(95|50) \\| threads [12] \\|.*")).toList();
    assertEquals(4, rows.size(), out);
    for (String r : rows) {
      // the same throughput on both sides (100 to 103 ops/s a second): compare's own words for it, no difference
      assertTrue(r.matches("\\| read(95|50) \\| threads [12] \\| 102 \\| 102 \\| 1\\.000x \\| .*no difference "
          + "beyond run-to-run noise.* \\|"), r);
    }
    // the load (read95 loads: steps/00-load, one run a side) first, by compare's words for one run against one
    assertTrue(out.contains("\n| read95 | load (steps/00-load) | 1,000 | 1,000 | 1.000x | noise unknown: one run "
        + "each"), out);
    assertTrue(out.indexOf("| read95 | load") < out.indexOf("| read95 | threads 1"), out);
    assertEquals(1, out.split("\\| load ", -1).length - 1, "read50 does not load: " + out);
    // then each experiment's own comparison, where B's READ p99 at threads 2 is worse
    assertEquals(2, out.split("## Experiments compared step by step", -1).length - 1, out);
    // (figures equal in every run on both sides are one row: this fixture's mean = p50 = ... = max)
    assertTrue(
        out.matches("(?s).*\\| READ \\| [^|\\n]*p99[^|\\n]* \\(us\\) \\|[^\\n]*\\+100\\.0%[^\\n]*: worse, beyond "
            + "run-to-run noise.*"),
        out);
  }

  @Test
  void foldersOfDifferentRecipesOrARecipeBesideAnythingElseAreRefusedWithOneLine() throws Exception {
    Path a = recipe("old", "mongodb-26-vs-30", 1);
    Path b = recipe("other", "clients-6to1", 1);
    assertEquals(2, experiments.run("compare", "--a", a.toString(), "--b", b.toString()));
    assertEquals(1, experiments.stderr.lines().count(), experiments.stderr);
    assertTrue(experiments.stderr.contains("ran different recipes (mongodb-26-vs-30: read95, read50 against "
        + "clients-6to1: read95, read50); expected two folders of one recipe"), experiments.stderr);
    assertEquals(2, experiments.run("compare", "--a", a.toString(), "--b", a.resolve("read95").toString()));
    assertTrue(experiments.stderr.contains("is a recipe's folder: compare it with one other folder of the same "
        + "recipe (--a RECIPE_DIR_A --b RECIPE_DIR_B)"), experiments.stderr);
    assertEquals("", experiments.stdout);
  }
}
