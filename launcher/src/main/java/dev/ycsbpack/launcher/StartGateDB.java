package dev.ycsbpack.launcher;

import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Stands in front of the real binding (named by {@value LaunchArguments#REAL_DB}) in every run: after the binding's
 * {@code init()} it waits at the {@link StartGate}, it notes when the first measured operation begins, and it tells
 * {@link OperationProgress} how each operation ended (for the {@link StallWatch}). Operations pass straight through;
 * YCSB's {@code DBWrapper} times them around this class, so the cost measured is one more virtual call, one field
 * test and, for a successful operation, one identity compare and one unfenced store per operation.
 */
public final class StartGateDB extends DB {
  private DB delegate;
  private boolean started;
  private OperationProgress.Slot progress;

  @Override
  public void init() throws DBException {
    progress = OperationProgress.PROCESS.register();
    String className = getProperties().getProperty(LaunchArguments.REAL_DB);
    try {
      delegate = (DB) Class.forName(className).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      DBException failure = new DBException("cannot create the binding " + className + ": " + e);
      StartGate.initFailed(failure);
      throw failure;
    }
    delegate.setProperties(getProperties());
    try {
      delegate.init();
    } catch (DBException | RuntimeException e) {
      StartGate.initFailed(e);
      throw e;
    }
    try {
      StartGate.arriveAndWait();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("interrupted at the start gate");
    }
  }

  @Override
  public void cleanup() throws DBException {
    if (progress != null) {
      progress.cleaningUp();
    }
    if (delegate != null) {
      if (RunStop.PROCESS.isStopping()) {
        // an interrupt meant for the last operation must not break closing the client; cleanup is not interrupted
        Thread.interrupted();
      }
      delegate.cleanup();
    }
  }

  /** Before each operation: the first one of this thread marks the start of its measuring. */
  private void beforeOperation() {
    if (!started) {
      first();
    }
  }

  /** After each operation: {@link OperationProgress} learns how it ended. */
  private Status ended(Status s) {
    progress.done(s);
    return s;
  }

  private void first() {
    started = true;
    StartGate.operationStarted();
    MeasuredWindow window = MeasuredWindow.current();
    if (window != null) {
      window.begin(); // once per thread, here rather than on every operation
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    beforeOperation();
    return ended(delegate.read(table, key, fields, result));
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<java.util.HashMap<String, ByteIterator>> result) {
    beforeOperation();
    return ended(delegate.scan(table, startkey, recordcount, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    beforeOperation();
    return ended(delegate.update(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    beforeOperation();
    return ended(delegate.insert(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    beforeOperation();
    return ended(delegate.delete(table, key));
  }
}
