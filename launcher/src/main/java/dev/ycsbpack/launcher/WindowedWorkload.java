package dev.ycsbpack.launcher;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * Runs the real workload (named by {@value #REAL_WORKLOAD}) and stops it when its {@link MeasuredWindow} ends:
 * {@code maxexecutiontime} counted from the first measured operation. {@code bin/ycsb} puts it in front of the workload
 * of a gated client ({@code --out}, {@code --control}) with a time limit, and gives YCSB no {@code maxexecutiontime} of
 * its own. Every call passes straight through; a stop asked by either reaches both.
 */
public final class WindowedWorkload extends Workload {
  /** The workload class this one runs. */
  public static final String REAL_WORKLOAD = "ycsbpack.workload";
  /** The asked time limit in seconds (the user's maxexecutiontime). */
  public static final String SECONDS = "ycsbpack.window.seconds";

  private Workload delegate;
  private MeasuredWindow window;

  @Override
  public void init(Properties p) throws WorkloadException {
    String className = p.getProperty(REAL_WORKLOAD);
    try {
      delegate = (Workload) Class.forName(className).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException | NullPointerException e) {
      throw new WorkloadException("cannot create the workload " + className + ": " + e);
    }
    window = new MeasuredWindow(Long.parseLong(p.getProperty(SECONDS).trim()), this::requestStop);
    MeasuredWindow.install(window);
    delegate.init(p);
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
    window.begin();
    return delegate.doInsert(db, threadstate);
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    window.begin();
    return delegate.doTransaction(db, threadstate);
  }

  @Override
  public void requestStop() {
    super.requestStop();
    delegate.requestStop();
  }

  @Override
  public boolean isStopRequested() {
    return super.isStopRequested() || delegate.isStopRequested();
  }
}
