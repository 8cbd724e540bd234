package dev.ycsbpack.experiment.bundle;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.Redactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The experiment's folder: {@code manifest.json}, {@code report.html}, and {@code steps/NN-NAME/}, each a normal
 * coordinator bundle. Files are replaced atomically, so a killed experiment never leaves half a manifest.
 */
public final class ExperimentBundle {
  public static final String MANIFEST = ExperimentManifest.FILE;
  public static final String REPORT = "report.html";
  public static final String STEPS = "steps";

  private final Path dir;
  /** The plan to record, or null to record the manifest's own ({@link ReproduciblePlan#ofExperiment}, no arm runs). */
  private final ReproduciblePlan plan;

  public ExperimentBundle(Path dir) {
    this(dir, null);
  }

  /** A folder whose {@code plan.json} is {@code plan}: the launch's, which knows what each arm's runs started from. */
  public ExperimentBundle(Path dir, ReproduciblePlan plan) {
    this.dir = dir;
    this.plan = plan;
  }

  public Path dir() {
    return dir;
  }

  public Path step(String name) {
    return dir.resolve(STEPS).resolve(name);
  }

  /**
   * Writes the manifest, then the report from it; the first time, also {@code plan.json} ({@link ReproduciblePlan}):
   * once, at the start, as the experiment was planned when it began, and a resumed experiment (whose plan must be the
   * same) keeps it.
   */
  public void write(ExperimentManifest m) throws IOException {
    if (!Files.exists(dir.resolve(ReproduciblePlan.FILE))) {
      Map<String, String> props = m.plan().properties() == null ? Map.of() : m.plan().properties();
      (plan != null ? plan : ReproduciblePlan.ofExperiment(m.plan(), Map.of(), Redactor.of(props))).write(dir);
    }
    AtomicFiles.write(dir.resolve(MANIFEST), m.json() + "\n", AtomicFiles.Mode.SHARED);
    AtomicFiles.write(dir.resolve(REPORT), ExperimentReport.html(m), AtomicFiles.Mode.SHARED);
  }

  /**
   * Writes the report again with the answer table of the recipe the experiment is part of (its manifest is left as
   * it is).
   */
  public void writeReport(ExperimentManifest m, RecipeSummary recipe) throws IOException {
    AtomicFiles.write(dir.resolve(REPORT), ExperimentReport.html(m, recipe), AtomicFiles.Mode.SHARED);
  }

  /** The recipe's own report, {@code DIR/report.html} of the recipe's folder {@code dir}. */
  public static void writeRecipeReport(Path dir, RecipeSummary recipe) throws IOException {
    AtomicFiles.write(dir.resolve(REPORT), RecipeReport.html(recipe), AtomicFiles.Mode.SHARED);
  }

  /** The experiment's manifest in {@code dir}, empty when {@code dir} holds none of this tool's. */
  public static Optional<ExperimentManifest> read(Path dir) {
    return ExperimentManifest.read(dir);
  }
}
