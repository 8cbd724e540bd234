package dev.ycsbpack.experiment.run;

import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.StepTelemetry;
import dev.ycsbpack.aggregate.input.TelemetryInput;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.coordinator.run.RunOutcome;
import dev.ycsbpack.experiment.answer.Point;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads a finished step's {@link StepFigures} from its bundle (aggregate's {@code merged.json} with aggregate's own
 * mapping, the clients' environment records) and turns them into the {@link Point} the answer rules weigh.
 */
public final class StepFiguresReader {
  /**
   * The coordinator's label of a {@code local} host, for manifests written before the host's kind was recorded (by
   * packs that only ever labelled local hosts so; an ssh host named so is then taken for this machine).
   */
  private static final java.util.regex.Pattern OLD_LOCAL_LABEL = java.util.regex.Pattern.compile("local[0-9]+");

  private StepFiguresReader() {
  }

  /**
   * The figures of the step bundle at {@code dir} (which must hold {@code merged/merged.json}), with what the server
   * did during the step from the bundle's {@code telemetry/} when it has one.
   */
  public static StepFigures read(Path dir) throws IOException {
    MergedJson m = MergedJson.MAPPER.readValue(dir.resolve("merged/merged.json").toFile(), MergedJson.class);
    return of(m, dev.ycsbpack.coordinator.bundle.Bundle.read(dir), dir.resolve("clients"))
        .withTelemetry(StepTelemetry.of(TelemetryInput.read(dir).series()));
  }

  /**
   * The figures of a step this process has just run, from its outcome: the same figures {@link #read} takes from the
   * bundle it wrote. Only the clients' environment records, written by the clients, are read from {@code dir}.
   *
   * @throws IOException when the run was not merged (a step that failed has no figures)
   */
  public static StepFigures of(RunOutcome outcome, Path dir) throws IOException {
    if (outcome.merged() == null) {
      throw new IOException("the step in " + dir + " has no merged figures");
    }
    return of(outcome.merged(), outcome.manifest(), dir.resolve("clients"))
        .withTelemetry(StepTelemetry.of(outcome.telemetry()));
  }

  /** The figures of a step from its merged result, its manifest and its client folders. */
  private static StepFigures of(MergedJson m, dev.ycsbpack.coordinator.bundle.Manifest manifest, Path clients)
      throws IOException {
    Map<String, Map<String, Long>> latency = new TreeMap<>();
    Map<String, Map<String, Long>> service = new TreeMap<>();
    Map<String, StepFigures.Range> range = new TreeMap<>();
    boolean intended = false;
    for (MergedJson.Operation op : m.operations()) {
      if (op.name().equals("CLEANUP") || op.latencyUs() == null || op.latencyUs().count() == 0) {
        continue;
      }
      MergedJson.Latency shown = op.intendedLatencyUs() != null ? op.intendedLatencyUs() : op.latencyUs();
      range.put(op.name(), new StepFigures.Range(shown.mean(), shown.min(), shown.max()));
      if (op.intendedLatencyUs() != null) {
        intended = true;
        latency.put(op.name(), op.intendedLatencyUs().percentiles());
        service.put(op.name(), op.latencyUs().percentiles());
      } else {
        latency.put(op.name(), op.latencyUs().percentiles());
      }
    }
    Map<String, String> hostOf = new TreeMap<>();
    manifest.clients().forEach(c -> hostOf.put(c.name(), c.host()));
    Map<String, Double> cpu = hostCpu(clients, hostOf, localHosts(manifest.hosts()));
    boolean saturated = cpu.values().stream().anyMatch(v -> v >= StepFigures.SATURATED);
    Double rate = m.overall().errorRate();
    Double tp = m.overall().throughputOpsPerSec();
    Map<String, String> server = manifest.server();
    return new StepFigures(tp == null ? 0 : tp, rate == null ? 0 : rate, latency, intended ? service : null, cpu,
        saturated, range, server == null ? null : server.get(dev.ycsbpack.common.EnvironmentFacts.WRITE_CONCERN));
  }

  /** The manifest's hosts that are this machine: by their recorded kind, else (older manifests) by their label. */
  static java.util.Set<String> localHosts(List<dev.ycsbpack.coordinator.bundle.Manifest.HostEntry> hosts) {
    java.util.Set<String> local = new java.util.TreeSet<>();
    if (hosts != null) {
      for (dev.ycsbpack.coordinator.bundle.Manifest.HostEntry h : hosts) {
        if (h.kind() == null ? OLD_LOCAL_LABEL.matcher(h.host()).matches() : h.kind().equals("local")) {
          local.add(h.host());
        }
      }
    }
    return local;
  }

  /** What the answer rules weigh. */
  public static Point point(StepFigures f, double x, long target) {
    Map<String, Map<Double, Double>> p = new LinkedHashMap<>();
    f.latencyUs().forEach((op, byLabel) -> {
      Map<Double, Double> v = new LinkedHashMap<>();
      byLabel.forEach((label, us) -> v.put(Double.parseDouble(label), us.doubleValue()));
      p.put(op, v);
    });
    return new Point(x, f.throughput(), p, f.errorRate(), f.clientSaturated(), target);
  }

  /**
   * Per host, its client JVMs' CPU time over the longest-lived one's age times the host's CPUs (the records'
   * {@code process.cpu.ms}, {@code process.uptime.ms}, {@code cpu.count}). A host is the coordinator's host label of
   * the client ({@code hostOf}, from the bundle's manifest): containers or network namespaces on different machines may
   * all report one {@code host.name}. Local hosts ({@code local1}, {@code local2}, ...) are this one machine, keyed by
   * its {@code host.name}, as is a client the manifest does not list.
   *
   * @param hostOf     the host of each client, by client folder name
   * @param localHosts the hosts that are this machine ({@link #localHosts})
   */
  static Map<String, Double> hostCpu(Path clients, Map<String, String> hostOf, java.util.Set<String> localHosts)
      throws IOException {
    Map<String, long[]> byHost = new TreeMap<>();
    if (!Files.isDirectory(clients)) {
      return Map.of();
    }
    List<Path> dirs = new ArrayList<>();
    try (Stream<Path> s = Files.list(clients)) {
      s.filter(Files::isDirectory).sorted().forEach(dirs::add);
    }
    for (Path d : dirs) {
      Path env = new ClientFolder(d).environment();
      if (!Files.isRegularFile(env)) {
        continue;
      }
      Map<String, String> e = PropertiesFiles.read(env);
      Long cpuMs = number(e.get(EnvironmentFacts.PROCESS_CPU_MS));
      Long upMs = number(e.get(EnvironmentFacts.PROCESS_UPTIME_MS));
      Long cpus = number(e.get(EnvironmentFacts.CPU_COUNT));
      String label = hostOf.get(d.getFileName().toString());
      String host = label == null || localHosts.contains(label) ? e.get(EnvironmentFacts.HOST_NAME) : label;
      if (cpuMs == null || upMs == null || cpus == null || host == null || upMs <= 0 || cpus <= 0) {
        continue;
      }
      long[] acc = byHost.computeIfAbsent(host, h -> new long[3]);
      acc[0] += cpuMs;
      acc[1] = Math.max(acc[1], upMs);
      acc[2] = cpus;
    }
    Map<String, Double> out = new TreeMap<>();
    byHost.forEach((h, a) -> out.put(h, Math.round(1000.0 * a[0] / ((double) a[1] * a[2])) / 1000.0));
    return out;
  }

  private static Long number(String s) {
    try {
      return s == null ? null : Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
