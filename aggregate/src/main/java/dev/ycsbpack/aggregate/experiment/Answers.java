package dev.ycsbpack.aggregate.experiment;

import java.util.Locale;

/**
 * What a sweep answers from its finished steps: the highest-throughput step, the knee, the latency knee and, with
 * SLOs, the SLO answer. Client-saturated steps are kept in every table but a knee on one is never called the server's.
 * The rules that compute it are the experiment module's ({@code answer.AnswerRules}).
 *
 * @param best          x of the highest-throughput step, null when no step finished
 * @param bestThroughput its throughput
 * @param knee          the throughput knee, null when none
 * @param kneeNote      why the knee is not the server's (client-saturated), or null
 * @param latencyKnee   x of the latency knee, null when none
 * @param slo           the SLO answer, null without SLOs
 * @param stoppedEarly  why the sweep stopped before its last step, or null
 * @param steps         how many steps finished (the points these answers come from)
 * @param noKnee        why there is no knee and no latency knee ({@code not enough steps (1 completed; 3 needed)}),
 *                      or null when the rules had enough steps to weigh
 * @param basis         what the answers come from when the experiment did not finish whole ({@code from the 2 steps
 *                      that completed; step 03-threads-4 failed: ...}), or null when every planned step ran or the
 *                      sweep stopped by its rule
 */
public record Answers(Double best, Double bestThroughput, Knee knee, String kneeNote, Double latencyKnee,
    SloAnswer slo, String stoppedEarly, int steps, String noKnee, String basis) {

  /** Answers built field by field ({@link Builder} states the defaults). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link Answers}: a field not set is null (0 steps). */
  public static final class Builder {
    private Double best;
    private Double bestThroughput;
    private Knee knee;
    private String kneeNote;
    private Double latencyKnee;
    private SloAnswer slo;
    private String stoppedEarly;
    private int steps;
    private String noKnee;
    private String basis;

    public Builder best(Double best) {
      this.best = best;
      return this;
    }

    public Builder bestThroughput(Double bestThroughput) {
      this.bestThroughput = bestThroughput;
      return this;
    }

    public Builder knee(Knee knee) {
      this.knee = knee;
      return this;
    }

    public Builder kneeNote(String kneeNote) {
      this.kneeNote = kneeNote;
      return this;
    }

    public Builder latencyKnee(Double latencyKnee) {
      this.latencyKnee = latencyKnee;
      return this;
    }

    public Builder slo(SloAnswer slo) {
      this.slo = slo;
      return this;
    }

    public Builder stoppedEarly(String stoppedEarly) {
      this.stoppedEarly = stoppedEarly;
      return this;
    }

    public Builder steps(int steps) {
      this.steps = steps;
      return this;
    }

    public Builder noKnee(String noKnee) {
      this.noKnee = noKnee;
      return this;
    }

    public Builder basis(String basis) {
      this.basis = basis;
      return this;
    }

    public Answers build() {
      return new Answers(best, bestThroughput, knee, kneeNote, latencyKnee, slo, stoppedEarly, steps, noKnee, basis);
    }
  }

  /** A swept value as text: {@code 4}, {@code 0.5}; {@code -} for NaN. */
  public static String num(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%d", (long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
