package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ycsbpack.aggregate.result.TelemetryWindow;
import dev.ycsbpack.common.telemetry.Series;
import java.util.List;
import java.util.Optional;

/**
 * What the server did during one step, from the series sampled during it (the step's {@code telemetry/server*}):
 * the WiredTiger cache's highest fill, the pages read into the cache, the highest replication lag of any member. The
 * series spans the step: its first sample is taken just before the clients start, its last just after they end. A
 * figure the server did not report is null ({@link #NOT_REPORTED} in a table), never 0; a step sampled without any
 * server series has no {@code StepTelemetry} at all.
 *
 * @param cacheFillMax the highest {@code wiredTiger.cache.bytes / wiredTiger.cache.maxBytes} of any sample (0..1)
 * @param pagesRead the growth of {@code wiredTiger.cache.pagesRead} from its first reported sample to its last
 * @param replicationLagMaxMs the highest {@code repl.MEMBER.lagMs} of any member in any sample
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StepTelemetry(Double cacheFillMax, Long pagesRead, Double replicationLagMaxMs) {
  public static final String NOT_REPORTED = "not reported by this server";
  /** A step with no server series. */
  public static final String NOT_SAMPLED = "not sampled: the step has no server telemetry (run with --no-telemetry, "
      + "or by a pack that did not sample)";

  /** The figures of the server series among {@code series} ({@code server}, or each {@code server-HOST_PORT}). */
  public static StepTelemetry of(List<Series> series) {
    List<TelemetryWindow> servers = series.stream().filter(s -> s.source().equals("server")
        || s.source().startsWith("server-")).map(s -> new TelemetryWindow(s, Long.MIN_VALUE, Long.MAX_VALUE)).toList();
    if (servers.isEmpty()) {
      return null;
    }
    Optional<Double> fill = max(servers.stream().map(w -> w.maxRatio("wiredTiger.cache.bytes",
        "wiredTiger.cache.maxBytes")).toList());
    Optional<Double> lag = max(servers.stream().map(w -> w.maxOfColumns(n -> n.startsWith("repl.")
        && n.endsWith(".lagMs"))).toList());
    // pages: a counter per mongod; several series (one per member sampled apart) add up
    List<Double> pages = servers.stream().map(w -> w.increase("wiredTiger.cache.pagesRead")).flatMap(Optional::stream)
        .toList();
    return new StepTelemetry(fill.orElse(null), pages.isEmpty() ? null : Math.round(pages.stream()
        .mapToDouble(Double::doubleValue).sum()), lag.orElse(null));
  }

  private static Optional<Double> max(List<Optional<Double>> values) {
    return values.stream().flatMap(Optional::stream).max(Double::compare);
  }
}
