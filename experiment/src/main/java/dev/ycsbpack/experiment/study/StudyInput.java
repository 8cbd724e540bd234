package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.common.RunJudgement;
import java.util.List;

/**
 * One experiment of a recipe as its answer table sees it.
 *
 * @param name     its folder's name in the recipe's folder
 * @param about    what it is, one line (the recipe's words)
 * @param manifest its manifest, or null when it has none
 * @param missing  why it has none (not run: the recipe stopped before it), when {@code manifest} is null
 * @param load     its load step's figures (read from the load's bundle: the manifest keeps none for a load), or null
 */
public record StudyInput(String name, String about, ExperimentManifest manifest, String missing, StepFigures load) {
  /** Its steps that completed with figures and are points of its sweep or cells of its matrix (no load, no probe). */
  List<ExperimentManifest.Step> measured() {
    return manifest == null || manifest.steps() == null ? List.of() : manifest.steps().stream()
        .filter(s -> s.order() > 0 && RunJudgement.measured(s.verdict(), s.figures() != null)).toList();
  }

  /** Where a step's figures are, relative to the recipe's folder: {@code fits/steps/01-threads-1}. */
  String where(ExperimentManifest.Step s) {
    return name + "/" + (s.bundle() == null ? "steps/" + s.name() : s.bundle());
  }

  /** Why figures of a not-COMPLETE experiment are partial, or null when it completed. */
  String incomplete() {
    if (manifest == null) {
      return null;
    }
    String status = String.valueOf(manifest.status());
    return RunJudgement.counts(status) ? null : "experiment " + name + " is " + status
        + (manifest.reason() == null ? "" : " (" + manifest.reason() + ")") + ": its row(s) come from the steps that "
        + "completed before it stopped";
  }

  /** Why an experiment has no row of figures at all. */
  String noFigures() {
    if (manifest == null) {
      return "experiment " + name + " has no figures: " + missing;
    }
    return "experiment " + name + " has no completed step (" + manifest.status()
        + (manifest.reason() == null ? "" : ": " + manifest.reason()) + ")";
  }
}
