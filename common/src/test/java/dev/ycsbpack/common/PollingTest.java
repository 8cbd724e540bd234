package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
    AtomicLong lastAsked = new AtomicLong();
    long start = System.nanoTime();
    assertFalse(Polling.holds(200, 50, () -> {
      lastAsked.set(System.nanoTime());
      return asked.incrementAndGet() < 0;
    }));
    long lastMs = TimeUnit.NANOSECONDS.toMillis(lastAsked.get() - start);
    // however late the pauses end on a loaded machine: asked at once, and last at or past the limit
    assertTrue(asked.get() >= 2, "asked " + asked.get() + " times");
    assertTrue(lastMs >= 200, "last asked after " + lastMs + " ms, before the limit");
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
