package dev.ycsbpack.aggregate.result;

import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.Outcomes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything a merge found. Outputs only format this. Its parts are separate facts (who was merged, the window, the
 * totals, the findings, the summed returns); the flat accessors below ({@link #windowStartMs()}, {@link #server()},
 * ...) read them, so every output reads a result the one way it always has.
 *
 * @param roster       the clients given and which of them were left out or stopped early
 * @param span         how and over which window they were merged
 * @param percentiles  the percentiles reported
 * @param operations   merged operations, {@code Intended-*} folded into their operation
 * @param totals       the workload operations' counts and throughput
 * @param config       the configuration of the clients, compared
 * @param environment  the environment facts of the clients, compared
 * @param timeSeries   the per-bucket series
 * @param findings     what the clients measured and what a reader must know before and beside the numbers
 * @param returns      the summed {@code Return=} counts and what the error budget makes of them
 */
public record MergeResult(Roster roster, Span span, List<Double> percentiles, List<OpResult> operations,
    Totals totals, Settings config, Settings environment, TimeSeries timeSeries,
    Findings findings, Returns returns) {
  public MergeResult {
    percentiles = List.copyOf(percentiles);
    operations = List.copyOf(operations);
  }

  /**
   * Who was merged.
   *
   * @param clients  every client given, failed ones included
   * @param failed   names of failed clients (left out of every merged figure)
   * @param stopped  names of clients merged although they stopped before the end because their coordinator was lost
   *                 ({@code --accept-partial}): the result then covers less than the run asked
   */
  public record Roster(List<ClientResult> clients, List<String> failed, List<String> stopped) {
    public Roster {
      clients = List.copyOf(clients);
      failed = List.copyOf(failed);
      stopped = List.copyOf(stopped);
    }
  }

  /**
   * How the clients were merged and over which window.
   *
   * @param mode             intervals (a window and a time series) or whole runs
   * @param window           which window was merged (common or union)
   * @param startMs          the window, ms since the epoch
   * @param endMs            end of the window
   * @param warmupSeconds    trimmed from the start
   * @param cooldownSeconds  trimmed from the end
   */
  public record Span(MergeMode mode, WindowKind window, long startMs, long endMs, double warmupSeconds,
      double cooldownSeconds) {
  }

  /**
   * The workload operations (all operations but CLEANUP and Intended-*).
   *
   * @param count       those in the window
   * @param reported    those the merged clients reported for their whole runs
   * @param throughput  their throughput in the window
   */
  public record Totals(long count, long reported, double throughput) {
  }

  /**
   * What the clients measured and what must be read with the numbers.
   *
   * @param server    what the clients measured, e.g. {@code MongoDB 7.0.14 (replica set rs0)}; empty if unknown
   * @param warnings  what must be read before any number (not MongoDB, clients behind their target): shown first
   * @param notes     things the reader must know (shown in every output)
   * @param telemetry what the server and the machines did meanwhile, as sampled; {@link Telemetry#NONE} without
   */
  public record Findings(String server, List<String> warnings, List<String> notes, Telemetry telemetry) {
    public Findings {
      server = server == null ? "" : server;
      warnings = List.copyOf(warnings);
      notes = List.copyOf(notes);
      telemetry = telemetry == null ? Telemetry.NONE : telemetry;
    }

    /** Findings without telemetry. */
    public Findings(String server, List<String> warnings, List<String> notes) {
      this(server, warnings, notes, Telemetry.NONE);
    }
  }

  /**
   * What the merged clients' operations returned.
   *
   * @param insertDocuments  the batched-insert document counts ({@code [INSERT-DOCUMENTS]}: {@code Counted},
   *                         {@code Acknowledged}, ...) summed over the merged clients; empty when none batched
   * @param outcomes         the merged clients' {@code Return=} counts summed, with the merged throughput
   * @param budgetFailure    why the summed counts exceed the clients' error budget ({@code ErrorBudget}), or null
   */
  public record Returns(Map<String, Long> insertDocuments, Outcomes outcomes, String budgetFailure) {
    public Returns {
      insertDocuments = Collections.unmodifiableMap(new LinkedHashMap<>(insertDocuments));
      outcomes = outcomes == null ? Outcomes.none() : outcomes;
    }
  }

  /**
   * This result with its clients listed in {@code names}' order (a client not named keeps its place after them):
   * what the caller knows about how to read them, such as a coordinated run's clients by host, slowest first. Every
   * figure stays as merged; only the order in which the outputs list the clients changes.
   */
  public MergeResult listingClients(List<String> names) {
    List<ClientResult> listed = new java.util.ArrayList<>(clients());
    listed.sort(java.util.Comparator.comparingInt(c -> {
      int i = names.indexOf(c.name());
      return i < 0 ? Integer.MAX_VALUE : i;
    }));
    return new MergeResult(new Roster(listed, failedClients(), stoppedClients()), span, percentiles, operations,
        totals, config, environment, timeSeries, findings, returns);
  }

  /** Every client given, failed ones included. */
  public List<ClientResult> clients() {
    return roster.clients();
  }

  /** Names of failed clients (left out of every merged figure). */
  public List<String> failedClients() {
    return roster.failed();
  }

  /** Names of clients merged although they stopped before the end ({@code --accept-partial}). */
  public List<String> stoppedClients() {
    return roster.stopped();
  }

  /** Intervals (a window and a time series) or whole runs. */
  public MergeMode mode() {
    return span.mode();
  }

  /** Which window was merged (common or union). */
  public WindowKind window() {
    return span.window();
  }

  public long windowStartMs() {
    return span.startMs();
  }

  public long windowEndMs() {
    return span.endMs();
  }

  public double warmupSeconds() {
    return span.warmupSeconds();
  }

  public double cooldownSeconds() {
    return span.cooldownSeconds();
  }

  /** Workload operations in the window. */
  public long totalCount() {
    return totals.count();
  }

  /** Workload operations the merged clients reported for their whole runs. */
  public long reportedCount() {
    return totals.reported();
  }

  /** Throughput of the workload operations in the window. */
  public double totalThroughput() {
    return totals.throughput();
  }

  /** True when clients with different configurations were merged on request ({@code --force}). */
  public boolean forced() {
    return !config.differences().isEmpty();
  }

  public String server() {
    return findings.server();
  }

  public List<String> warnings() {
    return findings.warnings();
  }

  public List<String> notes() {
    return findings.notes();
  }

  /** What the server and the machines did during the run, as sampled beside the clients. */
  public Telemetry telemetry() {
    return findings.telemetry();
  }

  /** This result with {@code telemetry} in its findings; every other figure as merged. */
  public MergeResult withTelemetry(Telemetry telemetry) {
    return new MergeResult(roster, span, percentiles, operations, totals, config, environment, timeSeries,
        new Findings(server(), warnings(), notes(), telemetry), returns);
  }

  public Map<String, Long> insertDocuments() {
    return returns.insertDocuments();
  }

  public Outcomes outcomes() {
    return returns.outcomes();
  }

  public String budgetFailure() {
    return returns.budgetFailure();
  }

  /**
   * The line the merged result leads with when any operation failed or found nothing ({@link ErrorBudget#lead} of the
   * summed counts), or null: one place for every output of a merge and for the coordinator's manifest.
   */
  public String lead() {
    return ErrorBudget.lead(outcomes()).orElse(null);
  }

  public boolean complete() {
    return failedClients().isEmpty() && stoppedClients().isEmpty();
  }

  public double windowSeconds() {
    return (windowEndMs() - windowStartMs()) / 1000.0;
  }

  /** Share of the reported workload operations that lie inside the window (1.0 = all), NaN when none reported. */
  public double coverage() {
    return reportedCount() == 0 ? Double.NaN : (double) totalCount() / reportedCount();
  }

  /**
   * How long every merged client was running at once: from the latest start to the earliest end of their intervals,
   * 0 when they never overlapped. Beside the union window's length it says how much of that window ran with fewer
   * than all clients (their tails, when some finish first).
   */
  public long togetherMs() {
    return togetherMs(clients());
  }

  /** {@link #togetherMs()} of these clients. */
  public static long togetherMs(List<ClientResult> clients) {
    long start = Long.MIN_VALUE;
    long end = Long.MAX_VALUE;
    boolean any = false;
    for (ClientResult c : clients) {
      if (!c.failed() && c.startMs() > 0) {
        start = Math.max(start, c.startMs());
        end = Math.min(end, c.endMs());
        any = true;
      }
    }
    return any ? Math.max(0, end - start) : 0;
  }

  /** One sentence saying how much of what the clients did the merged numbers cover. */
  public String coverageStatement() {
    MergeMode mode = mode();
    WindowKind window = window();
    long totalCount = totalCount();
    long reportedCount = reportedCount();
    if (mode == MergeMode.WHOLE_RUN && window == WindowKind.COMMON) {
      // the runs cannot be cut to the common window: say what is merged, and how long the clients shared
      return "Window coverage: all " + String.format(Locale.ROOT, "%,d", totalCount) + " operations the merged "
          + "clients reported, over their whole runs (they ran without -s, so nothing outside the common window can "
          + "be cut out); all of them ran at once for " + String.format(Locale.ROOT, "%.1f s", togetherMs() / 1000.0)
          + ".";
    }
    String pct = reportedCount == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100.0 * coverage());
    return "Window coverage: " + String.format(Locale.ROOT, "%,d", totalCount) + " of the "
        + String.format(Locale.ROOT, "%,d", reportedCount) + " operations the merged clients reported (" + pct
        + ") lie inside the " + window.label() + " window"
        + (mode == MergeMode.WHOLE_RUN ? " (whole runs merged)" : "") + ".";
  }

  /**
   * What every human-readable output must say before its numbers, in order: the INCOMPLETE banner when the merge is
   * partial, then each warning.
   */
  public List<String> headlines() {
    List<String> h = new java.util.ArrayList<>();
    if (!complete()) {
      h.add(incompleteBanner());
    }
    h.addAll(warnings());
    return h;
  }

  /** The one-line statement every output starts with when the merge is incomplete, else null. */
  public String incompleteBanner() {
    if (complete()) {
      return null;
    }
    List<String> failedClients = failedClients();
    List<String> stoppedClients = stoppedClients();
    long merged = clients().size() - failedClients.size();
    String stopped = stoppedClients.isEmpty() ? "" : (stoppedClients.size() == merged ? "all" : stoppedClients.size()
        + " of them") + " stopped before the end when their coordinator was lost (" + String.join(", ", stoppedClients)
        + ")";
    String failed = failedClients.isEmpty() ? "" : "failed (left out): " + String.join(", ", failedClients);
    return "INCOMPLETE: merged " + merged + " of " + clients().size() + " clients; " + stopped
        + (stopped.isEmpty() || failed.isEmpty() ? "" : "; ") + failed + ". These numbers do not describe the whole "
        + "run.";
  }

  /** Convenience for outputs: operations by name. */
  public Map<String, OpResult> operationsByName() {
    Map<String, OpResult> m = new LinkedHashMap<>();
    for (OpResult o : operations) {
      m.put(o.name(), o);
    }
    return m;
  }
}
