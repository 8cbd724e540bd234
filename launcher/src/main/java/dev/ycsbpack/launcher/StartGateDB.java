package dev.ycsbpack.launcher;

import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Stands in front of the real binding (named by {@value LaunchArguments#REAL_DB}) for {@code --out} and
 * {@code --control} runs: after the binding's {@code init()} it waits at the {@link StartGate}, and it notes when the
 * first measured operation begins. Operations pass straight through; YCSB's {@code DBWrapper} times them around this
 * class, so the cost measured is one more virtual call and one field test per operation.
 */
public final class StartGateDB extends DB {
  private DB delegate;
  private boolean started;

  @Override
  public void init() throws DBException {
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
    if (delegate != null) {
      delegate.cleanup();
    }
  }

  private void first() {
    started = true;
    StartGate.operationStarted();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (!started) {
      first();
    }
    return delegate.read(table, key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
                     Vector<java.util.HashMap<String, ByteIterator>> result) {
    if (!started) {
      first();
    }
    return delegate.scan(table, startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    if (!started) {
      first();
    }
    return delegate.update(table, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (!started) {
      first();
    }
    return delegate.insert(table, key, values);
  }

  @Override
  public Status delete(String table, String key) {
    if (!started) {
      first();
    }
    return delegate.delete(table, key);
  }
}
