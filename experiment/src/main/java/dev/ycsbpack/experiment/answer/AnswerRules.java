package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.Knee;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a sweep answers from its finished steps: the highest-throughput step, the knee, the latency knee and, with
 * SLOs, the SLO answer. Client-saturated steps are kept in every table but a knee on one is never called the server's.
 * A knee is where a curve bends: fewer than {@link #KNEE_STEPS} points have no bend to find (one step is its own
 * maximum, two are a line), so below that neither knee is answered and the answers say why.
 */
public final class AnswerRules {
  /** The fewest completed steps (swept values) a knee or a latency knee is read from. */
  public static final int KNEE_STEPS = 3;

  private AnswerRules() {
  }

  /** The answers of a whole sweep's points (in sweep order), with the SLOs given and why it stopped early, if so. */
  public static Answers of(List<Point> points, List<Slo> slos, String stoppedEarly) {
    return of(points, slos, stoppedEarly, null, "steps");
  }

  /**
   * The answers of these points (in sweep order).
   *
   * @param stoppedEarly why the sweep stopped before steps it then skipped, or null
   * @param basis        what the answers come from when the experiment did not finish whole, or null
   * @param unit         what a point is called in {@code not enough ...}: {@code steps}, or {@code swept values} when
   *                     each value ran several times
   */
  public static Answers of(List<Point> points, List<Slo> slos, String stoppedEarly, String basis, String unit) {
    Optional<Point> best = points.stream().max(Comparator.comparingDouble(Point::throughput));
    boolean enough = points.size() >= KNEE_STEPS;
    Knee knee = enough ? KneeRule.of(points).orElse(null) : null;
    String note = null;
    if (knee != null) {
      for (Point p : points) {
        if (p.x() == knee.x() && p.clientSaturated()) {
          note = "the clients were CPU-saturated at this step: it is the clients' knee, not the server's";
        }
      }
    }
    String noKnee = enough || points.isEmpty() ? null : notEnough(points.size(), unit);
    return Answers.builder().best(best.map(Point::x).orElse(null))
        .bestThroughput(best.map(Point::throughput).orElse(null)).knee(knee).kneeNote(note)
        .latencyKnee(enough ? LatencyKnee.of(points).orElse(null) : null)
        .slo(slos.isEmpty() || points.isEmpty() ? null : SloRule.answer(points, slos)).stoppedEarly(stoppedEarly)
        .steps(points.size()).noKnee(noKnee).basis(basis).build();
  }

  /** {@code not enough steps (1 completed; 3 needed)}. */
  static String notEnough(int completed, String unit) {
    return "not enough " + unit + " (" + completed + " completed; " + KNEE_STEPS + " needed)";
  }
}
