package dev.ycsbpack.coordinator.bundle;

import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The manifest's clients grouped by host for a reader of a run with many: the hosts with a client that failed by
 * itself first, then those with a client stopped because another failed, then
 * the host of the slowest client, and so on; inside a host, failed clients first, then the slowest. The flat
 * {@code clients} list stays in plan order for tools.
 */
public final class ClientOverview {
  private ClientOverview() {
  }

  /**
   * @param clients   the manifest's clients, in plan order
   * @param opsPerSec each client's measured operations per second (missing: unknown, ranked last among the complete)
   */
  public static List<Manifest.HostGroup> of(List<Manifest.ClientEntry> clients, Map<String, Double> opsPerSec) {
    List<Manifest.HostGroup> out = new ArrayList<>();
    for (List<Manifest.ClientEntry> l : byHost(clients, opsPerSec)) {
      List<String> lines = new ArrayList<>();
      for (Manifest.ClientEntry c : l) {
        lines.add(line(c, opsPerSec.get(c.name())));
      }
      out.add(new Manifest.HostGroup(l.get(0).host(), l.size(), (int) l.stream().filter(ClientOverview::failed).count(),
          lines));
    }
    return out;
  }

  /**
   * The clients' names in the order {@link #of} lists them: by host, worst host first, worst client first inside a
   * host. The merged outputs list their clients in this order too, so the manifest and the report read alike.
   */
  public static List<String> order(List<Manifest.ClientEntry> clients, Map<String, Double> opsPerSec) {
    return byHost(clients, opsPerSec).stream().flatMap(List::stream).map(Manifest.ClientEntry::name).toList();
  }

  private static List<List<Manifest.ClientEntry>> byHost(List<Manifest.ClientEntry> clients,
      Map<String, Double> opsPerSec) {
    Comparator<Manifest.ClientEntry> worstFirst = Comparator
        .comparingInt(ClientOverview::rank)
        // failed clients in plan order (stable sort), complete ones slowest first
        .thenComparingDouble(c -> failed(c) ? 0 : opsPerSec.getOrDefault(c.name(), Double.MAX_VALUE));
    Map<String, List<Manifest.ClientEntry>> byHost = new LinkedHashMap<>();
    for (Manifest.ClientEntry c : clients) {
      byHost.computeIfAbsent(c.host(), h -> new ArrayList<>()).add(c);
    }
    byHost.values().forEach(l -> l.sort(worstFirst));
    List<List<Manifest.ClientEntry>> hosts = new ArrayList<>(byHost.values());
    hosts.sort(Comparator.comparing(l -> l.get(0), worstFirst)); // a host ranks as its worst client
    return hosts;
  }

  /** 0: failed by itself (the cause), 1: stopped because another failed, 2: complete. */
  private static int rank(Manifest.ClientEntry c) {
    if (!failed(c)) {
      return 2;
    }
    return c.reason() != null && c.reason().startsWith(ClientControl.STOPPED) ? 1 : 0;
  }

  private static boolean failed(Manifest.ClientEntry c) {
    return RunJudgement.clientFailed(c.verdict(), c.reason());
  }

  private static String line(Manifest.ClientEntry c, Double opsPerSec) {
    String rate = opsPerSec == null ? "" : String.format(Locale.ROOT, ", %,.1f ops/s", opsPerSec);
    if (failed(c)) {
      return c.name() + " " + RunJudgement.failedClientShown(c.verdict())
          + (c.reason() == null ? "" : ": " + c.reason()) + rate;
    }
    return c.name() + " " + RunStatus.COMPLETE.label() + rate;
  }
}
