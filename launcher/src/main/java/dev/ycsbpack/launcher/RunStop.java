package dev.ycsbpack.launcher;

import java.util.ArrayList;
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
 * on a frozen server cannot be interrupted; it ends at the socket read timeout (the binding's default 30 s). If a
 * thread is still in an operation {@link #giveUpAfterMs} after the grace, or still in its binding's cleanup (which may
 * send a last batch of inserts: one more operation) {@link #giveUpAfterMs} after that cleanup began, the run is ended
 * without YCSB's report.
 */
final class RunStop {
  static final long GRACE_MS = 2_000;
  static final long REPEAT_MS = 500;
  /** Extra time past the longest operation wait before giving up on the threads. */
  private static final long GIVE_UP_MARGIN_MS = 5_000;
  /** When the binding's waits are unbounded (socketTimeoutMS=0). */
  private static final long GIVE_UP_UNBOUNDED_MS = 30_000;

  private volatile boolean unbounded = true;

  static final RunStop PROCESS = new RunStop(OperationProgress.PROCESS);

  private final OperationProgress progress;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private volatile long giveUpAfterMs = GIVE_UP_UNBOUNDED_MS + GIVE_UP_MARGIN_MS;
  private volatile Consumer<String> giveUp = reason -> {
  };

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
    this.unbounded = longestOperationWaitMs <= 0;
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
      long afterGrace = System.nanoTime();
      long giveUpNanos = TimeUnit.MILLISECONDS.toNanos(giveUpAfterMs);
      while (true) {
        List<OperationProgress.Running> running = progress.running();
        if (running.isEmpty()) {
          return;
        }
        long now = System.nanoTime();
        // a thread's bound runs from the grace's end, or from its cleanup's start when that came later
        boolean overdue = running.stream().anyMatch(r -> now - (r.cleaningUp()
            ? Math.max(afterGrace, r.cleanupStartNanos()) : afterGrace) > giveUpNanos);
        if (overdue) {
          giveUp.accept(blocked(running));
          return;
        }
        progress.threadsInOperations().forEach(Thread::interrupt);
        Thread.sleep(REPEAT_MS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Why the run is ended without its report: where its threads are, and the bound they passed. */
  private String blocked(List<OperationProgress.Running> running) {
    long cleaning = running.stream().filter(OperationProgress.Running::cleaningUp).count();
    long inOperations = running.size() - cleaning;
    List<String> where = new ArrayList<>();
    if (inOperations > 0) {
      where.add(inOperations + " client thread(s) still blocked in an operation");
    }
    if (cleaning > 0) {
      where.add(cleaning + (inOperations > 0 ? "" : " client thread(s)") + " still in the binding's cleanup");
    }
    long seconds = TimeUnit.MILLISECONDS.toSeconds(giveUpAfterMs);
    String why = unbounded ? "(a socket read without timeout: socketTimeoutMS=0?)"
        : "(the binding's longest operation wait, " + TimeUnit.MILLISECONDS.toSeconds(giveUpAfterMs - GIVE_UP_MARGIN_MS)
            + " s, and " + TimeUnit.MILLISECONDS.toSeconds(GIVE_UP_MARGIN_MS) + " s more)";
    return String.join(" and ", where) + " " + seconds + " s after the stop's " + GRACE_MS / 1000 + " s grace"
        + (cleaning > 0 ? " or after their cleanup began " : " ") + why + "; YCSB's measurements could not be reported";
  }
}
