package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.input.ClientInput;
import dev.ycsbpack.aggregate.input.OpSummary;
import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.LatencyKind;
import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeMode;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.aggregate.result.TimeSeries;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.InsertDocuments;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.Text;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Turns the merged histograms into the result: operations, clients, the time series, environment and notes. */
final class ResultAssembler {
  static final String INTENDED = "Intended-";

  private final Admission admission;
  private final WindowPlan window;
  private final List<OpMerge> merged;
  private final MergeOptions options;
  /** Per merged client: the time its intervals inside the window cover (its longest-covered operation). */
  private final long[] clientMs;

  private ResultAssembler(Admission admission, WindowPlan window, List<OpMerge> merged, MergeOptions options) {
    this.admission = admission;
    this.window = window;
    this.merged = merged;
    this.options = options;
    this.clientMs = new long[admission.ok().size()];
    for (OpMerge m : merged) {
      for (int i = 0; i < clientMs.length; i++) {
        clientMs[i] = Math.max(clientMs[i], m.includedMs()[i]);
      }
    }
  }

  static MergeResult build(Admission admission, WindowPlan window, List<OpMerge> merged, List<LogScan> scans,
      MergeOptions options) {
    return new ResultAssembler(admission, window, merged, options).build(scans);
  }

  /**
   * Operations YCSB counts in its own throughput: everything but CLEANUP and the Intended-* copies, and but the
   * binding's INSERT-BATCH latencies (its documents are the INSERT operations; counting both counted them twice).
   */
  static boolean isWorkloadOp(String name) {
    return !name.startsWith(INTENDED) && !"CLEANUP".equals(name) && !InsertDocuments.BATCH_SECTION.equals(name);
  }

  private MergeResult build(List<LogScan> scans) {
    List<OpResult> ops = operations();
    long totalCount = 0;
    long reported = 0;
    double totalThroughput = 0;
    for (OpResult op : ops) {
      if (isWorkloadOp(op.name())) {
        totalCount += op.count();
        reported += op.reported();
        totalThroughput += op.throughput();
      }
    }
    TimeSeries ts = timeSeries();
    Settings environment = environment();
    Settings config = admission.config();
    Map<String, Long> insertDocuments = insertDocuments();
    Outcomes outcomes = outcomes(totalThroughput);
    List<String> budgetNotes = new ArrayList<>();
    ErrorBudget budget = budget(config, budgetNotes);
    String budgetFailure = budget.breach(outcomes).orElse(null);
    Findings findings = Findings.of(config, environment, ops, ts, options.percentiles(), insertDocuments,
        budget.headline(outcomes).orElse(null),
        admission.ok().size(), totalThroughput);
    List<ClientResult> clients = clients(scans);
    return new MergeResult(new MergeResult.Roster(clients, admission.failed(), admission.stopped()),
        new MergeResult.Span(window.mode(), options.window(), window.startMs(), window.endMs(),
            options.warmupSeconds(), options.cooldownSeconds()),
        options.percentiles(), ops, new MergeResult.Totals(totalCount, reported, totalThroughput), config,
        environment, ts, new MergeResult.Findings(findings.server(), findings.warnings(),
            concat(concat(budgetNotes, notes(clients, insertDocuments)), LogScan.notes(scans))),
        new MergeResult.Returns(insertDocuments, outcomes, budgetFailure));
  }

  /**
   * The merged clients' {@code Return=} counts summed, with the merged throughput: the counts the one rule
   * ({@link ErrorBudget}) weighs for the whole run, as {@code bin/ycsb} weighs one client's.
   */
  private Outcomes outcomes(double throughput) {
    Outcomes sum = Outcomes.none();
    for (ClientInput c : admission.ok()) {
      for (OpSummary s : c.output().operations().values()) {
        if (Outcomes.counts(s.name())) {
          for (Map.Entry<String, Long> e : s.returns().entrySet()) {
            sum = sum.plus(s.name(), e.getKey(), e.getValue());
          }
        }
      }
    }
    return sum.withOpsPerSec(throughput);
  }

