package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Knee;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The throughput knee of a sweep (research {@code experiments.md} §3.2, §3.4): Kneedle (Satopää et al. 2011) on
 * (log2 x, throughput) as a concave increasing curve with sensitivity S = 1; when Kneedle finds none (fewer than three
 * points, or no local maximum of the difference curve that drops below its threshold), the smallest x reaching
 * {@link #FALLBACK_SHARE} of the highest throughput.
 */
public final class KneeRule {
  public static final double FALLBACK_SHARE = 0.95;
  static final double SENSITIVITY = 1.0;

  private KneeRule() {
  }

  /** The knee of these points (in sweep order, x ascending), empty when there are none. */
  public static Optional<Knee> of(List<Point> points) {
    if (points.isEmpty()) {
      return Optional.empty();
    }
    List<Point> sorted = new ArrayList<>(points);
    sorted.sort(Comparator.comparingDouble(Point::x));
    Optional<Double> k = kneedle(sorted);
    if (k.isPresent()) {
      return Optional.of(new Knee(k.get(), "kneedle"));
    }
    double max = sorted.stream().mapToDouble(Point::throughput).max().orElse(0);
    for (Point p : sorted) {
      if (p.throughput() >= FALLBACK_SHARE * max) {
        return Optional.of(new Knee(p.x(), "95% of max"));
      }
    }
    return Optional.empty();
  }

  /** Kneedle, offline, first knee; x on a log2 scale (doubling sweeps become evenly spaced). */
  static Optional<Double> kneedle(List<Point> sorted) {
    int n = sorted.size();
    if (n < 3) {
      return Optional.empty();
    }
    double[] x = new double[n];
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = Math.log(sorted.get(i).x()) / Math.log(2);
      y[i] = sorted.get(i).throughput();
    }
    double[] xn = normalise(x);
    double[] yn = normalise(y);
    if (xn == null || yn == null) {
      return Optional.empty();
    }
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = yn[i] - xn[i];
    }
    double meanSpacing = (xn[n - 1] - xn[0]) / (n - 1);
    // scan: each local maximum of d sets a threshold; the knee is that maximum's x if d falls below the threshold
    // before the next local maximum
    double threshold = Double.NaN;
    int candidate = -1;
    for (int i = 1; i < n; i++) {
      boolean localMax = i < n - 1 && d[i] > d[i - 1] && d[i] >= d[i + 1];
      if (localMax) {
        candidate = i;
        threshold = d[i] - SENSITIVITY * meanSpacing;
        continue;
      }
      if (candidate >= 0 && d[i] < threshold) {
        return Optional.of(sorted.get(candidate).x());
      }
    }
    return Optional.empty();
  }

  private static double[] normalise(double[] v) {
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    for (double a : v) {
      min = Math.min(min, a);
      max = Math.max(max, a);
    }
    if (!(max > min)) {
      return null;
    }
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (v[i] - min) / (max - min);
    }
    return out;
  }
}
