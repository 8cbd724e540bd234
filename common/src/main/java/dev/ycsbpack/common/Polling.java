package dev.ycsbpack.common;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Asking the same question again until it has an answer or a time limit has passed, with a pause between tries: the
 * one wait loop for things that come on their own time (a line another thread reads, a port that starts listening, a
 * write that becomes visible). An interrupt ends the wait at once, without an answer, and leaves the thread's
 * interrupt flag set for its caller.
 */
public final class Polling {
  private Polling() {
  }

  /**
   * The first non-null answer of {@code probe}, asked at once and then every {@code pauseMs} until {@code limitMs}
   * have passed (once more at the limit, so a slow try is not wasted); null when none came in time or the thread was
   * interrupted.
   */
  public static <T> T firstAnswer(long limitMs, long pauseMs, Supplier<T> probe) {
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMs);
    while (true) {
      T answer = probe.get();
      if (answer != null) {
        return answer;
      }
      if (System.nanoTime() - until > 0) {
        return null;
      }
      try {
        Thread.sleep(pauseMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
  }

  /** Whether {@code condition} held within {@code limitMs}, asked as {@link #firstAnswer} asks. */
  public static boolean holds(long limitMs, long pauseMs, BooleanSupplier condition) {
    return firstAnswer(limitMs, pauseMs, () -> condition.getAsBoolean() ? Boolean.TRUE : null) != null;
  }
}
