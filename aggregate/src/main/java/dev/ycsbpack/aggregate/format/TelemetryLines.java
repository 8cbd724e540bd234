package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.Telemetry;
import dev.ycsbpack.aggregate.result.TelemetryWindow;
import dev.ycsbpack.common.telemetry.OpcounterCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The telemetry as lines of text, for merged.txt's comments and merged.md: per series one line (its identity, its
 * samples inside the merged window, the figures a reader looks at first, how many it did not report), the opcounter
 * self-check of each server series, then what was left out. None when the merge has no telemetry.
 */
final class TelemetryLines {
  /** The figures a one-line summary names, in order: a label, a column pattern, and which figure of it. */
  private record Headline(String label, Pattern columns, boolean median) {
  }

  private static final List<Headline> SERVER = List.of(
      new Headline("opcounters", Pattern.compile("opcounters\\.[^.]+\\.rate"), true),
      new Headline("connections", Pattern.compile("connections\\.current"), false),
      new Headline("resident", Pattern.compile("mem\\.resident"), false),
      new Headline("pages read", Pattern.compile("wiredTiger\\.cache\\.pagesRead\\.rate"), true),
      new Headline("replication lag", Pattern.compile("repl\\..+\\.lagMs"), false));
  private static final List<Headline> HOST = List.of(
      new Headline("cpu user", Pattern.compile("cpu\\.user"), true),
      new Headline("system", Pattern.compile("cpu\\.system"), true),
      new Headline("iowait", Pattern.compile("cpu\\.iowait"), true),
      new Headline("steal", Pattern.compile("cpu\\.steal"), true),
      new Headline("run queue", Pattern.compile("procs\\.running"), false),
      new Headline("disk busy", Pattern.compile("disk\\..+\\.busy"), false));

  private TelemetryLines() {
  }

  static List<String> of(MergeResult r) {
    List<String> out = new ArrayList<>();
    for (Telemetry.Sampled s : r.telemetry().series()) {
      out.add(summary(s, new TelemetryWindow(s.series(), r.windowStartMs(), r.windowEndMs())));
    }
    for (Telemetry.Sampled s : r.telemetry().series()) {
      s.check().ifPresent(c -> out.add(selfCheck(s, c)));
    }
    for (String n : r.telemetry().notes()) {
      out.add("Telemetry: " + n + ".");
    }
    return out;
  }

  /** E.g. "Telemetry server: host db1:27017, version 7.0.14; 3 of 5 samples in the window; mem.resident max ...". */
  static String summary(Telemetry.Sampled s, TelemetryWindow w) {
    List<TelemetryWindow.Figure> figures = w.figures();
    boolean host = s.series().source().startsWith("host-");
    List<String> parts = new ArrayList<>();
    for (Headline h : host ? HOST : SERVER) {
      for (TelemetryWindow.Figure f : figures) {
        if (h.columns().matcher(f.name()).matches() && f.reported() > 0) {
          parts.add(f.name() + " " + (h.median() ? "median " + number(f.median()) : "max " + number(f.max())) + " "
              + f.unit());
        }
      }
    }
    long missing = figures.stream().filter(f -> f.reported() == 0).count();
    List<String> id = new ArrayList<>();
    s.series().identity().forEach((k, v) -> id.add(k + " " + v));
    return "Telemetry " + s.label() + ": " + (id.isEmpty() ? "" : String.join(", ", id) + "; ")
        + w.samples().size() + " of " + s.series().samples().size() + " samples in the window"
        + (parts.isEmpty() ? "" : "; " + String.join(", ", parts))
        + (missing == 0 ? "" : "; " + missing + " of " + figures.size() + " figures not reported by this "
            + (host ? "host" : "server"))
        + ".";
  }

  /** The self-check's line: the note when the counts differ, the counts when they agree. */
  static String selfCheck(Telemetry.Sampled s, OpcounterCheck c) {
    String head = "Self-check (" + (c.summed() ? "opcounters summed over " + c.sources().size() + " mongos, "
        + String.join(", ", c.sources()) + (s.client().isEmpty() ? "" : " (client " + s.client() + ")")
        : s.label() + " opcounters") + " against the clients' operations): ";
    if (c.notReported()) {
      return head + "opcounters not reported by this server, so the clients' counts cannot be checked against it.";
    }
    if (c.note().isPresent()) {
      return head + c.note().get() + ".";
    }
    List<String> rows = new ArrayList<>();
    for (OpcounterCheck.Row row : c.rows()) {
      rows.add(row.counter() + " " + Fmt.grouped(row.server()) + " vs " + Fmt.grouped(row.clients()) + " ("
          + row.relative() + ")");
    }
    String agree = String.format(Locale.ROOT, "they agree within %.0f%% or %d operations",
        100 * OpcounterCheck.TOLERANCE, OpcounterCheck.SLACK);
    return head + agree + (rows.isEmpty() ? "" : ": " + String.join("; ", rows)) + ".";
  }

  private static String number(Double v) {
    return Optional.ofNullable(v).map(d -> d == Math.rint(d) && Math.abs(d) < 1e15
        ? Fmt.grouped(d.longValue())
        : String.format(Locale.ROOT, "%,.1f", d)).orElse("n/a");
  }
}
