package dev.ycsbpack.experiment.answer;

import java.util.List;
import java.util.Optional;

/**
 * The latency knee (research {@code experiments.md} §3.4, after the MongoDB 2.6-vs-3.0 study's "latency
 * optimum"): from the step with the sweep's lowest worst p99 on, the last step, in sweep order, whose worst p99
 * stays within {@link #FACTOR} times that lowest. Steps after the first one past it do not count (a later dip does
 * not undo the knee); nor do steps before the lowest: a first step whose p99 is over twice a later one's (a cold
 * client at one thread) says nothing about where latency starts to climb, and reading from the first step would find
 * no knee at all.
 */
public final class LatencyKnee {
  public static final double FACTOR = 2.0;

  private LatencyKnee() {
  }

  /** The latency knee's x, empty when no step measured a p99. */
  public static Optional<Double> of(List<Point> points) {
    int lowest = -1;
    for (int i = 0; i < points.size(); i++) {
      double v = points.get(i).worstP99Us();
      if (!Double.isNaN(v) && (lowest < 0 || v < points.get(lowest).worstP99Us())) {
        lowest = i;
      }
    }
    if (lowest < 0) {
      return Optional.empty();
    }
    double min = points.get(lowest).worstP99Us();
    double last = points.get(lowest).x();
    for (Point p : points.subList(lowest + 1, points.size())) {
      double v = p.worstP99Us();
      if (Double.isNaN(v)) {
        continue;
      }
      if (v > FACTOR * min) {
        break;
      }
      last = p.x();
    }
    return Optional.of(last);
  }
}
