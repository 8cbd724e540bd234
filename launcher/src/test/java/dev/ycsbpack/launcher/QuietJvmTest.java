package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * The waiting rule is tested against CPU clocks that this test controls (busy = the clock runs with real time, as
 * one fully busy core's would), so a loaded machine cannot make a busy window look idle; the process's real CPU
 * clock is tested with burner threads and generous margins.
 */
class QuietJvmTest {
  private static final Duration MS_20 = Duration.ofMillis(20);
  private static final Duration MS_4 = Duration.ofMillis(4);

  /** A CPU clock that runs with real time (one busy core) for {@code busyMs} from now, then stops. */
  private static LongSupplier busyFor(long busyMs) {
    long start = System.nanoTime();
    long busyNanos = busyMs * 1_000_000;
    return () -> Math.min(System.nanoTime() - start, busyNanos);
  }

  @Test
  void waitsUntilTheCpuClockStopsThenReportsQuiet() {
    QuietJvm.Wait wait = new QuietJvm(MS_20, MS_4, Duration.ofSeconds(5)).await(busyFor(400));
    assertTrue(wait.quiet(), wait.toString());
    assertTrue(wait.waited().toMillis() >= 400, "returned while the clock still ran: " + wait);
  }

  @Test
  void givesUpAtItsLimitWhenTheProcessNeverSettles() {
    QuietJvm.Wait wait = new QuietJvm(MS_20, MS_4, Duration.ofMillis(300)).await(busyFor(Long.MAX_VALUE / 2_000_000));
    assertFalse(wait.quiet(), wait.toString());
    assertTrue(wait.waited().toMillis() >= 300, wait.toString());
    // the limit falls 2 ms into the second window: that window still lasts 200 ms, so it is not a quiet-looking
    // 2 ms (when the first window overruns the limit on a loaded machine, there is no second window to test)
    QuietJvm.Wait edge = new QuietJvm(Duration.ofMillis(200), MS_4, Duration.ofMillis(202))
        .await(busyFor(Long.MAX_VALUE / 2_000_000));
    assertFalse(edge.quiet(), edge.toString());
  }

  @Test
  void withoutACpuClockItReturnsAtOnce() {
    QuietJvm.Wait wait = new QuietJvm(Duration.ofSeconds(1), MS_4, Duration.ofSeconds(5)).await(() -> -1);
    assertFalse(wait.quiet(), wait.toString());
    assertTrue(wait.waited().isZero(), wait.toString());
  }

  @Test
  void anInterruptedThreadStopsWaitingAtOnce() {
    Thread.currentThread().interrupt();
    try {
      QuietJvm.Wait wait = new QuietJvm(Duration.ofSeconds(1), MS_4, Duration.ofSeconds(5)).await();
      assertFalse(wait.quiet(), wait.toString());
      assertTrue(wait.waited().toMillis() < 500, wait.toString());
      assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept for the caller");
    } finally {
      Thread.interrupted();
    }
  }

  /** The process's own CPU clock: two threads burning in this JVM keep it from looking quiet. */
  @Test
  void theProcessClockSeesThreadsBurningInThisJvm() throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> burners = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Thread t = new Thread(() -> {
        long x = 0;
        while (!stop.get()) {
          x += System.nanoTime() % 7;
        }
        if (x == 42) {
          System.out.print(""); // keeps the loop from being optimised away
        }
      }, "burner-" + i);
      t.setDaemon(true);
      t.start();
      burners.add(t);
    }
    try {
      // two busy threads use about 100-200 ms of CPU per 100 ms window, well above 10 ms even on a loaded machine
      QuietJvm.Wait wait = new QuietJvm(Duration.ofMillis(100), Duration.ofMillis(10), Duration.ofMillis(500)).await();
      assertFalse(wait.quiet(), wait.toString());
      assertTrue(wait.waited().toMillis() >= 500, wait.toString());
    } finally {
      stop.set(true);
      for (Thread t : burners) {
        t.join();
      }
    }
  }

  @Test
  void anIdleProcessIsQuietWithinAFewWindows() {
    QuietJvm.Wait wait = new QuietJvm(MS_20, Duration.ofMillis(10), Duration.ofSeconds(5)).await();
    assertTrue(wait.quiet(), wait.toString());
    assertTrue(wait.waited().toMillis() >= 20 && wait.waited().toMillis() < 4_000, wait.toString());
  }
}
