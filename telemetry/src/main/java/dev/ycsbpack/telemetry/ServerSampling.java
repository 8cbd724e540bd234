package dev.ycsbpack.telemetry;

import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerMonitoringMode;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * A run's server telemetry: one {@link ServerSampler} on the deployment the run's URL reaches (series {@code server}),
 * or, when the URL lists several hosts and they are mongos (a sharded cluster's routers), one per mongos connected
 * directly (series {@code server-HOST_PORT}), since each router's figures are its own.
 */
public final class ServerSampling {
  /** YCSB's status interval property, in seconds; the sampler samples as often. */
  public static final String INTERVAL_PROPERTY = "status.interval";
  /** YCSB's default status interval. */
  public static final long DEFAULT_INTERVAL_MS = 10_000;
  /** The series' name of the deployment. */
  public static final String SOURCE = "server";

  private final List<ServerSampler> samplers;

  private ServerSampling(List<ServerSampler> samplers) {
    this.samplers = samplers;
  }

  /**
   * Starts sampling; returns once each sampler took its first sample (or a bounded wait passed). Never throws for
   * what the server does: that is a note of the series.
   *
   * @param warn takes each one-line warning (a refused command, a first failure)
   */
  public static ServerSampling start(Map<String, String> properties, long intervalMs, Consumer<String> warn) {
    List<String> hosts = hostsOrEmpty(properties);
    if (hosts.size() > 1 && mongos(properties)) {
      List<ServerSampler> each = new ArrayList<>();
      for (String h : hosts) {
        each.add(ServerSampler.start(Series.sourceName(SOURCE, h), properties, new ServerAddress(h), intervalMs,
            warn));
      }
      return new ServerSampling(each);
    }
    return new ServerSampling(List.of(ServerSampler.start(SOURCE, properties, null, intervalMs, warn)));
  }

  /** Takes each sampler's last sample; the series, one per sampler. */
  public List<Series> stop() {
    return samplers.stream().map(ServerSampler::stop).toList();
  }

  /**
   * {@link #stop}, then each series written into {@code dir}'s {@code telemetry/} ({@link TelemetryFiles}); a series
   * that cannot be written is one line through {@code warn}, never an exception: the run does not depend on it.
   */
  public List<Series> stopAndWrite(Path dir, Consumer<String> warn) {
    return write(dir, stop(), warn);
  }

  /** Writes each of {@code series} into {@code dir}'s {@code telemetry/}, as {@link #stopAndWrite} does. */
  public static List<Series> write(Path dir, List<Series> series, Consumer<String> warn) {
    for (Series s : series) {
      try {
        TelemetryFiles.write(dir, s);
      } catch (IOException | RuntimeException e) {
        warn.accept("cannot write the server telemetry " + TelemetryFiles.json(dir, s.source()) + ": "
            + e.getMessage() + " (the run's status does not depend on it)");
      }
    }
    return series;
  }

  /** {@code status.interval} in ms (YCSB reads whole seconds), else YCSB's default of 10 s. */
  public static long intervalMs(Map<String, String> properties) {
    String v = properties.get(INTERVAL_PROPERTY);
    try {
      long seconds = v == null ? 0 : Long.parseLong(v.trim());
      return seconds > 0 ? TimeUnit.SECONDS.toMillis(seconds) : DEFAULT_INTERVAL_MS;
    } catch (NumberFormatException e) {
      return DEFAULT_INTERVAL_MS; // YCSB would refuse it first; the sampler keeps its default
    }
  }

  private static List<String> hostsOrEmpty(Map<String, String> properties) {
    try {
      return OwnClient.hosts(properties);
    } catch (RuntimeException e) {
      return List.of(); // a URL the driver refuses: the one sampler says why in its note
    }
  }

  /**
   * Whether the URL's deployment is a sharded cluster's routers, as the driver found it (a mongos answers its
   * handshake as one): after one ping, so the driver has heard from a server. Its connections (one pooled, one
   * heartbeat per host, polled as the samplers') are closed before any sampler opens its own.
   */
  private static boolean mongos(Map<String, String> properties) {
    try (MongoClient probe = OwnClient.create(properties, b -> b.applyToConnectionPoolSettings(p -> p.maxSize(1))
        .applyToServerSettings(s -> s.serverMonitoringMode(ServerMonitoringMode.POLL))
        .applyToClusterSettings(c -> c.serverSelectionTimeout(ServerSampler.WAIT_MS, TimeUnit.MILLISECONDS)))) {
      probe.getDatabase("admin").runCommand(new BsonDocument("ping", new BsonInt32(1)), BsonDocument.class);
      return probe.getClusterDescription().getType() == ClusterType.SHARDED;
    } catch (RuntimeException e) {
      return false; // the one sampler on the deployment notes what went wrong
    }
  }
}
