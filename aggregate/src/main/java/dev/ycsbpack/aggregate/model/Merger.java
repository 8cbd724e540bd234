package dev.ycsbpack.aggregate.model;

import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.HdrIntervalLog;
import dev.ycsbpack.aggregate.input.HistogramDecoder;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.input.IntervalCounts;
import dev.ycsbpack.aggregate.input.OpSummary;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * The merge: per operation, adds every interval histogram of every client whose midpoint lies in the common window,
 * reads the percentiles from the sum, and builds the per-bucket time series in the same streaming pass.
 *
 * <p>Two passes over each log: the first checks every line and finds each client's time span (nothing decoded); the
 * second decodes each interval once, in time order, adding it to the current bucket's histogram. Only one histogram
 * per operation per bucket in progress and one per operation in total are held, so memory does not grow with the
 * number of intervals (the series rows themselves take a few longs per bucket).
 */
public final class Merger {
  static final String INTENDED = "Intended-";
  private static final Set<String> OK_STATUSES = Set.of("OK", "BATCHED_OK");

  private Merger() {
  }

  /** Reads the client folders (see {@link ClientFolders#expand}) and merges them. */
  public static MergeResult merge(List<Path> folders, MergeOptions options)
      throws InputException, PartialResultException {
    List<ClientInput> clients = new ArrayList<>();
    for (Path dir : ClientFolders.expand(folders)) {
      clients.add(ClientFolders.load(dir));
    }
    return merge(clients, options, options.threads());
  }

  /** What the first pass learns about one log. */
  private record LogScan(long lines, long firstStartMs, long lastEndMs, Map<Long, Long> lengthHistogram) {
  }

  /** One client's logs, scanned. */
  private record ClientScan(Map<String, LogScan> logs, long startMs, long endMs, long maxLines, long modalLengthMs) {
  }

  /** What the second pass produces for one operation. */
  private record OpMerge(String op, Histogram total, TimeSeries.OpSeries series, long[] includedCount,
                         long[] includedMs, long[] allCount) {
  }

