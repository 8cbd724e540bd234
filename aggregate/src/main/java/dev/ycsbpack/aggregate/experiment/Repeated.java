package dev.ycsbpack.aggregate.experiment;

import dev.ycsbpack.aggregate.stats.Spread;
import java.util.List;
import java.util.Map;

/**
 * One swept value run several times ({@code --repeat}), or a plain run repeated ({@code repeat}): the spread of each
 * headline figure over the repetitions (research {@code experiments.md} §4.2: per-repetition figures, never one pooled
 * histogram). Computed by the experiment module's {@code answer.Repetitions}.
 *
 * @param x            the swept value
 * @param throughput   ops/s over the repetitions
 * @param p99Us        per operation, its p99 over the repetitions
 * @param noisy        whether the throughput or a p99 spread is noisy ({@link Spread#noisy()}): what the answers
 *                     warn of
 * @param errorRate    failed / attempted operations over the repetitions
 * @param latencyUs    per operation, percentile label ({@code p50}, {@code p95}, {@code p99}, {@code p99.9}) to its
 *                     spread (intended latency under a target, as the steps' figures)
 * @param noisyFigures every figure whose spread is noisy ({@code throughput}, {@code errorRate}, {@code READ.p99}
 *                     ...), in this record's order
 */
public record Repeated(double x, Spread throughput, Map<String, Spread> p99Us, boolean noisy, Spread errorRate,
    Map<String, Map<String, Spread>> latencyUs, List<String> noisyFigures) {
}
