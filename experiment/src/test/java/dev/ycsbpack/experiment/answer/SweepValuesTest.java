package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.experiment.sweep.SweepRun;
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
  void valuesBelowTheClientsAreDroppedWithANoteAndNoneLeftIsRefused() {
    SweepValues.Kept kept = SweepValues.atLeastOnePerClient("-threads", List.of(1L, 2L, 4L, 8L), 2, "thread");
    assertEquals(List.of(2L, 4L, 8L), kept.values());
    assertEquals("-threads 1 dropped, below the 2 clients (each client needs at least one thread); the sweep runs "
        + "2,4,8", kept.note());
    SweepValues.Kept all = SweepValues.atLeastOnePerClient("-threads", List.of(1L, 2L), 1, "thread");
    assertEquals(List.of(1L, 2L), all.values());
    assertEquals(null, all.note(), "nothing dropped, nothing said");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SweepValues.atLeastOnePerClient("-threads", List.of(1L, 2L), 3, "thread"));
    assertEquals("-threads 1,2: every value is below the 3 clients (each client needs at least one thread): "
        + "expected values of 3 or more", e.getMessage());
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

  @Test
  void parsesSharesOfTheMeasuredMaximumAndTheirTargets() {
    assertTrue(SweepValues.isShares("25%,50%"));
    assertTrue(SweepValues.isShares("90%"));
    assertTrue(!SweepValues.isShares("1000,2000"));
    assertEquals(List.of(25L, 50L, 75L, 90L), SweepValues.parseShares("-target", "25%, 50%,75%,90%"));
    assertEquals(List.of(150L), SweepValues.parseShares("-target", "150%"));
    // a share's target: rounded, never 0 (which would mean unthrottled)
    assertEquals(250, new SweepRun.Share(0.25, t -> null).target(1000.4));
    assertEquals(1, new SweepRun.Share(0.01, t -> null).target(20));
  }

  @Test
  void refusesZeroNegativeOverOneHundredFiftyMixedEmptyAndDescendingShares() {
    List<String> bad = List.of("0%,50%", "-5%", "151%", "25%,1000", "1000,25%", "25%,,50%", "50%,25%", "50%,50%",
        "2.5%", "%", "x%", "25 %,50%", "25%,");
    List<String> why = List.of("0% is outside 1% to 150%", "is not a whole percentage", "151% is outside",
        "1000 is not a percentage (absolute targets and shares of the maximum are not mixed)",
        "1000 is not a percentage", "an empty step", "25% does not follow 50%", "50% does not follow 50%",
        "is not a whole percentage", "is not a whole percentage", "is not a whole percentage",
        "is not a whole percentage", "an empty step");
    for (int i = 0; i < bad.size(); i++) {
      String b = bad.get(i);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> SweepValues.parseShares("-target", b), b);
      assertTrue(e.getMessage().startsWith("-target "), e.getMessage());
      assertTrue(e.getMessage().contains(why.get(i)), b + ": " + e.getMessage());
      assertTrue(e.getMessage().endsWith("e.g. -target 25%,50%,75%,90%"), e.getMessage());
    }
  }
}
