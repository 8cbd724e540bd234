package dev.ycsbpack.aggregate.model;

import java.util.List;

/**
 * How to merge.
 *
 * @param percentiles         percentiles to report, ascending, each in (0, 100]
 * @param warmupSeconds       seconds cut from the start of the common window
 * @param cooldownSeconds     seconds cut from its end
 * @param bucketSeconds       time-series bucket length; 0 = the clients' own interval length
 * @param force               merge clients whose configurations differ (the differences are reported)
 * @param acceptPartial       merge even when some clients failed (the result says so first)
 * @param allowedDifferences  globs of further properties that may differ between clients
 * @param threads             worker threads (operations are merged in parallel)
 */
public record MergeOptions(List<Double> percentiles, double warmupSeconds, double cooldownSeconds,
                           double bucketSeconds, boolean force, boolean acceptPartial,
                           List<String> allowedDifferences, int threads) {
  public static final List<Double> DEFAULT_PERCENTILES = List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99);

  public MergeOptions {
    percentiles = percentiles.stream().sorted().distinct().toList();
    for (double p : percentiles) {
      if (!(p > 0 && p <= 100)) {
        throw new IllegalArgumentException("a percentile must be in (0, 100], got " + p);
      }
    }
    if (warmupSeconds < 0 || cooldownSeconds < 0 || bucketSeconds < 0) {
      throw new IllegalArgumentException("warm-up, cool-down and bucket must not be negative");
    }
    allowedDifferences = List.copyOf(allowedDifferences);
    threads = Math.max(1, threads);
  }

  public static MergeOptions defaults() {
    return new MergeOptions(DEFAULT_PERCENTILES, 0, 0, 0, false, false, List.of(),
        Math.min(2, Runtime.getRuntime().availableProcessors()));
  }

  public MergeOptions withWindow(double warmup, double cooldown) {
    return new MergeOptions(percentiles, warmup, cooldown, bucketSeconds, force, acceptPartial, allowedDifferences,
        threads);
  }

  public MergeOptions withForce(boolean f) {
    return new MergeOptions(percentiles, warmupSeconds, cooldownSeconds, bucketSeconds, f, acceptPartial,
        allowedDifferences, threads);
  }

  public MergeOptions withAcceptPartial(boolean a) {
    return new MergeOptions(percentiles, warmupSeconds, cooldownSeconds, bucketSeconds, force, a,
        allowedDifferences, threads);
  }

  public MergeOptions withPercentiles(List<Double> p) {
    return new MergeOptions(p, warmupSeconds, cooldownSeconds, bucketSeconds, force, acceptPartial,
        allowedDifferences, threads);
  }

  public MergeOptions withBucketSeconds(double b) {
    return new MergeOptions(percentiles, warmupSeconds, cooldownSeconds, b, force, acceptPartial,
        allowedDifferences, threads);
  }
}
