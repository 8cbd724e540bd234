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

  /**
   * @param distrusted logs whose sidecar an earlier attempt found malformed while adding its counts, with what does
   *                   not hold: read from the log, with a note
   */
  static LogScan of(ClientInput c, Map<Path, String> distrusted) throws InputException {
    Tally client = new Tally();
    long maxLines = 0;
    Set<Path> sidecars = new HashSet<>();
    List<String> notes = new ArrayList<>();
    for (Path p : c.logs().values()) {
      // the check reads the whole sidecar, so its intervals' times are taken on the way, kept aside until it matches
      Tally log = new Tally();
      CountsSidecar.Match match = distrusted.containsKey(p)
          ? new CountsSidecar.Match(CountsSidecar.Match.State.STALE,
              "its counts are malformed (" + distrusted.get(p) + ")")
          : CountsSidecar.check(p, log::add);
      if (match.state() == CountsSidecar.Match.State.STALE) {
        notes.add("Client " + c.name() + ": " + CountsSidecar.of(p).getFileName() + " does not match "
            + p.getFileName() + " (" + match.why() + "); its counts were read from the log.");
      }
      if (match.state() == CountsSidecar.Match.State.MATCHES) {
        sidecars.add(p);
      } else {
        log = new Tally();
        // the line checks need no decoder: nothing is decoded here
        try (Intervals in = LogSource.open(p, false, null)) {
          while (LogSource.next(in)) {
            log.add(in.startMs(), in.endMs());
          }
        }
      }
      client.addAll(log);
      maxLines = Math.max(maxLines, log.intervals);
    }
    long start = client.startMs;
    long end = client.endMs;
    Map<Long, Long> lengths = client.lengths;
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

  /** The times of some intervals: their span, their number, and the time each (rounded) length covers. */
  private static final class Tally {
    long startMs = Long.MAX_VALUE;
    long endMs = Long.MIN_VALUE;
    long intervals;
    final Map<Long, Long> lengths = new HashMap<>();

    void add(long start, long end) {
      intervals++;
      startMs = Math.min(startMs, start);
      endMs = Math.max(endMs, end);
      long len = end - start;
      long rounded = len >= 1000 ? Math.round(len / 100.0) * 100 : Math.round(len / 10.0) * 10;
      lengths.merge(rounded, Math.max(1, len), Long::sum); // weighted by the time it covers
    }

    void addAll(Tally other) {
      intervals += other.intervals;
      startMs = Math.min(startMs, other.startMs);
      endMs = Math.max(endMs, other.endMs);
      other.lengths.forEach((len, ms) -> lengths.merge(len, ms, Long::sum));
    }
  }
}