  public static MergeResult merge(List<ClientInput> clients, MergeOptions o, int threads)
      throws InputException, PartialResultException {
    if (clients.isEmpty()) {
      throw new InputException(null, 0, "no client folders given.", "pass the clients' folders.");
    }
    ConfigCheck.Result config = ConfigCheck.check(clients, o.allowedDifferences());
    if (!config.differences().isEmpty() && !o.force()) {
      List<String> d = new ArrayList<>();
      for (ConfigCheck.Difference diff : config.differences()) {
        d.add(diff.describe());
      }
      throw new InputException(null, 0, "the clients did not run the same workload configuration; these properties "
          + "differ: " + String.join(" | ", d) + ".", "merge only the clients of one run; if a property differs by "
          + "design, pass --allow-difference KEY; to merge anyway, pass --force (every output then lists the "
          + "differences).");
    }
    List<ClientInput> ok = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (ClientInput c : clients) {
      if (c.failed()) {
        failed.add(c.name());
        failures.add(c.name() + ": " + c.failure());
      } else {
        ok.add(c);
      }
    }
    if (ok.isEmpty()) {
      throw new InputException(null, 0, "no client finished: " + String.join("; ", failures) + ".",
          "re-run the clients; there is nothing to merge.");
    }
    if (!failed.isEmpty() && !o.acceptPartial()) {
      throw new PartialResultException(failed.size() + " of " + clients.size() + " clients failed: "
          + String.join("; ", failures) + ". The merged result would be incomplete. Fix: re-run the failed clients, "
          + "or pass --accept-partial to merge the others (every output then says INCOMPLETE on its first line).");
    }

    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
      Thread t = new Thread(r, "aggregate-merge");
      t.setDaemon(true);
      return t;
    });
    try {
      return mergeFinished(clients, ok, failed, config, o, pool);
    } finally {
      pool.shutdownNow();
    }
  }

  private static MergeResult mergeFinished(List<ClientInput> all, List<ClientInput> ok, List<String> failed,
                                           ConfigCheck.Result config, MergeOptions o, ExecutorService pool)
      throws InputException {
    // pass 1: check every line, find each client's span
    List<Callable<ClientScan>> scans = new ArrayList<>();
    for (ClientInput c : ok) {
      scans.add(() -> scan(c));
    }
    List<ClientScan> scanned = runAll(pool, scans);

    boolean wholeRun = false;
    String wholeRunClient = null;
    for (int i = 0; i < ok.size(); i++) {
      if (scanned.get(i).maxLines() <= 1) {
        wholeRun = true;
        wholeRunClient = ok.get(i).name();
        break;
      }
    }
    long w0;
    long w1;
    long bucketMs;
    int buckets;
    if (wholeRun) {
      if (o.warmupSeconds() > 0 || o.cooldownSeconds() > 0) {
        final String wr = wholeRunClient;
        throw new InputException(ok.stream().filter(c -> c.name().equals(wr)).findFirst().get().dir(), 0, "client " + wholeRunClient + "'s logs hold one histogram "
            + "for its whole run (it ran without -s), so a warm-up or cool-down cannot be cut out.",
            "re-run the clients with -s (one interval per status.interval seconds), or drop --warmup/--cooldown.");
      }
      w0 = Long.MAX_VALUE;
      w1 = Long.MIN_VALUE;
      for (ClientScan s : scanned) {
        w0 = Math.min(w0, s.startMs());
        w1 = Math.max(w1, s.endMs());
      }
      w1 = Math.max(w1, w0 + 1);
      bucketMs = w1 - w0;
      buckets = 1;
    } else {
      long latestStart = Long.MIN_VALUE;
      long earliestEnd = Long.MAX_VALUE;
      long modal = 0;
      for (ClientScan s : scanned) {
        latestStart = Math.max(latestStart, s.startMs());
        earliestEnd = Math.min(earliestEnd, s.endMs());
        modal = Math.max(modal, s.modalLengthMs());
      }
      w0 = latestStart + Math.round(o.warmupSeconds() * 1000);
      w1 = earliestEnd - Math.round(o.cooldownSeconds() * 1000);
      if (w1 <= w0) {
        StringBuilder spans = new StringBuilder();
        for (int i = 0; i < ok.size(); i++) {
          spans.append(i == 0 ? "" : ", ").append(ok.get(i).name()).append(' ')
              .append(Instant.ofEpochMilli(scanned.get(i).startMs())).append(" to ")
              .append(Instant.ofEpochMilli(scanned.get(i).endMs()));
        }
        throw new InputException(null, 0, "the clients have no common time window"
            + (o.warmupSeconds() > 0 || o.cooldownSeconds() > 0 ? " after cutting the warm-up and cool-down" : "")
            + " (" + spans + ").", "merge clients that ran at the same time (check their clocks), or cut less "
            + "warm-up/cool-down.");
      }
      // the clients' interval: status.interval when every client states it, else the interval length covering
      // the most time (short runs have as many tiny first/last intervals as whole ones)
      long stated = 0;
      for (ClientInput c : ok) {
        try {
          stated = Math.max(stated, Math.round(Double.parseDouble(c.properties().getOrDefault("status.interval",
              "x")) * 1000));
        } catch (NumberFormatException e) {
          stated = -1;
          break;
        }
      }
      if (stated > 0) {
        modal = stated;
      }
      long auto = modal >= 1000 ? Math.max(1000, Math.round(modal / 1000.0) * 1000) : Math.max(10, modal);
      bucketMs = auto;
      if (o.bucketSeconds() > 0) {
        long asked = Math.round(o.bucketSeconds() * 1000);
        if (asked < auto) {
          throw new InputException(null, 0, "a time-series bucket of " + o.bucketSeconds() + " s is finer than the "
              + "clients' " + (auto / 1000.0) + " s intervals.", "pass --bucket " + (auto / 1000.0)
              + " or more (or re-run the clients with a shorter status.interval).");
        }
        bucketMs = asked;
      }
      buckets = (int) Math.max(1, (w1 - w0 + bucketMs - 1) / bucketMs);
    }

    // pass 2: per operation, in time order
    // workload operations first (by name), then CLEANUP and the rest; Intended-* sort after their operation
    Set<String> opNames = new TreeSet<>((a, b) -> {
      int ka = isWorkloadOp(a) || isWorkloadOp(stripIntended(a)) ? 0 : 1;
      int kb = isWorkloadOp(b) || isWorkloadOp(stripIntended(b)) ? 0 : 1;
      return ka != kb ? Integer.compare(ka, kb) : a.compareTo(b);
    });
    for (ClientInput c : ok) {
      opNames.addAll(c.logs().keySet());
    }
    double[] pcts = o.percentiles().stream().mapToDouble(Double::doubleValue).toArray();
    List<Callable<OpMerge>> tasks = new ArrayList<>();
    final long fw0 = w0;
    final long fw1 = w1;
    final long fb = bucketMs;
    final int fn = buckets;
    for (String op : opNames) {
      tasks.add(() -> mergeOp(op, ok, fw0, fw1, fb, fn, pcts));
    }
    List<OpMerge> merged = runAll(pool, tasks);

    // every log must hold exactly what its client reported
    for (OpMerge m : merged) {
      for (int i = 0; i < ok.size(); i++) {
        ClientInput c = ok.get(i);
        Path log = c.logs().get(m.op());
        if (log == null) {
          continue;
        }
        OpSummary s = c.output().operations().get(m.op());
        long reported = s == null ? 0 : s.operations();
        if (m.allCount()[i] != reported) {
          throw new InputException(log, 0, "the log holds " + m.allCount()[i] + " " + m.op() + " operations, but "
              + (s == null ? c.output().file() + " has no [" + m.op() + "] section"
                  : c.output().file() + ":" + s.line() + " reports [" + m.op() + "], Operations, " + reported)
              + ": the log is incomplete (cut at a line end?) or from another run.",
              "take the complete log and output of the same run of that client.");
        }
      }
    }

    // each client's time inside the window: its longest-covered operation
    long[] clientMs = new long[ok.size()];
    for (OpMerge m : merged) {
      for (int i = 0; i < ok.size(); i++) {
        clientMs[i] = Math.max(clientMs[i], m.includedMs()[i]);
      }
    }
    Map<String, OpMerge> byOp = new LinkedHashMap<>();
    for (OpMerge m : merged) {
      byOp.put(m.op(), m);
    }
    String latencyKind = "intended".equals(config.common().get("measurement.interval")) ? "intended" : "service";
    List<OpResult> ops = new ArrayList<>();
    long totalCount = 0;
    double totalThroughput = 0;
    for (OpMerge m : merged) {
      String name = m.op();
      if (name.startsWith(INTENDED) && byOp.containsKey(name.substring(INTENDED.length()))) {
        continue;
      }
      double tp = throughput(m.includedCount(), clientMs);
      OpMerge intended = byOp.get(INTENDED + name);
      Map<String, Long> returns = new LinkedHashMap<>();
      for (ClientInput c : ok) {
        OpSummary s = c.output().operations().get(name);
        if (s != null) {
          s.returns().forEach((k, v) -> returns.merge(k, v, Long::sum));
        }
      }
      long returned = 0;
      long errors = 0;
      for (Map.Entry<String, Long> e : returns.entrySet()) {
        returned += e.getValue();
        if (!OK_STATUSES.contains(e.getKey())) {
          errors += e.getValue();
        }
      }
      ops.add(new OpResult(name, m.total().getTotalCount(), tp, LatencyStats.of(m.total(), o.percentiles()),
          latencyKind, intended == null ? null : LatencyStats.of(intended.total(), o.percentiles()), returns, errors,
          returned == 0 ? Double.NaN : (double) errors / returned));
      if (isWorkloadOp(name)) {
        totalCount += m.total().getTotalCount();
        totalThroughput += tp;
      }
    }

    List<ClientResult> clientResults = new ArrayList<>();
    int okIndex = 0;
    for (ClientInput c : all) {
      Map<String, OpSummary> own = c.output() == null ? Map.of() : c.output().operations();
      if (c.failed()) {
        clientResults.add(new ClientResult(c.name(), c.dir().toString(), c.failure(), -1, Double.NaN, 0, 0,
            Double.NaN, 0, 0, own, Map.of()));
        continue;
      }
      int i = okIndex++;
      Map<String, Long> counts = new LinkedHashMap<>();
      long windowOps = 0;
      for (OpMerge m : merged) {
        if (c.logs().containsKey(m.op())) {
          counts.put(m.op(), m.includedCount()[i]);
          if (isWorkloadOp(m.op())) {
            windowOps += m.includedCount()[i];
          }
        }
      }
      double secs = clientMs[i] / 1000.0;
      clientResults.add(new ClientResult(c.name(), c.dir().toString(), null, c.output().runTimeMs(),
          c.output().throughput(), secs, windowOps, secs > 0 ? windowOps / secs : Double.NaN,
          scanned.get(i).startMs(), scanned.get(i).endMs(), own, counts));
    }

    Map<String, TimeSeries.OpSeries> series = new LinkedHashMap<>();
    if (!wholeRun) {
      for (OpMerge m : merged) {
        series.put(m.op(), m.series());
      }
    }
    TimeSeries ts = new TimeSeries(w0, w1, bucketMs, wholeRun ? 0 : buckets, o.percentiles(), series);

    Map<String, Map<String, String>> env = new LinkedHashMap<>();
    for (ClientInput c : all) {
      env.put(c.name(), c.environment());
    }
    ConfigCheck.Result environment = ConfigCheck.check(env, List.of("*"), false);

    List<String> notes = new ArrayList<>();
    if (!failed.isEmpty()) {
      notes.add("Failed clients were left out of every merged figure: " + String.join(", ", failed) + ".");
    }
    if (!config.differences().isEmpty()) {
      List<String> d = new ArrayList<>();
      for (ConfigCheck.Difference diff : config.differences()) {
        d.add(diff.describe());
      }
      notes.add("Merged with --force although the configurations differ: " + String.join(" | ", d) + ".");
    }
    if (wholeRun) {
      notes.add("Client " + wholeRunClient + " ran without -s, so its logs hold one histogram for its whole run: "
          + "the whole runs were merged (percentiles are still exact), throughput is the sum of each client's "
          + "operations over its own run, and there is no time series.");
    }
    notes.add("Operation counts, throughput and latency cover the common window; Return= counts and error rates "
        + "cover each client's whole run (YCSB keeps no per-interval status counts).");
    return new MergeResult(clientResults, failed, wholeRun ? "whole-run" : "intervals", w0, w1,
        o.warmupSeconds(), o.cooldownSeconds(), o.percentiles(), ops, totalCount, totalThroughput, config,
        !config.differences().isEmpty(), environment, ts, notes);
  }

  /** Operations YCSB counts in its own throughput: everything but CLEANUP and the Intended-* copies. */
  public static boolean isWorkloadOp(String name) {
    return !name.startsWith(INTENDED) && !"CLEANUP".equals(name);
  }

  private static String stripIntended(String name) {
    return name.startsWith(INTENDED) ? name.substring(INTENDED.length()) : name;
  }

  private static double throughput(long[] counts, long[] clientMs) {
    double tp = 0;
    for (int i = 0; i < counts.length; i++) {
      if (clientMs[i] > 0) {
        tp += counts[i] / (clientMs[i] / 1000.0);
      }
    }
    return tp;
  }

  private static ClientScan scan(ClientInput c) throws InputException {
    Map<String, LogScan> logs = new LinkedHashMap<>();
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long maxLines = 0;
    Map<Long, Long> lengths = new HashMap<>();
    for (Map.Entry<String, Path> e : c.logs().entrySet()) {
      LogScan s = scanLog(e.getValue());
      logs.put(e.getKey(), s);
      if (s.lines() > 0) {
        start = Math.min(start, s.firstStartMs());
        end = Math.max(end, s.lastEndMs());
      }
      maxLines = Math.max(maxLines, s.lines());
      s.lengthHistogram().forEach((k, v) -> lengths.merge(k, v, Long::sum));
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
    return new ClientScan(logs, start, end, maxLines, modal);
  }

  private static LogScan scanLog(Path file) throws InputException {
    long n = 0;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    Map<Long, Long> lengths = new HashMap<>();
    try (HdrIntervalLog log = HdrIntervalLog.open(file)) {
      while (log.next()) {
        n++;
        first = Math.min(first, log.startMs());
        last = Math.max(last, log.endMs());
        long len = log.endMs() - log.startMs();
        long rounded = len >= 1000 ? Math.round(len / 100.0) * 100 : Math.round(len / 10.0) * 10;
        lengths.merge(rounded, Math.max(1, len), Long::sum); // weighted by the time it covers
      }
    }
    return new LogScan(n, first, last, lengths);
  }

  /** One open log in the second pass. */
  private static final class Cursor {
    final int client;
    final HdrIntervalLog log;
    boolean pending;

    Cursor(int client, HdrIntervalLog log) throws InputException {
      this.client = client;
      this.log = log;
      this.pending = log.next();
    }
  }

  private static OpMerge mergeOp(String op, List<ClientInput> ok, long w0, long w1, long bucketMs, int buckets,
                                 double[] pcts) throws InputException {
    List<Cursor> cursors = new ArrayList<>();
    HistogramDecoder decoder = new HistogramDecoder();
    long[] included = new long[ok.size()];
    long[] includedMs = new long[ok.size()];
    long[] allCount = new long[ok.size()];
    long[] counts = new long[buckets];
    long[][] pv = new long[pcts.length][buckets];
    long[] max = new long[buckets];
    IntervalCounts bucket = new IntervalCounts();
    IntervalCounts outside = new IntervalCounts();
    Histogram total = new Histogram(IntervalCounts.DIGITS);
    try {
      for (int i = 0; i < ok.size(); i++) {
        Path p = ok.get(i).logs().get(op);
        if (p != null) {
          cursors.add(new Cursor(i, HdrIntervalLog.open(p)));
        }
      }
      for (int k = 0; k < buckets; k++) {
        long bucketEnd = k == buckets - 1 ? Long.MAX_VALUE : w0 + (k + 1) * bucketMs;
        for (Cursor c : cursors) {
          while (c.pending && c.log.midMs() < bucketEnd) {
            long mid = c.log.midMs();
            if (mid >= w0 && mid < w1) {
              long n = c.log.decodeInto(decoder, bucket);
              allCount[c.client] += n;
              included[c.client] += n;
              includedMs[c.client] += c.log.endMs() - c.log.startMs();
            } else {
              allCount[c.client] += c.log.decodeInto(decoder, outside); // counted for the check, not merged
              outside.clear();
            }
            c.pending = c.log.next();
          }
        }
        counts[k] = bucket.totalCount();
        long[] v = bucket.valuesAt(pcts);
        for (int p = 0; p < pcts.length; p++) {
          pv[p][k] = v[p];
        }
        max[k] = bucket.max();
        bucket.drainInto(total);
      }
    } finally {
      for (Cursor c : cursors) {
        c.log.close();
      }
    }
    return new OpMerge(op, total, new TimeSeries.OpSeries(counts, pv, max), included, includedMs, allCount);
  }

  private static <T> List<T> runAll(ExecutorService pool, List<Callable<T>> tasks) throws InputException {
    List<Future<T>> futures = new ArrayList<>();
    for (Callable<T> t : tasks) {
      futures.add(pool.submit(t));
    }
    List<T> out = new ArrayList<>();
    for (Future<T> f : futures) {
      try {
        out.add(f.get());
      } catch (ExecutionException e) {
        if (e.getCause() instanceof InputException ie) {
          throw ie;
        }
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new IllegalStateException(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    return out;
  }
}
