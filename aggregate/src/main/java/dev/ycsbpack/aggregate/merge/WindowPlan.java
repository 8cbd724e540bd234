package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.result.MergeMode;
import dev.ycsbpack.aggregate.result.WindowKind;
import java.time.Instant;
import java.util.List;

/**
 * Where the merge looks: the window (common or union, minus warm-up and cool-down) and its time buckets.
 *
 * @param mode     intervals, or whole runs when some client's logs hold one histogram for its run
 * @param startMs  window start, ms since the epoch (whole runs: the common or union time of the runs, which every
 *                 whole run is merged over; a run's one histogram cannot be cut)
 * @param endMs    window end
 * @param bucketMs time-series bucket length
 * @param buckets  number of buckets (at least 1)
 * @param wholeRunClient the client that ran without {@code -s} (whole-run mode), else null
 */
record WindowPlan(MergeMode mode, long startMs, long endMs, long bucketMs, int buckets, String wholeRunClient) {

  static WindowPlan of(List<ClientInput> ok, List<LogScan> scans, MergeOptions o) throws InputException {
    for (int i = 0; i < ok.size(); i++) {
      if (scans.get(i).maxLines() <= 1) {
        return wholeRun(ok.get(i), ok, scans, o);
      }
    }
    long start = o.window() == WindowKind.COMMON ? Long.MIN_VALUE : Long.MAX_VALUE;
    long end = o.window() == WindowKind.COMMON ? Long.MAX_VALUE : Long.MIN_VALUE;
    long modal = 0;
    for (LogScan s : scans) {
      if (o.window() == WindowKind.COMMON) {
        start = Math.max(start, s.startMs());
        end = Math.min(end, s.endMs());
      } else {
        start = Math.min(start, s.startMs());
        end = Math.max(end, s.endMs());
      }
      modal = Math.max(modal, s.modalLengthMs());
    }
    long w0 = start + Math.round(o.warmupSeconds() * 1000);
    long w1 = end - Math.round(o.cooldownSeconds() * 1000);
    if (w1 <= w0) {
      boolean cut = o.warmupSeconds() > 0 || o.cooldownSeconds() > 0;
      throw new InputException(null, 0, "the clients have no " + o.window().label() + " time window"
          + (cut ? " after cutting the warm-up and cool-down" : "") + " (" + spans(ok, scans) + ").",
          "merge clients that ran at the same time (check their clocks)"
              + (o.window() == WindowKind.COMMON ? ", or pass --window union to merge clients that ran one after "
                  + "another" : "")
              + (cut ? ", or cut less warm-up/cool-down." : "."));
    }
    long bucketMs = bucket(ok, modal, o);
    int buckets = (int) Math.max(1, (w1 - w0 + bucketMs - 1) / bucketMs);
    return new WindowPlan(MergeMode.INTERVALS, w0, w1, bucketMs, buckets, null);
  }

  /**
   * Whole runs cannot be cut to a window, but they obey the same rule of time as intervals: the common window is the
   * time every client ran (refused when there is none, so no rates of clients that never ran together are summed),
   * the union window the time from the first start to the last end. Every whole run is merged either way.
   */
  private static WindowPlan wholeRun(ClientInput c, List<ClientInput> ok, List<LogScan> scans, MergeOptions o)
      throws InputException {
    if (o.warmupSeconds() > 0 || o.cooldownSeconds() > 0) {
      throw new InputException(c.dir(), 0, "client " + c.name() + "'s logs hold one histogram for its whole run (it "
          + "ran without -s), so a warm-up or cool-down cannot be cut out.",
          "re-run the clients with -s (one interval per status.interval seconds), or drop --warmup/--cooldown.");
    }
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long latestStart = Long.MIN_VALUE;
    long earliestEnd = Long.MAX_VALUE;
    for (LogScan s : scans) {
      first = Math.min(first, s.startMs());
      last = Math.max(last, s.endMs());
      latestStart = Math.max(latestStart, s.startMs());
      earliestEnd = Math.min(earliestEnd, s.endMs());
    }
    long w0 = first;
    long w1 = last;
    if (o.window() == WindowKind.COMMON) {
      if (ok.size() > 1 && earliestEnd <= latestStart) {
        throw new InputException(null, 0, "the clients have no common time: they ran without -s, so only their "
            + "whole runs can be merged, and those never overlap (" + spans(ok, scans) + ").",
            "merge clients that ran at the same time, or pass --window union for their operations over the time "
                + "from the first start to the last end.");
      }
      w0 = latestStart;
      w1 = earliestEnd;
    }
    w1 = Math.max(w1, w0 + 1);
    return new WindowPlan(MergeMode.WHOLE_RUN, w0, w1, w1 - w0, 1, c.name());
  }

  /** Each client's span: {@code name start to end}, comma-separated. */
  private static String spans(List<ClientInput> ok, List<LogScan> scans) {
    StringBuilder spans = new StringBuilder();
    for (int i = 0; i < ok.size(); i++) {
      spans.append(i == 0 ? "" : ", ").append(ok.get(i).name()).append(' ')
          .append(Instant.ofEpochMilli(scans.get(i).startMs())).append(" to ")
          .append(Instant.ofEpochMilli(scans.get(i).endMs()));
    }
    return spans.toString();
  }

  /**
   * The clients' interval: status.interval when every client states it, else the interval length covering the most
   * time (short runs have as many tiny first and last intervals as whole ones); or the user's coarser bucket.
   */
  private static long bucket(List<ClientInput> ok, long modal, MergeOptions o) throws InputException {
    long stated = 0;
    for (ClientInput c : ok) {
      try {
        stated = Math.max(stated, Math.round(Double.parseDouble(c.properties().getOrDefault("status.interval", "x"))
            * 1000));
      } catch (NumberFormatException e) {
        stated = -1;
        break;
      }
    }
    if (stated > 0) {
      modal = stated;
    }
    long auto = modal >= 1000 ? Math.max(1000, Math.round(modal / 1000.0) * 1000) : Math.max(10, modal);
    if (o.bucketSeconds() <= 0) {
      return auto;
    }
    long asked = Math.round(o.bucketSeconds() * 1000);
    if (asked < auto) {
      throw new InputException(null, 0, "a time-series bucket of " + o.bucketSeconds() + " s is finer than the "
          + "clients' " + (auto / 1000.0) + " s intervals.",
          "pass --bucket " + (auto / 1000.0)
              + " or more (or re-run the clients with a shorter status.interval).");
    }
    return asked;
  }

  /** Milliseconds the window lasts. */
  long lengthMs() {
    return endMs - startMs;
  }
}
