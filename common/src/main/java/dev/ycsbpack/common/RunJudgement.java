package dev.ycsbpack.common;

/**
 * The rules that decide a run's {@link RunStatus}, written once: {@code bin/ycsb}, the coordinator, its recovery, the
 * experiments and {@code publish} call these instead of deciding again. Each rule names the scope it decides (a client,
 * a coordinated run, an experiment, one of its steps, a published page).
 */
public final class RunJudgement {
  private RunJudgement() {
  }

  /**
   * A client's run, or a coordinated run, from why it failed: COMPLETE when nothing did ({@code failure} null), else
   * FAILED. The failure itself ({@code RunVerdict} of the launcher; the clients, count and merge of a coordinated run)
   * is what those callers weigh.
   */
  public static RunStatus ofFailure(String failure) {
    return failure == null ? RunStatus.COMPLETE : RunStatus.FAILED;
  }

  /**
   * A killed coordinator's bundle after {@code recover}: INCOMPLETE when the clients' measurements could be merged
   * (a partial result), else FAILED.
   */
  public static RunStatus recovered(boolean merged) {
    return merged ? RunStatus.INCOMPLETE : RunStatus.FAILED;
  }

  /**
   * An experiment when its loop of steps ends: INCOMPLETE when it was interrupted (whatever its steps did), else
   * PARTIAL when a step failed (it stopped there), else COMPLETE.
   */
  public static RunStatus experiment(boolean interrupted, boolean stepFailed) {
    return interrupted ? RunStatus.INCOMPLETE : stepFailed ? RunStatus.PARTIAL : RunStatus.COMPLETE;
  }

  /** A recipe when it ends: STOPPED when it stopped at one of its experiments, else COMPLETE. */
  public static RunStatus recipe(boolean stopped) {
    return stopped ? RunStatus.STOPPED : RunStatus.COMPLETE;
  }

  /**
   * An experiment's step when its coordinated run ends: INTERRUPTED when the experiment was interrupted meanwhile
   * (whatever the run returned), else COMPLETE when the run was, else FAILED.
   */
  public static RunStatus step(boolean interrupted, boolean runComplete) {
    return interrupted ? RunStatus.INTERRUPTED : runComplete ? RunStatus.COMPLETE : RunStatus.FAILED;
  }

  /**
   * A step of an earlier attempt, as a resumed experiment records it: KILLED when it says RUNNING (the experiment was
   * killed during it), else what it says.
   */
  public static String resumed(String written) {
    return RunStatus.RUNNING.is(written) ? RunStatus.KILLED.label() : written;
  }

  /**
   * Whether a step, client or run is counted at all (a load done, a step to compare, an earlier run to reuse): it is
   * COMPLETE. Only a COMPLETE run's figures are compared, answered or published.
   */
  public static boolean counts(String written) {
    return RunStatus.COMPLETE.is(written);
  }

  /** Whether a step's figures are used: it {@link #counts} and its figures were read ({@code hasFigures}). */
  public static boolean measured(String written, boolean hasFigures) {
    return counts(written) && hasFigures;
  }

  /**
   * A client as its coordinator records it from the verdict found in its folder: that verdict's status, or MISSING
   * when it left none ({@code verdict} null).
   */
  public static String recordedClient(Verdict verdict) {
    return (verdict == null ? RunStatus.MISSING : verdict.status()).label();
  }

  /**
   * Whether a client, as its coordinator recorded it, is counted failed: its own verdict is not COMPLETE, or the
   * coordinator noted a problem with it ({@code reason} not null) although its verdict says COMPLETE.
   */
  public static boolean clientFailed(String verdict, String reason) {
    return !counts(verdict) || reason != null;
  }

  /** The status shown for a {@link #clientFailed failed} client: FAILED where its own verdict says COMPLETE. */
  public static String failedClientShown(String verdict) {
    return counts(verdict) ? RunStatus.FAILED.label() : verdict;
  }

  /**
   * How a coordinated run's or an experiment's manifest status is published: COMPLETE (its figures may be shown, once
   * rebuilt); INCOMPLETE when it says RUNNING (killed, or still running) or INCOMPLETE; else FAILED (FAILED, PARTIAL,
   * or a status the pack does not know), without figures.
   */
  public static RunStatus published(String written) {
    return RunStatus.find(written).map(s -> switch (s) {
      case COMPLETE -> RunStatus.COMPLETE;
      case RUNNING, INCOMPLETE -> RunStatus.INCOMPLETE;
      default -> RunStatus.FAILED;
    }).orElse(RunStatus.FAILED);
  }

  /**
   * How an experiment's step is published in its table: COMPLETE when it counts and its bundle was rebuilt, INCOMPLETE
   * when it was NOT_RUN (refused by the deployment, not a failure), else FAILED.
   */
  public static RunStatus publishedStep(String written, boolean rebuilt) {
    return counts(written) && rebuilt ? RunStatus.COMPLETE
        : RunStatus.NOT_RUN.is(written) ? RunStatus.INCOMPLETE : RunStatus.FAILED;
  }

  /**
   * The exit status of a command that ran a coordinated run or an experiment, from the status it wrote: 0 when
   * COMPLETE, else 1.
   */
  public static int exitStatus(String written) {
    return counts(written) ? ExitCodes.COMPLETE : ExitCodes.FAILED;
  }
}
