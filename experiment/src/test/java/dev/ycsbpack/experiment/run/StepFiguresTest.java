package dev.ycsbpack.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.StepTelemetry;
import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.run.RunOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepFiguresTest {
  @TempDir
  Path clients;

  private void client(String name, String host, long cpuMs, long uptimeMs, int cpus) throws IOException {
    Path d = Files.createDirectories(clients.resolve(name));
    Files.writeString(d.resolve("environment.properties"), "host.name=" + host + "\nprocess.cpu.ms=" + cpuMs
        + "\nprocess.uptime.ms=" + uptimeMs + "\ncpu.count=" + cpus + "\n");
  }

  /** A step just run has the figures a reader of its bundle would get: the outcome's are the files'. */
  @Test
  void theFiguresOfAnOutcomeAreThoseItsBundleHolds() throws IOException {
    Path step = clients.resolve("01-threads-1");
    RunOutcome outcome = StepOutcomes.complete(step, StepOutcomes.manifest("01-threads-1", "COMPLETE", null, null,
        Map.of("server.writeConcern", "majority")), StepOutcomes.merged(1234.5, null, null, null), true);
    client("01-threads-1/clients/01-local1", "a", 1_800, 2_000, 2);

    StepFigures fromOutcome = StepFiguresReader.of(outcome, step);

    assertEquals(StepFiguresReader.read(step), fromOutcome);
    assertEquals(1234.5, fromOutcome.throughput());
    assertEquals("majority", fromOutcome.writeConcern());
  }

  /** What the server did during a step: from the run's outcome, and the same read back from the bundle. */
  @Test
  void theStepsServerSeriesGiveItsCacheFillPagesReadAndLagBothWays() throws IOException {
    Path step = clients.resolve("02-threads-2");
    Series server = new Series("server", Map.of("host", "db1:27017"), List.of(new Column("wiredTiger.cache.bytes",
        "bytes"), new Column("wiredTiger.cache.maxBytes", "bytes"), new Column("wiredTiger.cache.pagesRead", "count"),
        new Column("repl.db2:27017.lagMs", "ms")),
        List.of(new Sample(1_000, Arrays.asList(2e8, 1e9, 100.0, 0.0)),
            new Sample(11_000, Arrays.asList(6e8, 1e9, 900.0, 35.0)),
            new Sample(21_000, Arrays.asList(5e8, 1e9, 1600.0, null))),
        List.of());
    RunOutcome sampled = StepOutcomes.complete(step, StepOutcomes.manifest("02-threads-2", "COMPLETE", null, null,
        Map.of()), StepOutcomes.merged(99, null, null, null), true);
    sampled = new RunOutcome(sampled.manifest(), sampled.merged(), List.of(), sampled.exitCode(), List.of(server));
    TelemetryFiles.write(step, server);

    StepTelemetry expected = new StepTelemetry(0.6, 1500L, 35.0);
    assertEquals(expected, StepFiguresReader.of(sampled, step).telemetry());
    assertEquals(expected, StepFiguresReader.read(step).telemetry(), "--resume, compare and publish read the same");
  }

  @Test
  void aHostsClientJvmsAddUpOverItsCpusAndTheLongestLife() throws IOException {
    // two clients on a 2-CPU host: 1,800 + 1,900 ms of CPU over 2,000 ms x 2 CPUs = 92.5%: saturated
    client("01-local1", "a", 1_800, 2_000, 2);
    client("02-local2", "a", 1_900, 1_900, 2);
    // one client on a 4-CPU host: 1,000 ms over 2,000 ms x 4 = 12.5%
    client("03-b", "b", 1_000, 2_000, 4);
    // a client that recorded no CPU time (an older pack) is left out, not counted as idle
    Path old = Files.createDirectories(clients.resolve("04-c"));
    Files.writeString(old.resolve("environment.properties"), "host.name=c\ncpu.count=2\n");
    Map<String, Double> cpu = StepFiguresReader.hostCpu(clients, Map.of("01-local1", "local1", "02-local2", "local2",
        "03-b", "b", "04-c", "c"), Set.of("local1", "local2"));
    assertEquals(Map.of("a", 0.925, "b", 0.125), cpu);
    assertEquals(true, cpu.get("a") >= StepFigures.SATURATED);
    assertEquals(false, cpu.get("b") >= StepFigures.SATURATED);
  }

  @Test
  void clientsOnDifferentHostsThatReportOneHostNameAreTwoHosts() throws IOException {
    // two containers on two coordinator hosts, both named "ycsb" inside: each host's CPU share is its own
    client("01-client1", "ycsb", 1_800, 2_000, 1);
    client("02-client2", "ycsb", 200, 2_000, 1);
    // and a client the manifest does not list keeps its host.name
    client("03-gone", "ycsb-other", 500, 2_000, 1);
    Map<String, Double> cpu = StepFiguresReader.hostCpu(clients, Map.of("01-client1", "client1", "02-client2",
        "client2"), Set.of());
    assertEquals(Map.of("client1", 0.9, "client2", 0.1, "ycsb-other", 0.25), cpu);
  }

  /**
   * Whether a host is this machine is its recorded kind, not its label: an ssh host named {@code local2} is a host of
   * its own. A manifest from before the kind was recorded falls back to the label rule its pack used.
   */
  @Test
  void anSshHostNamedLikeALocalOneIsAHostOfItsOwn() throws IOException {
    List<Manifest.HostEntry> hosts = List.of(new Manifest.HostEntry("local1", "local", "17", 0, 0, List.of()),
        new Manifest.HostEntry("local2", "ssh", "17", 0, 0, List.of()));
    assertEquals(Set.of("local1"), StepFiguresReader.localHosts(hosts));
    client("01-local1", "this-machine", 500, 1_000, 2);
    client("02-local2", "far-away", 1_800, 1_000, 2);
    assertEquals(Map.of("this-machine", 0.25, "local2", 0.9), StepFiguresReader.hostCpu(clients,
        Map.of("01-local1", "local1", "02-local2", "local2"), StepFiguresReader.localHosts(hosts)));
    List<Manifest.HostEntry> old = List.of(new Manifest.HostEntry("local1", null, "17", 0, 0, List.of()),
        new Manifest.HostEntry("local2", null, "17", 0, 0, List.of()),
        new Manifest.HostEntry("b", null, "17", 0, 0, List.of()));
    assertEquals(Set.of("local1", "local2"), StepFiguresReader.localHosts(old));
  }
}
