package dev.ycsbpack.experiment.answer;

import java.util.List;
import java.util.Optional;

/**
 * The latency knee (research {@code experiments.md} §3.4, after the MongoDB 2.6-vs-3.0 study's "latency optimum"): the
 * last step, in sweep order, whose worst p99 stays within {@link #FACTOR} times the sweep's lowest worst p99. Steps
 * after the first one past it do not count (a later dip does not undo the knee).
 */
public final class LatencyKnee {
  public static final double FACTOR = 2.0;

  private LatencyKnee() {
  }

  /** The latency knee's x, empty when no step measured a p99. */
  public static Optional<Double> of(List<Point> points) {
    double min = points.stream().mapToDouble(Point::worstP99Us).filter(v -> !Double.isNaN(v)).min()
        .orElse(Double.NaN);
    if (Double.isNaN(min)) {
      return Optional.empty();
    }
    Double last = null;
    for (Point p : points) {
      double v = p.worstP99Us();
      if (Double.isNaN(v)) {
        continue;
      }
      if (v > FACTOR * min) {
        break;
      }
      last = p.x();
    }
    return Optional.ofNullable(last);
  }
}
