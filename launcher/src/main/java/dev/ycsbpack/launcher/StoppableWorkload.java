package dev.ycsbpack.launcher;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * Stands in front of the run's real workload (named by {@value #REAL_WORKLOAD}) so that a stop reaches the
 * operations as well as the loop around them, and so that a time limit can be counted from the first measured
 * operation.
 *
 * <p>YCSB's client threads check {@code isStopRequested()} only between operations, so an operation blocked on a
 * dead server (30 s of server selection, each) or a frozen one (a socket read) outlives the request by that long.
 * Every stop request, from a time limit or from the {@link StallWatch}, therefore also starts {@link RunStop}, which
 * interrupts the operations still running after a grace period.
 *
 * <p>With {@value #WINDOW_SECONDS} set (a gated client, {@code --out} or {@code --control}, with a
 * {@code maxexecutiontime}), the time limit is a {@link MeasuredWindow} from the first measured operation: YCSB's own
 * timer would also run through the binding's {@code init()}, the warm-up and the wait at the start gate, so a
 * coordinated run would measure less than asked. YCSB then gets no time limit of its own. Everything else passes
 * straight through.
 */
public final class StoppableWorkload extends Workload {
  /** Property naming the real workload class. */
  public static final String REAL_WORKLOAD = "ycsbpack.workload";
  /** The asked time limit in seconds (the user's maxexecutiontime), counted from the first measured operation. */
  public static final String WINDOW_SECONDS = "ycsbpack.window.seconds";

  /** The instance YCSB created, for the stall watch to stop; null before YCSB's {@code init()}. */
  private static volatile StoppableWorkload current;

  private Workload delegate;

  @Override
  public void init(Properties p) throws WorkloadException {
    String className = p.getProperty(REAL_WORKLOAD);
    try {
      delegate = (Workload) Class.forName(className).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException | NullPointerException e) {
      throw new WorkloadException("cannot create the workload " + className + ": " + e);
    }
    String seconds = p.getProperty(WINDOW_SECONDS);
    if (seconds != null) {
      // StartGateDB begins it at each thread's first operation
      MeasuredWindow.install(new MeasuredWindow(Long.parseLong(seconds.trim()), this::requestStop));
    }
    delegate.init(p);
    current = this;
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return delegate.initThread(p, mythreadid, threadcount);
  }

  @Override
  public void cleanup() throws WorkloadException {
    delegate.cleanup();
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    return delegate.doInsert(db, threadstate);
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    return delegate.doTransaction(db, threadstate);
  }

  @Override
  public void requestStop() {
    super.requestStop();
    delegate.requestStop();
    RunStop.PROCESS.stopping();
  }

  @Override
  public boolean isStopRequested() {
    return super.isStopRequested() || delegate.isStopRequested();
  }

  /** Stops the run as a time limit does; false when YCSB has not created the workload yet. */
  static boolean stopCurrent() {
    StoppableWorkload w = current;
    if (w == null) {
      return false;
    }
    w.requestStop();
    return true;
  }
}
