package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.common.hdr.CountsSidecar;
import dev.ycsbpack.common.hdr.HdrIntervalLog;
import dev.ycsbpack.common.hdr.HistogramDecoder;
import dev.ycsbpack.common.hdr.IntervalCounts;
import dev.ycsbpack.common.hdr.Intervals;
import dev.ycsbpack.common.hdr.LogFault;
import java.nio.file.Path;

/**
 * Where the merge reads one log's intervals from: its client's counts sidecar when {@link LogScan} found it to match
 * the log (no Base64, no inflate), the log itself otherwise.
 */
final class LogSource {
  private LogSource() {
  }

  /** Opens {@code log}'s intervals, from its sidecar when {@code sidecar}. */
  static Intervals open(Path log, boolean sidecar, HistogramDecoder decoder) throws InputException {
    try {
      return sidecar ? CountsSidecar.open(log) : HdrIntervalLog.open(log, decoder);
    } catch (LogFault e) {
      throw fault(log, sidecar, e);
    }
  }

  /** The next interval, a fault reported as the merge's own. */
  static boolean next(Intervals in) throws InputException {
    try {
      return in.next();
    } catch (LogFault e) {
      throw fault(in, e);
    }
  }

  /** Adds the current interval to {@code target}; the values it held. */
  static long addTo(Intervals in, IntervalCounts target) throws InputException {
    try {
      return in.addTo(target);
    } catch (LogFault e) {
      throw fault(in, e);
    }
  }

  private static InputException fault(Intervals in, LogFault e) {
    return in instanceof CountsSidecar s ? new MalformedSidecar(s.log(), e) : new InputException(e);
  }

  private static InputException fault(Path log, boolean sidecar, LogFault e) {
    return sidecar ? new MalformedSidecar(log, e) : new InputException(e);
  }
}
