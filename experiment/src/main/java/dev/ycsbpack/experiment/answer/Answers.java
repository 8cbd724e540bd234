package dev.ycsbpack.experiment.answer;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a sweep answers from its finished steps: the highest-throughput step, the knee, the latency knee and, with
 * SLOs, the SLO answer. Client-saturated steps are kept in every table but a knee on one is never called the server's.
 *
 * @param best          x of the highest-throughput step, null when no step finished
 * @param bestThroughput its throughput
 * @param knee          the throughput knee, null when none
 * @param kneeNote      why the knee is not the server's (client-saturated), or null
 * @param latencyKnee   x of the latency knee, null when none
 * @param slo           the SLO answer, null without SLOs
 * @param stoppedEarly  why the sweep stopped before its last step, or null
 * @param steps         how many steps finished (the points these answers come from)
 */
public record Answers(Double best, Double bestThroughput, Knee knee, String kneeNote, Double latencyKnee,
                      SloAnswer slo, String stoppedEarly, int steps) {

  public static Answers of(List<Point> points, List<Slo> slos, String stoppedEarly) {
    Optional<Point> best = points.stream().max(Comparator.comparingDouble(Point::throughput));
    Knee knee = Knee.of(points).orElse(null);
    String note = null;
    if (knee != null) {
      for (Point p : points) {
        if (p.x() == knee.x() && p.clientSaturated()) {
          note = "the clients were CPU-saturated at this step: it is the clients' knee, not the server's";
        }
      }
    }
    return new Answers(best.map(Point::x).orElse(null), best.map(Point::throughput).orElse(null), knee, note,
        LatencyKnee.of(points).orElse(null), slos.isEmpty() || points.isEmpty() ? null : SloAnswer.of(points, slos),
        stoppedEarly, points.size());
  }

  /** A swept value as text: {@code 4}, {@code 0.5}; {@code -} for NaN. */
  public static String num(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%d", (long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
