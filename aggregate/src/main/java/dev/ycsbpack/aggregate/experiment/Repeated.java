package dev.ycsbpack.aggregate.experiment;

import dev.ycsbpack.aggregate.stats.Spread;
import java.util.Map;

/**
 * One swept value run several times ({@code --repeat}): the spread of each headline figure over the repetitions
 * (research {@code experiments.md} §4.2: per-repetition figures, never one pooled histogram). Computed by the
 * experiment module's {@code answer.Repetitions}.
 *
 * @param x          the swept value
 * @param throughput ops/s over the repetitions
 * @param p99Us      per operation, its p99 over the repetitions
 * @param noisy      whether any of these spreads is noisy ({@link Spread#noisy()})
 */
public record Repeated(double x, Spread throughput, Map<String, Spread> p99Us, boolean noisy) {
}
