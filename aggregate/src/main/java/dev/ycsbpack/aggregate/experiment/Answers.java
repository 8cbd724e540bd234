package dev.ycsbpack.aggregate.experiment;

import io.soabase.recordbuilder.core.RecordBuilder;
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
@RecordBuilder
public record Answers(Double best, Double bestThroughput, Knee knee, String kneeNote, Double latencyKnee,
    SloAnswer slo, String stoppedEarly, int steps, String noKnee, String basis) {

  /** Answers built field by field: a field not set is null (0 steps). */
  public static AnswersBuilder builder() {
    return AnswersBuilder.builder();
  }

  /** A swept value as text: {@code 4}, {@code 0.5}; {@code -} for NaN. */
  public static String num(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%d", (long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
