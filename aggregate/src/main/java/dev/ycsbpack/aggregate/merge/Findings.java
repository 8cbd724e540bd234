package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.result.OpResult;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.aggregate.result.TimeSeries;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.InsertDocuments;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a reader must know before any number: whether operations failed or found nothing (first), which server was
 * measured (and whether it was MongoDB at all), whether the clients kept up with their target, and whether the server
 * acknowledged every batched insert.
 *
 * @param server   the server as the clients described it, or the (redacted) URL they used; empty when unknown
 * @param warnings statements every output shows first
 */
public record Findings(String server, List<String> warnings) {
  /** A bucket counts as behind when its intended median is this many times its service median ... */
  static final double BEHIND_FACTOR = 2.0;
  /** ... and at least this much (µs) larger: a client sleeping a few µs late is not behind. */
  static final long BEHIND_MIN_US = 1000;

  /**
   * @param outcome    the error budget's verdict on the summed {@code Return=} counts ({@code FAILED: ...}) or its lead
   *                   line ({@code ERRORS: ...}, {@code NOT FOUND: ...}); null when every operation succeeded
   * @param clients    the clients merged
   * @param throughput the merged throughput (ops/s), compared with the clients' summed target
   */
  static Findings of(Settings config, Settings environment, List<OpResult> ops, TimeSeries ts,
      List<Double> percentiles, Map<String, Long> insertDocuments, String outcome, int clients,
      double throughput) {
    List<String> warnings = new ArrayList<>();
    if (outcome != null) {
      warnings.add(outcome);
    }
    Set<String> products = environment.values(EnvironmentFacts.SERVER_PRODUCT);
    String server;
    if (!products.isEmpty()) {
      String version = String.join(" / ", environment.values(EnvironmentFacts.SERVER_VERSION));
      String topology = String.join(" / ", environment.values(EnvironmentFacts.TOPOLOGY));
      server = String.join(" / ", products) + (version.isEmpty() ? "" : " " + version)
          + (topology.isEmpty() ? "" : " (" + topology + ")") + concerns(environment);
      notMongoDb(environment).ifPresent(warnings::add);
    } else {
      Set<String> urls = config.values("mongodb.url");
      server = urls.isEmpty() ? "" : "mongodb.url " + String.join(" / ", urls)
          + " (the clients recorded no server facts)";
    }
    behind(ops, ts, percentiles, targetStatement(config, clients, throughput)).ifPresent(warnings::add);
    long refused = insertDocuments.getOrDefault(InsertDocuments.NOT_ACKNOWLEDGED, 0L);
    long unknown = insertDocuments.getOrDefault(InsertDocuments.FATE_UNKNOWN, 0L);
    if (refused + unknown > 0) {
      String which = unknown == 0 ? "" : String.format(Locale.ROOT, " (%s of unknown fate: sent in a batch that got "
          + "no answer, so the server may have stored them)",
          refused == 0 ? "all" : String.format(Locale.ROOT, "%,d",
              unknown));
      warnings.add(String.format(Locale.ROOT, "NOT ACKNOWLEDGED: %,d of the %,d batched inserts the clients counted "
          + "as done were not acknowledged by the server%s; the INSERT figures count documents that may not be "
          + "stored.", refused + unknown, insertDocuments.getOrDefault(InsertDocuments.COUNTED, 0L), which));
    }
    return new Findings(server, warnings);
  }

  /** The not-MongoDB warning ({@link EnvironmentFacts#notMongoDb}) for these clients' environments. */
  public static java.util.Optional<String> notMongoDb(Settings environment) {
    return EnvironmentFacts.notMongoDb(environment.values(EnvironmentFacts.SERVER_PRODUCT));
  }

  /**
   * The write concern, read concern and read preference the clients ran under ({@code w=1} and {@code w=majority}
   * measure different things), as the binding recorded them; empty for clients that recorded none.
   */
  private static String concerns(Settings environment) {
    StringBuilder s = new StringBuilder();
    String[][] shown = {{EnvironmentFacts.WRITE_CONCERN, "write concern"},
        {EnvironmentFacts.READ_CONCERN, "read concern"}, {EnvironmentFacts.READ_PREFERENCE, "read preference"}};
    for (String[] fact : shown) {
      Set<String> v = environment.values(fact[0]);
      if (!v.isEmpty()) {
        s.append("; ").append(fact[1]).append(' ').append(String.join(" / ", v));
      }
    }
    return s.toString();
  }

