package dev.ycsbpack.aggregate.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One operation, merged over all clients.
 *
 * @param name        operation name, e.g. {@code READ}
 * @param count       operations inside the window (from the summed histograms)
 * @param reported    operations the merged clients reported over their whole runs
 * @param throughput  operations per second inside the window
 * @param latency     latency from the summed histograms (of the kind {@code latencyKind} says)
 * @param latencyKind service, or intended when the clients ran with {@code measurement.interval=intended}
 * @param intended    the {@code Intended-<name>} latency when the clients recorded it
 *                    ({@code measurement.interval=both}), else null
 * @param returns     {@code Return=} counts summed over clients (whole runs: YCSB keeps only totals)
 * @param errors      failed returns: all but OK, BATCHED_OK and NOT_FOUND ({@code Outcomes}, the rule every verdict
 *                    uses)
 * @param errorRate   errors / all returns (NaN without returns)
 */
public record OpResult(String name, long count, long reported, double throughput, LatencyStats latency,
    LatencyKind latencyKind, LatencyStats intended, Map<String, Long> returns, long errors,
    double errorRate) {
  public OpResult {
    returns = Collections.unmodifiableMap(new LinkedHashMap<>(returns));
  }
}
