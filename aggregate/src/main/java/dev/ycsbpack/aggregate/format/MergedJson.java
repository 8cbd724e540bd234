package dev.ycsbpack.aggregate.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.soabase.recordbuilder.core.RecordBuilder;
import dev.ycsbpack.aggregate.input.OpSummary;
import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import dev.ycsbpack.aggregate.result.TimeSeries;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code merged.json}, as typed records: {@link JsonWriter} writes them and {@code compare} reads them back with the
 * same Jackson mapping, so the two sides cannot drift apart. docs/aggregate.md documents every field. Numbers that do
 * not exist (NaN) are null.
 */
@RecordBuilder
public record MergedJson(@RecordBuilder.Initializer("none") List<String> warnings,
    @RecordBuilder.Initializer("SCHEMA") String schema, @RecordBuilder.Initializer("WHOLE") boolean complete,
    String incomplete, String mode, String server, Window window,
    @RecordBuilder.Initializer("none") List<Double> percentiles, Overall overall,
    @RecordBuilder.Initializer("none") List<Operation> operations,
    @RecordBuilder.Initializer("none") List<Client> clients, Settings configuration, boolean forced,
    Settings environment, @RecordBuilder.Initializer("none") List<String> notes, Series timeSeries,
    @JsonInclude(JsonInclude.Include.NON_NULL) TelemetryJson telemetry) {
  public static final String SCHEMA = "ycsb-aggregate/merge/v1";
  /** A builder's {@link #complete}: a merge is complete unless it is said not to be. */
  public static final boolean WHOLE = true;

  /** A builder's default of a list: empty. */
  public static <T> List<T> none() {
    return List.of();
  }

  /** The mapping both sides use; unknown fields are skipped so a newer file still reads. */
  public static final ObjectMapper MAPPER = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  /** The window merged. */
  public record Window(String kind, long startEpochMs, long endEpochMs, double seconds, double warmupSeconds,
      double cooldownSeconds, double allClientsTogetherSeconds) {
  }

  /**
   * Totals of the workload operations. The last six weigh the summed {@code Return=} counts by the one rule
   * ({@code ErrorBudget}): failed (all but OK, BATCHED_OK, NOT_FOUND) and not-found calls, the failed share, the
   * throughput of the successful ones, the lead line when any failed or found nothing, and why the counts fail the
   * clients' budget (null when within it).
   */
  @RecordBuilder
  public record Overall(int clients, int clientsMerged, long operations, long reportedOperations, Double coverage,
      String coverageStatement, Double throughputOpsPerSec, Map<String, Long> insertDocuments,
      long failedOperations, long notFoundOperations, Double errorRate,
      Double successfulThroughputOpsPerSec, String lead, String errorBudgetFailure) {
    /** {@link Overall} built field by field: a field not set is 0 or null. */
    public static MergedJsonOverallBuilder builder() {
      return MergedJsonOverallBuilder.builder();
    }
  }

  /** One merged operation. */
  @RecordBuilder
  public record Operation(String name, long operations, long reportedOperations, Double throughputOpsPerSec,
      String latencyKind, Latency latencyUs, Latency intendedLatencyUs, Map<String, Long> returns,
      long errors, Double errorRate) {
    /** {@link Operation} built field by field: a field not set is 0 or null. */
    public static MergedJsonOperationBuilder builder() {
      return MergedJsonOperationBuilder.builder();
    }
  }

  /** Latency from a summed histogram; {@code distribution} holds {@code [percentile, valueUs]} pairs. */
  public record Latency(long count, long min, Double mean, Double stdDev, long max, Map<String, Long> percentiles,
      List<List<Number>> distribution) {
  }

  /** One client; the figures of its own run are absent (not null) when it failed. */
  public record Client(String name, String host, String folder, boolean failed, String failure,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long runTimeMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double throughputOpsPerSec,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long startEpochMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long endEpochMs,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double windowSeconds,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long windowOperations,
      @JsonInclude(JsonInclude.Include.NON_NULL) Long reportedOperations,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double windowThroughputOpsPerSec,
      Map<String, OwnOperation> operations) {
    /** A client's entry: a failed one names its failure and has none of its own run's figures. */
    static Client of(ClientResult c, Map<String, OwnOperation> own) {
      if (c.failed()) {
        return new Client(c.name(), c.host(), c.dir(), true, c.failure(), null, null, null, null, null, null, null,
            null, own);
      }
      return new Client(c.name(), c.host(), c.dir(), false, null, c.runTimeMs(), num(c.throughput()), c.startMs(),
          c.endMs(), c.windowSeconds(), c.windowOperations(), c.reportedOperations(), num(c.windowThroughput()),
          own);
    }
  }

  /** A client's own section for one operation, as it printed it. */
  public record OwnOperation(long operations, @JsonInclude(JsonInclude.Include.NON_NULL) Long windowOperations,
      Double averageUs, long minUs, long maxUs, Map<String, Double> percentilesUs,
      Map<String, Long> returns) {
  }

  /** Configuration or environment, compared over the clients. */
  public record Settings(Map<String, String> common, Map<String, Map<String, String>> perClient,
      List<String> differences) {
  }

  /** The time series. */
  public record Series(long startEpochMs, long bucketMs, int buckets, Map<String, OpSeries> operations) {
  }

  /** One operation's rows ({@code Intended-*} included). */
  public record OpSeries(long[] count, Map<String, long[]> percentilesUs, long[] maxUs) {
  }

  /** A {@code merged.json} without telemetry (as every merge of folders without {@code telemetry/} writes it). */
  public MergedJson(List<String> warnings, String schema, boolean complete, String incomplete, String mode,
      String server, Window window, List<Double> percentiles, Overall overall, List<Operation> operations,
      List<Client> clients, Settings configuration, boolean forced, Settings environment, List<String> notes,
      Series timeSeries) {
    this(warnings, schema, complete, incomplete, mode, server, window, percentiles, overall, operations, clients,
        configuration, forced, environment, notes, timeSeries, null);
  }

  /**
   * A {@code merged.json} built field by field: a field not set is null, false or an empty list; the schema is
   * {@link #SCHEMA} and the merge complete ({@link #WHOLE}).
   */
  public static MergedJsonBuilder builder() {
    return MergedJsonBuilder.builder();
  }

  /** A builder holding every field of this file, to change some of them. */
  public MergedJsonBuilder toBuilder() {
    return MergedJsonBuilder.builder(this);
  }

  /** The JSON form of a result. */
  public static MergedJson of(MergeResult r) {
    List<Operation> ops = new ArrayList<>();
    for (OpResult op : r.operations()) {
      ops.add(Operation.builder().name(op.name()).operations(op.count()).reportedOperations(op.reported())
          .throughputOpsPerSec(num(op.throughput())).latencyKind(op.latencyKind().label())
          .latencyUs(latency(op.latency())).intendedLatencyUs(op.intended() == null ? null : latency(op.intended()))
          .returns(op.returns()).errors(op.errors()).errorRate(num(op.errorRate())).build());
    }
    List<Client> clients = new ArrayList<>();
    for (ClientResult c : r.clients()) {
      Map<String, OwnOperation> own = new LinkedHashMap<>();
      for (OpSummary s : c.own().values()) {
        Map<String, Double> pct = new LinkedHashMap<>();
        s.percentiles().forEach((k, v) -> pct.put(k, num(v)));
        own.put(s.name(), new OwnOperation(s.operations(), c.windowCounts().get(s.name()), num(s.averageUs()),
            s.minUs(), s.maxUs(), pct, s.returns()));
      }
      clients.add(Client.of(c, own));
    }
    TimeSeries ts = r.timeSeries();
    Map<String, OpSeries> series = new LinkedHashMap<>();
    ts.series().forEach((name, s) -> {
      Map<String, long[]> p = new LinkedHashMap<>();
      for (int i = 0; i < ts.percentiles().size(); i++) {
        p.put(Fmt.plain(ts.percentiles().get(i)), s.percentiles()[i]);
      }
      series.put(name, new OpSeries(s.counts(), p, s.max()));
    });
    int merged = r.clients().size() - r.failedClients().size();
    Overall overall = Overall.builder().clients(r.clients().size()).clientsMerged(merged)
        .operations(r.totalCount()).reportedOperations(r.reportedCount()).coverage(num(r.coverage()))
        .coverageStatement(r.coverageStatement()).throughputOpsPerSec(num(r.totalThroughput()))
        .insertDocuments(r.insertDocuments()).failedOperations(r.outcomes().failed())
        .notFoundOperations(r.outcomes().notFound())
        .errorRate(r.outcomes().attempted() == 0 ? null : num(r.outcomes().errorRate()))
        .successfulThroughputOpsPerSec(num(r.outcomes().successfulOpsPerSec())).lead(r.lead())
        .errorBudgetFailure(r.budgetFailure()).build();
    return builder().warnings(r.warnings()).complete(r.complete()).incomplete(r.incompleteBanner())
        .mode(r.mode().label()).server(r.server())
        .window(new Window(r.window().label(), r.windowStartMs(), r.windowEndMs(), r.windowSeconds(),
            r.warmupSeconds(), r.cooldownSeconds(), r.togetherMs() / 1000.0))
        .percentiles(r.percentiles()).overall(overall).operations(ops).clients(clients)
        .configuration(settings(r.config())).forced(r.forced()).environment(settings(r.environment()))
        .notes(r.notes()).timeSeries(new Series(ts.startMs(), ts.bucketMs(), ts.buckets(), series))
        .telemetry(TelemetryJson.of(r)).build();
  }

  private static Latency latency(LatencyStats s) {
    Map<String, Long> p = new LinkedHashMap<>();
    s.percentiles().forEach((k, v) -> p.put(Fmt.plain(k), v));
    List<List<Number>> dist = new ArrayList<>();
    for (double[] d : s.distribution()) {
      dist.add(List.of(d[0], (long) d[1]));
    }
    return new Latency(s.count(), s.minUs(), num(s.meanUs()), num(s.stdDevUs()), s.maxUs(), p, dist);
  }

  private static Settings settings(dev.ycsbpack.aggregate.result.Settings s) {
    return new Settings(s.common(), s.perClient(),
        s.differences().stream().map(dev.ycsbpack.aggregate.result.Settings.Difference::key).toList());
  }

  /** JSON has no NaN: a figure that does not exist is null. */
  static Double num(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
  }
}