  /**
   * Clients with {@code -target} schedule each operation; when the database (or the client) is too slow they fall
   * behind the schedule, and the intended latency (from the scheduled start) grows far beyond the service latency.
   * Then the throughput is below the target and service latency alone understates what a user would wait.
   */
  private static java.util.Optional<String> behind(List<OpResult> ops, TimeSeries ts, List<Double> percentiles,
      String throughputStatement) {
    int p50 = 0;
    while (p50 < percentiles.size() - 1 && percentiles.get(p50) < 50) {
      p50++;
    }
    String pLabel = "p" + plain(percentiles.get(p50));
    long worstUs = 0;
    String worstOp = null;
    int behindBuckets = 0;
    double behindSeconds = 0;
    if (ts.buckets() > 0) {
      // The first bucket holds the clients' start (connections, JIT): a schedule missed there and caught up by the
      // second is a start-up transient, not a client behind its target. Behind later, the whole run is reported.
      boolean laterBehind = false;
      for (int k = 0; k < ts.buckets(); k++) {
        boolean behind = false;
        for (Map.Entry<String, TimeSeries.OpSeries> e : ts.series().entrySet()) {
          TimeSeries.OpSeries intended = ts.series().get(ResultAssembler.INTENDED + e.getKey());
          if (e.getKey().startsWith(ResultAssembler.INTENDED) || intended == null || e.getValue().counts()[k] == 0) {
            continue;
          }
          long svc = e.getValue().percentiles()[p50][k];
          long intd = intended.percentiles()[p50][k];
          if (isBehind(svc, intd)) {
            behind = true;
            if (intended.max()[k] > worstUs) {
              worstUs = intended.max()[k];
              worstOp = e.getKey();
            }
          }
        }
        if (behind) {
          behindBuckets++;
          behindSeconds += ts.bucketSeconds(k);
          laterBehind |= k > 0;
        }
      }
      if (!laterBehind && (ts.buckets() > 1 || behindBuckets == 0)) {
        return java.util.Optional.empty();
      }
      return java.util.Optional.of(String.format(Locale.ROOT, "BEHIND TARGET: the clients fell behind their "
          + "-target schedule in %d of %d time buckets (%.0f s of %.0f s): intended %s latency was over %.0fx "
          + "the service %s, and up to %s behind (%s). %sRead the intended latency, not the service latency.",
          behindBuckets, ts.buckets(), behindSeconds, (ts.endMs() - ts.startMs()) / 1000.0, pLabel, BEHIND_FACTOR,
          pLabel, duration(worstUs), worstOp, throughputStatement));
    }
    for (OpResult op : ops) {
      if (op.intended() != null && isBehind(op.latency().percentiles().get(percentiles.get(p50)),
          op.intended().percentiles().get(percentiles.get(p50)))) {
        return java.util.Optional.of("BEHIND TARGET: " + op.name() + "'s intended " + pLabel + " latency is over "
            + (long) BEHIND_FACTOR + "x its service " + pLabel + ", and up to " + duration(op.intended().maxUs())
            + " behind: the clients fell behind their -target schedule. " + throughputStatement
            + "Read the intended latency.");
      }
    }
    return java.util.Optional.empty();
  }

  /**
   * The merged throughput beside the clients' summed {@code target}, as it was measured ({@code Throughput 480.2
   * ops/s was below the target of 500 ops/s. }); empty when no target is known. Equal at the shown precision is not
   * below: 500.0 ops/s met a target of 500.
   */
  static String targetStatement(Settings config, int clients, double throughput) {
    double target;
    try {
      target = config.sum("target", clients);
    } catch (NumberFormatException e) {
      return "";
    }
    if (!(target > 0) || Double.isNaN(throughput)) {
      return "";
    }
    String shown = String.format(Locale.ROOT, "%,.1f", throughput);
    boolean below = Double.parseDouble(shown.replace(",", "")) < target;
    return String.format(Locale.ROOT, "Throughput %s ops/s %s the target of %,.0f ops/s. ", shown,
        below ? "was below" : "met", target);
  }

  private static boolean isBehind(long serviceUs, long intendedUs) {
    return intendedUs >= BEHIND_FACTOR * serviceUs && intendedUs - serviceUs >= BEHIND_MIN_US;
  }

  private static String duration(long us) {
    if (us >= 1_000_000) {
      return String.format(Locale.ROOT, "%.1f s", us / 1e6);
    }
    return String.format(Locale.ROOT, "%.1f ms", us / 1e3);
  }

  private static String plain(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }
}
