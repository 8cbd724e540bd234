package dev.ycsbpack.experiment.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.PackVersion;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The result a reproduction re-runs, opened and accepted: a coordinator's bundle or an experiment's folder, with its
 * {@link ReproduciblePlan}. Everything that cannot be reproduced is refused here, before anything runs: not a result,
 * no plan, a plan of a newer pack, a result that did not complete (unless allowed).
 *
 * @param dir    the folder
 * @param given  the folder as the user gave it (a site's row as typed)
 * @param kind   bundle or experiment
 * @param plan   its plan
 * @param status its manifest's status
 * @param id     a bundle's run id; an experiment's folder name
 */
public record Original(Path dir, String given, Kind kind, ReproduciblePlan plan, String status, String id) {
  /** What the folder is. */
  public enum Kind {
    /** A coordinator's bundle ({@code bin/ycsb-coordinator load|run --out}, or an experiment's step). */
    BUNDLE,
    /** An experiment's folder ({@code bin/ycsb-experiment sweep|wc-matrix|repeat|ab --out}). */
    EXPERIMENT
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Opens {@code dir} (given as {@code given}).
   *
   * @param allowFailed whether a result that did not complete may be reproduced ({@code --allow-failed})
   * @throws UsageError one line naming the folder and why it cannot be reproduced
   */
  public static Original open(Path dir, String given, boolean allowFailed) throws UsageError {
    String shown = Text.shownPath(given);
    if (!Files.isDirectory(dir)) {
      throw new UsageError("ORIGINAL " + shown + ": " + (Files.exists(dir) ? "is a file" : "no such folder")
          + "; expected a coordinator bundle, an experiment's folder or a published site's row");
    }
    if (RecipeSummary.read(dir).isPresent()) {
      throw new UsageError("ORIGINAL " + shown + ": is a recipe's folder; reproduce one of its experiments (a "
          + "folder inside it)");
    }
    Original o = ExperimentManifest.read(dir).map(m -> new Original(dir, given, Kind.EXPERIMENT, null, m.status(),
        dir.toAbsolutePath().normalize().getFileName().toString())).orElse(null);
    if (o == null) {
      o = bundle(dir, given);
    }
    ReproduciblePlan plan = plan(dir, shown, o.kind());
    String status = o.status() == null ? "unknown" : o.status();
    if (!allowFailed && !RunStatus.COMPLETE.is(status)) {
      throw new UsageError("ORIGINAL " + shown + ": its " + (o.kind() == Kind.BUNDLE ? "bundle" : "experiment")
          + " is " + status + ", not COMPLETE: its figures are not a result to reproduce; give --allow-failed to "
          + "re-run its plan all the same");
    }
    return new Original(dir, given, o.kind(), plan, status, o.id());
  }

  /**
   * The concerns the original's clients sent, to send again: its plan's; an experiment's, its first measured step's
   * (a write-concern matrix's write concern is each cell's own, set by the replay's cells).
   */
  public SentConcerns sentConcerns() {
    Map<String, String> concerns = plan.concerns();
    if (concerns == null && kind == Kind.EXPERIMENT) {
      concerns = ExperimentManifest.read(dir).flatMap(m -> m.steps() == null ? Optional.empty()
          : m.steps().stream().filter(s -> s.order() != 0).map(s -> s.bundleIn(dir)).flatMap(Optional::stream)
              .map(ReproduciblePlan::read).flatMap(Optional::stream).map(ReproduciblePlan::concerns)
              .filter(java.util.Objects::nonNull).findFirst())
          .orElse(null);
    }
    return SentConcerns.of(concerns, plan.experiment() != null && "wc-matrix".equals(plan.experiment().kind()));
  }

  /** A coordinator bundle's manifest, read loosely (a newer pack's has more fields): its status and run id. */
  private static Original bundle(Path dir, String given) throws UsageError {
    String shown = Text.shownPath(given);
    Path manifest = dir.resolve(BundleLayout.MANIFEST);
    if (!Files.isRegularFile(manifest) && SiteRows.isRow(dir)) {
      throw new UsageError("ORIGINAL " + shown + ": a published site's row without its " + BundleLayout.MANIFEST
          + " and " + ReproduciblePlan.FILE + " (the site was published without them); reproduce the bundle or "
          + "experiment it was published from");
    }
    if (!Files.isRegularFile(manifest)) {
      throw new UsageError("ORIGINAL " + shown + ": not a coordinator bundle, an experiment's folder or a published "
          + "site's row (no " + BundleLayout.MANIFEST + " in it)");
    }
    JsonNode m;
    try {
      m = JSON.readTree(manifest.toFile());
    } catch (IOException e) {
      throw new UsageError("ORIGINAL " + shown + ": its " + BundleLayout.MANIFEST + " cannot be read as JSON: "
          + Text.shown(String.valueOf(e.getMessage()).lines().findFirst().orElse("")));
    }
    if (m == null || !m.hasNonNull("runId")) {
      throw new UsageError("ORIGINAL " + shown + ": its " + BundleLayout.MANIFEST + " is neither a coordinator "
          + "bundle's (no runId) nor an experiment's");
    }
    return new Original(dir, given, Kind.BUNDLE, null, m.path("status").asText(null), m.get("runId").asText());
  }

  /** The folder's plan, refused when absent, unreadable or newer than this pack's. */
  private static ReproduciblePlan plan(Path dir, String shown, Kind kind) throws UsageError {
    Path file = dir.resolve(ReproduciblePlan.FILE);
    if (!Files.isRegularFile(file)) {
      throw new UsageError("ORIGINAL " + shown + ": has no " + ReproduciblePlan.FILE + ", the self-contained plan a "
          + "reproduction runs (its effective properties, threads, target, clients, timeouts, concerns"
          + (kind == Kind.EXPERIMENT ? ", steps" : "") + "); it was made by a pack that did not record one, and "
          + "its manifest alone does not hold them all: run its recorded command again instead");
    }
    Optional<ReproduciblePlan> plan = ReproduciblePlan.read(dir);
    if (plan.isEmpty()) {
      throw new UsageError("ORIGINAL " + shown + ": its " + ReproduciblePlan.FILE + " is not a plan this pack can "
          + "read (expected schema " + ReproduciblePlan.SCHEMA + ")");
    }
    ReproduciblePlan p = plan.get();
    int version = p.schemaVersion();
    String mine = ReproduciblePlan.SCHEMA + ", pack " + PackVersion.current().shown();
    if (version > 1) {
      throw new UsageError("ORIGINAL " + shown + ": its plan is of schema " + Text.shown(p.schema()) + ", newer than "
          + "this pack's (" + mine + "); reproduce it with pack " + Text.shown(String.valueOf(p.packVersion()))
          + " or newer");
    }
    if (version < 1) {
      throw new UsageError("ORIGINAL " + shown + ": its plan's schema " + Text.shown(p.schema()) + " is not one "
          + "this pack knows (" + ReproduciblePlan.SCHEMA + ")");
    }
    if (Versions.newer(p.packVersion(), PackVersion.current().version())) {
      throw new UsageError("ORIGINAL " + shown + ": its plan was made by pack " + Text.shown(p.packVersion())
          + ", newer than this one (" + PackVersion.current().shown() + "); reproduce it with that pack or newer");
    }
    if (kind == Kind.EXPERIMENT && p.experiment() == null || kind == Kind.BUNDLE && p.kind() == null) {
      throw new UsageError("ORIGINAL " + shown + ": its " + ReproduciblePlan.FILE + " lacks the "
          + (kind == Kind.EXPERIMENT ? "experiment's steps (experiment)" : "phase (kind)"));
    }
    return p;
  }
}
