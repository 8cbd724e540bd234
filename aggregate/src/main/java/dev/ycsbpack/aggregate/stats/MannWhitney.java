package dev.ycsbpack.aggregate.stats;

import java.util.Arrays;

/**
 * The two-sided Mann–Whitney U (Wilcoxon rank-sum) test of two independent samples: do repetitions of A and of B
 * come from the same distribution? Rank-based, so it assumes no shape (benchmark repetitions are rarely normal), the
 * comparison benchstat makes by default (research {@code experiments.md} §4.1).
 *
 * <p><b>Exact</b> for up to {@value #EXACT_MAX} values in all: the p-value counts, over every way of choosing which
 * {@code n_a} of the pooled values are A's, how many give a rank sum at least as extreme. <b>Ties</b> get the mean of
 * the ranks they span (midranks) and the exact distribution is the one conditional on those midranks, so tied values
 * neither help nor hurt either side; all values equal gives p = 1. Two-sided p = 2 × the smaller one-sided tail,
 * capped at 1 (with ties the distribution need not be symmetric, so the tails are counted, not mirrored). Without
 * ties the smallest possible p for n per side is 2 / C(2n, n): 0.10 at n = 3, 0.029 at 4, 0.0079 at 5, 0.0022 at 6
 * (§4.2), so three repetitions per side can never show a difference at 0.05.
 *
 * <p>Above {@value #EXACT_MAX} values the counts outgrow a {@code long}; the normal approximation with the tie
 * correction of the variance and a continuity correction of 0.5 is used and {@link #exact()} says so.
 *
 * <p>Why not Apache Commons Statistics' {@code MannWhitneyUTest} (commons-statistics-inference 1.1): its exact p
 * is computed only when there are no ties, and with any tie it falls back to the normal approximation. Ties are
 * common here (HDR percentiles are bucketed, error counts are often all 0), and at 4 to 6 repetitions per side the
 * approximation is far off the exact conditional p this class counts, so the library would change verdicts.
 *
 * @param u     U of A: the pairs (a, b) with a &gt; b, plus half the tied pairs (0 to n_a × n_b)
 * @param p     two-sided p-value, in (0, 1]
 * @param exact whether {@code p} is exact (false: normal approximation)
 */
public record MannWhitney(double u, double p, boolean exact) {
  /** Largest pooled count tested exactly (C(60, 30) ≈ 1.2e17 fits a long). */
  public static final int EXACT_MAX = 60;

  /** Tests A against B; each needs at least one finite value. */
  public static MannWhitney test(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException("a Mann-Whitney test needs values on both sides, got n=" + a.length
          + " and " + b.length);
    }
    int na = a.length;
    int n = na + b.length;
    double[] pooled = new double[n];
    System.arraycopy(a, 0, pooled, 0, na);
    System.arraycopy(b, 0, pooled, na, b.length);
    for (double v : pooled) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("a Mann-Whitney test takes finite values only, got " + v);
      }
    }
    // doubled midranks are whole numbers: a tie group over ranks i+1..j has midrank (i+1+j)/2
    int[] twiceRank = twiceMidranks(pooled);
    long observed = 0;
    for (int i = 0; i < na; i++) {
      observed += twiceRank[i];
    }
    double u = observed / 2.0 - na * (na + 1) / 2.0;
    if (n <= EXACT_MAX) {
      return new MannWhitney(u, exactP(twiceRank, na, observed), true);
    }
    return new MannWhitney(u, normalP(u, na, b.length, pooled), false);
  }

  private static int[] twiceMidranks(double[] pooled) {
    int n = pooled.length;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(pooled[x], pooled[y]));
    int[] twice = new int[n];
    for (int i = 0; i < n;) {
      int j = i;
      while (j + 1 < n && pooled[order[j + 1]] == pooled[order[i]]) {
        j++;
      }
      for (int k = i; k <= j; k++) {
        twice[order[k]] = (i + 1) + (j + 1);
      }
      i = j + 1;
    }
    return twice;
  }

  /**
   * Counts the subsets of size {@code k} of the doubled midranks by their sum (a knapsack count), then the two
   * tails at the observed sum.
   */
  private static double exactP(int[] twiceRank, int k, long observed) {
    int maxSum = 0;
    for (int r : twiceRank) {
      maxSum += r;
    }
    long[][] ways = new long[k + 1][maxSum + 1];
    ways[0][0] = 1;
    int seen = 0;
    for (int r : twiceRank) {
      seen += r;
      for (int size = k; size >= 1; size--) {
        long[] into = ways[size];
        long[] from = ways[size - 1];
        for (int s = seen; s >= r; s--) {
          into[s] += from[s - r];
        }
      }
    }
    long total = 0;
    long atOrBelow = 0;
    long atOrAbove = 0;
    for (int s = 0; s <= maxSum; s++) {
      long w = ways[k][s];
      total += w;
      if (s <= observed) {
        atOrBelow += w;
      }
      if (s >= observed) {
        atOrAbove += w;
      }
    }
    return Math.min(1.0, 2.0 * Math.min(atOrBelow, atOrAbove) / total);
  }

  private static double normalP(double u, int na, int nb, double[] pooled) {
    int n = na + nb;
    double[] sorted = pooled.clone();
    Arrays.sort(sorted);
    double ties = 0;
    for (int i = 0; i < n;) {
      int j = i;
      while (j + 1 < n && sorted[j + 1] == sorted[i]) {
        j++;
      }
      double t = j - i + 1;
      ties += t * t * t - t;
      i = j + 1;
    }
    double mean = na * (double) nb / 2;
    double var = na * (double) nb / 12 * ((n + 1) - ties / ((double) n * (n - 1)));
    if (var <= 0) {
      return 1.0;
    }
    double z = Math.max(0, Math.abs(u - mean) - 0.5) / Math.sqrt(var);
    return Math.min(1.0, 2 * upperNormalTail(z));
  }

  /** P(Z &gt; z) for a standard normal Z: Abramowitz and Stegun 7.1.26 (absolute error under 1.5e-7). */
  private static double upperNormalTail(double z) {
    double x = z / Math.sqrt(2);
    double t = 1 / (1 + 0.3275911 * x);
    double erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        * Math.exp(-x * x);
    return erfc / 2;
  }
}
