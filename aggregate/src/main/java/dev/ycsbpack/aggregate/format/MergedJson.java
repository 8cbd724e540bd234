package dev.ycsbpack.aggregate.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
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
public record MergedJson(List<String> warnings, String schema, boolean complete, String incomplete, String mode,
    String server, Window window, List<Double> percentiles, Overall overall,
    List<Operation> operations, List<Client> clients, Settings configuration, boolean forced,
    Settings environment, List<String> notes, Series timeSeries,
    @JsonInclude(JsonInclude.Include.NON_NULL) TelemetryJson telemetry) {
  public static final String SCHEMA = "ycsb-aggregate/merge/v1";

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
  public record Overall(int clients, int clientsMerged, long operations, long reportedOperations, Double coverage,
      String coverageStatement, Double throughputOpsPerSec, Map<String, Long> insertDocuments,
      long failedOperations, long notFoundOperations, Double errorRate,
      Double successfulThroughputOpsPerSec, String lead, String errorBudgetFailure) {
    /** {@link Overall} built field by field ({@link Builder} states the defaults). */
    public static Builder builder() {
      return new Builder();
    }

    /** {@link Overall} built field by field: a field not set is 0 or null. */
    public static final class Builder {
      private int clients;
      private int clientsMerged;
      private long operations;
      private long reportedOperations;
      private Double coverage;
      private String coverageStatement;
      private Double throughputOpsPerSec;
      private Map<String, Long> insertDocuments;
      private long failedOperations;
      private long notFoundOperations;
      private Double errorRate;
      private Double successfulThroughputOpsPerSec;
      private String lead;
      private String errorBudgetFailure;

      public Builder clients(int clients) {
        this.clients = clients;
        return this;
      }

      public Builder clientsMerged(int clientsMerged) {
        this.clientsMerged = clientsMerged;
        return this;
      }

      public Builder operations(long operations) {
        this.operations = operations;
        return this;
      }

      public Builder reportedOperations(long reportedOperations) {
        this.reportedOperations = reportedOperations;
        return this;
      }

      public Builder coverage(Double coverage) {
        this.coverage = coverage;
        return this;
      }

      public Builder coverageStatement(String coverageStatement) {
        this.coverageStatement = coverageStatement;
        return this;
      }

      public Builder throughputOpsPerSec(Double throughputOpsPerSec) {
        this.throughputOpsPerSec = throughputOpsPerSec;
        return this;
      }

      public Builder insertDocuments(Map<String, Long> insertDocuments) {
        this.insertDocuments = insertDocuments;
        return this;
      }

      public Builder failedOperations(long failedOperations) {
        this.failedOperations = failedOperations;
        return this;
      }

      public Builder notFoundOperations(long notFoundOperations) {
        this.notFoundOperations = notFoundOperations;
        return this;
      }

      public Builder errorRate(Double errorRate) {
        this.errorRate = errorRate;
        return this;
      }

      public Builder successfulThroughputOpsPerSec(Double successfulThroughputOpsPerSec) {
        this.successfulThroughputOpsPerSec = successfulThroughputOpsPerSec;
        return this;
      }

      public Builder lead(String lead) {
        this.lead = lead;
        return this;
      }

      public Builder errorBudgetFailure(String errorBudgetFailure) {
        this.errorBudgetFailure = errorBudgetFailure;
        return this;
      }

      public Overall build() {
        return new Overall(clients, clientsMerged, operations, reportedOperations, coverage, coverageStatement,
            throughputOpsPerSec, insertDocuments, failedOperations, notFoundOperations, errorRate,
            successfulThroughputOpsPerSec, lead, errorBudgetFailure);
      }
    }
  }

  /** One merged operation. */
  public record Operation(String name, long operations, long reportedOperations, Double throughputOpsPerSec,
      String latencyKind, Latency latencyUs, Latency intendedLatencyUs, Map<String, Long> returns,
      long errors, Double errorRate) {
    /** {@link Operation} built field by field ({@link Builder} states the defaults). */
    public static Builder builder() {
      return new Builder();
    }

    /** {@link Operation} built field by field: a field not set is 0 or null. */
    public static final class Builder {
      private String name;
      private long operations;
      private long reportedOperations;
      private Double throughputOpsPerSec;
      private String latencyKind;
      private Latency latencyUs;
      private Latency intendedLatencyUs;
      private Map<String, Long> returns;
      private long errors;
      private Double errorRate;

      public Builder name(String name) {
        this.name = name;
        return this;
      }

      public Builder operations(long operations) {
        this.operations = operations;
        return this;
      }

      public Builder reportedOperations(long reportedOperations) {
        this.reportedOperations = reportedOperations;
        return this;
      }

      public Builder throughputOpsPerSec(Double throughputOpsPerSec) {
        this.throughputOpsPerSec = throughputOpsPerSec;
        return this;
      }

      public Builder latencyKind(String latencyKind) {
        this.latencyKind = latencyKind;
        return this;
      }

      public Builder latencyUs(Latency latencyUs) {
        this.latencyUs = latencyUs;
        return this;
      }

      public Builder intendedLatencyUs(Latency intendedLatencyUs) {
        this.intendedLatencyUs = intendedLatencyUs;
        return this;
      }

      public Builder returns(Map<String, Long> returns) {
        this.returns = returns;
        return this;
      }

      public Builder errors(long errors) {
        this.errors = errors;
        return this;
      }

      public Builder errorRate(Double errorRate) {
        this.errorRate = errorRate;
        return this;
      }

      public Operation build() {
        return new Operation(name, operations, reportedOperations, throughputOpsPerSec, latencyKind, latencyUs,
            intendedLatencyUs, returns, errors, errorRate);
      }
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

  /** A {@code merged.json} built field by field ({@link Builder} states the defaults). */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding every field of this file, to change some of them. */
  public Builder toBuilder() {
    return builder().warnings(warnings).schema(schema).complete(complete).incomplete(incomplete).mode(mode)
        .server(server).window(window).percentiles(percentiles).overall(overall).operations(operations)
        .clients(clients).configuration(configuration).forced(forced).environment(environment).notes(notes)
        .timeSeries(timeSeries).telemetry(telemetry);
  }

  /**
   * A {@code merged.json} built field by field: a field not set is null, false or an empty list; the
   * schema is {@link #SCHEMA} and the merge complete.
   */
  public static final class Builder {
    private List<String> warnings = List.of();
    private String schema = SCHEMA;
    private boolean complete = true;
    private String incomplete;
    private String mode;
    private String server;
    private Window window;
    private List<Double> percentiles = List.of();
    private Overall overall;
    private List<Operation> operations = List.of();
    private List<Client> clients = List.of();
    private Settings configuration;
    private boolean forced;
    private Settings environment;
    private List<String> notes = List.of();
    private Series timeSeries;
    private TelemetryJson telemetry;

    public Builder warnings(List<String> warnings) {
      this.warnings = warnings;
      return this;
    }

    public Builder schema(String schema) {
      this.schema = schema;
      return this;
    }

    public Builder complete(boolean complete) {
      this.complete = complete;
      return this;
    }

    public Builder incomplete(String incomplete) {
      this.incomplete = incomplete;
      return this;
    }

    public Builder mode(String mode) {
      this.mode = mode;
      return this;
    }

    public Builder server(String server) {
      this.server = server;
      return this;
    }

    public Builder window(Window window) {
      this.window = window;
      return this;
    }

    public Builder percentiles(List<Double> percentiles) {
      this.percentiles = percentiles;
      return this;
    }

    public Builder overall(Overall overall) {
      this.overall = overall;
      return this;
    }

    public Builder operations(List<Operation> operations) {
      this.operations = operations;
      return this;
    }

    public Builder clients(List<Client> clients) {
      this.clients = clients;
      return this;
    }

    public Builder configuration(Settings configuration) {
      this.configuration = configuration;
      return this;
    }

    public Builder forced(boolean forced) {
      this.forced = forced;
      return this;
    }

    public Builder environment(Settings environment) {
      this.environment = environment;
      return this;
    }

    public Builder notes(List<String> notes) {
      this.notes = notes;
      return this;
    }

    public Builder timeSeries(Series timeSeries) {
      this.timeSeries = timeSeries;
      return this;
    }

    /** The telemetry section; null (the default) leaves it out. */
    public Builder telemetry(TelemetryJson telemetry) {
      this.telemetry = telemetry;
      return this;
    }

    public MergedJson build() {
      return new MergedJson(warnings, schema, complete, incomplete, mode, server, window, percentiles, overall,
          operations, clients, configuration, forced, environment, notes, timeSeries, telemetry);
    }
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
