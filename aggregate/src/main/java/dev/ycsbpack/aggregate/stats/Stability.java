package dev.ycsbpack.aggregate.stats;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether one side's repetitions, in the order they ran, are alike enough to stand for one setup: an outlier (a cold
 * first run: 5,100 ops/s against about 9,800 for the other four) or a steady trend (each run slower than the last: the
 * server's cache filling, a neighbour's load growing) makes a median and a spread describe something that was
 * changing, and a verdict built on them would credit the change to the setup.
 *
 * <p><b>Outlier</b>: a repetition that the others do not predict: its distance from the mean of the other
 * n − 1, over their standard deviation × √(1 + 1/(n − 1)), is a Student t with n − 2 degrees of freedom
 * when all come from one normal distribution (a leave-one-out prediction test: the candidate cannot widen the
 * spread it is judged by, as it does in a plain z-score or even a median absolute deviation of 5 values); flagged
 * when its two-sided p is below {@value #OUTLIER_ALPHA} / n (Bonferroni over the n candidates) <em>and</em> it
 * lies more than
 * {@value #MIN_SHIFT} of the median from the median (smaller departures do not change a verdict worth having). A
 * scale rule (median ± 5 scaled MADs) flagged the primary figure of 15% of synthetic A/A comparisons at 5 runs a
 * side; this one of 1% (under 3% at 10 a side; CalibrationTest). Needs 4 or more repetitions.
 *
 * <p><b>Trend</b> (sides run apart; for interleaved sides see {@link #divergence}): the Mann-Kendall test on the
 * time order (Kendall's S = Σ sign(x_j − x_i) over i &lt; j, exact two-sided p from the distribution of inversions
 * of a random order; ties count 0 and only make S smaller) with p below {@value #TREND_ALPHA}, <em>and</em> the
 * trend's size over the side (Sen's slope, the median of the pairwise slopes, times n − 1) above
 * {@value #MIN_SHIFT} of the median: only a trend large enough to matter is flagged. Needs 5 or more repetitions (at
 * 4, p is never below 0.08); at 5 only a strictly monotone order qualifies.
 *
 * @param kind      which
 * @param index     the repetition (0-based, time order) that is the outlier; the last one for a trend
 * @param value     its value
 * @param median    the side's median
 * @param p         the test's p (for an outlier, before the Bonferroni factor)
 * @param describe  the finding in words, without the side's name, e.g. {@code run 1 of 5 (in time order) gave 5,100
 *                  against a median of 9,800 (an outlier: 48% from the median)}
 */
public record Stability(Kind kind, int index, double value, double median, double p, String describe) {
  /** Family level of the outlier test, shared by the n candidates. */
  public static final double OUTLIER_ALPHA = 0.01;
  /** A flagged departure is more than this share of the median. */
  public static final double MIN_SHIFT = 0.10;
  /** Mann-Kendall level of a side's own trend (sides run apart, where it only warns: no verdict is given there). */
  public static final double TREND_ALPHA = 0.05;
  /**
   * Mann-Kendall level of one interleaved side drifting against the other, which withholds a verdict: stricter, as
   * at 0.05 it flagged 4% of synthetic A/A pairs at 10 repetitions per side (see CalibrationTest); from 6 pairs.
   */
  public static final double DIVERGENCE_ALPHA = 0.01;

  /** The kinds of instability. */
  public enum Kind {
    /** One repetition far from the others. */
    OUTLIER,
    /** The repetitions drift steadily in one direction, in the order they ran. */
    TREND
  }

  /** One line of the rule, for the method statement and docs. */
  public static final String RULE = String.format(Locale.ROOT, "a side is unstable when one repetition lies more "
      + "than %d%% from its median and farther from the others than their spread predicts (leave-one-out t test, p "
      + "< %s / n: an outlier, e.g. a cold first run), or, in time order, it drifts by more than %d%% against the "
      + "other side's runs (Mann-Kendall p < %s; a drift both share cancels when they are interleaved)",
      Math.round(MIN_SHIFT * 100), OUTLIER_ALPHA, Math.round(MIN_SHIFT * 100), DIVERGENCE_ALPHA);

  /** The instability of {@code inTimeOrder}, or null when none is found. */
  public static Stability of(double[] inTimeOrder) {
    int n = inTimeOrder.length;
    if (n < 4) {
      return null;
    }
    double median = median(inTimeOrder);
    int worst = -1;
    double worstP = 1;
    for (int i = 0; i < n; i++) {
      double dev = Math.abs(inTimeOrder[i] - median);
      if (!(dev > MIN_SHIFT * Math.abs(median))) {
        continue;
      }
      double p = leaveOneOutP(inTimeOrder, i);
      if (p < OUTLIER_ALPHA / n && (worst < 0 || p < worstP)) {
        worst = i;
        worstP = p;
      }
    }
    if (worst >= 0) {
      return new Stability(Kind.OUTLIER, worst, inTimeOrder[worst], median, worstP, "run " + (worst + 1) + " of "
          + n + " (in time order) gave " + num(inTimeOrder[worst]) + " against a median of " + num(median)
          + " (an outlier: " + pct(Math.abs(inTimeOrder[worst] - median) / Math.abs(median)) + " from the median)");
    }
    if (n < 5) {
      return null;
    }
    double[] trend = mannKendall(inTimeOrder);
    if (trend[0] < TREND_ALPHA && Math.abs(trend[1]) > MIN_SHIFT * Math.abs(median)) {
      return new Stability(Kind.TREND, n - 1, inTimeOrder[n - 1], median, trend[0], "its " + n + " runs in time "
          + "order " + (trend[1] > 0 ? "rise" : "fall") + " steadily (" + list(inTimeOrder) + "; a trend of "
          + pct(Math.abs(trend[1]) / Math.abs(median)) + " of the median, Mann-Kendall p = "
          + String.format(Locale.ROOT, "%.2g", trend[0]) + ")");
    }
    return null;
  }

  /**
   * For interleaved sides, whether {@code side} drifts <em>against</em> {@code other}: a drift both share (the
   * machine warming, the server's cache filling) falls on A and B alike and cancels in an interleaved comparison, so
   * only their divergence matters. The k-th run of each side in time order are paired (k up to the shorter side),
   * each as a share of its side's median, and their differences get the trend rule above at
   * {@value #DIVERGENCE_ALPHA}; null when there is none or fewer than 6 pairs.
   *
   * @param name the other side's name, for the sentence
   */
  public static Stability divergence(double[] side, double[] other, String name) {
    int k = Math.min(side.length, other.length);
    if (k < 6) { // at 5 the smallest Mann-Kendall p is 0.017
      return null;
    }
    double ms = median(side);
    double mo = median(other);
    if (ms == 0 || mo == 0) {
      return null;
    }
    double[] d = new double[k];
    for (int i = 0; i < k; i++) {
      d[i] = side[i] / ms - other[i] / mo;
    }
    double[] trend = mannKendall(d);
    if (trend[0] < DIVERGENCE_ALPHA && Math.abs(trend[1]) > MIN_SHIFT) {
      return new Stability(Kind.TREND, k - 1, side[k - 1], ms, trend[0], "in time order its runs drift "
          + (trend[1] > 0 ? "up" : "down") + " against " + name + "'s run by run (" + list(side) + "; the paired "
          + "differences trend by " + pct(Math.abs(trend[1])) + " of the median, Mann-Kendall p = "
          + String.format(Locale.ROOT, "%.2g", trend[0]) + "), which interleaving does not cancel");
    }
    return null;
  }

  /** {p, size}: Mann-Kendall's exact two-sided p and Sen's slope × (n − 1), in the values' unit. */
  private static double[] mannKendall(double[] v) {
    int n = v.length;
    int s = 0;
    double[] slopes = new double[n * (n - 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        s += Double.compare(v[j], v[i]) == 0 ? 0 : (v[j] > v[i] ? 1 : -1);
        slopes[k++] = (v[j] - v[i]) / (j - i);
      }
    }
    return new double[] {kendallP(n, s), median(slopes) * (n - 1)};
  }

  /**
   * Two-sided p of value {@code i} given the others: t = |x_i − mean| / (sd × √(1 + 1/m)) over the m = n − 1
   * others, Student t with m − 1 degrees of freedom. Others all equal: 0 when x_i differs from them, else 1.
   */
  static double leaveOneOutP(double[] v, int i) {
    int m = v.length - 1;
    double mean = 0;
    for (int j = 0; j < v.length; j++) {
      mean += j == i ? 0 : v[j];
    }
    mean /= m;
    double ss = 0;
    for (int j = 0; j < v.length; j++) {
      ss += j == i ? 0 : (v[j] - mean) * (v[j] - mean);
    }
    double sd = Math.sqrt(ss / (m - 1));
    double d = Math.abs(v[i] - mean);
    if (sd == 0) {
      return d == 0 ? 1 : 0;
    }
    return 1 - studentWithin(d / (sd * Math.sqrt(1 + 1.0 / m)), m - 1);
  }

  /**
   * P(|T| ≤ t) for Student's T with {@code df} (whole) degrees of freedom, in closed form (Abramowitz and Stegun
   * 26.7.3 and 26.7.4): with θ = atan(t / √df), a finite series in cos θ.
   */
  static double studentWithin(double t, int df) {
    double theta = Math.atan(t / Math.sqrt(df));
    double c2 = Math.cos(theta) * Math.cos(theta);
    if (df % 2 == 1) {
      double sum = 0;
      if (df > 1) {
        double term = Math.cos(theta);
        sum = term;
        for (int k = 3; k <= df - 2; k += 2) {
          term *= c2 * (k - 1) / k;
          sum += term;
        }
      }
      return Math.min(1, 2 / Math.PI * (theta + Math.sin(theta) * sum));
    }
    double term = 1;
    double sum = 1;
    for (int k = 2; k <= df - 2; k += 2) {
      term *= c2 * (k - 1) / k;
      sum += term;
    }
    return Math.min(1, Math.sin(theta) * sum);
  }

  /**
   * Exact two-sided p of Kendall's S for n values in random order: S = n(n−1)/2 − 2 × inversions, and the number
   * of orders with k inversions follows the recurrence of the Mahonian numbers.
   */
  static double kendallP(int n, int s) {
    int pairs = n * (n - 1) / 2;
    double[] ways = new double[pairs + 1];
    ways[0] = 1;
    for (int m = 2; m <= n; m++) { // adding the m-th value adds 0..m-1 inversions
      double[] next = new double[pairs + 1];
      for (int inv = 0; inv <= pairs; inv++) {
        if (ways[inv] == 0) {
          continue;
        }
        for (int add = 0; add < m && inv + add <= pairs; add++) {
          next[inv + add] += ways[inv];
        }
      }
      ways = next;
    }
    double total = 0;
    double tail = 0;
    for (int inv = 0; inv <= pairs; inv++) {
      total += ways[inv];
      if (Math.abs(pairs - 2 * inv) >= Math.abs(s)) {
        tail += ways[inv];
      }
    }
    return Math.min(1.0, tail / total);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static String list(double[] v) {
    StringBuilder b = new StringBuilder();
    for (double x : v) {
      b.append(b.length() == 0 ? "" : ", ").append(num(x));
    }
    return b.toString();
  }

  static String num(double v) {
    return Math.abs(v) >= 100 || v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v)
        : String.format(Locale.ROOT, "%.3g", v);
  }

  private static String pct(double share) {
    return String.format(Locale.ROOT, share >= 0.1 ? "%.0f%%" : "%.1f%%", share * 100);
  }

}
