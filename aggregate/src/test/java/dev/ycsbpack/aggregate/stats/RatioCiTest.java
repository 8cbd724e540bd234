package dev.ycsbpack.aggregate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RatioCiTest {
  private static final double[] A = {1000, 1040, 980, 1100, 1010, 955};
  private static final double[] B = {820, 870, 790, 900, 845, 810};

  @Test
  void theSameSeedGivesTheSameIntervalAndTheSeedIsRecorded() {
    RatioCi one = RatioCi.bootstrap(A, B, 10_000, 0.95, 42);
    RatioCi two = RatioCi.bootstrap(A, B, 10_000, 0.95, 42);
    assertEquals(one, two);
    assertEquals(42, one.seed());
    assertEquals(10_000, one.resamples());
    RatioCi other = RatioCi.bootstrap(A, B, 10_000, 0.95, 43);
    assertNotEquals(one, other, "another seed draws other resamples");
  }

  @Test
  void theRatioIsOfTheSamplesMediansAndTheIntervalStaysWithinWhatResamplesCanGive() {
    RatioCi ci = RatioCi.bootstrap(A, B, 10_000, 0.95, 1);
    // medians: A (1000 + 1010) / 2 = 1005, B (820 + 845) / 2 = 832.5
    assertEquals(832.5 / 1005, ci.ratio(), 1e-12);
    assertTrue(ci.low() <= ci.ratio() && ci.ratio() <= ci.high(), ci.toString());
    assertTrue(ci.low() >= 790.0 / 1100 && ci.high() <= 900.0 / 955, ci.toString());
    assertTrue(ci.high() < 1 && ci.excludesOne(), ci.toString());
  }

  @Test
  void constantSamplesGiveAPointInterval() {
    RatioCi ci = RatioCi.bootstrap(new double[] {100, 100, 100, 100}, new double[] {80, 80, 80, 80}, 1000, 0.95, 7);
    assertEquals(0.8, ci.ratio(), 1e-12);
    assertEquals(0.8, ci.low(), 1e-12);
    assertEquals(0.8, ci.high(), 1e-12);
  }

  @Test
  void identicalSamplesGiveAnIntervalAroundOne() {
    RatioCi ci = RatioCi.bootstrap(A, A.clone(), 10_000, 0.95, 1);
    assertEquals(1.0, ci.ratio(), 1e-12);
    assertFalse(ci.excludesOne(), ci.toString());
  }

  @Test
  void refusesZeroValuesFewResamplesAndBadLevels() {
    assertThrows(IllegalArgumentException.class, () -> RatioCi.bootstrap(new double[] {0, 1}, B, 1000, 0.95, 1));
    assertThrows(IllegalArgumentException.class, () -> RatioCi.bootstrap(A, B, 99, 0.95, 1));
    assertThrows(IllegalArgumentException.class, () -> RatioCi.bootstrap(A, B, 1000, 1.0, 1));
    assertThrows(IllegalArgumentException.class, () -> RatioCi.bootstrap(new double[0], B, 1000, 0.95, 1));
  }
}
