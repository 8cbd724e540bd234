package dev.ycsbpack.experiment.answer;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One finished step of a sweep as the answers see it: the swept value and the figures the rules weigh.
 *
 * @param x               the swept value (threads, clients or target ops/s)
 * @param throughput      merged operations per second of the step's window
 * @param percentilesUs   per operation, its merged percentiles (percentile to microseconds); intended latency when the
 *                        step ran under a target
 * @param errorRate       failed operations / attempted operations (0..1)
 * @param clientSaturated whether a client host was near its CPU limit, so the step measured the clients, not the server
 * @param target          the step's total target in ops/s, 0 when unthrottled
 */
public record Point(double x, double throughput, Map<String, Map<Double, Double>> percentilesUs, double errorRate,
    boolean clientSaturated, double target) {
  /** Under a target, a step that achieved less than this share of it did not sustain the rate (research §3.4). */
  public static final double SUSTAINED = 0.95;

  public Point {
    Map<String, Map<Double, Double>> copy = new LinkedHashMap<>();
    percentilesUs.forEach((op, p) -> copy.put(op, Map.copyOf(p)));
    percentilesUs = java.util.Collections.unmodifiableMap(copy);
  }

  /** A point with only p99s (what most rules weigh). */
  public static Point ofP99(double x, double throughput, Map<String, Double> p99Us, double errorRate,
      boolean clientSaturated) {
    Map<String, Map<Double, Double>> m = new LinkedHashMap<>();
    p99Us.forEach((op, v) -> m.put(op, Map.of(99.0, v)));
    return new Point(x, throughput, m, errorRate, clientSaturated, 0);
  }

  /** Whether the step kept up with its target (always, when unthrottled). */
  public boolean sustained() {
    return target <= 0 || throughput >= SUSTAINED * target;
  }

  /** The operation's percentile in microseconds, null when not measured. */
  public Double valueUs(String operation, double percentile) {
    Map<Double, Double> p = percentilesUs.get(operation);
    return p == null ? null : p.get(percentile);
  }

  /** The highest p99 of any operation: the latency the latency knee weighs; NaN when none was measured. */
  public double worstP99Us() {
    return percentilesUs.values().stream().map(p -> p.get(99.0)).filter(v -> v != null)
        .mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }
}
