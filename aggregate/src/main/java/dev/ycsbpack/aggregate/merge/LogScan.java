package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.hdr.HdrIntervalLog;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The first pass over one client's logs: checks every line (nothing is decoded) and finds the client's time span and
 * its usual interval length.
 *
 * @param startMs       start of its first interval (over all its logs), ms since the epoch
 * @param endMs         end of its last interval
 * @param maxLines      intervals in its longest log (1: it ran without {@code -s})
 * @param modalLengthMs the interval length covering the most time
 */
record LogScan(long startMs, long endMs, long maxLines, long modalLengthMs) {

  static LogScan of(ClientInput c) throws InputException {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long maxLines = 0;
    Map<Long, Long> lengths = new HashMap<>();
    for (Path p : c.logs().values()) {
      long n = 0;
      try (HdrIntervalLog log = HdrIntervalLog.open(p)) {
        while (log.next()) {
          n++;
          start = Math.min(start, log.startMs());
          end = Math.max(end, log.endMs());
          long len = log.endMs() - log.startMs();
          long rounded = len >= 1000 ? Math.round(len / 100.0) * 100 : Math.round(len / 10.0) * 10;
          lengths.merge(rounded, Math.max(1, len), Long::sum); // weighted by the time it covers
        }
      }
      maxLines = Math.max(maxLines, n);
    }
    if (maxLines == 0) {
      throw new InputException(c.dir(), 0, "client " + c.name() + " finished, but its HdrHistogram logs hold no "
          + "interval at all.", "take the logs of the same run as its output.");
    }
    long modal = 0;
    long best = -1;
    for (Map.Entry<Long, Long> e : lengths.entrySet()) {
      if (e.getValue() > best || (e.getValue() == best && e.getKey() > modal)) {
        best = e.getValue();
        modal = e.getKey();
      }
    }
    return new LogScan(start, end, maxLines, modal);
  }
}
