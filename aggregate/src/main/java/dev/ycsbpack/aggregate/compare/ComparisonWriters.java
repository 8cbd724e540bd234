package dev.ycsbpack.aggregate.compare;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ycsbpack.aggregate.format.Csv;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.format.MergedJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/** A comparison as Markdown, CSV or JSON. The setting differences always come first. */
public final class ComparisonWriters {
  private ComparisonWriters() {
  }

  public static void markdown(Comparison c, Writer w) {
    PrintWriter out = new PrintWriter(w);
    out.println("### Comparison: baseline `" + esc(c.baselineName()) + "` vs contender `" + esc(c.contenderName())
        + "`");
    out.println();
    for (String warning : c.warnings()) {
      out.println("> **" + esc(warning) + "**");
      out.println();
    }
    if (c.differences().isEmpty()) {
      out.println("No difference in configuration, environment or merge settings.");
    } else {
      out.println("**Differences in how the two were run** (read these before the numbers):");
      out.println();
      out.println("| Area | Setting | Baseline | Contender |");
      out.println("|---|---|---|---|");
      for (Comparison.Difference d : c.differences()) {
        out.println("| " + d.area() + " | " + esc(d.key()) + " | " + esc(d.baseline()) + " | " + esc(d.contender())
            + " |");
      }
    }
    out.println();
    out.println("| Operation | Metric | Baseline | Contender | Change | |");
    out.println("|---|---|---:|---:|---:|---|");
    for (Comparison.Row r : c.rows()) {
      out.println("| " + esc(r.operation()) + " | " + r.metric() + " | " + value(r.baseline()) + " | "
          + value(r.contender()) + " | " + change(r.changePercent()) + " | " + r.verdict() + " |");
    }
    out.flush();
  }

  public static void csv(Comparison c, Writer out) throws IOException {
    out.write(Csv.row(List.of("kind", "area_or_operation", "key_or_metric", "baseline", "contender",
        "change_percent", "verdict")));
    for (Comparison.Difference d : c.differences()) {
      out.write(Csv.row(List.of("difference", d.area(), d.key(), d.baseline(), d.contender(), "", "")));
    }
    for (Comparison.Row r : c.rows()) {
      out.write(Csv.row(List.of("metric", r.operation(), r.metric(), raw(r.baseline()), raw(r.contender()),
          raw(r.changePercent()), r.verdict())));
    }
    out.flush();
  }

  public static void json(Comparison c, Writer w) throws IOException {
    MergedJson.MAPPER.writerWithDefaultPrettyPrinter().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
        .writeValue(w, ComparisonJson.of(c));
  }

  private static String value(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Fmt.grouped((long) v) : Fmt.fixed(v, 2);
  }

  private static String change(double pct) {
    if (Double.isNaN(pct)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%+.1f%%", pct);
  }

  private static String raw(double v) {
    return Double.isNaN(v) ? "" : Double.toString(v);
  }

  /** A Markdown cell: one line, pipes escaped. */
  private static String esc(String s) {
    return Fmt.oneLine(s).replace("|", "\\|");
  }
}
