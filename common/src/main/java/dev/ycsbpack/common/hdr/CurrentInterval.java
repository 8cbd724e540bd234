package dev.ycsbpack.common.hdr;

/**
 * What both readers of an operation's intervals ({@link HdrIntervalLog}, {@link CountsSidecar}) keep alike: the span
 * of the interval {@link Intervals#next} moved to, and the rule that its times are asked only while there is one.
 */
abstract class CurrentInterval implements Intervals {
  private boolean hasCurrent;
  private long startMs;
  private long endMs;

  /** Makes {@code [startMs, endMs]} (absolute milliseconds) the current interval. */
  final void enter(long start, long end) {
    startMs = start;
    endMs = end;
    hasCurrent = true;
  }

  /** Leaves the current interval: none is current until the next {@link #enter}. */
  final void leave() {
    hasCurrent = false;
  }

  final void requireCurrent() {
    if (!hasCurrent) {
      throw new IllegalStateException("no current interval");
    }
  }

  /** Absolute start of the current interval, milliseconds since the epoch. */
  @Override
  public final long startMs() {
    requireCurrent();
    return startMs;
  }

  /** Absolute end of the current interval, milliseconds since the epoch. */
  @Override
  public final long endMs() {
    requireCurrent();
    return endMs;
  }
}
