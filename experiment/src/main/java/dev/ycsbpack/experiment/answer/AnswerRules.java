package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.Knee;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a sweep answers from its finished steps: the highest-throughput step, the knee, the latency knee and, with
 * SLOs, the SLO answer. Client-saturated steps are kept in every table but a knee on one is never called the server's.
 */
public final class AnswerRules {
  private AnswerRules() {
  }

  /** The answers of these points (in sweep order), with the SLOs given and why the sweep stopped early, if it did. */
  public static Answers of(List<Point> points, List<Slo> slos, String stoppedEarly) {
    Optional<Point> best = points.stream().max(Comparator.comparingDouble(Point::throughput));
    Knee knee = KneeRule.of(points).orElse(null);
    String note = null;
    if (knee != null) {
      for (Point p : points) {
        if (p.x() == knee.x() && p.clientSaturated()) {
          note = "the clients were CPU-saturated at this step: it is the clients' knee, not the server's";
        }
      }
    }
    return new Answers(best.map(Point::x).orElse(null), best.map(Point::throughput).orElse(null), knee, note,
        LatencyKnee.of(points).orElse(null), slos.isEmpty() || points.isEmpty() ? null : SloRule.answer(points, slos),
        stoppedEarly, points.size());
  }
}
