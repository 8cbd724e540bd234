package dev.ycsbpack.mongodb;

import com.mongodb.event.ConnectionCheckOutStartedEvent;
import com.mongodb.event.ConnectionPoolListener;

/**
 * Counts, per thread, the connection checkouts the driver starts: one per attempt of a command (the sync driver
 * checks out on the caller's thread, once per attempt, after selecting the server). A point read compares the count
 * before and after a {@code runCommand} to learn how many attempts runCommand's own overload retries made, which its
 * exception does not say ({@link ReadRetries}).
 *
 * <p>Installed once in every client's pool settings. The driver builds the event whether or not anyone listens, so
 * this costs one thread-local increment per command.
 */
final class AttemptCount implements ConnectionPoolListener {
  static final AttemptCount INSTANCE = new AttemptCount();

  private static final ThreadLocal<long[]> STARTED = ThreadLocal.withInitial(() -> new long[1]);

  private AttemptCount() {
  }

  /** Checkouts started on this thread so far: only differences between two readings mean anything. */
  static long started() {
    return STARTED.get()[0];
  }

  @Override
  public void connectionCheckOutStarted(ConnectionCheckOutStartedEvent event) {
    STARTED.get()[0]++;
  }

  @Override
  public String toString() {
    return "AttemptCount{a point read's attempts inside runCommand}";
  }
}
