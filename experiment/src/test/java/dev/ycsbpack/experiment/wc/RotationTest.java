package dev.ycsbpack.experiment.wc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RotationTest {
  @Test
  void eachRepetitionStartsOneCellLaterAndGoesRound() {
    assertEquals(List.of(0, 1, 2), Rotation.order(3, 1));
    assertEquals(List.of(1, 2, 0), Rotation.order(3, 2));
    assertEquals(List.of(2, 0, 1), Rotation.order(3, 3));
    assertEquals(List.of(0, 1, 2), Rotation.order(3, 4));
    assertEquals(List.of(0), Rotation.order(1, 5));
  }

  @Test
  void overAsManyRepetitionsAsCellsEachCellTakesEveryPosition() {
    int n = 6;
    for (int position = 0; position < n; position++) {
      Set<Integer> seen = new HashSet<>();
      for (int r = 1; r <= n; r++) {
        seen.add(Rotation.order(n, r).get(position));
      }
      assertEquals(n, seen.size(), "position " + position);
    }
    assertThrows(IllegalArgumentException.class, () -> Rotation.order(0, 1));
    assertThrows(IllegalArgumentException.class, () -> Rotation.order(3, 0));
  }
}
