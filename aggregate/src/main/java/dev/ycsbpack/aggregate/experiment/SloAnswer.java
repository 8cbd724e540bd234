package dev.ycsbpack.aggregate.experiment;

import java.util.List;

/**
 * The highest throughput that met every SLO, with its bracket (research {@code experiments.md} §3.4, item 6), as
 * decided by the experiment module's {@code answer.SloRule}.
 *
 * @param throughput the best passing step's throughput, null when none passed
 * @param lastPass   x of the last passing step before the first failure (or the last step), null when none
 * @param firstFail  x of the first failing step, null when every step passed
 * @param statement  the answer in words: {@code >= X} when the top step passed, {@code not met} when the first failed;
 *                   a failure names the objective the failing step missed
 * @param failed     every step that failed, in sweep order, with exactly the objectives it missed; empty when none
 */
public record SloAnswer(Double throughput, Double lastPass, Double firstFail, String statement, List<Failed> failed) {
  public SloAnswer {
    failed = failed == null ? List.of() : List.copyOf(failed);
  }

  /** An answer without the failing steps' causes (manifests written before they were recorded). */
  public SloAnswer(Double throughput, Double lastPass, Double firstFail, String statement) {
    this(throughput, lastPass, firstFail, statement, List.of());
  }

  /**
   * One step that did not pass.
   *
   * @param x       its swept value
   * @param reasons each objective it missed, in words: a latency figure against its bound ({@code READ.p99 12.30 ms
   *                over the bound 10.00 ms}), the error rate, or the share of its target it reached
   */
  public record Failed(double x, List<String> reasons) {
    public Failed {
      reasons = List.copyOf(reasons);
    }

    /** {@code 4: READ.p99 12.30 ms over the bound 10.00 ms}. */
    public String describe() {
      return Answers.num(x) + ": " + String.join("; ", reasons);
    }
  }
}
