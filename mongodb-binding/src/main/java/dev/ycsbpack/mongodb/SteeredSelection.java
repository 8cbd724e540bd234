package dev.ycsbpack.mongodb;

import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import com.mongodb.selector.ServerSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Steers the server selection of one command on the calling thread, for the two commands a point read sends
 * after its {@code find} (see {@link PointRead}):
 * <ul>
 *   <li>its retry avoids the mongos that failed ({@link #avoiding}), as the driver's retryable reads deprioritise it
 *   ({@code OperationContext.ServerDeprioritization}, driver 5.14: on sharded clusters only; when no other mongos is
 *   eligible, the failed one is used after all);
 *   <li>a {@code killCursors} goes to the server that holds the cursor ({@link #pinned}).
 * </ul>
 *
 * <p>Installed once in every client's cluster settings; the driver applies it after the read preference and
 * before the latency window, on the thread that runs the command (the sync driver selects on the caller's
 * thread). Outside those two it passes every server through: one thread-local read per selection.
 */
final class SteeredSelection implements ServerSelector {
  static final SteeredSelection INSTANCE = new SteeredSelection();

  private record Steer(ServerAddress address, boolean pin) {
  }

  private static final ThreadLocal<Steer> STEER = new ThreadLocal<>();

  private SteeredSelection() {
  }

  /** Runs {@code command} with {@code failed} (null: none) left out of selection when another mongos is eligible. */
  static <T> T avoiding(ServerAddress failed, Supplier<T> command) {
    return failed == null ? command.get() : steered(new Steer(failed, false), command);
  }

  /** Runs {@code command} on {@code server} if it is eligible (else where the read preference allows). */
  static <T> T pinned(ServerAddress server, Supplier<T> command) {
    return steered(new Steer(server, true), command);
  }

  private static <T> T steered(Steer steer, Supplier<T> command) {
    STEER.set(steer);
    try {
      return command.get();
    } finally {
      STEER.remove();
    }
  }

  @Override
  public List<ServerDescription> select(ClusterDescription cluster) {
    List<ServerDescription> servers = cluster.getServerDescriptions();
    Steer steer = STEER.get();
    if (steer == null || (!steer.pin && cluster.getType() != ClusterType.SHARDED)) {
      return servers;
    }
    List<ServerDescription> chosen = new ArrayList<>(servers.size());
    for (ServerDescription server : servers) {
      if (server.getAddress().equals(steer.address) == steer.pin) {
        chosen.add(server);
      }
    }
    // never an empty choice: the driver would wait for a server until its selection timeout
    return chosen.isEmpty() ? servers : chosen;
  }

  @Override
  public String toString() {
    return "SteeredSelection{a point read's retry avoids the failed mongos; its killCursors goes to the cursor's server}";
  }
}
