package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The time limit runs from the first operation, however long the client took to get there. */
class MeasuredWindowTest {
  @Test
  void theWindowEndsItsLengthAfterTheFirstOperationNotAfterItWasMade() throws Exception {
    CountDownLatch ended = new CountDownLatch(1);
    MeasuredWindow w = new MeasuredWindow(1, ended::countDown);
    assertEquals(-1, w.deadlineNanos());
    assertEquals(-1, w.measuredMs());
    Thread.sleep(600); // connecting, warming up, waiting at the gate: none of it counts
    long first = System.nanoTime();
    w.begin();
    w.begin(); // every later operation: no new window
    assertTrue(ended.await(30, TimeUnit.SECONDS), "the window ends");
    long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - first);
    assertTrue(took >= 1000, "ended " + took + " ms after the first operation; asked 1000");
    assertTrue(w.measuredMs() >= 1000, "measured " + w.measuredMs() + " ms");
    assertTrue(w.deadlineNanos() >= first + TimeUnit.SECONDS.toNanos(1) - 1, "deadline from the first operation");
    assertEquals(1000, w.askedMs());
  }
}
