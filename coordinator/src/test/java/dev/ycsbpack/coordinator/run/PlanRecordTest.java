package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A coordinated run's plan.json from its plan: totals from the clients' shares, no URL, the concerns sent. */
class PlanRecordTest {
  private static final List<Host> HOSTS = List.of(new Host.Rsh("h1"), new Host.Rsh("h2"));

  @Test
  void theTotalsAreTheClientsSharesAddedUp() {
    List<ClientPlan> clients = new ArrayList<>();
    long[] threads = {3, 3, 2, 2};
    long[] targets = {26, 25, 25, 25};
    for (int i = 0; i < 4; i++) {
      clients.add(new ClientPlan(i, "c" + i, HOSTS.get(i % 2), threads[i], targets[i], 100, "all", Map.of()));
    }
    Map<String, String> props = Map.of("workload", "W", "operationcount", "400", "mongodb.url",
        "mongodb://u:secret-pw@db1/ycsb?w=majority", "mongodb.password", "secret-pw");
    RunPlan plan = new RunPlan(Phase.RUN, "mongodb", HOSTS, clients, props, Path.of("b"), List.of(),
        List.of("-Xmx1g"));
    ReproduciblePlan p = PlanRecord.of(plan, Redactor.of(props), Supervisor.Settings.defaults(),
        Map.of("server.writeConcern", "w=majority", "server.version", "7.0.1"));
    assertEquals("run", p.kind());
    assertEquals(ReproduciblePlan.COORDINATOR, p.tool());
    assertEquals(10, p.threads());
    assertEquals(101, p.target());
    assertEquals(4, p.clients());
    assertEquals(2, p.clientsPerHost());
    assertEquals(List.of("h1", "h2"), p.hosts());
    assertEquals(List.of("-Xmx1g"), p.jvmArgs());
    assertEquals(Map.of("workload", "W", "operationcount", "400", "mongodb.password", Redactor.MASK),
        p.properties());
    assertEquals(Map.of("server.writeConcern", "w=majority"), p.concerns(), "the concerns only, as sent");
    assertEquals(Supervisor.Settings.defaults().readyTimeout().toSeconds(), p.readyTimeoutSeconds());
    assertNull(PlanRecord.of(plan, Redactor.of(props), Supervisor.Settings.defaults(), Map.of()).concerns());
  }
}
