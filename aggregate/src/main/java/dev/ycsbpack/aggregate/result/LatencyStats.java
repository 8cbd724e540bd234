package dev.ycsbpack.aggregate.result;

import dev.ycsbpack.common.hdr.IntervalCounts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Latency figures read from one (merged) histogram, in microseconds as YCSB records them.
 *
 * @param count        number of recorded latencies
 * @param minUs        lowest, max and percentiles are HdrHistogram's equivalent values (3 significant digits in YCSB)
 * @param meanUs       mean
 * @param maxUs        highest
 * @param stdDevUs     standard deviation
 * @param percentiles  requested percentile to value
 * @param distribution the percentile distribution (percentile, value) for plotting
 */
public record LatencyStats(long count, long minUs, double meanUs, long maxUs, double stdDevUs,
    Map<Double, Long> percentiles, List<double[]> distribution) {
  public LatencyStats {
    percentiles = Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
    distribution = List.copyOf(distribution);
  }

  public static LatencyStats of(Histogram h, List<Double> requested) {
    Map<Double, Long> p = new LinkedHashMap<>();
    for (double q : requested) {
      p.put(q, h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(q));
    }
    List<double[]> dist = new ArrayList<>();
    if (h.getTotalCount() > 0) {
      for (HistogramIterationValue v : h.percentiles(5)) {
        double pct = v.getPercentileLevelIteratedTo();
        dist.add(new double[] {pct, v.getValueIteratedTo()});
        if (pct >= 100.0) {
          break;
        }
      }
    }
    return new LatencyStats(h.getTotalCount(), h.getTotalCount() == 0 ? 0 : h.getMinValue(),
        h.getTotalCount() == 0 ? 0 : h.getMean(), h.getMaxValue(), h.getTotalCount() == 0 ? 0 : h.getStdDeviation(),
        p, dist);
  }

  /**
   * The values at several ascending percentiles in one pass over the histogram, with the same definition as
   * {@link Histogram#getValueAtPercentile(double)}: the highest value equivalent to the first recorded value at
   * which the running count reaches ceil(percentile * count / 100) (at least 1).
   */
  public static long[] valuesAt(Histogram h, double[] ascending) {
    long[] out = new long[ascending.length];
    long total = h.getTotalCount();
    if (total == 0) {
      return out;
    }
    long[] targets = IntervalCounts.rankTargets(ascending, total);
    int next = 0;
    for (HistogramIterationValue v : h.recordedValues()) {
      long cumulative = v.getTotalCountToThisValue();
      while (next < targets.length && cumulative >= targets[next]) {
        out[next++] = h.highestEquivalentValue(v.getValueIteratedTo());
      }
      if (next == targets.length) {
        break;
      }
    }
    return out;
  }
}
