package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link RunStop}'s bound on threads that do not return: one operation wait past the grace for a thread in an
 * operation, and one past the start of its cleanup for a thread whose binding sends a last batch there; the reason
 * names where the threads are and, when the waits are bounded, hints at no setting the user did not make.
 */
class RunStopTest {
  private static final long WAIT_MS = 1_000;

  /** A client thread: registered, in an operation for {@code operationMs}, then cleaning up for {@code cleanupMs}. */
  private static Thread client(OperationProgress progress, long operationMs, long cleanupMs, CountDownLatch ready) {
    Thread t = new Thread(() -> {
      OperationProgress.Slot slot = progress.register();
      ready.countDown();
      blockFor(operationMs); // as a socket read, which an interrupt does not end
      slot.cleaningUp();
      blockFor(cleanupMs);
    }, "client");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void blockFor(long ms) {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
    while (System.nanoTime() < end) {
      try {
        Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
      } catch (InterruptedException e) {
        // ignored, as a blocked socket read ignores it
      }
    }
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void aCleanupThatBeginsLateGetsItsOwnOperationWaitAndOneThatNeverEndsIsNamed() throws Exception {
    OperationProgress lateProgress = new OperationProgress();
    OperationProgress stuckProgress = new OperationProgress();
    CountDownLatch ready = new CountDownLatch(2);
    // bound: 2 s grace, then 1 s wait + 5 s margin = 8 s after the stop for the operation; the late cleanup (from
    // 4 s to 9 s) has until 4 + 6 = 10 s
    Thread late = client(lateProgress, 4_000, 5_000, ready);
    Thread stuck = client(stuckProgress, 0, 60_000, ready);
    assertTrue(ready.await(10, TimeUnit.SECONDS));
    AtomicReference<String> lateReason = new AtomicReference<>();
    AtomicReference<String> stuckReason = new AtomicReference<>();
    RunStop lateStop = new RunStop(lateProgress);
    lateStop.configure(WAIT_MS, lateReason::set);
    RunStop stuckStop = new RunStop(stuckProgress);
    stuckStop.configure(WAIT_MS, stuckReason::set);
    long stop = System.nanoTime();
    lateStop.stopping();
    stuckStop.stopping();

    late.join(TimeUnit.SECONDS.toMillis(20));
    assertFalse(late.isAlive());
    assertNull(lateReason.get(), "the late cleanup ended within its own bound");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (stuckReason.get() == null && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    double seconds = (System.nanoTime() - stop) / 1e9;
    assertEquals("1 client thread(s) still in the binding's cleanup 6 s after the stop's 2 s grace or after their "
        + "cleanup began (the binding's longest operation wait, 1 s, and 5 s more); YCSB's measurements could not be "
        + "reported", stuckReason.get());
    assertTrue(seconds >= 8 && seconds < 12, "given up " + seconds + " s after the stop");
  }

  @Test
  @Timeout(value = 30, unit = TimeUnit.SECONDS)
  void aThreadBlockedInAnOperationUnderBoundedWaitsIsNotBlamedOnASettingNeverMade() throws Exception {
    OperationProgress progress = new OperationProgress();
    CountDownLatch ready = new CountDownLatch(1);
    client(progress, 60_000, 0, ready);
    assertTrue(ready.await(10, TimeUnit.SECONDS));
    AtomicReference<String> reason = new AtomicReference<>();
    RunStop stop = new RunStop(progress);
    stop.configure(WAIT_MS, reason::set);
    stop.stopping();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (reason.get() == null && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertEquals("1 client thread(s) still blocked in an operation 6 s after the stop's 2 s grace (the binding's "
        + "longest operation wait, 1 s, and 5 s more); YCSB's measurements could not be reported", reason.get());
  }
}
