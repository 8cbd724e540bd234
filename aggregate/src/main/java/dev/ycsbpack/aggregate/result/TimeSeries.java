package dev.ycsbpack.aggregate.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merged figures per time bucket, aligned on absolute time: bucket {@code k} covers
 * {@code [startMs + k * bucketMs, min(startMs + (k + 1) * bucketMs, endMs))}. A bucket's percentiles and max come
 * from the clients' intervals whose midpoint it holds; its count from every interval overlapping it, each
 * interval's operations apportioned by the share of its time inside the bucket.
 *
 * @param startMs     first bucket's start, ms since the epoch (the common window's start)
 * @param endMs       the window's end
 * @param bucketMs    bucket length
 * @param buckets     number of buckets (0 when the clients' logs hold one histogram per run)
 * @param percentiles the percentiles of each row
 * @param series      per operation (including {@code Intended-*}), its rows
 */
public record TimeSeries(long startMs, long endMs, long bucketMs, int buckets, List<Double> percentiles,
    Map<String, OpSeries> series) {
  public TimeSeries {
    percentiles = List.copyOf(percentiles);
    series = Collections.unmodifiableMap(new LinkedHashMap<>(series));
  }

  /** Bucket {@code k}'s length in seconds (the last one may be shorter). */
  public double bucketSeconds(int k) {
    long s = startMs + k * bucketMs;
    long e = Math.min(s + bucketMs, endMs);
    return Math.max(1, e - s) / 1000.0;
  }

  /**
   * One operation's rows.
   *
   * @param counts      operations per bucket (apportioned by overlap: they add up to the window's total)
   * @param percentiles {@code percentiles[p][k]}: the value of percentile {@code p} in bucket {@code k}
   *                    (0 when no interval's midpoint lies in the bucket: a short bucket may then still hold a
   *                    count, apportioned from its neighbours' intervals)
   * @param max         highest latency per bucket
   */
  public record OpSeries(long[] counts, long[][] percentiles, long[] max) {
  }
}
