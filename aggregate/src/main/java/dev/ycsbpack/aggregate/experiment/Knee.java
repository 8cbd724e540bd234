package dev.ycsbpack.aggregate.experiment;

/**
 * The throughput knee of a sweep (research {@code experiments.md} §3.2, §3.4), as found by the experiment module's
 * {@code answer.KneeRule}: Kneedle, or the smallest x reaching 95% of the highest throughput.
 *
 * @param x      the knee's swept value
 * @param method {@code kneedle} or {@code 95% of max}
 */
public record Knee(double x, String method) {
}
