package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.common.RunStatus;
import java.util.List;

/**
 * An experiment folder as the site shows it: its manifest (the plan, the answers) and each step, whose bundle is
 * rebuilt from its raw data like any coordinator bundle. Only a {@link RunStatus#COMPLETE} experiment shows its
 * answers.
 *
 * @param name      its name on the site
 * @param status    COMPLETE only when the experiment completed and every completed step was rebuilt from its raw data
 * @param reason    why not COMPLETE, else null
 * @param notMongo  the NOT-MongoDB label when its steps measured another server, else null
 * @param startedAt epoch ms, 0 when unknown
 * @param manifest  as recorded (its strings are escaped where shown)
 * @param steps     every step the manifest lists, in its order
 * @param recipe    the answer of the recipe the experiment is part of ({@code recipe.json} of the folder above it,
 *                  naming this experiment), or null
 */
record PublishedExperiment(String name, RunStatus status, String reason, String notMongo, long startedAt,
    ExperimentManifest manifest, List<Step> steps, RecipeSummary recipe) implements SiteEntry {
  PublishedExperiment {
    steps = List.copyOf(steps);
  }

  PublishedExperiment(String name, RunStatus status, String reason, String notMongo, long startedAt,
      ExperimentManifest manifest, List<Step> steps) {
    this(name, status, reason, notMongo, startedAt, manifest, steps, null);
  }

  /** This experiment as part of {@code recipe}. */
  PublishedExperiment withRecipe(RecipeSummary recipe) {
    return new PublishedExperiment(name, status, reason, notMongo, startedAt, manifest, steps, recipe);
  }

  /**
   * One step.
   *
   * @param step    as the manifest records it
   * @param bundle  its bundle rebuilt (its page is {@code bundles/NAME/}), or null when it has none to publish
   * @param problem why its bundle is not published although the manifest names one, or null
   */
  record Step(ExperimentManifest.Step step, Published bundle, String problem) {
  }
}
