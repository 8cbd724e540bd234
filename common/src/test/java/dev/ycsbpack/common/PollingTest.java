package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The wait loop: an answer ends it, the limit ends it (after one last ask), an interrupt ends it at once. */
class PollingTest {
  @Test
  void returnsTheFirstAnswerAndAsksNoMore() {
    AtomicInteger asked = new AtomicInteger();
    String answer = Polling.firstAnswer(10_000, 1, () -> asked.incrementAndGet() == 3 ? "third" : null);
    assertEquals("third", answer);
    assertEquals(3, asked.get());
  }

  @Test
  void givesUpAtTheLimitAfterAskingOnceMoreThere() {
    AtomicInteger asked = new AtomicInteger();
    long start = System.nanoTime();
    assertFalse(Polling.holds(200, 50, () -> asked.incrementAndGet() < 0));
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertTrue(tookMs >= 200, "gave up after " + tookMs + " ms, before the limit");
    // at once, then every 50 ms to the limit, then once past it: at least 200 / 50 + 1 asks
    assertTrue(asked.get() >= 5, "asked " + asked.get() + " times");
  }

  @Test
  void anInterruptEndsTheWaitAtOnceAndStaysSet() {
    AtomicInteger asked = new AtomicInteger();
    Thread.currentThread().interrupt();
    try {
      long start = System.nanoTime();
      assertNull(Polling.firstAnswer(60_000, 1_000, () -> asked.incrementAndGet() > 1000 ? "never" : null));
      assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 1_000, "the wait went on");
      assertEquals(1, asked.get());
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt flag is set again for the caller");
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aConditionThatHoldsAtOnceIsAskedOnce() {
    AtomicInteger asked = new AtomicInteger();
    assertTrue(Polling.holds(10_000, 1_000, () -> asked.incrementAndGet() > 0));
    assertEquals(1, asked.get());
  }
}
