package dev.ycsbpack.launcher;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A time limit ({@code maxexecutiontime}) counted from the first measured operation, not from the start of the JVM's
 * client threads as YCSB 0.17.0 counts it: for a gated client, YCSB's own timer also runs through the binding's
 * {@code init()}, the warm-up and the wait at the start gate, so a coordinated run would measure less than asked.
 *
 * <p>One per process ({@link #current()}). It ends by calling its end action once, on its own daemon thread, when the
 * window is over. Anything else that needs to know when the asked window ends (a watchdog) reads
 * {@link #deadlineNanos()}.
 */
final class MeasuredWindow {
  private static volatile MeasuredWindow current;

  private final long lengthNanos;
  private final Runnable onEnd;
  private final AtomicLong beganNanos = new AtomicLong(-1);
  private volatile long endedNanos = -1;

  MeasuredWindow(long seconds, Runnable onEnd) {
    this.lengthNanos = TimeUnit.SECONDS.toNanos(seconds);
    this.onEnd = onEnd;
  }

  /** Makes {@code w} the process's window. */
  static void install(MeasuredWindow w) {
    current = w;
  }

  /** The process's window, or null when the run has no time limit counted here. */
  static MeasuredWindow current() {
    return current;
  }

  /** Starts the window at the first call (the first measured operation); later calls do nothing. Cheap. */
  void begin() {
    if (beganNanos.get() >= 0) {
      return;
    }
    long now = System.nanoTime();
    if (!beganNanos.compareAndSet(-1, now)) {
      return;
    }
    Thread t = new Thread(() -> {
      long left;
      while ((left = now + lengthNanos - System.nanoTime()) > 0) {
        try {
          TimeUnit.NANOSECONDS.sleep(left);
        } catch (InterruptedException e) {
          return;
        }
      }
      endedNanos = System.nanoTime();
      onEnd.run();
    }, "ycsbpack-measured-window");
    t.setDaemon(true);
    t.start();
  }

  /** When the window ends, in System.nanoTime(); -1 before the first operation. */
  long deadlineNanos() {
    long b = beganNanos.get();
    return b < 0 ? -1 : b + lengthNanos;
  }

  /** The window's length as asked, in ms. */
  long askedMs() {
    return TimeUnit.NANOSECONDS.toMillis(lengthNanos);
  }

  /**
   * Milliseconds from the first operation to the end of the window, or to now when the run ended before it (by
   * count, or stopped); -1 when no operation began.
   */
  long measuredMs() {
    long b = beganNanos.get();
    if (b < 0) {
      return -1;
    }
    long end = endedNanos >= 0 ? endedNanos : System.nanoTime();
    return TimeUnit.NANOSECONDS.toMillis(end - b);
  }
}
