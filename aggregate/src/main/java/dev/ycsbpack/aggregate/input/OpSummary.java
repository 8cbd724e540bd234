package dev.ycsbpack.aggregate.input;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code [OP]} section of a YCSB client's own output (what that client printed for itself).
 *
 * @param name        operation name as YCSB printed it, e.g. {@code READ}, {@code Intended-READ}
 * @param operations  {@code Operations}
 * @param averageUs   {@code AverageLatency(us)}
 * @param minUs       {@code MinLatency(us)}
 * @param maxUs       {@code MaxLatency(us)}
 * @param percentiles label (e.g. {@code 99th}, {@code 99.9}) to value in microseconds, in output order
 * @param returns     {@code Return=<STATUS>} counts, in output order
 * @param line        line (or JSON element number) where the section starts, for messages
 */
public record OpSummary(String name, long operations, double averageUs, long minUs, long maxUs,
    Map<String, Double> percentiles, Map<String, Long> returns, long line) {
  public OpSummary {
    percentiles = Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
    returns = Collections.unmodifiableMap(new LinkedHashMap<>(returns));
  }
}
