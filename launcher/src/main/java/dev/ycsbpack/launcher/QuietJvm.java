package dev.ycsbpack.launcher;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Waits until this JVM has stopped working in the background, so that a coordinated client says {@code READY} only
 * when releasing it costs nothing but its own first operation.
 *
 * <p>Why: when a client has started, connected and warmed up, its JIT compiler threads still hold a queue of methods
 * to compile, a second or more of CPU. On a host that runs several clients those compilations are still running when
 * the clients are released, and they compete for the cores with the client threads that should begin their first
 * operation: the start spread widens (docs/PERFORMANCE.md). While this waits every client thread is parked at the
 * start gate, so the CPU the process still uses is that background work.
 *
 * @param window  how long one measurement lasts
 * @param idleCpu the most CPU the whole process may use in one window to count as quiet
 * @param limit   how long to wait at most (the window under way is finished); a JVM that is never quiet is not held
 *                back longer
 */
record QuietJvm(Duration window, Duration idleCpu, Duration limit) {
  /** 50 ms windows; quiet under 5 ms of CPU in one (a tenth of a core); at most 3 s. */
  static final QuietJvm DEFAULT = new QuietJvm(Duration.ofMillis(50), Duration.ofMillis(5), Duration.ofSeconds(3));

  /** How the wait ended. */
  record Wait(Duration waited, boolean quiet) {
  }

  /**
   * Waits for one quiet window, or the limit; returns at once where the process's CPU time cannot be read, and when
   * the thread is interrupted (the caller's own wait then sees the interrupt).
   */
  Wait await() {
    return await(QuietJvm::processCpuNanos);
  }

  /** {@link #await()} reading CPU time from {@code cpuNanos} (-1: not available). */
  Wait await(LongSupplier cpuNanos) {
    long start = System.nanoTime();
    long deadline = start + limit.toNanos();
    long before = cpuNanos.getAsLong();
    if (before < 0) {
      return new Wait(Duration.ZERO, false);
    }
    while (true) {
      // every window is whole: a window cut short at the limit would look quiet because it is short
      long windowEnd = System.nanoTime() + window.toNanos();
      long left;
      while ((left = windowEnd - System.nanoTime()) > 0) {
        if (Thread.currentThread().isInterrupted()) {
          return new Wait(Duration.ofNanos(System.nanoTime() - start), false);
        }
        LockSupport.parkNanos(left);
      }
      long after = cpuNanos.getAsLong();
      boolean quiet = after - before <= idleCpu.toNanos();
      long now = System.nanoTime();
      if (quiet || now - deadline >= 0) {
        return new Wait(Duration.ofNanos(now - start), quiet);
      }
      before = after;
    }
  }

  /** CPU time of the whole process (all its threads, compiler and GC threads included), -1 if not available. */
  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return -1;
  }
}
