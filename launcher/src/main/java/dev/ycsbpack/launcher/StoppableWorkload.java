package dev.ycsbpack.launcher;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * Stands in front of the run's real workload (named by {@value #REAL_WORKLOAD}) so that a stop request reaches the
 * operations as well as the loop around them.
 *
 * <p>YCSB's client threads check {@code isStopRequested()} only between operations, so an operation blocked on a
 * dead server (30 s of server selection, each) or a frozen one (a socket read) outlives the request by that long.
 * Every stop request, from YCSB's own {@code maxexecutiontime} or from the {@link StallWatch}, therefore also starts
 * {@link RunStop}, which interrupts the operations still running after a grace period. Everything else passes
 * straight through.
 */
public final class StoppableWorkload extends Workload {
  /** Property naming the real workload class. */
  static final String REAL_WORKLOAD = "ycsbpack.workload";

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

  /** Stops the run as YCSB's time limit does; false when YCSB has not created the workload yet. */
  static boolean stopCurrent() {
    StoppableWorkload w = current;
    if (w == null) {
      return false;
    }
    w.requestStop();
    return true;
  }
}
