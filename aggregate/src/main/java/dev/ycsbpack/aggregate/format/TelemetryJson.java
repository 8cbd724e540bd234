package dev.ycsbpack.aggregate.format;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Telemetry;
import dev.ycsbpack.aggregate.result.TelemetryWindow;
import dev.ycsbpack.common.telemetry.OpcounterCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * merged.json's {@code telemetry} section, written only when the merged folders held telemetry: per series its
 * source, the client that sampled it (absent for a bundle's own), identity, notes, how many samples lie inside the
 * merged window, per column the unit and min / median / max / last inside that window (null where no sample inside
 * reports it), and for a server series the opcounter self-check. docs/aggregate.md documents every field.
 *
 * @param series one per series kept
 * @param notes series left out and files unreadable
 */
public record TelemetryJson(List<SeriesSummary> series, List<String> notes) {
  /** One series inside the merged window. */
  public record SeriesSummary(String source, @JsonInclude(JsonInclude.Include.NON_NULL) String client,
      Map<String, String> identity, List<String> notes, int samples, int samplesInWindow,
      Map<String, ColumnSummary> columns, @JsonInclude(JsonInclude.Include.NON_NULL) SelfCheck opcounterCheck) {
  }

  /** One column inside the merged window: null where no sample inside reports it. */
  public record ColumnSummary(String unit, Double min, Double median, Double max, Double last) {
  }

  /**
   * The server's opcounters over the series against the clients' operations ({@link OpcounterCheck}).
   *
   * @param notReported true when the server reported no opcounters (then rows is empty)
   * @param clients the clients whose operations were counted
   * @param rows one per counter compared
   * @param note the mismatch line, or null when the counts agree
   * @param summedOver the mongos series whose counters were summed, or null for the deployment's one series
   */
  public record SelfCheck(boolean notReported, List<String> clients, List<SelfCheckRow> rows, String note,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> summedOver) {
  }

  /** One counter: the server's increase, the clients' count, the server's relative to the clients'. */
  public record SelfCheckRow(String counter, String clientOperations, long server, long clients, String relative) {
  }

  /** The section for {@code r}, or null when it has no telemetry (the field is then absent). */
  public static TelemetryJson of(MergeResult r) {
    Telemetry t = r.telemetry();
    if (t.isEmpty()) {
      return null;
    }
    List<SeriesSummary> out = new ArrayList<>();
    for (Telemetry.Sampled s : t.series()) {
      TelemetryWindow w = new TelemetryWindow(s.series(), r.windowStartMs(), r.windowEndMs());
      Map<String, ColumnSummary> columns = new LinkedHashMap<>();
      for (TelemetryWindow.Figure f : w.figures()) {
        columns.put(f.name(), new ColumnSummary(f.unit(), f.min(), f.median(), f.max(), f.last()));
      }
      out.add(new SeriesSummary(s.series().source(), s.client().isEmpty() ? null : s.client(),
          s.series().identity(), s.series().notes(), s.series().samples().size(), w.samples().size(), columns,
          s.check().map(c -> selfCheck(c, s.checkedClients())).orElse(null)));
    }
    return new TelemetryJson(out, t.notes());
  }

  private static SelfCheck selfCheck(OpcounterCheck c, List<String> clients) {
    List<SelfCheckRow> rows = c.rows().stream()
        .map(r -> new SelfCheckRow(r.counter(), r.clientOperations(), r.server(), r.clients(), r.relative())).toList();
    return new SelfCheck(c.notReported(), clients, rows, c.note().orElse(null), c.summed() ? c.sources() : null);
  }
}