  /** The clients' budget ({@code ycsbpack.maxerrorrate}, ...); the defaults, with a note, when theirs is unreadable. */
  private static ErrorBudget budget(Settings config, List<String> notes) {
    try {
      return ErrorBudget.of(config.common());
    } catch (IllegalArgumentException e) {
      notes.add("The clients' error budget cannot be read (" + e.getMessage() + "); the defaults were applied.");
      return ErrorBudget.defaults();
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  private List<OpResult> operations() {
    Map<String, OpMerge> byOp = new LinkedHashMap<>();
    for (OpMerge m : merged) {
      byOp.put(m.op(), m);
    }
    LatencyKind kind = "intended".equals(admission.config().common().get("measurement.interval"))
        ? LatencyKind.INTENDED : LatencyKind.SERVICE;
    List<OpResult> ops = new ArrayList<>();
    for (OpMerge m : merged) {
      String name = m.op();
      if (name.startsWith(INTENDED) && byOp.containsKey(name.substring(INTENDED.length()))) {
        continue; // folded into its operation
      }
      OpMerge intended = byOp.get(INTENDED + name);
      Map<String, Long> returns = new LinkedHashMap<>();
      for (ClientInput c : admission.ok()) {
        OpSummary s = c.output().operations().get(name);
        if (s != null) {
          s.returns().forEach((k, v) -> returns.merge(k, v, Long::sum));
        }
      }
      Outcomes own = new Outcomes(Map.of(name, returns), Double.NaN);
      ops.add(new OpResult(name, m.total().getTotalCount(), sum(m.allCount()), throughput(m),
          LatencyStats.of(m.total(), options.percentiles()), kind,
          intended == null ? null : LatencyStats.of(intended.total(), options.percentiles()), returns, own.failed(),
          own.attempted() == 0 ? Double.NaN : own.errorRate()));
    }
    return ops;
  }

  /**
   * Operations per second inside the window. In the common window every client runs throughout (whole runs merged
   * there overlap, or the merge was refused), so the rates of the clients (each over the time its own intervals
   * cover) add up; in the union window clients may run one after another, so only operations over the window's
   * length is right, for intervals and whole runs alike.
   */
  private double throughput(OpMerge m) {
    if (options.window() == WindowKind.UNION) {
      return window.lengthMs() > 0 ? sum(m.includedCount()) / (window.lengthMs() / 1000.0) : Double.NaN;
    }
    double tp = 0;
    for (int i = 0; i < clientMs.length; i++) {
      if (clientMs[i] > 0) {
        tp += m.includedCount()[i] / (clientMs[i] / 1000.0);
      }
    }
    return tp;
  }

  private List<ClientResult> clients(List<LogScan> scans) {
    List<ClientResult> out = new ArrayList<>();
    int okIndex = 0;
    for (ClientInput c : admission.all()) {
      Map<String, OpSummary> own = c.output() == null ? Map.of() : c.output().operations();
      String host = Text.shown(options.hosts().getOrDefault(c.name(), c.host()), ConfigCheck.VALUE_CAP);
      if (c.failed()) {
        out.add(ClientResult.failed(c.name(), host, c.dir().toString(), c.failure(), own));
        continue;
      }
      int i = okIndex++;
      Map<String, Long> counts = new LinkedHashMap<>();
      long windowOps = 0;
      long reportedOps = 0;
      for (OpMerge m : merged) {
        if (c.logs().containsKey(m.op())) {
          counts.put(m.op(), m.includedCount()[i]);
          if (isWorkloadOp(m.op())) {
            windowOps += m.includedCount()[i];
            reportedOps += m.allCount()[i];
          }
        }
      }
      double secs = clientMs[i] / 1000.0;
      out.add(new ClientResult(c.name(), host, c.dir().toString(), null, new ClientResult.Figures(
          c.output().runTimeMs(), c.output().throughput(), secs, windowOps, reportedOps,
          secs > 0 ? windowOps / secs : Double.NaN, scans.get(i).startMs(), scans.get(i).endMs()), own, counts));
    }
    return out;
  }

  private TimeSeries timeSeries() {
    Map<String, TimeSeries.OpSeries> series = new LinkedHashMap<>();
    boolean wholeRun = window.mode() == MergeMode.WHOLE_RUN;
    if (!wholeRun) {
      for (OpMerge m : merged) {
        series.put(m.op(), m.series());
      }
    }
    return new TimeSeries(window.startMs(), window.endMs(), window.bucketMs(), wholeRun ? 0 : window.buckets(),
        options.percentiles(), series);
  }

  private Settings environment() {
    Map<String, Map<String, String>> env = new LinkedHashMap<>();
    for (ClientInput c : admission.all()) {
      env.put(c.name(), c.environment());
    }
    return ConfigCheck.check(env, List.of("*"), false);
  }

  /** The merged clients' {@code [INSERT-DOCUMENTS]} counts, summed by name; empty when none batched inserts. */
  private Map<String, Long> insertDocuments() {
    Map<String, Long> sum = new LinkedHashMap<>();
    for (ClientInput c : admission.ok()) {
      c.output().insertDocuments().forEach((k, v) -> sum.merge(k, v, Long::sum));
    }
    return sum;
  }

  private List<String> notes(List<ClientResult> clients, Map<String, Long> insertDocuments) {
    long togetherMs = MergeResult.togetherMs(clients);
    List<String> notes = new ArrayList<>();
    if (!admission.failed().isEmpty()) {
      notes.add("Failed clients were left out of every merged figure: " + String.join(", ", admission.failed())
          + ".");
    }
    if (!admission.config().differences().isEmpty()) {
      notes.add("Merged with --force although the configurations differ: " + Admission.describe(admission.config())
          + ".");
    }
    int together = admission.all().size() - admission.failed().size();
    if (window.mode() == MergeMode.WHOLE_RUN) {
      String whole = "Client " + window.wholeRunClient() + " ran without -s, so its logs hold one histogram for its "
          + "whole run: the whole runs were merged (percentiles are still exact) and there is no time series. ";
      notes.add(whole + (options.window() == WindowKind.UNION
          ? unionNote(togetherMs, together)
          : "All " + together + " merged clients ran together for " + seconds(togetherMs) + " (the common window)"
              + spanShare(clients, togetherMs) + "; throughput is the sum of each client's operations over its own "
              + "run, which is the rate they reached together only as far as each ran at one pace throughout."));
    } else if (options.window() == WindowKind.UNION) {
      notes.add(unionNote(togetherMs, together));
    }
    if (!insertDocuments.isEmpty()) {
      StringBuilder docs = new StringBuilder("Batched inserts ([INSERT-DOCUMENTS], summed over the merged clients):");
      insertDocuments.forEach((k, v) -> docs.append(' ').append(k).append(' ')
          .append(String.format(Locale.ROOT, "%,d", v)).append(','));
      docs.setCharAt(docs.length() - 1, '.');
      notes.add(docs.toString());
    }
    notes.add("Operation counts, throughput and latency cover the window; Return= counts and error rates cover each "
        + "client's whole run (YCSB keeps no per-interval status counts).");
    return notes;
  }

  private String unionNote(long togetherMs, int clients) {
    return "Union window: from the first client's start to the last client's end (" + seconds(window.lengthMs())
        + "); all " + clients + " merged clients ran together for " + seconds(togetherMs) + " of it. Throughput is "
        + "the operations inside it over its length, so the parts that ran with fewer clients count as they ran.";
  }

  /** ", X% of the Y s from the first client's start to the last one's end", when the runs did not all coincide. */
  private static String spanShare(List<ClientResult> clients, long togetherMs) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (ClientResult c : clients) {
      if (c.failed()) {
        continue;
      }
      first = Math.min(first, c.startMs());
      last = Math.max(last, c.endMs());
    }
    long span = last - first;
    if (span <= 0 || togetherMs >= span) {
      return "";
    }
    return String.format(Locale.ROOT, ", %.0f%% of the %s from the first client's start to the last one's end",
        100.0 * togetherMs / span, seconds(span));
  }

  private static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  private static long sum(long[] a) {
    long s = 0;
    for (long v : a) {
      s += v;
    }
    return s;
  }
}
