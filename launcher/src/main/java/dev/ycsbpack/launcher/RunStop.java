package dev.ycsbpack.launcher;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Ends the operations of a run that was told to stop, within a bound, even when they block.
 *
 * <p>After the stop request the client threads get {@value #GRACE_MS} ms to finish the operation they are in (a
 * healthy server answers in far less, so a time-limited run against one loses nothing). Threads still running then
 * are interrupted, every {@value #REPEAT_MS} ms: the driver gives up a server selection wait (up to 30 s per
 * operation against a dead server) or a pool wait at once, and the operation is counted as failed (a thread that
 * is already cleaning up is left alone: closing its client must not be cut). A read blocked
 * on a frozen server cannot be interrupted; it ends at the socket read timeout (the binding's default 30 s). If
 * threads are still running {@link #giveUpAfterMs} after the grace, the run is ended without YCSB's report.
 */
final class RunStop {
  static final long GRACE_MS = 2_000;
  static final long REPEAT_MS = 500;
  /** Extra time past the longest operation wait before giving up on the threads. */
  private static final long GIVE_UP_MARGIN_MS = 5_000;
  /** When the binding's waits are unbounded (socketTimeoutMS=0). */
  private static final long GIVE_UP_UNBOUNDED_MS = 30_000;

  static final RunStop PROCESS = new RunStop(OperationProgress.PROCESS);

  private final OperationProgress progress;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private volatile long giveUpAfterMs = GIVE_UP_UNBOUNDED_MS + GIVE_UP_MARGIN_MS;
  private volatile Consumer<String> giveUp = reason -> { };

  RunStop(OperationProgress progress) {
    this.progress = progress;
  }

  /**
   * Sets how long to wait for blocked threads after the grace, and what to do when they do not return.
   *
   * @param longestOperationWaitMs the binding's longest operation wait; -1 when unbounded
   * @param giveUp called once with the reason when threads are still running after that
   */
  void configure(long longestOperationWaitMs, Consumer<String> giveUp) {
    this.giveUpAfterMs = (longestOperationWaitMs > 0 ? longestOperationWaitMs : GIVE_UP_UNBOUNDED_MS)
        + GIVE_UP_MARGIN_MS;
    this.giveUp = giveUp;
  }

  /** The run is stopping: starts ending its operations (once; later calls do nothing). */
  void stopping() {
    if (stopping.compareAndSet(false, true)) {
      Thread t = new Thread(this::endOperations, "ycsbpack-run-stop");
      t.setDaemon(true);
      t.start();
    }
  }

  /** True once a stop was requested. */
  boolean isStopping() {
    return stopping.get();
  }

  private void endOperations() {
    try {
      Thread.sleep(GRACE_MS);
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(giveUpAfterMs);
      while (true) {
        List<Thread> running = progress.runningThreads();
        if (running.isEmpty()) {
          return;
        }
        if (System.nanoTime() > deadline) {
          giveUp.accept(running.size() + " client thread(s) still blocked in an operation "
              + TimeUnit.MILLISECONDS.toSeconds(GRACE_MS + giveUpAfterMs) + " s after the stop (a socket read without "
              + "timeout: socketTimeoutMS=0?); YCSB's measurements could not be reported");
          return;
        }
        progress.threadsInOperations().forEach(Thread::interrupt);
        Thread.sleep(REPEAT_MS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
