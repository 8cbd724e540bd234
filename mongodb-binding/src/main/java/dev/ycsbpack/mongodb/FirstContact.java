package dev.ycsbpack.mongodb;

import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import com.mongodb.connection.ServerType;
import com.mongodb.event.ClusterDescriptionChangedEvent;
import com.mongodb.event.ClusterListener;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Watches the driver's first contact with the servers and decides as soon as the cause of a failure is certain: a
 * certificate the server presents is rejected by every server on the first heartbeat, which no retry can fix, so
 * waiting out the server selection timeout (30 s by default) would only hide the cause behind "Timed out".
 *
 * <p>A cause that is only likely (a connection dropped right after the TLS handshake, as TLS 1.3 servers that want a
 * client certificate do) is taken as decided when every server showed it {@link #REPEATS} times in a row.
 */
final class FirstContact implements ClusterListener {
  /** Heartbeats in a row that make a likely cause decided (they come every 0.5 s while a command waits). */
  static final int REPEATS = 3;

  private final BindingOptions options;
  private final ConnectFailures.Context context;
  private final CompletableFuture<String> decided = new CompletableFuture<>();
  private final Map<ServerAddress, Integer> repeats = new HashMap<>();
  /** The likely cause seen last, to explain a timeout. */
  private volatile String likely;
  private volatile String lastDescription = "no server contacted yet";
  /** The servers of the driver's last view (empty before its first), guarded by this. */
  private List<ServerAddress> addresses = List.of();

  FirstContact(BindingOptions options) {
    this.options = options;
    this.context = options.connectContext();
  }

  BindingOptions options() {
    return options;
  }

  /** The driver's last view of the cluster, for the full text of a failure. */
  String lastDescription() {
    return lastDescription;
  }

  /** Completes with the failure's sentence once it is certain; never completes when a server answers. */
  CompletableFuture<String> decided() {
    return decided;
  }

  /**
   * Asks each server both ways (see {@link ProtocolProbe}) and decides when one speaks only the protocol the run does
   * not use. Blocks for up to a few seconds per server: call it off the driver's threads.
   */
  void probeProtocols() {
    List<ServerAddress> servers;
    synchronized (this) {
      servers = List.copyOf(addresses.isEmpty() ? List.of(options.firstServer()) : addresses);
    }
    for (ServerAddress server : servers) {
      if (decided.isDone()) {
        return;
      }
      ProtocolProbe.mismatch(server, context.tls(), context.tlsOn()).ifPresent(decided::complete);
    }
  }

  /** The likely cause of the failures seen so far, or null. */
  String likelyCause() {
    return likely;
  }

  @Override
  public synchronized void clusterDescriptionChanged(ClusterDescriptionChangedEvent event) {
    if (decided.isDone()) {
      return;
    }
    ClusterDescription d = event.getNewDescription();
    lastDescription = d.getShortDescription();
    List<ServerDescription> servers = d.getServerDescriptions();
    addresses = servers.stream().map(ServerDescription::getAddress).toList();
    if (servers.isEmpty() || servers.stream().anyMatch(s -> s.getType() != ServerType.UNKNOWN)) {
      return;
    }
    String first = null;
    boolean all = true;
    for (ServerDescription s : servers) {
      Optional<ConnectFailures.Cause> cause = s.getException() == null ? Optional.empty()
          : ConnectFailures.of(s.getException(), s.getAddress(), context);
      if (cause.isEmpty()) {
        repeats.remove(s.getAddress());
        all = false;
        continue;
      }
      int seen = repeats.merge(s.getAddress(), 1, Integer::sum);
      if (!cause.get().certain()) {
        likely = cause.get().sentence();
      }
      if (!cause.get().certain() && seen < REPEATS) {
        all = false;
      } else if (first == null) {
        first = cause.get().sentence();
      }
    }
    if (all && first != null) {
      decided.complete(first);
    }
  }
}
