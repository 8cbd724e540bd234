package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class QuietJvmTest {
  private static final QuietJvm TWENTY_MS_WINDOWS =
      new QuietJvm(Duration.ofMillis(20), Duration.ofMillis(4), Duration.ofSeconds(5));

  /** Keeps one core busy in this process until {@code stop} is set or {@code forMs} have passed. */
  private static Thread burn(AtomicBoolean stop, long forMs) {
    Thread t = new Thread(() -> {
      long end = System.nanoTime() + forMs * 1_000_000;
      long x = 0;
      while (!stop.get() && System.nanoTime() - end < 0) {
        x += System.nanoTime() % 7;
      }
      if (x == 42) {
        System.out.print(""); // keeps the loop from being optimised away
      }
    }, "burner");
    t.setDaemon(true);
    t.start();
    return t;
  }

  @Test
  void waitsUntilBackgroundWorkInTheProcessHasStopped() throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    Thread burner = burn(stop, 400);
    QuietJvm.Wait wait = TWENTY_MS_WINDOWS.await();
    burner.join();
    assertTrue(wait.quiet(), wait.toString());
    assertTrue(wait.waited().toMillis() >= 350, "returned while the burner still ran: " + wait);
    assertTrue(wait.waited().toMillis() < 4_000, wait.toString());
  }

  @Test
  void givesUpAtItsLimitWhenTheProcessNeverSettles() throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    Thread burner = burn(stop, 60_000);
    try {
      QuietJvm.Wait wait = new QuietJvm(Duration.ofMillis(20), Duration.ofMillis(4), Duration.ofMillis(300)).await();
      assertFalse(wait.quiet(), wait.toString());
      assertTrue(wait.waited().toMillis() >= 300 && wait.waited().toMillis() < 2_000, wait.toString());
      // the limit falls 2 ms into the second window: that window still lasts 200 ms, not a quiet-looking 2 ms
      QuietJvm.Wait edge = new QuietJvm(Duration.ofMillis(200), Duration.ofMillis(4), Duration.ofMillis(202)).await();
      assertFalse(edge.quiet(), edge.toString());
      assertTrue(edge.waited().toMillis() >= 390, edge.toString());
    } finally {
      stop.set(true);
      burner.join();
    }
  }

  @Test
  void anIdleProcessIsQuietWithinAFewWindows() {
    QuietJvm.Wait wait = new QuietJvm(Duration.ofMillis(20), Duration.ofMillis(10), Duration.ofSeconds(5)).await();
    assertTrue(wait.quiet(), wait.toString());
    assertTrue(wait.waited().toMillis() >= 20 && wait.waited().toMillis() < 2_000, wait.toString());
  }

  @Test
  void anInterruptedThreadStopsWaitingAtOnce() {
    Thread.currentThread().interrupt();
    try {
      QuietJvm.Wait wait = new QuietJvm(Duration.ofSeconds(1), Duration.ofMillis(5), Duration.ofSeconds(5)).await();
      assertFalse(wait.quiet(), wait.toString());
      assertTrue(wait.waited().toMillis() < 500, wait.toString());
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept for the caller");
    } finally {
      Thread.interrupted();
    }
  }
}
