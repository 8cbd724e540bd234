package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ClientControl;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The process-wide start gate of a coordinated client, and the record of when measuring began.
 *
 * <p>Every client thread arrives here at the end of its binding's {@code init()} (connected, warm-up done). When all
 * have arrived and the JVM's background work has settled ({@link QuietJvm}) the client reports {@code READY}; the
 * threads wait until the coordinator says {@code GO}, so all clients on all hosts begin their first measured
 * operation together. YCSB's {@code RunTime} includes both waits (its clock starts before the threads'
 * {@code init()}), which is why merged throughput is read from the interval logs inside the merge window, never
 * from the clients' {@code [OVERALL]} lines.
 */
final class StartGate {
  /** Installed before YCSB starts when the client is controlled; null otherwise (no waiting). */
  private static volatile StartGate installed;
  private static final AtomicLong FIRST_OPERATION_MS = new AtomicLong(-1);
  private static final AtomicBoolean STARTED_REPORTED = new AtomicBoolean();
  private static volatile Consumer<String> events;
  private static volatile Consumer<String> initFailure = reason -> {
  };

  private final CountDownLatch arrivals;
  private final CountDownLatch go = new CountDownLatch(1);
  private final AtomicBoolean reported = new AtomicBoolean();
  /** When the threads may start, in System.nanoTime(); set before {@link #go} opens. */
  private volatile long releaseNanos;

  private StartGate(int parties) {
    this.arrivals = new CountDownLatch(parties);
  }

  /**
   * Makes client threads wait for {@link #release()}; each event's line goes to {@code eventSink} (which must print it
   * unredacted: see {@link LineWatchingOutputStream#printUnredacted}), and {@code onInitFailure} is
   * called with the reason when a thread's binding
   * fails its {@code init()}: that thread never arrives, so the others would wait at the gate until the coordinator's
   * ready timeout, and the client must fail at once instead.
   */
  static StartGate install(int parties, Consumer<String> eventSink, Consumer<String> onInitFailure) {
    StartGate gate = new StartGate(parties);
    events = eventSink;
    initFailure = onInitFailure;
    installed = gate;
    return gate;
  }

  /** Called by a client thread whose binding failed {@code init()}; nothing happens when no gate is installed. */
  static void initFailed(Exception e) {
    if (installed != null) {
      initFailure.accept("a client thread's binding failed to start (" + e.getMessage() + "), so this client cannot"
          + " start all its threads together");
    }
  }

  /** Called by each client thread when its binding is ready; returns when the run may start. */
  static void arriveAndWait() throws InterruptedException {
    StartGate gate = installed;
    if (gate == null) {
      return;
    }
    gate.arrivals.countDown();
    if (gate.arrivals.getCount() == 0 && gate.reported.compareAndSet(false, true)) {
      QuietJvm.DEFAULT.await(); // the JIT's queue drained now, not while the clients start together
      event(new ClientControl.Event(ClientControl.EventType.READY, 0));
    }
    gate.go.await();
    long left;
    while ((left = gate.releaseNanos - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left); // parked, not spun: on a shared host spinning threads take the cores others need
    }
  }

  /** Lets every waiting thread start at {@code nanoTime} (System.nanoTime()); each thread waits on its own timer. */
  void releaseAt(long nanoTime) {
    releaseNanos = nanoTime;
    go.countDown();
  }

  /**
   * Notes the start of a measured operation; only the first of the process counts. It only records: printing the
   * STARTED event (a line copied to the client folder, read by the coordinator) would put I/O on the first
   * measured operation's path and take CPU just when the other clients on the host wake, so it is printed off that
   * path ({@link #reportStarted()}).
   */
  static void operationStarted() {
    if (FIRST_OPERATION_MS.get() < 0) {
      FIRST_OPERATION_MS.compareAndSet(-1, System.currentTimeMillis());
    }
  }

  /** Prints the STARTED event once the first measured operation has begun; safe to call from any thread, often. */
  static void reportStarted() {
    long t = FIRST_OPERATION_MS.get();
    if (t >= 0 && STARTED_REPORTED.compareAndSet(false, true)) {
      event(new ClientControl.Event(ClientControl.EventType.STARTED, t));
    }
  }

  /** Wall-clock ms when the first measured operation began, -1 if none did. */
  static long firstOperationEpochMs() {
    return FIRST_OPERATION_MS.get();
  }

  /**
   * Prints an event for the coordinator. Its line is fixed words and numbers ({@link ClientControl.Event#line()}):
   * it holds no secret by construction, so it is printed unredacted, exactly as the coordinator parses it.
   */
  static void event(ClientControl.Event e) {
    Consumer<String> out = events;
    if (out != null) {
      out.accept(e.line());
    }
  }
}
