package dev.ycsbpack.aggregate.stats;

import java.util.Arrays;
import java.util.Random;

/**
 * The ratio median(B) / median(A) with a percentile-bootstrap confidence interval: each resample draws n_a values
 * of A and n_b values of B with replacement and keeps the ratio of their medians; the interval is the
 * (α/2, 1 − α/2) quantiles of the sorted ratios (research {@code experiments.md} §4.1, §4.4; Kalibera and Jones
 * report effects as ratios with a CI). On 4 or 5 values a bootstrap can only produce a few distinct medians, so the
 * interval is coarse (§4.2); it is one of two conditions of a {@link Significance}, never the only one.
 *
 * <p>Reproducible: the draws come from {@link java.util.Random} seeded with {@code seed}, whose algorithm the Java
 * specification fixes, so the same values, resamples and seed give the same interval on every JVM.
 *
 * @param ratio     median(B) / median(A) of the samples themselves
 * @param low       lower end of the interval
 * @param high      upper end
 * @param level     confidence level, e.g. 0.95
 * @param resamples number of bootstrap resamples
 * @param seed      the seed the resamples were drawn with
 */
public record RatioCi(double ratio, double low, double high, double level, int resamples, long seed) {
  /** Resamples unless told otherwise. */
  public static final int DEFAULT_RESAMPLES = 10_000;
  /** Confidence level unless told otherwise. */
  public static final double DEFAULT_LEVEL = 0.95;

  /** Whether the whole interval lies on one side of 1 (no change). */
  public boolean excludesOne() {
    return low > 1 || high < 1;
  }

  /**
   * Bootstraps the ratio of medians; every value must be finite and above 0 (a ratio to a zero median is not
   * defined), {@code resamples} at least 100 and {@code level} in (0, 1).
   */
  public static RatioCi bootstrap(double[] a, double[] b, int resamples, double level, long seed) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException("a ratio of medians needs values on both sides, got n=" + a.length
          + " and " + b.length);
    }
    if (!allPositive(a) || !allPositive(b)) {
      throw new IllegalArgumentException("a ratio of medians needs finite values above 0");
    }
    if (resamples < 100) {
      throw new IllegalArgumentException("a bootstrap needs at least 100 resamples, got " + resamples);
    }
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("a confidence level is in (0, 1), got " + level);
    }
    Random random = new Random(seed);
    double[] ratios = new double[resamples];
    double[] ra = new double[a.length];
    double[] rb = new double[b.length];
    for (int i = 0; i < resamples; i++) {
      draw(a, ra, random);
      draw(b, rb, random);
      ratios[i] = medianInPlace(rb) / medianInPlace(ra);
    }
    Arrays.sort(ratios);
    double tail = (1 - level) / 2;
    int lo = (int) Math.floor(tail * resamples);
    int hi = (int) Math.ceil((1 - tail) * resamples) - 1;
    return new RatioCi(Spread.of(b).median() / Spread.of(a).median(), ratios[lo], ratios[Math.min(hi, resamples - 1)],
        level,
        resamples, seed);
  }

  /** Whether every value is finite and above 0, i.e. whether {@link #bootstrap} takes it. */
  public static boolean allPositive(double[] values) {
    for (double v : values) {
      if (!(v > 0) || !Double.isFinite(v)) {
        return false;
      }
    }
    return true;
  }

  /** The median of a resample, sorting it in place (it is drawn afresh each time): the bootstrap's inner loop. */
  private static double medianInPlace(double[] v) {
    Arrays.sort(v);
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  private static void draw(double[] from, double[] into, Random random) {
    for (int i = 0; i < into.length; i++) {
      into[i] = from[random.nextInt(from.length)];
    }
  }
}
