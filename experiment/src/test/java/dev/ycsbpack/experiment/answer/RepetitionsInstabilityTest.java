package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A repeat's own result flags repetitions that were changing, by the rule compare applies to each side. */
class RepetitionsInstabilityTest {
  @Test
  void aColdFirstRunIsFlaggedByNameAndValue() {
    // the case: one side's first of five repetitions ran cold
    Optional<String> s = Repetitions.instability(new double[] {5100, 9800, 9750, 9900, 9700});
    assertTrue(s.isPresent());
    assertTrue(s.get().startsWith("UNSTABLE throughput: run 1 of 5 (in time order) gave 5,100 against a median of "
        + "9,750"), s.get());
  }

  @Test
  void aSteadyRiseIsFlagged() {
    Optional<String> s = Repetitions.instability(new double[] {8000, 8600, 9200, 9800, 10400});
    assertTrue(s.isPresent() && s.get().contains("rise steadily"), String.valueOf(s));
  }

  @Test
  void ordinaryNoiseIsNotFlagged() {
    assertEquals(Optional.empty(), Repetitions.instability(new double[] {9800, 9750, 9900, 9700, 9850}));
    assertEquals(Optional.empty(), Repetitions.instability(new double[] {9800, 9400, 10100, 9600, 9950}));
    // too few to tell either way
    assertEquals(Optional.empty(), Repetitions.instability(new double[] {5100, 9800, 9750}));
  }
}
