package dev.ycsbpack.launcher;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;

/**
 * What the client threads' operations have achieved so far, observed as they return: how many succeeded, and how
 * many failed with which status. Read by the {@link StallWatch} while the run goes on.
 *
 * <p>The success path costs one identity compare and one plain store to a counter only its own thread writes (an
 * opaque write: no fence, no shared cache line); the watch sums the counters a few times a second. Failures, the
 * rare path, go to shared per-status counters.
 */
final class OperationProgress {
  /** The one instance of this JVM: YCSB creates the DB instances, so they find it here. */
  static final OperationProgress PROCESS = new OperationProgress();

  private final List<Slot> slots = new CopyOnWriteArrayList<>();
  private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();

  /** One client thread's share; written by that thread only. */
  static final class Slot {
    private static final VarHandle SUCCEEDED;

    static {
      try {
        SUCCEEDED = MethodHandles.lookup().findVarHandle(Slot.class, "succeeded", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private final OperationProgress owner;
    final Thread thread;
    @SuppressWarnings("unused") // written and read through SUCCEEDED
    private long succeeded;
    /** Set once the thread's operations are over and its binding cleans up (closing a client must not be cut). */
    private volatile boolean cleaningUp;
    /** {@link System#nanoTime()} when the cleanup began; read only once {@link #cleaningUp} is set. */
    private volatile long cleanupStartNanos;

    private Slot(OperationProgress owner, Thread thread) {
      this.owner = owner;
      this.thread = thread;
    }

    /** Notes how an operation of this slot's thread ended. */
    void done(Status status) {
      if (status == Status.OK) {
        succeeded();
      } else {
        rare(status);
      }
    }

    private void succeeded() {
      SUCCEEDED.setOpaque(this, (long) SUCCEEDED.getOpaque(this) + 1);
    }

    private void rare(Status status) {
      if (status == null) {
        owner.failed("(no status)");
      } else if (status == Status.BATCHED_OK) {
        return; // buffered, not sent: it says nothing about the server yet
      } else if (status == Status.NOT_FOUND || status.getName().equals(Status.NOT_FOUND.getName())) {
        succeeded(); // the server answered: nothing there is an answer too
      } else {
        owner.failed(status.getName());
      }
    }

    void cleaningUp() {
      cleanupStartNanos = System.nanoTime();
      cleaningUp = true;
    }

    long succeededSoFar() {
      return (long) SUCCEEDED.getOpaque(this);
    }
  }

  /** A slot for the calling thread (a YCSB client thread, from its DB's {@code init()}). */
  Slot register() {
    Slot s = new Slot(this, Thread.currentThread());
    slots.add(s);
    return s;
  }

  private void failed(String statusName) {
    failures.computeIfAbsent(statusName, k -> new LongAdder()).increment();
  }

  /** Operations that succeeded (OK or NOT_FOUND) so far, over every thread. */
  long succeeded() {
    long sum = 0;
    for (Slot s : slots) {
      sum += s.succeededSoFar();
    }
    return sum;
  }

  /** Failed operations so far by status name, sorted by name. */
  Map<String, Long> failures() {
    Map<String, Long> m = new TreeMap<>();
    failures.forEach((k, v) -> m.put(k, v.sum()));
    return m;
  }

  /** Client threads still alive, and whether each is still in its operations (not yet cleaning up). */
  List<Thread> runningThreads() {
    return slots.stream().filter(s -> s.thread.isAlive()).map(s -> s.thread).toList();
  }

  /**
   * A client thread still alive: in its operations, or in its binding's cleanup since {@code cleanupStartNanos}.
   *
   * @param cleanupStartNanos {@link System#nanoTime()} when its cleanup began; meaningless unless {@code cleaningUp}
   */
  record Running(Thread thread, boolean cleaningUp, long cleanupStartNanos) {
  }

  /** {@link #runningThreads()} with where each is. */
  List<Running> running() {
    return slots.stream().filter(s -> s.thread.isAlive())
        .map(s -> new Running(s.thread, s.cleaningUp, s.cleanupStartNanos)).toList();
  }

  /** Those of {@link #runningThreads()} still in their operations: interrupting them cuts an operation short. */
  List<Thread> threadsInOperations() {
    return slots.stream().filter(s -> !s.cleaningUp && s.thread.isAlive()).map(s -> s.thread).toList();
  }
}
