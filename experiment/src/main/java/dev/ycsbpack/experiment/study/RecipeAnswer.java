package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.recipe.Recipe;
import dev.ycsbpack.experiment.run.StepFiguresReader;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes a recipe's answer when it ends: {@code DIR/recipe.json} ({@link RecipeSummary}, the table as plain rows),
 * {@code DIR/report.html}, and each experiment's report again with the table in it.
 */
public final class RecipeAnswer {
  private RecipeAnswer() {
  }

  /**
   * The answer of the recipe's folder {@code dir} as its experiments' manifests stand, written there.
   *
   * @param stoppedAt the experiment the recipe stopped at (it and those after it have no complete figures), or null
   *                  when every experiment completed
   */
  public static RecipeSummary write(Recipe r, Path dir, String stoppedAt, String reason) throws IOException {
    List<StudyInput> inputs = new ArrayList<>();
    List<ExperimentManifest> manifests = new ArrayList<>();
    for (Recipe.Experiment e : r.experiments()) {
      Path folder = dir.resolve(e.name());
      Optional<ExperimentManifest> m = ExperimentBundle.read(folder);
      manifests.add(m.orElse(null));
      inputs.add(new StudyInput(e.name(), e.about(), m.orElse(null), stoppedAt == null ? "no manifest in "
          + folder : "not run: the recipe stopped at experiment " + stoppedAt, m.map(x -> load(folder, x))
              .orElse(null)));
    }
    RecipeSummary s = new RecipeSummary(RecipeSummary.SCHEMA, r.name(), r.title(), r.seed(),
        RunJudgement.recipe(stoppedAt != null).label(), stoppedAt == null ? null : reason,
        r.experiments().stream().map(Recipe.Experiment::name).toList(), StudyTables.of(r, inputs),
        Instant.now().toString());
    AtomicFiles.write(dir.resolve(RecipeSummary.FILE), s.json() + "\n", AtomicFiles.Mode.SHARED);
    ExperimentBundle.writeRecipeReport(dir, s);
    for (int i = 0; i < manifests.size(); i++) {
      if (manifests.get(i) != null) {
        new ExperimentBundle(dir.resolve(r.experiments().get(i).name())).writeReport(manifests.get(i), s);
      }
    }
    return s;
  }

  /** The figures of the experiment's load, read from its bundle (the manifest keeps none for a load), or null. */
  private static StepFigures load(Path folder, ExperimentManifest m) {
    ExperimentManifest.Step step = SweepTable.loadStep(m);
    Optional<Path> bundle = step == null ? Optional.empty() : step.bundleIn(folder);
    if (bundle.isEmpty()) {
      return null;
    }
    try {
      return StepFiguresReader.read(bundle.get());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
