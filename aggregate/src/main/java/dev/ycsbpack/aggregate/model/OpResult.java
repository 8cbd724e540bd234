package dev.ycsbpack.aggregate.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One operation, merged over all clients.
 *
 * @param name             operation name, e.g. {@code READ}
 * @param count            operations inside the common window (from the summed histograms)
 * @param throughput       operations per second inside the window, summed over clients
 * @param latency          latency from the summed histograms (service time, unless {@code latencyKind} says
 *                         intended)
 * @param latencyKind      {@code service}, or {@code intended} when the clients ran with
 *                         {@code measurement.interval=intended}
 * @param intended         the {@code Intended-<name>} latency when the clients recorded it
 *                         ({@code measurement.interval=both}), else null
 * @param returns          {@code Return=} counts summed over clients (whole runs: YCSB keeps only totals)
 * @param errors           returns other than OK and BATCHED_OK
 * @param errorRate        errors / all returns (NaN without returns)
 */
public record OpResult(String name, long count, double throughput, LatencyStats latency, String latencyKind,
                       LatencyStats intended, Map<String, Long> returns, long errors, double errorRate) {
  public OpResult {
    returns = Collections.unmodifiableMap(new LinkedHashMap<>(returns));
  }
}
