package dev.ycsbpack.experiment.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.PropertiesFiles;
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
 * The headline figures of one finished step, read back from its bundle: aggregate's {@code merged.json} (with
 * aggregate's own mapping) and the clients' environment records.
 *
 * @param throughput      merged ops/s of the window
 * @param errorRate       failed / attempted operations
 * @param latencyUs       per operation, percentile label ({@code p50} ...) to microseconds: intended latency when the
 *                        step ran under a target (what a user waiting for the operation saw), else service time
 * @param serviceUs       under a target, the service-time percentiles beside it; else null
 * @param hostCpu         per client host name, the share of its CPUs its client JVMs used (0..1) over their lifetime;
 *                        absent when the clients did not record their CPU time
 * @param clientSaturated whether a client host used at least {@link #SATURATED} of its CPUs
 * @param rangeUs         per operation, the mean, min and max of the same latency as {@code latencyUs}
 * @param writeConcern    the write concern the step's clients sent, as they recorded it (the binding's effective
 *                        concern, {@code server.writeConcern} of the step's bundle); null when none recorded it
 * @param server          the server's memory and cache figures around the step ({@code serverStatus}); null when the
 *                        binding has no server (basic)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepFigures(double throughput, double errorRate, Map<String, Map<String, Long>> latencyUs,
                          Map<String, Map<String, Long>> serviceUs, Map<String, Double> hostCpu,
                          boolean clientSaturated, Map<String, Range> rangeUs, String writeConcern,
                          ServerMemory server) {

  /** Figures without the server's memory figures. */
  public StepFigures(double throughput, double errorRate, Map<String, Map<String, Long>> latencyUs,
                     Map<String, Map<String, Long>> serviceUs, Map<String, Double> hostCpu, boolean clientSaturated,
                     Map<String, Range> rangeUs, String writeConcern) {
    this(throughput, errorRate, latencyUs, serviceUs, hostCpu, clientSaturated, rangeUs, writeConcern, null);
  }

  /** These figures with the server's memory and cache figures around the step. */
  public StepFigures withServer(ServerMemory memory) {
    return new StepFigures(throughput, errorRate, latencyUs, serviceUs, hostCpu, clientSaturated, rangeUs,
        writeConcern, memory);
  }

  /** One operation's mean, min and max latency (microseconds). */
  public record Range(Double avg, long min, long max) {
  }
  /** A client machine this busy was the limit, or close to it. */
  public static final double SATURATED = 0.9;

  /** The figures of the step bundle at {@code dir} (which must hold {@code merged/merged.json}). */
  public static StepFigures read(Path dir) throws IOException {
    MergedJson m = MergedJson.MAPPER.readValue(dir.resolve("merged/merged.json").toFile(), MergedJson.class);
    Map<String, Map<String, Long>> latency = new TreeMap<>();
    Map<String, Map<String, Long>> service = new TreeMap<>();
    Map<String, Range> range = new TreeMap<>();
    boolean intended = false;
    for (MergedJson.Operation op : m.operations()) {
      if (op.name().equals("CLEANUP") || op.latencyUs() == null || op.latencyUs().count() == 0) {
        continue;
      }
      MergedJson.Latency shown = op.intendedLatencyUs() != null ? op.intendedLatencyUs() : op.latencyUs();
      range.put(op.name(), new Range(shown.mean(), shown.min(), shown.max()));
      if (op.intendedLatencyUs() != null) {
        intended = true;
        latency.put(op.name(), op.intendedLatencyUs().percentiles());
        service.put(op.name(), op.latencyUs().percentiles());
      } else {
        latency.put(op.name(), op.latencyUs().percentiles());
      }
    }
    Map<String, Double> cpu = hostCpu(dir.resolve("clients"));
    boolean saturated = cpu.values().stream().anyMatch(v -> v >= SATURATED);
    Double rate = m.overall().errorRate();
    Double tp = m.overall().throughputOpsPerSec();
    Map<String, String> server = dev.ycsbpack.coordinator.bundle.Bundle.read(dir).server();
    return new StepFigures(tp == null ? 0 : tp, rate == null ? 0 : rate, latency, intended ? service : null, cpu,
        saturated, range, server == null ? null : server.get(dev.ycsbpack.common.EnvironmentFacts.WRITE_CONCERN));
  }

  /** What the answer rules weigh. */
  public Point point(double x, long target) {
    Map<String, Map<Double, Double>> p = new LinkedHashMap<>();
    latencyUs.forEach((op, byLabel) -> {
      Map<Double, Double> v = new LinkedHashMap<>();
      byLabel.forEach((label, us) -> v.put(Double.parseDouble(label), us.doubleValue()));
      p.put(op, v);
    });
    return new Point(x, throughput, p, errorRate, clientSaturated, target);
  }

  /**
   * Per host, its client JVMs' CPU time over the longest-lived one's age times the host's CPUs (the records'
   * {@code process.cpu.ms}, {@code process.uptime.ms}, {@code cpu.count}, {@code host.name}).
   */
  static Map<String, Double> hostCpu(Path clients) throws IOException {
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
      Long cpuMs = number(e.get("process.cpu.ms"));
      Long upMs = number(e.get("process.uptime.ms"));
      Long cpus = number(e.get("cpu.count"));
      String host = e.get("host.name");
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
