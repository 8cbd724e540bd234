package dev.ycsbpack.aggregate.experiment;

/**
 * The highest throughput that met every SLO, with its bracket (research {@code experiments.md} §3.4, item 6), as
 * decided by the experiment module's {@code answer.SloRule}.
 *
 * @param throughput the best passing step's throughput, null when none passed
 * @param lastPass   x of the last passing step before the first failure (or the last step), null when none
 * @param firstFail  x of the first failing step, null when every step passed
 * @param statement  the answer in words: {@code >= X} when the top step passed, {@code not met} when the first failed
 */
public record SloAnswer(Double throughput, Double lastPass, Double firstFail, String statement) {
}
