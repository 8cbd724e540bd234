package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.EnvironmentFacts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Machines that ran more client JVMs than they have CPUs, from the clients' own environment records (so several
 * {@code local} hosts, or two host names for one machine, count as the one machine they are). On such a machine the
 * clients released first take the cores the others need to reach their first operation, which widens the start
 * spread (measured on 2 CPUs: 1 ms with 2 clients, 6 ms with 4, 14 ms with 8; docs/PERFORMANCE.md), and the
 * clients compete with each other for CPU throughout.
 */
final class Crowding {
  private Crowding() {
  }

  /**
   * One sentence naming every crowded machine, or null when none is (or the records do not say).
   *
   * @param environments each client's {@code environment.properties}
   */
  static String of(Collection<Map<String, String>> environments) {
    Map<String, Integer> clients = new TreeMap<>();
    Map<String, Integer> cpus = new TreeMap<>();
    for (Map<String, String> env : environments) {
      String host = env.get(EnvironmentFacts.HOST_NAME);
      Integer n = cpuCount(env.get(EnvironmentFacts.CPU_COUNT));
      if (host == null || n == null) {
        continue;
      }
      clients.merge(host, 1, Integer::sum);
      cpus.put(host, n);
    }
    List<String> crowded = new ArrayList<>();
    clients.forEach((host, n) -> {
      if (n > cpus.get(host)) {
        crowded.add(n + " clients on " + host + "'s " + cpus.get(host) + " CPU" + (cpus.get(host) == 1 ? "" : "s"));
      }
    });
    if (crowded.isEmpty()) {
      return null;
    }
    return "more client JVMs than CPUs: " + String.join(", ", crowded) + ". The clients released first take the "
        + "cores the others need, which widens the start spread, and they compete for CPU throughout; give each "
        + "machine at most one client per CPU and raise -threads instead.";
  }

  private static Integer cpuCount(String value) {
    try {
      int n = Integer.parseInt(value == null ? "" : value.trim());
      return n > 0 ? n : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
