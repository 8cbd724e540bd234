package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class FanoutTest {
  @Test
  void runsExactlyTheLimitAtOnceAndKeepsTheItemsOrder() throws Exception {
    List<Integer> items = IntStream.range(0, 12).boxed().toList();
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    // the first three steps wait for each other: they can only pass if three run at once
    CyclicBarrier firstThree = new CyclicBarrier(3);
    List<Integer> out = Fanout.map(items, 3, "test", i -> {
      most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      try {
        if (i < 3) {
          firstThree.await(20, TimeUnit.SECONDS);
        }
        Thread.sleep(20);
      } catch (Exception e) {
        throw new IllegalStateException("step " + i + " did not meet the others: " + e, e);
      } finally {
        inFlight.decrementAndGet();
      }
      return i * 10;
    });
    assertEquals(3, most.get(), "never more than the limit in flight");
    assertEquals(items.stream().map(i -> i * 10).toList(), out);
  }

  @Test
  void aFailingStepIsRethrownOnlyAfterEveryStepHasEnded() throws Exception {
    AtomicInteger ended = new AtomicInteger();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Fanout.map(List.of(1, 2, 3, 4), 2,
        "test", i -> {
          if (i == 1) {
            throw new IllegalStateException("host 1 refused");
          }
          ended.incrementAndGet();
          return i;
        }));
    assertEquals("host 1 refused", e.getMessage());
    assertEquals(3, ended.get(), "the other hosts' steps all ran");
    assertTrue(Fanout.map(List.<Integer>of(), 4, "test", i -> i).isEmpty());
  }
}
