package dev.ycsbpack.experiment.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** ABBA: A first in odd rounds, B first in even ones, so neither arm always runs right after the other. */
class AbOrderTest {
  @Test
  void oddRoundsRunAFirstAndEvenRoundsBFirst() {
    List<String> order = AbOrder.of(4).stream().map(s -> (s.arm() == 0 ? "A" : "B") + s.round()).toList();
    assertEquals(List.of("A1", "B1", "B2", "A2", "A3", "B3", "B4", "A4"), order);
    assertEquals(List.of(), AbOrder.of(0));
  }

  @Test
  void eachRunIsNamedByItsPlaceArmAndRound() {
    List<AbOrder.Slot> order = AbOrder.of(2);
    assertEquals(new AbOrder.Slot(2, 0), order.get(3), "round 2 ends with A");
    assertEquals("04-w1-r2", order.get(3).name(4, "w1"));
    assertEquals("round 1: w1 maj, round 2: maj w1", AbOrder.words(2, "w1", "maj"));
    assertEquals("round 1: A B, round 2: B A, round 3: A B, ...", AbOrder.words(5, "A", "B"));
  }
}
