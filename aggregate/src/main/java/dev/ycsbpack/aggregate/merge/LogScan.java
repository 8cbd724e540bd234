package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.common.hdr.CountsSidecar;
import dev.ycsbpack.common.hdr.Intervals;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The first pass over one client's logs: checks every line (nothing is decoded) and finds the client's time span and
 * its usual interval length. It also decides, once per log, whether the log's counts sidecar may stand in for it
 * ({@link CountsSidecar#check}); the scan and the merge then read the sidecar instead.
 *
 * @param startMs       start of its first interval (over all its logs), ms since the epoch
 * @param endMs         end of its last interval
 * @param maxLines      intervals in its longest log (1: it ran without {@code -s})
 * @param modalLengthMs the interval length covering the most time
 * @param sidecars      the logs whose sidecar matches them
 * @param notes         one per sidecar present but not matching its log (its counts were read from the log)
 */
record LogScan(long startMs, long endMs, long maxLines, long modalLengthMs, Set<Path> sidecars, List<String> notes) {

  /** Every scan's sidecar notes, in client order. */
  static List<String> notes(List<LogScan> scans) {
    List<String> all = new ArrayList<>();
    for (LogScan s : scans) {
      all.addAll(s.notes());
    }
    return all;
  }

  /** The logs of all scans whose sidecar matches. */
  static Set<Path> sidecars(List<LogScan> scans) {
    Set<Path> all = new HashSet<>();
    for (LogScan s : scans) {
      all.addAll(s.sidecars());
    }
    return all;
  }

  static LogScan of(ClientInput c) throws InputException {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long maxLines = 0;
    Map<Long, Long> lengths = new HashMap<>();
    Set<Path> sidecars = new HashSet<>();
    List<String> notes = new ArrayList<>();
    for (Path p : c.logs().values()) {
      CountsSidecar.Match match = CountsSidecar.check(p);
      boolean sidecar = match.state() == CountsSidecar.Match.State.MATCHES;
      if (match.state() == CountsSidecar.Match.State.STALE) {
        notes.add("Client " + c.name() + ": " + CountsSidecar.of(p).getFileName() + " does not match "
            + p.getFileName() + " (" + match.why() + "); its counts were read from the log.");
      }
      if (sidecar) {
        sidecars.add(p);
      }
      long n = 0;
      // the line checks need no decoder: nothing is decoded here
      try (Intervals log = LogSource.open(p, sidecar, null)) {
        while (LogSource.next(log)) {
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
    return new LogScan(start, end, maxLines, modal, sidecars, notes);
  }
}
