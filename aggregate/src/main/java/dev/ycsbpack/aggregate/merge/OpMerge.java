package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.hdr.HdrHistogramBridge;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.result.MergeMode;
import dev.ycsbpack.aggregate.result.TimeSeries;
import dev.ycsbpack.common.hdr.HistogramDecoder;
import dev.ycsbpack.common.hdr.IntervalCounts;
import dev.ycsbpack.common.hdr.Intervals;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The second pass for one operation: every client's log in time order, each interval decoded once and added to the
 * bucket holding its midpoint (when the midpoint lies in the window), each bucket then added to the window's total.
 * A bucket's operation count is apportioned instead: each interval's operations are spread over the buckets its
 * time overlaps, in proportion. Clients' intervals do not line up with the buckets, and their first and last are
 * short, so by midpoint alone a bucket could hold nearly two intervals of one client (its rate shown twice) or
 * none. Memory: one bucket and one total, plus a few numbers per bucket for the series.
 *
 * <p>One operation's buckets are merged in parts ({@link #part}), each a range of buckets read on its own thread,
 * then {@link #combine}d: with five operations on two cores, whole operations would leave one core idle for a fifth
 * of the merge. A part skips, without decoding, the intervals an earlier part takes; every interval is decoded by
 * exactly one part, so the combined result is the one a single pass gives.
 *
 * @param op            the operation
 * @param total         the window's histogram
 * @param series        per-bucket counts, percentiles and max
 * @param includedCount per client: operations inside the window
 * @param includedMs    per client: time its intervals inside the window cover
 * @param allCount      per client: every operation its log holds (checked against its output)
 */
record OpMerge(String op, Histogram total, TimeSeries.OpSeries series, long[] includedCount, long[] includedMs,
    long[] allCount) {

  /** One open log. */
  private static final class Cursor {
    final int client;
    final Intervals log;
    boolean pending;

    Cursor(int client, Intervals log) throws InputException {
      this.client = client;
      this.log = log;
      this.pending = LogSource.next(log);
    }
  }

  /**
   * Buckets {@code [fromBucket, toBucket)} of one operation: the intervals whose midpoint falls in them (the first
   * part also takes those before the window, the last those after it).
   *
   * @param counts apportioned counts, over all the buckets (an interval near the range's edge gives to its neighbours)
   * @param window the histogram of the range's intervals inside the window
   */
  record Part(String op, int fromBucket, int toBucket, IntervalCounts window, long[] counts, long[][] pv, long[] max,
      long[] includedCount, long[] includedMs, long[] allCount) {
  }

  static Part part(String op, List<ClientInput> ok, WindowPlan w, double[] pcts, int fromBucket, int toBucket,
      Set<Path> sidecars) throws InputException {
    int buckets = w.buckets();
    List<Cursor> cursors = new ArrayList<>();
    HistogramDecoder decoder = HdrHistogramBridge.decoder();
    long[] included = new long[ok.size()];
    long[] includedMs = new long[ok.size()];
    long[] allCount = new long[ok.size()];
    long[] counts = new long[buckets];
    long[][] pv = new long[pcts.length][buckets];
    long[] max = new long[buckets];
    IntervalCounts bucket = new IntervalCounts();
    IntervalCounts outside = new IntervalCounts();
    IntervalCounts window = new IntervalCounts();
    try {
      for (int i = 0; i < ok.size(); i++) {
        Path p = ok.get(i).logs().get(op);
        if (p != null) {
          cursors.add(new Cursor(i, LogSource.open(p, sidecars.contains(p), decoder)));
        }
      }
      if (fromBucket > 0) {
        long skipBelow = w.startMs() + fromBucket * w.bucketMs(); // an earlier part's intervals
        for (Cursor c : cursors) {
          while (c.pending && c.log.midMs() < skipBelow) {
            c.pending = LogSource.next(c.log);
          }
        }
      }
      for (int k = fromBucket; k < toBucket; k++) {
        long bucketEnd = k == buckets - 1 ? Long.MAX_VALUE : w.startMs() + (k + 1) * w.bucketMs();
        for (Cursor c : cursors) {
          while (c.pending && c.log.midMs() < bucketEnd) {
            long mid = c.log.midMs();
            // a whole run's one histogram cannot be cut: it is merged whole, whichever window holds its midpoint
            if (w.mode() == MergeMode.WHOLE_RUN || mid >= w.startMs() && mid < w.endMs()) {
              long n = LogSource.addTo(c.log, bucket);
              apportion(counts, n, c.log.startMs(), c.log.endMs(), w, k);
              allCount[c.client] += n;
              included[c.client] += n;
              includedMs[c.client] += c.log.endMs() - c.log.startMs();
            } else {
              allCount[c.client] += LogSource.addTo(c.log, outside); // counted for the check, not merged
              outside.clear();
            }
            c.pending = LogSource.next(c.log);
          }
        }
        long[] v = bucket.valuesAt(pcts);
        for (int p = 0; p < pcts.length; p++) {
          pv[p][k] = v[p];
        }
        max[k] = bucket.max();
        bucket.drainInto(window);
      }
    } finally {
      for (Cursor c : cursors) {
        c.log.close();
      }
    }
    return new Part(op, fromBucket, toBucket, window, counts, pv, max, included, includedMs, allCount);
  }

  /** One operation's parts, together covering its buckets, as one result. */
  static OpMerge combine(List<Part> parts) {
    Part first = parts.get(0);
    int buckets = first.counts().length;
    int clients = first.allCount().length;
    long[] counts = new long[buckets];
    long[][] pv = new long[first.pv().length][buckets];
    long[] max = new long[buckets];
    long[] included = new long[clients];
    long[] includedMs = new long[clients];
    long[] allCount = new long[clients];
    IntervalCounts window = new IntervalCounts();
    for (Part p : parts) {
      add(counts, p.counts());
      add(included, p.includedCount());
      add(includedMs, p.includedMs());
      add(allCount, p.allCount());
      int n = p.toBucket() - p.fromBucket();
      for (int q = 0; q < pv.length; q++) {
        System.arraycopy(p.pv()[q], p.fromBucket(), pv[q], p.fromBucket(), n);
      }
      System.arraycopy(p.max(), p.fromBucket(), max, p.fromBucket(), n);
      p.window().drainInto(window);
    }
    // one Histogram at the end: the window's counts are summed as flat arrays, bucket by bucket
    Histogram total = new Histogram(IntervalCounts.DIGITS);
    HdrHistogramBridge.drainInto(window, total);
    return new OpMerge(first.op(), total, new TimeSeries.OpSeries(counts, pv, max), included, includedMs, allCount);
  }

  private static void add(long[] into, long[] from) {
    for (int i = 0; i < into.length; i++) {
      into[i] += from[i];
    }
  }

  /**
   * Adds {@code n} operations of an interval [{@code startMs}, {@code endMs}) to the buckets it overlaps inside the
   * window, in proportion to the overlap, rounding so the shares add up to exactly {@code n}; an interval with no
   * length inside the window goes whole to {@code midBucket}.
   */
  private static void apportion(long[] counts, long n, long startMs, long endMs, WindowPlan w, int midBucket) {
    long from = Math.max(startMs, w.startMs());
    long to = Math.min(endMs, w.endMs());
    if (to <= from) {
      counts[midBucket] += n;
      return;
    }
    int last = bucketOf(to - 1, w);
    long given = 0;
    for (int b = bucketOf(from, w); b <= last; b++) {
      long bucketEnd = b == last ? to : w.startMs() + (b + 1) * w.bucketMs();
      long upTo = b == last ? n : Math.round((double) n * (bucketEnd - from) / (to - from));
      counts[b] += upTo - given;
      given = upTo;
    }
  }

  private static int bucketOf(long t, WindowPlan w) {
    return (int) Math.min(w.buckets() - 1, Math.max(0, (t - w.startMs()) / w.bucketMs()));
  }
}
