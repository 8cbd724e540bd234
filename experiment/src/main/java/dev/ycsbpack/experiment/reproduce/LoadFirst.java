package dev.ycsbpack.experiment.reproduce;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.experiment.run.RecordCount;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Whether a reproduction of a run phase finds the records it reads: a coordinated run reads the records its plan's
 * load inserted ({@code recordcount}), and on a fresh server it would read nothing and compare nonsense with the
 * original. The user's collection is counted before anything is written: a run goes ahead when it holds them; else
 * {@code --load} loads them first with the plan's properties (a coordinated load into its own folder), and without it
 * the reproduction is refused, saying how to load them. An experiment that did not load its records itself is
 * refused the same way on a short collection (its own {@code --load} is a change of plan, not a reproduction). Only
 * the mongodb binding's collection can be counted.
 */
public final class LoadFirst {
  private LoadFirst() {
  }

  /** The folder a reproduction's own load goes into: beside the reproduction's, {@code OUT-load}. */
  public static Path folder(Path out) {
    Path name = out.toAbsolutePath().normalize().getFileName();
    return out.toAbsolutePath().normalize().resolveSibling((name == null ? "reproduction" : name) + "-load");
  }

  /**
   * The load to run first ({@link Replay#loadArguments}), or an empty list when none is needed.
   *
   * @param load whether the user gave {@code --load}
   * @throws UsageError one line: the collection is short and no {@code --load}; {@code --load} over records already
   *                    there, or for a result that is not a run phase; the collection cannot be counted
   */
  public static List<String> check(Original original, Replay replay, boolean load) throws UsageError {
    boolean runPhase = original.kind() == Original.Kind.BUNDLE && "run".equals(original.plan().kind());
    if (load && !runPhase) {
      throw new UsageError("--load: only a run phase's reproduction loads first; " + Text.shownPath(original.given())
          + " is " + (original.kind() == Original.Kind.BUNDLE ? "a " + original.plan().kind() + " phase's bundle"
              : "an experiment, whose plan says whether it loads (its own --load)"));
    }
    boolean readsLoaded = runPhase || original.kind() == Original.Kind.EXPERIMENT
        && original.plan().experiment() != null && !original.plan().experiment().load();
    if (!readsLoaded || !"mongodb".equals(original.plan().binding())) {
      return List.of();
    }
    Map<String, String> props = replay.properties();
    long wanted;
    try {
      wanted = Long.parseLong(props.getOrDefault("recordcount", "0").trim());
    } catch (NumberFormatException e) {
      return List.of(); // bin/ycsb --check has refused it already
    }
    RecordCount.Result r;
    try {
      r = RecordCount.of(props);
    } catch (RuntimeException e) {
      throw new UsageError("-p mongodb.url: the collection the run reads could not be counted: "
          + Redactor.of(props).redact(RecordCount.failure(e, props)));
    }
    String holds = "your collection " + Text.shown(r.collection()) + " holds " + String.format("%,d", r.documents())
        + " document" + (r.documents() == 1 ? "" : "s");
    if (!runPhase) {
      // the experiment's own refusal would say "add --load", which reproduce takes for run phases only
      if (r.documents() < Math.max(1, wanted)) {
        throw new UsageError("ORIGINAL " + Text.shownPath(original.given()) + ": the experiment read records loaded "
            + "before it (its plan does not load; recordcount=" + wanted + "), and " + holds + ": load them first "
            + "with the plan's properties (bin/ycsb-coordinator load ...), or reproduce the original's load bundle");
      }
      return List.of();
    }
    if (load && r.documents() > 0) {
      throw new UsageError("--load: " + holds + " already; a load would insert over them: drop the collection "
          + "first, or leave --load out" + (r.documents() >= wanted ? " (it holds the recordcount=" + wanted
              + " records the run reads)" : ""));
    }
    if (load) {
      return replay.loadArguments(folder(replay.out()));
    }
    if (r.documents() < Math.max(1, wanted)) {
      throw new UsageError("ORIGINAL " + Text.shownPath(original.given()) + ": a run phase reads the records its plan "
          + "loads (recordcount=" + wanted + "), and " + holds + ": give --load to load them first with the plan's "
          + "properties (into " + Text.shownPath(folder(replay.out()).toString()) + "), or reproduce its load "
          + "bundle first");
    }
    return List.of();
  }
}
