package dev.ycsbpack.common.hdr;

import java.io.Closeable;

/**
 * One operation's interval histograms in the order of its log, read one at a time: from the log itself
 * ({@link HdrIntervalLog}) or from the counts its client decoded ({@link CountsSidecar}). Memory does not grow with
 * the number of intervals.
 */
public interface Intervals extends Closeable {
  /** Advances to the next interval; false at the end. */
  boolean next() throws LogFault;

  /** Absolute start of the current interval, milliseconds since the epoch. */
  long startMs();

  /** Absolute end of the current interval, milliseconds since the epoch. */
  long endMs();

  /** Midpoint of the current interval; the merge places an interval in a window or bucket by its midpoint. */
  default long midMs() {
    long s = startMs();
    return s + (endMs() - s) / 2;
  }

  /** Adds the current interval's counts to {@code target}; the number of values it held. */
  long addTo(IntervalCounts target) throws LogFault;

  @Override
  void close();
}
