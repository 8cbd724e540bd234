package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbpack.aggregate.experiment.Answers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A knee is read from three completed steps or more; fewer give "not enough steps", never a knee. */
class AnswerRulesTest {
  private static final double[] P99 = {100, 150, 400, 900};

  @Test
  void oneAndTwoStepsHaveNoKneeAndSayHowManyMore() {
    Answers one = AnswerRules.of(Sweeps.doubling(new double[] {1000}, P99), List.of(), null);
    assertNull(one.knee());
    assertNull(one.latencyKnee());
    assertEquals("not enough steps (1 completed; 3 needed)", one.noKnee());
    assertEquals(1.0, one.best(), "the highest throughput is still what was measured");
    Answers two = AnswerRules.of(Sweeps.doubling(new double[] {1000, 990}, P99), List.of(), null, null,
        "swept values");
    assertNull(two.knee());
    assertNull(two.latencyKnee());
    assertEquals("not enough swept values (2 completed; 3 needed)", two.noKnee());
  }

  @Test
  void threeStepsGiveBothKnees() {
    Answers three = AnswerRules.of(Sweeps.doubling(new double[] {1000, 1900, 2000}, P99), List.of(), null);
    assertNotNull(three.knee());
    assertEquals(2.0, three.latencyKnee(), "150 us at 2 is within 2x of 100 us; 400 us at 4 is not");
    assertNull(three.noKnee());
  }

  @Test
  void noStepsNeitherKneeNorNotEnough() {
    Answers none = AnswerRules.of(List.of(), List.of(), null);
    assertNull(none.knee());
    assertNull(none.noKnee(), "nothing finished says so on its own line");
    assertEquals(0, none.steps());
  }

  @Test
  void theBasisIsKeptForEveryAnswer() {
    Answers a = AnswerRules.of(Sweeps.doubling(new double[] {1000, 1900}, P99), List.of(), null,
        "from the 2 steps that completed before step 03-threads-4 failed", "steps");
    assertEquals("from the 2 steps that completed before step 03-threads-4 failed", a.basis());
  }
}
