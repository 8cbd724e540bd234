package dev.ycsbpack.aggregate.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Telemetry;
import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The samples the report charts, beside merged.json's summary of them: per series kept by the merge, its label,
 * source, client, identity, notes, columns, the sample times ({@code t}, epoch ms) and one array of values per column
 * ({@code v}, null where not reported). {@code null} when the merge has no telemetry, so the report draws no part.
 */
final class ReportTelemetry {
  /** One series as the page reads it. */
  record Charted(String label, String source, String client, Map<String, String> identity, List<String> notes,
      List<Column> columns, long[] t, List<List<Double>> v) {
  }

  private ReportTelemetry() {
  }

  /** The page's telemetry data, as JSON: {@code null} without telemetry. */
  static String json(MergeResult r) throws JsonProcessingException {
    if (r.telemetry().isEmpty()) {
      return "null";
    }
    List<Charted> out = new ArrayList<>();
    for (Telemetry.Sampled s : r.telemetry().series()) {
      Series series = s.series();
      long[] t = series.samples().stream().mapToLong(Sample::epochMillis).toArray();
      List<List<Double>> v = new ArrayList<>();
      for (Column c : series.columns()) {
        v.add(series.values(c.name()));
      }
      out.add(new Charted(s.label(), series.source(), s.client(), series.identity(), series.notes(),
          series.columns(), t, v));
    }
    return MergedJson.MAPPER.writeValueAsString(out);
  }
}
