package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Answers;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * When a sweep stops before its last step (research {@code experiments.md} §3.4): throughput gains under
 * {@link #MIN_GAIN} on two consecutive steps (two doublings: more load no longer pays), an error rate over
 * {@link #MAX_ERROR_RATE}, or, with an SLO, a p99 past {@link #SLO_FACTOR} times its limit (saturated: further steps
 * add no information), or, under a target, achieved throughput under {@link #BEHIND} of it. Steps whose clients were
 * saturated never count as "no gain": the server was not the limit.
 */
public final class EarlyStop {
  public static final double MIN_GAIN = 0.05;
  public static final double MAX_ERROR_RATE = 0.001;
  public static final double SLO_FACTOR = 10;
  /** Under a target, achieving less than this share of it means saturated (research §3.4, findmax's 0.8). */
  public static final double BEHIND = 0.8;

  private EarlyStop() {
  }

  /** Why the sweep stops after the last of {@code points}, or empty to go on. */
  public static Optional<String> after(List<Point> points, List<Slo> slos) {
    if (points.isEmpty()) {
      return Optional.empty();
    }
    Point last = points.get(points.size() - 1);
    if (last.errorRate() > MAX_ERROR_RATE) {
      return Optional.of(String.format(Locale.ROOT, "error rate %.3f%% at %s is over %.1f%%", 100 * last.errorRate(),
          Answers.num(last.x()), 100 * MAX_ERROR_RATE));
    }
    if (last.target() > 0 && last.throughput() < BEHIND * last.target()) {
      return Optional.of(String.format(Locale.ROOT, "the step achieved %,.0f of its %,.0f ops/s target (under %.0f%%):"
          + " saturated", last.throughput(), last.target(), 100 * BEHIND));
    }
    for (Slo slo : slos) {
      Double p = slo.valueUs(last);
      if (p != null && p > SLO_FACTOR * slo.limitUs()) {
        return Optional.of(String.format(Locale.ROOT, "%s is %s at %s, over %s times the SLO %s", slo.metric(),
            Slo.formatUs(p), Answers.num(last.x()), Answers.num(SLO_FACTOR), slo.text()));
      }
    }
    if (points.size() >= 3) {
      Point a = points.get(points.size() - 3);
      Point b = points.get(points.size() - 2);
      if (!a.clientSaturated() && !b.clientSaturated() && !last.clientSaturated()
          && gain(a, b) < MIN_GAIN && gain(b, last) < MIN_GAIN) {
        return Optional.of(String.format(Locale.ROOT, "throughput gained %+.1f%% then %+.1f%% over the last two steps"
            + " (under %.0f%% twice)", 100 * gain(a, b), 100 * gain(b, last), 100 * MIN_GAIN));
      }
    }
    return Optional.empty();
  }

  static double gain(Point from, Point to) {
    return from.throughput() <= 0 ? Double.POSITIVE_INFINITY : to.throughput() / from.throughput() - 1;
  }
}
