package dev.ycsbpack.aggregate.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HolmTest {
  @Test
  void adjustsStepDownAndKeepsTheGivenOrder() {
    // sorted 0.01, 0.02, 0.03, 0.5 over m = 4: 4 × 0.01, max(0.04, 3 × 0.02), max(0.06, 2 × 0.03), max(0.06, 0.5)
    double[] adjusted = Holm.adjust(new double[] {0.03, 0.5, 0.01, 0.02});
    assertArrayEquals(new double[] {0.06, 0.5, 0.04, 0.06}, adjusted, 1e-12);
  }

  @Test
  void neverAdjustsAbove1AndStaysMonotone() {
    double[] adjusted = Holm.adjust(new double[] {0.4, 0.3, 0.9});
    assertArrayEquals(new double[] {0.9, 0.9, 0.9}, adjusted, 1e-12);
    assertArrayEquals(new double[] {}, Holm.adjust(new double[] {}), 0);
  }

  @Test
  void refusesWhatIsNotAP() {
    assertThrows(IllegalArgumentException.class, () -> Holm.adjust(new double[] {Double.NaN}));
    assertThrows(IllegalArgumentException.class, () -> Holm.adjust(new double[] {1.5}));
  }
}
