package dev.ycsbpack.aggregate.format;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.ycsbpack.aggregate.input.OpSummary;
import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.aggregate.result.TimeSeries;
import java.io.IOException;
import java.io.Writer;
import java.util.Map;

/** The merged result as JSON; the schema is documented in docs/aggregate.md ({@value #SCHEMA}). */
public final class JsonWriter implements ResultWriter {
  public static final String SCHEMA = "ycsb-aggregate/merge/v1";

  private final boolean includeTimeSeries;

  public JsonWriter() {
    this(true);
  }

  public JsonWriter(boolean includeTimeSeries) {
    this.includeTimeSeries = includeTimeSeries;
  }

  @Override
  public String fileName() {
    return "merged.json";
  }

  @Override
  public void write(MergeResult r, Writer w) throws IOException {
    JsonGenerator g = new JsonFactory().createGenerator(w);
    g.setPrettyPrinter(new FirstLinePrinter());
    g.writeStartObject();
    // first, on the first line: what must be read before any number (e.g. the server is not MongoDB)
    g.writeArrayFieldStart("warnings");
    for (String warning : r.warnings()) {
      g.writeString(warning);
    }
    g.writeEndArray();
    g.writeStringField("schema", SCHEMA);
    g.writeBooleanField("complete", r.complete());
    if (r.complete()) {
      g.writeNullField("incomplete");
    } else {
      g.writeStringField("incomplete", r.incompleteBanner());
    }
    g.writeStringField("mode", r.mode().label());
    g.writeStringField("server", r.server());
    g.writeObjectFieldStart("window");
    g.writeStringField("kind", r.window().label());
    g.writeNumberField("startEpochMs", r.windowStartMs());
    g.writeNumberField("endEpochMs", r.windowEndMs());
    g.writeNumberField("seconds", r.windowSeconds());
    g.writeNumberField("warmupSeconds", r.warmupSeconds());
    g.writeNumberField("cooldownSeconds", r.cooldownSeconds());
    g.writeEndObject();
    g.writeArrayFieldStart("percentiles");
    for (double p : r.percentiles()) {
      g.writeNumber(p);
    }
    g.writeEndArray();
    g.writeObjectFieldStart("overall");
    g.writeNumberField("clients", r.clients().size());
    g.writeNumberField("clientsMerged", r.clients().size() - r.failedClients().size());
    g.writeNumberField("operations", r.totalCount());
    g.writeNumberField("reportedOperations", r.reportedCount());
    num(g, "coverage", r.coverage());
    g.writeStringField("coverageStatement", r.coverageStatement());
    num(g, "throughputOpsPerSec", r.totalThroughput());
    g.writeEndObject();

    g.writeArrayFieldStart("operations");
    for (OpResult op : r.operations()) {
      g.writeStartObject();
      g.writeStringField("name", op.name());
      g.writeNumberField("operations", op.count());
      g.writeNumberField("reportedOperations", op.reported());
      num(g, "throughputOpsPerSec", op.throughput());
      g.writeStringField("latencyKind", op.latencyKind().label());
      g.writeFieldName("latencyUs");
      latency(g, op.latency());
      g.writeFieldName("intendedLatencyUs");
      if (op.intended() == null) {
        g.writeNull();
      } else {
        latency(g, op.intended());
      }
      g.writeObjectFieldStart("returns");
      for (Map.Entry<String, Long> e : op.returns().entrySet()) {
        g.writeNumberField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      g.writeNumberField("errors", op.errors());
      num(g, "errorRate", op.errorRate());
      g.writeEndObject();
    }
    g.writeEndArray();

    g.writeArrayFieldStart("clients");
    for (ClientResult c : r.clients()) {
      g.writeStartObject();
      g.writeStringField("name", c.name());
      g.writeStringField("host", c.host());
      g.writeStringField("folder", c.dir());
      g.writeBooleanField("failed", c.failed());
      if (c.failed()) {
        g.writeStringField("failure", c.failure());
      } else {
        g.writeNullField("failure");
        g.writeNumberField("runTimeMs", c.runTimeMs());
        num(g, "throughputOpsPerSec", c.throughput());
        g.writeNumberField("startEpochMs", c.startMs());
        g.writeNumberField("endEpochMs", c.endMs());
        g.writeNumberField("windowSeconds", c.windowSeconds());
        g.writeNumberField("windowOperations", c.windowOperations());
        g.writeNumberField("reportedOperations", c.reportedOperations());
        num(g, "windowThroughputOpsPerSec", c.windowThroughput());
      }
      g.writeObjectFieldStart("operations");
      for (OpSummary s : c.own().values()) {
        g.writeObjectFieldStart(s.name());
        g.writeNumberField("operations", s.operations());
        if (c.windowCounts().containsKey(s.name())) {
          g.writeNumberField("windowOperations", c.windowCounts().get(s.name()));
        }
        num(g, "averageUs", s.averageUs());
        g.writeNumberField("minUs", s.minUs());
        g.writeNumberField("maxUs", s.maxUs());
        g.writeObjectFieldStart("percentilesUs");
        for (Map.Entry<String, Double> e : s.percentiles().entrySet()) {
          num(g, e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeObjectFieldStart("returns");
        for (Map.Entry<String, Long> e : s.returns().entrySet()) {
          g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndArray();

    g.writeFieldName("configuration");
    check(g, r.config());
    g.writeBooleanField("forced", r.forced());
    g.writeFieldName("environment");
    check(g, r.environment());

    g.writeArrayFieldStart("notes");
    for (String n : r.notes()) {
      g.writeString(n);
    }
    g.writeEndArray();

    if (includeTimeSeries) {
      TimeSeries ts = r.timeSeries();
      g.writeObjectFieldStart("timeSeries");
      g.writeNumberField("startEpochMs", ts.startMs());
      g.writeNumberField("bucketMs", ts.bucketMs());
      g.writeNumberField("buckets", ts.buckets());
      g.writeObjectFieldStart("operations");
      for (Map.Entry<String, TimeSeries.OpSeries> e : ts.series().entrySet()) {
        TimeSeries.OpSeries s = e.getValue();
        g.writeObjectFieldStart(e.getKey());
        g.writeFieldName("count");
        g.writeArray(s.counts(), 0, s.counts().length);
        g.writeObjectFieldStart("percentilesUs");
        for (int p = 0; p < ts.percentiles().size(); p++) {
          g.writeFieldName(Fmt.plain(ts.percentiles().get(p)));
          g.writeArray(s.percentiles()[p], 0, s.percentiles()[p].length);
        }
        g.writeEndObject();
        g.writeFieldName("maxUs");
        g.writeArray(s.max(), 0, s.max().length);
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.flush();
  }

  private static void latency(JsonGenerator g, LatencyStats s) throws IOException {
    g.writeStartObject();
    g.writeNumberField("count", s.count());
    g.writeNumberField("min", s.minUs());
    num(g, "mean", s.meanUs());
    num(g, "stdDev", s.stdDevUs());
    g.writeNumberField("max", s.maxUs());
    g.writeObjectFieldStart("percentiles");
    for (Map.Entry<Double, Long> e : s.percentiles().entrySet()) {
      g.writeNumberField(Fmt.plain(e.getKey()), e.getValue());
    }
    g.writeEndObject();
    g.writeArrayFieldStart("distribution");
    for (double[] d : s.distribution()) {
      g.writeStartArray();
      g.writeNumber(d[0]);
      g.writeNumber((long) d[1]);
      g.writeEndArray();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void check(JsonGenerator g, Settings c) throws IOException {
    g.writeStartObject();
    g.writeObjectFieldStart("common");
    for (Map.Entry<String, String> e : c.common().entrySet()) {
      g.writeStringField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    g.writeObjectFieldStart("perClient");
    for (Map.Entry<String, Map<String, String>> e : c.perClient().entrySet()) {
      g.writeObjectFieldStart(e.getKey());
      for (Map.Entry<String, String> v : e.getValue().entrySet()) {
        g.writeStringField(v.getKey(), v.getValue());
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeArrayFieldStart("differences");
    for (Settings.Difference d : c.differences()) {
      g.writeString(d.key());
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** JSON has no NaN: absent figures are written as null. */
  private static void num(JsonGenerator g, String field, double v) throws IOException {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      g.writeNullField(field);
    } else {
      g.writeNumberField(field, v);
    }
  }


  /**
   * Jackson's pretty printing, except that the first field stays on the line of the opening brace: the first line
   * of merged.json then carries the warnings.
   */
  static final class FirstLinePrinter extends DefaultPrettyPrinter {
    private static final long serialVersionUID = 1L;
    private boolean first = true;

    @Override
    public DefaultPrettyPrinter createInstance() {
      return new FirstLinePrinter();
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
      if (first) {
        first = false;
        g.writeRaw(' ');
      } else {
        super.beforeObjectEntries(g);
      }
    }
  }
}
