package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import dev.ycsbpack.coordinator.plan.Host;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The machines a command's runs sample: each {@code --server-host}, then each client host, every machine once (the
 * {@code local} hosts are this one machine; a host that is both a server host and a client host is sampled once,
 * with the role {@link WatchedHost#BOTH}: its figures hold the clients' load beside the server's).
 *
 * @param hosts the machines, in that order
 */
public record HostWatch(List<WatchedHost> hosts) {
  /** Nothing sampled: {@code --no-telemetry}, or a caller with no hosts to watch. */
  public static final HostWatch NONE = new HostWatch(List.of());

  public HostWatch {
    hosts = List.copyOf(hosts);
  }

  /**
   * The watch of {@code servers} and {@code clients}, a remote one reached through {@code shells} (the shell its
   * clients would use).
   */
  public static HostWatch of(List<Host> servers, List<Host> clients, Function<Host, RemoteShell> shells) {
    List<WatchedHost> out = new ArrayList<>();
    Map<Object, Integer> seen = new HashMap<>();
    Set<String> sources = new HashSet<>();
    for (Host h : servers) {
      add(h, WatchedHost.SERVER, shells, out, seen, sources);
    }
    for (Host h : clients) {
      add(h, WatchedHost.CLIENT, shells, out, seen, sources);
    }
    return new HostWatch(out);
  }

  private static void add(Host h, String role, Function<Host, RemoteShell> shells, List<WatchedHost> out,
      Map<Object, Integer> seen, Set<String> sources) {
    boolean local = h instanceof Host.Local;
    Integer known = seen.putIfAbsent(local ? "local" : h, out.size());
    if (known != null) {
      WatchedHost w = out.get(known);
      if (!w.role().equals(role) && !w.role().equals(WatchedHost.BOTH)) {
        out.set(known, new WatchedHost(w.source(), w.name(), WatchedHost.BOTH, w.host(), w.proc()));
      }
      return;
    }
    String name = local ? "local" : h.toString();
    String source = Series.sourceName("host", local ? "local" : h.label());
    if (!sources.add(source)) {
      source = Series.sourceName("host", name); // two hosts of one label (other users or ports): the whole name
      for (int i = 2; !sources.add(source); i++) {
        source = Series.sourceName("host", name) + "-" + i;
      }
    }
    out.add(new WatchedHost(source, name, role, h, local ? new ProcSource.Local()
        : new ProcSource.Remote(shells.apply(h))));
  }

  public boolean isEmpty() {
    return hosts.isEmpty();
  }
}
