package dev.ycsbpack.common.hdr;

import java.util.Arrays;

/**
 * A flat counts array with HdrHistogram's layout (3 significant digits, as YCSB records), into which interval
 * histograms are added straight from their encoded form. Reading percentiles from it gives the same values as
 * HdrHistogram's {@code getValueAtPercentile} on the equivalent histogram. Reusable: {@link #drainInto} empties it.
 */
public final class IntervalCounts {
  public static final int DIGITS = 3;
  public static final Layout LAYOUT = new Layout(DIGITS, 1);

  private long[] counts = new long[4096];
  private int maxIndex = -1;
  private long total;

  public Layout layout() {
    return LAYOUT;
  }

  /** Adds {@code count} at a counts-array index of {@link #LAYOUT}. */
  void addAtIndex(int index, long count) {
    reserve(index)[index] += count;
    total += count;
    if (index > maxIndex) {
      maxIndex = index;
    }
  }

  /** The counts array as it is now (a decoder adds to it in place, then reports with {@link #added}). */
  long[] counts() {
    return counts;
  }

  /** Grows the counts array to hold {@code index}; the array to add to from now on. */
  long[] reserve(int index) {
    if (index >= counts.length) {
      counts = Arrays.copyOf(counts, Math.max(index + 1, counts.length * 2));
    }
    return counts;
  }

  /** Accounts for counts a decoder added in place: {@code total} values, the highest at {@code top} (-1: none). */
  void added(long total, int top) {
    this.total += total;
    if (top > maxIndex) {
      maxIndex = top;
    }
  }

  public void recordValueWithCount(long value, long count) {
    addAtIndex(LAYOUT.index(value), count);
  }

  public long totalCount() {
    return total;
  }

  /** Highest recorded value (its highest equivalent value), 0 when empty. */
  public long max() {
    return maxIndex < 0 ? 0 : LAYOUT.highestValueAtIndex(maxIndex);
  }

  /**
   * The rank (1-based running count) each percentile must reach, as HdrHistogram defines it:
   * ceil(percentile * total / 100), at least 1, with the percentile nudged down by one ulp so that a
   * percentile given as a rounded decimal does not step to the next rank.
   */
  public static long[] rankTargets(double[] ascending, long total) {
    long[] targets = new long[ascending.length];
    for (int i = 0; i < ascending.length; i++) {
      double requested = Math.min(Math.max(Math.nextAfter(ascending[i], Double.NEGATIVE_INFINITY), 0.0), 100.0);
      targets[i] = Math.max(1, (long) Math.ceil(requested * total / 100.0));
    }
    return targets;
  }

  /** Values at ascending percentiles, one pass, with HdrHistogram's definition (see LatencyStats#valuesAt). */
  public long[] valuesAt(double[] ascending) {
    long[] out = new long[ascending.length];
    if (total == 0) {
      return out;
    }
    long[] targets = rankTargets(ascending, total);
    int i = -1;
    long cumulative = 0;
    for (int next = 0; next < targets.length; next++) {
      // one tight loop per percentile: this runs over every bucket's whole counts array
      long target = targets[next];
      while (cumulative < target && i < maxIndex) {
        cumulative += counts[++i];
      }
      if (cumulative < target) {
        break; // not reached (a rounding past the total): left 0
      }
      out[next] = LAYOUT.highestValueAtIndex(i);
    }
    return out;
  }

  /** Empties this. */
  public void clear() {
    Arrays.fill(counts, 0, maxIndex + 1, 0L);
    maxIndex = -1;
    total = 0;
  }

  /** Adds everything into {@code other} (a flat array add: no per-value work) and empties this. */
  public void drainInto(IntervalCounts other) {
    if (maxIndex >= other.counts.length) {
      other.counts = Arrays.copyOf(other.counts, Math.max(maxIndex + 1, other.counts.length * 2));
    }
    long[] to = other.counts;
    for (int i = 0; i <= maxIndex; i++) {
      to[i] += counts[i];
      counts[i] = 0;
    }
    other.total += total;
    other.maxIndex = Math.max(other.maxIndex, maxIndex);
    maxIndex = -1;
    total = 0;
  }

  /** Receives a non-zero count at a counts-array index of {@link #LAYOUT}. */
  @FunctionalInterface
  public interface IndexSink {
    void accept(int index, long count);
  }

  /** Hands every non-zero count, in index order, to {@code sink} and empties this. */
  public void drainTo(IndexSink sink) {
    for (int i = 0; i <= maxIndex; i++) {
      long c = counts[i];
      if (c != 0) {
        sink.accept(i, c);
        counts[i] = 0;
      }
    }
    maxIndex = -1;
    total = 0;
  }
}
