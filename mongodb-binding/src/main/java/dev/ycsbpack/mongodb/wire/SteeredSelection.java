package dev.ycsbpack.mongodb.wire;

import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import com.mongodb.selector.ServerSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Steers the server selection of one command on the calling thread, for the commands a point read sends after its
 * first {@code find} (see {@link PointRead}) and an update's retry:
 * <ul>
 *   <li>a retry avoids the servers that failed ({@link #avoiding}, {@link #retrying}), as the driver's retries
 *   deprioritise them ({@code OperationContext.ServerDeprioritization}, driver 5.14): on a sharded cluster every server
 *   an attempt failed on; on other topologies, with {@code enableOverloadRetargeting}, every server that answered
 *   with a SystemOverloadedError. When no other server is eligible, a failed one is used after all;
 *   <li>a point read's retry starts no attempt past those the driver's find would make ({@link #retrying}): runCommand
 *   retries overload errors on its own, and a selection past the limit ends it with the last failure;
 *   <li>a {@code killCursors} goes to the server that holds the cursor ({@link #pinned}).
 * </ul>
 *
 * <p>Installed once in every client's cluster settings; the driver applies it after the read preference and
 * before the latency window, on the thread that runs the command (the sync driver selects on the caller's
 * thread). Outside those it passes every server through: one thread-local read per selection.
 */
final class SteeredSelection implements ServerSelector {
  static final SteeredSelection INSTANCE = new SteeredSelection();

  /** Thrown by a selection past a retry's last attempt; runCommand then fails with the attempt before it. */
  static final class AttemptsSpent extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private AttemptsSpent() {
      super("the driver's find would make no further attempt", null, false, false);
    }
  }

  private static final AttemptsSpent SPENT = new AttemptsSpent();
  private static final long NO_LIMIT = Long.MAX_VALUE;

  /**
   * @param pin            the one server to use, or null
   * @param onShards       servers avoided on a sharded cluster
   * @param everywhere     servers avoided on any topology
   * @param checkoutsUntil the {@link AttemptCount#started()} at which no further attempt may start
   */
  private record Steer(ServerAddress pin, Set<ServerAddress> onShards, Set<ServerAddress> everywhere,
      long checkoutsUntil) {
  }

  private static final ThreadLocal<Steer> STEER = new ThreadLocal<>();

  private SteeredSelection() {
  }

  /** Runs {@code command} with {@code failed} (null: none) left out of selection when another mongos is eligible. */
  static <T> T avoiding(ServerAddress failed, Supplier<T> command) {
    return failed == null ? command.get() : steered(new Steer(null, Set.of(failed), Set.of(), NO_LIMIT), command);
  }

  /**
   * Runs a point read's retry: {@code onShards} and {@code everywhere} avoided as {@link Steer} says, and at most
   * {@code attempts} attempts (runCommand's own overload retries included).
   */
  static <T> T retrying(Set<ServerAddress> onShards, Set<ServerAddress> everywhere, int attempts,
      Supplier<T> command) {
    return steered(new Steer(null, onShards, everywhere, AttemptCount.started() + attempts), command);
  }

  /** Runs {@code command} on {@code server} if it is eligible (else where the read preference allows). */
  static <T> T pinned(ServerAddress server, Supplier<T> command) {
    return steered(new Steer(server, Set.of(), Set.of(), NO_LIMIT), command);
  }

  /** Whether a steer is in force on this thread: {@link CachedSelection} then leaves the selection to the driver. */
  static boolean steering() {
    return STEER.get() != null;
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
    if (steer == null) {
      return servers;
    }
    if (steer.checkoutsUntil != NO_LIMIT && !servers.isEmpty() && AttemptCount.started() >= steer.checkoutsUntil) {
      throw SPENT;
    }
    List<ServerDescription> chosen = new ArrayList<>(servers.size());
    if (steer.pin != null) {
      for (ServerDescription server : servers) {
        if (server.getAddress().equals(steer.pin)) {
          chosen.add(server);
        }
      }
    } else {
      Set<ServerAddress> avoid = cluster.getType() == ClusterType.SHARDED ? steer.onShards : steer.everywhere;
      if (avoid.isEmpty()) {
        return servers;
      }
      for (ServerDescription server : servers) {
        if (!avoid.contains(server.getAddress())) {
          chosen.add(server);
        }
      }
    }
    // never an empty choice: the driver would wait for a server until its selection timeout
    return chosen.isEmpty() ? servers : chosen;
  }

  @Override
  public String toString() {
    return "SteeredSelection{a retry avoids the failed servers and makes the driver's attempts; a killCursors goes"
        + " to the cursor's server}";
  }
}
