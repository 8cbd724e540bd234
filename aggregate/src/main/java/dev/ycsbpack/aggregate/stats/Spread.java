package dev.ycsbpack.aggregate.stats;

import java.util.Arrays;

/**
 * One headline figure over repetitions: its median, range, relative standard deviation and count, and whether
 * the range is too wide to publish the median alone.
 *
 * <p>Repetitions are summarised by the median, not the mean, because a single disturbed run (a compaction, a
 * noisy neighbour) moves a mean of 3 to 5 values far more than their median. The noisy rule is MongoDB's
 * performance team's: (max − min) / median above {@value #NOISY_RANGE} over 3 to 5 executions (research
 * {@code experiments.md} §4.3–4.4).
 *
 * @param n              number of repetitions (at least 1)
 * @param median         the median (mean of the middle two for an even count)
 * @param min            the lowest repetition
 * @param max            the highest repetition
 * @param relativeStdDev sample standard deviation / mean; {@code NaN} when n is 1 (unknown, not zero) or the
 *                       mean is 0
 */
public record Spread(int n, double median, double min, double max, double relativeStdDev) {
  /** The (max − min) / median above which an arm is marked noisy. */
  public static final double NOISY_RANGE = 0.10;

  public Spread {
    if (n < 1) {
      throw new IllegalArgumentException("a spread needs at least one value, got n=" + n);
    }
  }

  /** The spread of {@code values}; refuses an empty array and any non-finite value. */
  public static Spread of(double... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("a spread needs at least one value");
    }
    double[] sorted = values.clone();
    for (double v : sorted) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("a spread takes finite values only, got " + v);
      }
    }
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return new Spread(n, median, sorted[0], sorted[n - 1], relativeStdDev(sorted));
  }

  /** (max − min) / median; {@code NaN} when the median is 0. */
  public double relativeRange() {
    return median == 0 ? Double.NaN : (max - min) / Math.abs(median);
  }

  /**
   * Whether the repetitions disagree by more than {@link #NOISY_RANGE} of their median. A single value is not
   * noisy but its noise is unknown: callers say so through {@link #noiseKnown()}.
   */
  public boolean noisy() {
    double r = relativeRange();
    return n > 1 && (Double.isNaN(r) ? max != min : r > NOISY_RANGE);
  }

  /** Whether there are at least two repetitions, so run-to-run noise has been seen at all. */
  public boolean noiseKnown() {
    return n > 1;
  }

  private static double relativeStdDev(double[] v) {
    if (v.length < 2) {
      return Double.NaN;
    }
    double mean = 0;
    for (double x : v) {
      mean += x;
    }
    mean /= v.length;
    if (mean == 0) {
      return Double.NaN;
    }
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    return Math.sqrt(ss / (v.length - 1)) / Math.abs(mean);
  }
}
