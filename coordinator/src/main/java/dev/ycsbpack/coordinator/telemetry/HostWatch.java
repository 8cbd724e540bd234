package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import dev.ycsbpack.coordinator.plan.Host;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The machines a command's runs sample: each {@code --server-host}, then each client host, every machine once (the
 * {@code local} hosts are this one machine; a host that is both a server host and a client host is sampled once, as
 * the server's).
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
    Set<Object> seen = new HashSet<>();
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
      Set<Object> seen, Set<String> sources) {
    boolean local = h instanceof Host.Local;
    if (!seen.add(local ? "local" : h)) {
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
