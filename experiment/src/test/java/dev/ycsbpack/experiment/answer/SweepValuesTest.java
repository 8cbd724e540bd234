package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.experiment.sweep.SweepValues;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepValuesTest {
  @Test
  void parsesAscendingWholeNumbersAndDoubles() {
    assertEquals(List.of(1L, 2L, 4L, 16L), SweepValues.parse("-threads", "1, 2,4,16"));
    assertEquals(List.of(1L, 2L, 4L, 8L), SweepValues.doubling(8));
    assertEquals(List.of(1L, 2L, 4L, 8L), SweepValues.doubling(15));
  }

  @Test
  void refusesEmptyNonNumericZeroDescendingAndTooLong() {
    StringBuilder many = new StringBuilder("1");
    for (int i = 2; i <= 33; i++) {
      many.append(',').append(i);
    }
    for (String bad : List.of("", " ", "1,,2", "1,two", "0,1", "1,2,2", "4,2", "1.5", "-1", "1,2,", many.toString(),
        "1,99999999999")) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SweepValues.parse("-threads", bad), bad);
      assertTrue(e.getMessage().startsWith("-threads "), e.getMessage());
      assertTrue(e.getMessage().endsWith("e.g. -threads 1,2,4,8"), e.getMessage());
    }
  }
}
