package dev.ycsbpack.coordinator.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientOverviewTest {
  private static Manifest.ClientEntry client(String name, String host, String verdict, String reason) {
    return Manifest.ClientEntry.builder().name(name).host(host).threads(1).operations(100).keys("all").verdict(verdict)
        .reason(reason).exitStatus(0).build();
  }

  @Test
  void hostsWithAFailedClientComeFirstThenTheSlowestAndEveryClientIsListedOnce() {
    List<Manifest.ClientEntry> clients = new ArrayList<>();
    for (int h = 1; h <= 64; h++) {
      for (int k = 1; k <= 2; k++) {
        String name = String.format("%03d-h%d", 2 * (h - 1) + k, h);
        boolean failed = h == 40 && k == 2;
        boolean stopped = h < 40 && k == 1; // the others, stopped when 080-h40 failed, come after it
        clients.add(client(name, "h" + h, failed || stopped ? "FAILED" : "COMPLETE",
            failed ? "lost the coordinator" : stopped ? "stopped by the coordinator" : null));
      }
    }
    clients.set(0, client("001-h1", "h1", "MISSING", "could not be started: no java"));
    Map<String, Double> rates = new java.util.HashMap<>();
    clients.forEach(c -> rates.put(c.name(), 1000.0));
    rates.remove("001-h1"); // never started: no rate
    rates.put("100-h50", 10.0); // the slowest complete client
    rates.put("099-h50", 900.0);

    List<Manifest.HostGroup> groups = ClientOverview.of(clients, rates);

    assertEquals(64, groups.size());
    assertEquals(128, groups.stream().mapToInt(g -> g.lines().size()).sum());
    assertEquals(List.of("h1", "h40", "h2"), groups.subList(0, 3).stream().map(Manifest.HostGroup::host).toList());
    assertEquals("001-h1 MISSING: could not be started: no java", groups.get(0).lines().get(0));
    assertEquals("080-h40 FAILED: lost the coordinator, 1,000.0 ops/s", groups.get(1).lines().get(0));
    assertEquals(1, groups.get(1).failed());
    assertEquals(List.of("003-h2 FAILED: stopped by the coordinator, 1,000.0 ops/s", "004-h2 COMPLETE, 1,000.0 ops/s"),
        groups.get(2).lines());
    assertEquals("h39", groups.get(39).host());
    assertEquals(List.of("100-h50 COMPLETE, 10.0 ops/s", "099-h50 COMPLETE, 900.0 ops/s"), groups.get(40).lines());
    assertEquals(0, groups.get(40).failed());
    // the rest keep the plan's order
    assertEquals("h41", groups.get(41).host());
    assertEquals("h64", groups.get(63).host());
    // the merged outputs' order: the same, one implementation
    assertEquals(groups.stream().flatMap(g -> g.lines().stream()).map(l -> l.substring(0, l.indexOf(' '))).toList(),
        ClientOverview.order(clients, rates));
    assertEquals(List.of("001-h1", "002-h1", "080-h40", "079-h40", "003-h2"),
        ClientOverview.order(clients, rates).subList(0, 5));
  }
}
