package dev.ycsbpack.launcher;

/**
 * When a time-limited run's operations succeeded, against its measured window: what {@link RunVerdict} needs to tell a
 * run that measured its whole window from one whose server was gone for the end of it.
 *
 * @param firstOperationEpochMs wall-clock ms when the first measured operation began (the window's start); -1: none
 * @param lastSuccessEpochMs    wall-clock ms of the last successful operation ({@link StallWatch#lastSuccessEpochMs});
 *                              -1 when none succeeded
 * @param windowMs              the measured window ({@link MeasuredWindow#measuredMs}); -1 without a time limit
 */
record SuccessSpan(long firstOperationEpochMs, long lastSuccessEpochMs, long windowMs) {
  /** A run without a time limit counted from its first operation: nothing to weigh. */
  static final SuccessSpan NONE = new SuccessSpan(-1, -1, -1);

  /** Whether there is a window to weigh: a time limit and a first operation. */
  boolean timed() {
    return windowMs >= 0 && firstOperationEpochMs >= 0;
  }

  /** Ms from the last success (or the window's start, when none) to the window's end; 0 when not timed. */
  long idleAtEndMs() {
    if (!timed()) {
      return 0;
    }
    long last = lastSuccessEpochMs < 0 ? firstOperationEpochMs : lastSuccessEpochMs;
    return Math.max(0, firstOperationEpochMs + windowMs - last);
  }
}
