package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ExperimentManifestBuilder;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An experiment's folder ({@code bin/ycsb-experiment}: {@code manifest.json} of schema
 * {@value ExperimentManifest#SCHEMA} beside {@code steps/}). Each step's bundle is rebuilt from its raw data as a
 * coordinator bundle; the experiment is shown COMPLETE only when its manifest says so and every step it counted as
 * complete was rebuilt, so no answer is shown that the raw data does not back.
 */
final class ExperimentKind implements BundleKind {
  private static final CoordinatorBundleKind STEP = new CoordinatorBundleKind();

  @Override
  public String describe() {
    return "an experiment folder (bin/ycsb-experiment: manifest.json of schema " + ExperimentManifest.SCHEMA
        + " beside steps/)";
  }

  @Override
  public boolean accepts(Path dir) {
    return ExperimentManifest.isExperiment(dir);
  }

  @Override
  public SiteEntry read(Path dir, String name, boolean absolutePaths) {
    PublishedExperiment x = readExperiment(dir, name, absolutePaths);
    // one of a recipe's experiments: the recipe's folder above it holds the recipe's answer, naming it
    Path abs = dir.toAbsolutePath().normalize();
    Path parent = abs.getParent();
    String folder = abs.getFileName() == null ? "" : abs.getFileName().toString();
    return parent == null ? x : RecipeSummary.read(parent).filter(s -> s.holds(folder)).map(x::withRecipe)
        .orElse(x);
  }

  private PublishedExperiment readExperiment(Path dir, String name, boolean absolutePaths) {
    Optional<ExperimentManifest> read = ExperimentManifest.read(dir);
    if (read.isEmpty()) {
      return new PublishedExperiment(name, RunStatus.FAILED, ExperimentManifest.FILE + " can no longer be read as an "
          + "experiment's manifest", null, 0, null, List.of());
    }
    ExperimentManifest m = absolutePaths ? read.get() : relative(read.get(), dir);
    Path root = dir.toAbsolutePath().normalize();
    List<PublishedExperiment.Step> steps = new ArrayList<>();
    String unbacked = null;
    String notMongo = null;
    for (ExperimentManifest.Step s : m.steps() == null ? List.<ExperimentManifest.Step>of() : m.steps()) {
      PublishedExperiment.Step step = step(root, name, s, absolutePaths);
      steps.add(step);
      if (step.bundle() != null && notMongo == null) {
        notMongo = step.bundle().notMongo();
      }
      boolean counted = RunJudgement.counts(s.verdict());
      if (counted && unbacked == null && (step.bundle() == null || step.bundle().status() != RunStatus.COMPLETE)) {
        unbacked = "step " + shown(s.name()) + " is complete in the manifest but "
            + (step.bundle() == null ? step.problem() : "its bundle is " + step.bundle().status() + ": "
                + step.bundle().reason());
      }
    }
    if (notMongo == null && m.environment() != null && m.environment().get("note") != null) {
      notMongo = clean(m.environment().get("note"));
    }
    String status = String.valueOf(m.status());
    String reason = m.reason() == null || m.reason().isBlank() ? null : clean(m.reason());
    long started = CoordinatorBundleKind.epochMs(m.startedAt());
    RunStatus published = RunJudgement.published(status);
    if (published == RunStatus.COMPLETE && unbacked != null) {
      published = RunStatus.FAILED;
    }
    return new PublishedExperiment(name, published, why(status, reason, unbacked), notMongo, started, m, steps);
  }

  /** Why an experiment whose manifest says {@code status} is not published COMPLETE; null when it is. */
  private static String why(String status, String reason, String unbacked) {
    String unknown = "its manifest's status is " + shown(status) + ", not COMPLETE, PARTIAL, INCOMPLETE or FAILED";
    RunStatus known = RunStatus.find(status).orElse(null);
    if (known == null) {
      return unknown;
    }
    return switch (known) {
      case COMPLETE -> unbacked == null ? null : "it cannot be rebuilt from its raw data: " + unbacked;
      case RUNNING -> "the experiment did not finish: its manifest still says RUNNING (killed, or still running when "
          + "this site was built)";
      case INCOMPLETE -> "the experiment was interrupted" + (reason == null ? "" : ": " + reason)
          + " (bin/ycsb-experiment --resume continues it)";
      case PARTIAL -> "PARTIAL: a step failed and the experiment stopped there" + (reason == null ? "" : ": " + reason);
      case FAILED -> reason == null ? "the experiment failed" : reason;
      default -> unknown; // a status of another scope (a step's, a client's): no experiment's
    };
  }

  /** The step's bundle rebuilt, or why there is none to publish. */
  private static PublishedExperiment.Step step(Path root, String experiment, ExperimentManifest.Step s,
      boolean absolutePaths) {
    if (RunStatus.NOT_RUN.is(s.verdict())) {
      return new PublishedExperiment.Step(s, null, null);
    }
    if (s.bundle() == null || s.bundle().isBlank()) {
      return new PublishedExperiment.Step(s, null, "the manifest names no bundle for it");
    }
    Optional<Path> in = s.bundleIn(root);
    if (in.isEmpty()) {
      return new PublishedExperiment.Step(s, null, "its bundle path " + shown(s.bundle()) + " is not inside the "
          + "experiment's folder");
    }
    Path dir = in.get();
    if (!BundleLayout.isBundle(dir)) {
      return new PublishedExperiment.Step(s, null, "its bundle " + shown(s.bundle()) + " is missing or is not a "
          + "coordinator bundle");
    }
    return new PublishedExperiment.Step(s, STEP.read(dir, stepName(experiment, root.relativize(dir)),
        absolutePaths), null);
  }

  /** The manifest as its page shows it: its workload files and recorded texts without the machine's paths. */
  private static ExperimentManifest relative(ExperimentManifest m, Path dir) {
    ExperimentManifestBuilder b = m.toBuilder();
    if (m.plan() != null && m.plan().workloadFiles() != null) {
      b.plan(m.plan().toBuilder().workloadFiles(m.plan().workloadFiles().stream()
          .map(f -> LocalPaths.relative(f, dir)).toList()).build());
    }
    if (m.environment() != null) {
      Map<String, String> env = new LinkedHashMap<>();
      m.environment().forEach((k, v) -> env.put(k, LocalPaths.relative(v, dir)));
      b.environment(env);
    }
    return b.build();
  }

  /** A step's name on the site: the experiment's, then its bundle's path below the experiment, joined by {@code -}. */
  static String stepName(String experiment, Path relative) {
    List<String> parts = new ArrayList<>(List.of(experiment));
    relative.forEach(p -> parts.add(p.toString()));
    return Publisher.safeName(String.join("-", parts));
  }

  /** A manifest's text as the site may show it: secrets masked by shape (the pack wrote it redacted already). */
  private static String clean(String s) {
    return Redactor.shapeOnly().redact(s);
  }

  private static String shown(String s) {
    return Text.shown(clean(String.valueOf(s)));
  }
}
