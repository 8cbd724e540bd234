package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrowdingTest {
  private static Map<String, String> env(String host, String cpus) {
    return Map.of("host.name", host, "cpu.count", cpus);
  }

  @Test
  void machinesAreCountedByTheirOwnNameNotByTheCoordinatorsHosts() {
    // three "local" hosts are one 2-CPU machine; client1 has 4 CPUs for its 2 clients
    String s = Crowding.of(List.of(env("vm", "2"), env("vm", "2"), env("vm", "2"), env("client1", "4"),
        env("client1", "4")));
    assertTrue(s.startsWith("more client JVMs than CPUs: 3 clients on vm's 2 CPUs. "), s);
    assertTrue(s.endsWith("raise -threads instead."), s);
  }

  @Test
  void everyCrowdedMachineIsNamedAndOneClientPerCpuIsFine() {
    assertEquals("more client JVMs than CPUs: 2 clients on a's 1 CPU, 5 clients on b's 4 CPUs.",
        Crowding.of(List.of(env("a", "1"), env("a", "1"), env("b", "4"), env("b", "4"), env("b", "4"),
            env("b", "4"), env("b", "4"))).split(" The clients")[0]);
    assertNull(Crowding.of(List.of(env("a", "2"), env("a", "2"), env("b", "1"))));
  }

  @Test
  void recordsThatDoNotSayAreLeftOut() {
    assertNull(Crowding.of(List.of(Map.of("host.name", "a"), env("a", "x"), env("a", "0"), Map.of())));
    assertNull(Crowding.of(List.of()));
  }
}
