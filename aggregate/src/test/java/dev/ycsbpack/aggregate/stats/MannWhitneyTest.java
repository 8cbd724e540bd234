package dev.ycsbpack.aggregate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MannWhitneyTest {
  /** n fully separated values per side: the most extreme arrangement, whose two-sided p is 2 / C(2n, n). */
  private static MannWhitney separated(int n) {
    double[] a = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = 100 + i;
      b[i] = 200 + i;
    }
    return MannWhitney.test(a, b);
  }

  @Test
  void theSmallestPossiblePMatchesTheResearchTable() {
    // experiments.md §4.2 (benchstat's table): n=3 → 0.10, n=4 → 0.029, n=5 → 0.0079, n=6 → 0.0022
    assertEquals(2.0 / 20, separated(3).p(), 1e-12);
    assertEquals(2.0 / 70, separated(4).p(), 1e-12);
    assertEquals(2.0 / 252, separated(5).p(), 1e-12);
    assertEquals(2.0 / 924, separated(6).p(), 1e-12);
    assertEquals(0.10, separated(3).p(), 0.005);
    assertEquals(0.029, separated(4).p(), 0.0005);
    assertEquals(0.0079, separated(5).p(), 0.00005);
    assertEquals(0.0022, separated(6).p(), 0.00005);
    assertTrue(separated(5).exact());
    assertEquals(0, separated(5).u(), "no value of A beats any value of B");
  }

  @Test
  void anOverlapMatchesTheHandCountedDistribution() {
    // A = {1,2,4}, B = {3,5,6}: U of A = 1 (only 4 > 3). Of the C(6,3) = 20 ways to pick A's ranks, 2 have U <= 1
    // ({1,2,3} and {1,2,4}), so one tail is 2/20 and p = 0.2
    MannWhitney t = MannWhitney.test(new double[] {1, 2, 4}, new double[] {3, 5, 6});
    assertEquals(1, t.u());
    assertEquals(0.2, t.p(), 1e-12);
    // swapping the sides mirrors U and keeps p
    MannWhitney s = MannWhitney.test(new double[] {3, 5, 6}, new double[] {1, 2, 4});
    assertEquals(8, s.u());
    assertEquals(0.2, s.p(), 1e-12);
  }

  @Test
  void tiesUseMidranksAndTheDistributionConditionalOnThem() {
    // pooled 1,2,2,2,3,4: the three 2s share ranks 2..4, midrank 3, so the ranks are {1,3,3,3,5,6}. A = {1,2,2} has
    // rank sum 7 (U = 1 + 0.5 * 3 tied pairs... = 7 - 6 = 1). Subsets of 3 ranks summing to 7 or less: {1,3,3}, three
    // ways (two of the three 3s); so one tail is 3/20 and p = 0.3
    MannWhitney t = MannWhitney.test(new double[] {1, 2, 2}, new double[] {2, 3, 4});
    assertEquals(1, t.u());
    assertEquals(0.3, t.p(), 1e-12);
    // 4 vs 5 with a tie across the sides: counted by enumerating all 126 splits (8 at or below the observed sum)
    MannWhitney u = MannWhitney.test(new double[] {10, 12, 12, 15}, new double[] {12, 16, 18, 18, 20});
    assertEquals(2, u.u());
    assertEquals(8.0 / 126, u.p(), 1e-12);
  }

  @Test
  void identicalOrAllEqualSamplesGiveOne() {
    double[] x = {5.1, 7.3, 6.2, 9.9, 8.0};
    assertEquals(1.0, MannWhitney.test(x, x.clone()).p(), 1e-12);
    assertEquals(1.0, MannWhitney.test(new double[] {4, 4, 4, 4}, new double[] {4, 4, 4, 4}).p(), 1e-12);
  }

  @Test
  void largeSamplesUseTheNormalApproximationAndSaySo() {
    double[] a = new double[40];
    double[] b = new double[40];
    for (int i = 0; i < 40; i++) {
      a[i] = i;
      b[i] = i + 0.5; // B beats A in 820 of 1600 pairs: no real shift
    }
    MannWhitney t = MannWhitney.test(a, b);
    assertFalse(t.exact());
    assertEquals(780, t.u());
    // z = (|780 - 800| - 0.5) / sqrt(40*40*81/12) = 19.5 / 103.92 = 0.1876: two-sided p = 0.851
    assertEquals(0.851, t.p(), 0.001);
    for (int i = 0; i < 40; i++) {
      b[i] = 1000 + i;
    }
    assertTrue(MannWhitney.test(a, b).p() < 1e-10);
  }

  @Test
  void refusesAnEmptySideAndNonFiniteValues() {
    assertThrows(IllegalArgumentException.class, () -> MannWhitney.test(new double[0], new double[] {1}));
    assertThrows(IllegalArgumentException.class, () -> MannWhitney.test(new double[] {Double.NaN}, new double[] {1}));
  }
}
