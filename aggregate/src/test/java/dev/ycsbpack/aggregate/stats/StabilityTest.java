package dev.ycsbpack.aggregate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StabilityTest {
  @Test
  void aColdFirstRunIsAnOutlier() {
    Stability s = Stability.of(new double[] {5_100, 9_800, 9_750, 9_900, 9_820});
    assertEquals(Stability.Kind.OUTLIER, s.kind());
    assertEquals(0, s.index());
    assertEquals("run 1 of 5 (in time order) gave 5,100 against a median of 9,800 (an outlier: 48% from the median)",
        s.describe());
  }

  @Test
  void ordinarySpreadAndSmallDeparturesAreNotFlagged() {
    assertNull(Stability.of(new double[] {9_500, 10_400, 9_900, 10_100, 9_700}));
    // far outside the others' spread, but only 6% from the median: not a departure that changes a verdict
    assertNull(Stability.of(new double[] {9_400, 10_000, 10_001, 9_999, 10_000}));
    assertNull(Stability.of(new double[] {5_100, 9_800, 9_750}), "fewer than 4 repetitions: nothing to judge by");
  }

  @Test
  void aSteadyLargeTrendIsFlaggedAndASmallOneIsNot() {
    Stability s = Stability.of(new double[] {10_000, 9_400, 8_900, 8_300, 7_800});
    assertEquals(Stability.Kind.TREND, s.kind());
    assertTrue(s.describe().startsWith("its 5 runs in time order fall steadily (10,000, 9,400, 8,900, 8,300, 7,800; "
        + "a trend of 25% of the median, Mann-Kendall p = 0.017)"), s.describe());
    assertNull(Stability.of(new double[] {10_000, 9_900, 9_800, 9_700, 9_600}), "4% over the side");
  }

  @Test
  void aDriftBothSidesShareIsNotADivergenceButOneSidesOwnIs() {
    double[] a = {100, 103, 106, 109, 112, 115, 118};
    double[] shared = {101, 104, 107, 110, 113, 116, 119};
    assertNull(Stability.divergence(shared, a, "A"));
    double[] own = {100, 96, 92, 88, 84, 80, 76};
    Stability s = Stability.divergence(own, a, "A");
    assertEquals(Stability.Kind.TREND, s.kind());
    assertTrue(s.describe().startsWith("in time order its runs drift down against A's run by run"), s.describe());
  }

  @Test
  void kendallsExactPMatchesTheCountOfOrders() {
    // n = 5: 120 orders; |S| = 10 only for the two monotone ones
    assertEquals(2 / 120.0, Stability.kendallP(5, 10), 1e-12);
    assertEquals(2 * 5 / 120.0, Stability.kendallP(5, 8), 1e-12); // S >= 8: 1 + 4 orders per side
    assertEquals(1.0, Stability.kendallP(5, 0), 1e-12);
  }

  @Test
  void studentsTMatchesKnownQuantiles() {
    // two-sided 5% points: t(2) = 4.303, t(3) = 3.182, t(8) = 2.306
    assertEquals(0.95, Stability.studentWithin(4.303, 2), 1e-4);
    assertEquals(0.95, Stability.studentWithin(3.182, 3), 1e-4);
    assertEquals(0.95, Stability.studentWithin(2.306, 8), 1e-4);
    assertEquals(0.5, Stability.studentWithin(1.0, 1), 1e-12);
  }
}
