package dev.ycsbpack.aggregate.stats;

import java.util.Arrays;

/**
 * Holm's step-down correction of a family of p-values (Holm, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Statist. 6, 1979): sort the m p-values, reject p(i) while p(i) &le; α / (m − i + 1), stop at
 * the first that is not. It keeps the chance of calling any true null "different" (the family-wise error rate) at
 * α whatever the dependence between the tests, which matters here: a comparison's figures (throughput, mean, each
 * percentile) move together. Research {@code experiments.md} §4.5.
 */
public final class Holm {
  private Holm() {
  }

  /**
   * The adjusted p-values, in the order given: max over j &le; i (in sorted order) of min(1, (m − j + 1) × p(j)).
   * A test is rejected at α exactly when its adjusted p is at most α.
   */
  public static double[] adjust(double[] p) {
    int m = p.length;
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      if (!(p[i] >= 0 && p[i] <= 1)) {
        throw new IllegalArgumentException("a p-value is in [0, 1], got " + p[i]);
      }
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(p[x], p[y]));
    double[] adjusted = new double[m];
    double running = 0;
    for (int rank = 0; rank < m; rank++) {
      int i = order[rank];
      running = Math.max(running, Math.min(1.0, (m - rank) * p[i]));
      adjusted[i] = running;
    }
    return adjusted;
  }

  /** The smallest threshold of a family of {@code m}: α / m, what its smallest p must reach for anything to pass. */
  public static double firstThreshold(double alpha, int m) {
    return alpha / m;
  }
}
