package dev.ycsbpack.aggregate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpreadTest {
  @Test
  void oddCountTakesTheMiddleValueWhateverTheOrder() {
    Spread s = Spread.of(30, 10, 20);
    assertEquals(3, s.n());
    assertEquals(20, s.median());
    assertEquals(10, s.min());
    assertEquals(30, s.max());
    // sample sd of 10,20,30 is 10, mean 20
    assertEquals(0.5, s.relativeStdDev(), 1e-12);
  }

  @Test
  void evenCountAveragesTheMiddleTwo() {
    assertEquals(25, Spread.of(40, 10, 30, 20).median());
  }

  @Test
  void aRangeOverTenPercentOfTheMedianIsNoisyAndTenPercentIsNot() {
    assertFalse(Spread.of(100, 105, 110).noisy(), "range 10 of median 105 is under 10%");
    assertTrue(Spread.of(100, 105, 112).noisy(), "range 12 of median 105 is over 10%");
  }

  @Test
  void oneValueHasUnknownNoiseNotZeroNoise() {
    Spread s = Spread.of(42);
    assertTrue(Double.isNaN(s.relativeStdDev()));
    assertFalse(s.noiseKnown());
    assertFalse(s.noisy());
  }

  @Test
  void refusesNothingToSummariseAndNonFiniteValues() {
    assertThrows(IllegalArgumentException.class, Spread::of);
    assertThrows(IllegalArgumentException.class, () -> Spread.of(1, Double.NaN));
  }
}
