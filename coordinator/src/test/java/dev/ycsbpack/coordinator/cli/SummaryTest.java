package dev.ycsbpack.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.plan.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary line, read from the run's typed merge (no JSON paths by name). */
class SummaryTest {
  private static final List<Host> TWO_HOSTS = List.of(new Host.Ssh(null, "h1", 0), new Host.Ssh(null, "h2", 0));

  @TempDir
  Path dir;

  private static Manifest manifest(String lead) {
    List<Manifest.ClientEntry> clients = List.of(
        new Manifest.ClientEntry("01-h1", "h1", 2, 0, 600, "all", null, null, "COMPLETE", null, 0, null),
        new Manifest.ClientEntry("02-h2", "h2", 2, 0, 600, "all", null, null, "COMPLETE", null, 0, null));
    List<Manifest.HostEntry> hosts = List.of(new Manifest.HostEntry("h1", "ssh", "17", 0, 0, List.of()),
        new Manifest.HostEntry("h2", "ssh", "17", 0, 0, List.of()));
    return new Manifest(null, "COMPLETE", null, "run mongodb", "run", "id", "dev", "t0", "t1",
        Map.of(EnvironmentFacts.WRITE_CONCERN, "w=1"), null, hosts, clients, null, Map.of(), List.of(), lead, null,
        List.of(), null);
  }

  private static MergedJson.Operation op(String name, Map<String, Long> service, Map<String, Long> intended) {
    return MergedJson.Operation.builder().name(name).operations(600).reportedOperations(600).throughputOpsPerSec(100.0)
        .latencyKind("service").latencyUs(new MergedJson.Latency(600, 1, 2.0, 1.0, 9, service, List.of()))
        .intendedLatencyUs(intended == null ? null : new MergedJson.Latency(600, 1, 2.0, 1.0, 9, intended, List.of()))
        .returns(Map.of()).errorRate(0.0).build();
  }

  private static MergedJson merged() {
    MergedJson.Window window = new MergedJson.Window("UNION", 0, 10_000, 10.0, 0, 0, 9.5);
    MergedJson.Overall overall = MergedJson.Overall.builder().clients(2).clientsMerged(2).operations(1190)
        .reportedOperations(1200).coverage(0.99).coverageStatement("").throughputOpsPerSec(119.0)
        .insertDocuments(Map.of("Counted", 400L, "Acknowledged", 399L)).errorRate(0.0)
        .successfulThroughputOpsPerSec(119.0).build();
    return MergedJson.builder().mode("intervals").server("").window(window).percentiles(List.of(50.0, 99.0))
        .overall(overall).operations(List.of(op("READ", Map.of("50", 790L, "99", 35_423L), null),
            op("UPDATE", Map.of("50", 900L, "99", 2_000L), Map.of("50", 1_500L, "99", 40_000L)),
            op("Intended-UPDATE", Map.of("50", 1L, "99", 2L), null), op("CLEANUP", Map.of("50", 1L, "99", 2L), null)))
        .build();
  }

  @Test
  void theLineQuotesTheTypedMergeTheWindowAndIntendedLatencyFirst() throws Exception {
    Bundle bundle = Bundle.create(dir.resolve("b"));
    Files.createDirectories(bundle.clients().resolve("01-h1"));
    Files.writeString(bundle.clients().resolve("01-h1/verdict.properties"),
        "status=COMPLETE\noperations.completed=600\n");
    assertEquals("run COMPLETE: 2 clients on 2 hosts, 600 operations (1,190 of 1,200 measured = 99.2% in the union"
        + " window; all clients ran together for 95.0% of it), 119 ops/s, 399 of 400 batched documents acknowledged;"
        + " write concern w=1; READ p50 790 us, p99 35,423 us; UPDATE intended p50 1,500 us, p99 40,000 us (service"
        + " p99 2,000 us)", Summary.line(bundle, manifest(null), TWO_HOSTS, merged()));
  }

  @Test
  void withoutAMergeTheLineHasTheClientsOwnCountsAndTheLeadFirst() throws Exception {
    Bundle bundle = Bundle.create(dir.resolve("b"));
    assertEquals("run COMPLETE: ERRORS: 3 of 1,200 operations failed; 2 clients on 2 hosts, 0 operations",
        Summary.line(bundle, manifest("ERRORS: 3 of 1,200 operations failed"), TWO_HOSTS, null));
  }

  /** {@code --hosts local,local} names this one machine twice: the line says where the clients ran, not 2 hosts. */
  @Test
  void localHostsAreThisOneMachine() throws Exception {
    Bundle bundle = Bundle.create(dir.resolve("b"));
    assertEquals("run COMPLETE: 2 clients on this machine, 0 operations",
        Summary.line(bundle, manifest(null), List.of(new Host.Local(1), new Host.Local(2)), null));
    assertEquals("this machine", Summary.machines(List.of(new Host.Local(1))));
    assertEquals("2 hosts", Summary.machines(List.of(new Host.Local(1), new Host.Local(2),
        new Host.Ssh("u", "h1", 22))), "this machine and h1");
    assertEquals("1 host", Summary.machines(List.of(new Host.Rsh("pod/ycsb-0"))));
    assertEquals("3 hosts", Summary.machines(List.of(TWO_HOSTS.get(0), TWO_HOSTS.get(1), new Host.Local(1))));
  }
}
