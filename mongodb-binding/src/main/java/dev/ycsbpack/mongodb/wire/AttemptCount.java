package dev.ycsbpack.mongodb.wire;

import com.mongodb.ServerAddress;
import com.mongodb.event.ConnectionCheckOutStartedEvent;
import com.mongodb.event.ConnectionPoolListener;

/**
 * Counts, per thread, the connection checkouts the driver starts: one per attempt of a command (the sync driver
 * checks out on the caller's thread, once per attempt, after selecting the server). A point read compares the count
 * before and after a {@code runCommand} to learn how many attempts runCommand's own overload retries made, which its
 * exception does not say ({@link ReadRetries}). It also keeps the server of the thread's last attempt: the one that
 * answered an {@code ok: 1} reply carrying a write error ({@link CommandWrites}), which on a sharded cluster is
 * whichever mongos the driver selected, not one the binding could name from the cluster description.
 *
 * <p>Installed once in every client's pool settings. The driver builds the event whether or not anyone listens, so
 * this costs one thread-local increment and one field write per command.
 */
final class AttemptCount implements ConnectionPoolListener {
  static final AttemptCount INSTANCE = new AttemptCount();

  private static final ThreadLocal<Attempts> STARTED = ThreadLocal.withInitial(Attempts::new);

  /** One thread's checkouts so far and the server of the last. */
  private static final class Attempts {
    long started;
    ServerAddress last;
  }

  private AttemptCount() {
  }

  /** Checkouts started on this thread so far: only differences between two readings mean anything. */
  static long started() {
    return STARTED.get().started;
  }

  /** The server this thread's last attempt went to; null before its first. */
  static ServerAddress lastServer() {
    return STARTED.get().last;
  }

  @Override
  public void connectionCheckOutStarted(ConnectionCheckOutStartedEvent event) {
    Attempts a = STARTED.get();
    a.started++;
    a.last = event.getServerId().getAddress();
  }

  @Override
  public String toString() {
    return "AttemptCount{a point read's attempts inside runCommand}";
  }
}
