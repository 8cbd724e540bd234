package dev.ycsbpack.common;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The one vocabulary of how a run ended: a client's run ({@code verdict.properties}), a client as its coordinator
 * recorded it, a coordinated run ({@code manifest.json}), an experiment's step, an experiment and a recipe. Each scope
 * uses a subset (see each constant); what decides which one a run gets is {@link RunJudgement}.
 *
 * <p>{@link #label()} is how a status is written in files and on the lines the tools print; {@link #words()} how it
 * reads in prose and tables. They differ for {@link #NOT_RUN} only.
 */
public enum RunStatus {
  /**
   * Under way: written when a coordinated run, an experiment or one of its steps starts, and by a coordinator for
   * each client before any starts. Found in a file after its writer ended, it means the writer was killed.
   */
  RUNNING,
  /**
   * Every requested operation was attempted and the measurements were reported and within budget (a client, a
   * coordinated run: its clients' verdicts, the server's count and the merge); every planned step ran, or the sweep
   * stopped by its own rule (an experiment). Only a COMPLETE run's figures are compared and published.
   */
  COMPLETE,
  /** Anything short of COMPLETE in a client, a coordinated run or a step; its reason says what. */
  FAILED,
  /** An experiment a step of which failed: it stopped there, and its answers come from the steps before. */
  PARTIAL,
  /**
   * Ended early without failing: an experiment that was interrupted ({@code --resume} continues it), or a coordinated
   * run whose coordinator was lost, recovered into a merged result from what its clients kept. Never published with
   * figures.
   */
  INCOMPLETE,
  /** An experiment's step that was running when the experiment was interrupted (Ctrl-C). */
  INTERRUPTED,
  /** An experiment's step that was still RUNNING when its experiment was resumed: the experiment had been killed. */
  KILLED,
  /**
   * An experiment's step that never ran because the deployment refused it (a write-concern cell the server cannot
   * satisfy): no bundle, no figures. Written {@code NOT_RUN}, read {@code NOT RUN}.
   */
  NOT_RUN("NOT RUN"),
  /** A client, as its coordinator recorded it, that left no verdict in its folder (not collected, or killed). */
  MISSING,
  /**
   * A recipe that stopped at one of its experiments (it did not complete): the experiments before it, and that one's
   * complete steps, are what its answer reports.
   */
  STOPPED;

  private final String words;

  RunStatus() {
    this.words = name();
  }

  RunStatus(String words) {
    this.words = words;
  }

  /** How the status is written in files ({@code verdict.properties}, manifests) and on status lines. */
  public String label() {
    return name();
  }

  /** How the status reads in prose and tables: the label, except {@code NOT RUN} for {@link #NOT_RUN}. */
  public String words() {
    return words;
  }

  /** Whether {@code written} (a status as read from a file; may be null) is this status. */
  public boolean is(String written) {
    return label().equals(written);
  }

  /** The status whose label is {@code written} exactly; empty for null or anything else. */
  public static Optional<RunStatus> find(String written) {
    return Arrays.stream(values()).filter(s -> s.is(written)).findFirst();
  }

  /**
   * The status whose label is {@code written}, as read back from a file; surrounding blanks are ignored.
   *
   * @param accepted the statuses the file may hold; none given: any
   * @throws IllegalArgumentException {@code status=VALUE: expected A, B or C} when it is none of them
   */
  public static RunStatus of(String written, RunStatus... accepted) {
    List<RunStatus> allowed = List.of(accepted.length == 0 ? values() : accepted);
    String trimmed = written == null ? null : written.trim();
    return find(trimmed).filter(allowed::contains).orElseThrow(() -> new IllegalArgumentException("status="
        + Text.shown(written) + ": expected " + either(allowed)));
  }

  /** {@code A, B or C}. */
  private static String either(List<RunStatus> statuses) {
    List<String> labels = statuses.stream().map(RunStatus::label).toList();
    int last = labels.size() - 1;
    return last == 0 ? labels.get(0) : String.join(", ", labels.subList(0, last)) + " or " + labels.get(last);
  }

  /**
   * {@code written} as it reads: a status's {@link #words()} when it is one's label, else {@code written} itself
   * (an unknown value is shown as found; null as {@code "null"}).
   */
  public static String inWords(String written) {
    return find(written).map(RunStatus::words).orElse(String.valueOf(written));
  }
}
