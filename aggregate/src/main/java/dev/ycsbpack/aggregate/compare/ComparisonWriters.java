package dev.ycsbpack.aggregate.compare;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ycsbpack.aggregate.format.Csv;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.stats.RatioCi;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.aggregate.stats.Significance;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A comparison as Markdown, CSV or JSON. The method (or, for one run against one run, that the noise is unknown) and
 * the setting differences always come first.
 */
public final class ComparisonWriters {
  /** Said above every comparison of one run with one run. */
  public static final String NOISE_UNKNOWN = "One run on each side: run-to-run noise is unknown, so no change below "
      + "is called better or worse. Repeat each side at least " + Significance.MIN_PER_SIDE + " times and compare the "
      + "sets: compare --a DIR... --b DIR...";

  private ComparisonWriters() {
  }

  public static void markdown(Comparison c, Writer w) {
    PrintWriter out = new PrintWriter(w);
    out.println("### Comparison: A vs B");
    out.println();
    out.println(side("A", c.singleRuns() ? "baseline" : null, c.aNames()));
    out.println(side("B", c.singleRuns() ? "contender" : null, c.bNames()));
    out.println();
    if (c.timing().statement() != null) {
      out.println("> **" + esc(c.timing().statement()) + "**");
    } else {
      out.println(esc(c.timing().describe()));
    }
    out.println();
    out.println("**" + esc(c.headline().line()) + "**");
    out.println();
    out.println("Primary figure: " + esc(c.headline().figure()) + ", because " + esc(c.headline().why()) + ".");
    out.println();
    for (String warning : c.warnings()) {
      out.println("> **" + esc(warning) + "**");
      out.println();
    }
    out.println(c.singleRuns() ? "**" + NOISE_UNKNOWN + "**" : "Verdicts: " + c.method().describe() + ".");
    out.println();
    if (c.secondaryNote() != null) {
      out.println(esc(c.secondaryNote()));
      out.println();
    }
    if (c.differences().isEmpty()) {
      out.println("No difference in configuration, environment or merge settings.");
    } else {
      out.println("**Differences in how the two were run** (read these before the numbers):");
      out.println();
      out.println("| Area | Setting | A | B |");
      out.println("|---|---|---|---|");
      for (Comparison.Difference d : c.differences()) {
        out.println("| " + d.area() + " | " + esc(d.key()) + " | " + esc(d.baseline()) + " | " + esc(d.contender())
            + " |");
      }
    }
    out.println();
    if (c.singleRuns()) {
      out.println("| Operation | Metric | A | B | Change | |");
      out.println("|---|---|---:|---:|---:|---|");
      for (Comparison.Row r : c.rows()) {
        out.println("| " + esc(r.operation()) + " | " + esc(r.metric()) + " | " + median(r.aSpread()) + " | "
            + median(r.bSpread()) + " | " + change(r.changePercent()) + " | "
            + (r.verdict() == null ? "" : "noise unknown") + " |");
      }
    } else {
      out.println("| Operation | Metric | A median | A min–max | A RSD | A n | B median | B min–max | B RSD | B n "
          + "| Change | Role | Significance |");
      out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
      for (Comparison.Row r : c.rows()) {
        out.println("| " + esc(r.operation()) + " | " + esc(r.metric()) + " | " + arm(r.aSpread()) + " | "
            + arm(r.bSpread()) + " | " + change(r.changePercent()) + " | " + role(r) + " | "
            + (r.verdict() == null ? "n/a" : esc(r.verdict().statement())) + " |");
      }
    }
    out.flush();
  }

  /** The row's role in words: {@code primary}, {@code secondary}, {@code shown only}. */
  static String role(Comparison.Row r) {
    return switch (r.role()) {
      case PRIMARY -> "**primary**";
      case SECONDARY -> "secondary";
      case SHOWN -> "shown only";
    };
  }

  private static String side(String label, String role, List<String> names) {
    String list = names.stream().map(n -> "`" + esc(n) + "`").collect(Collectors.joining(", "));
    return "- " + label + (role != null ? " (" + role + ")" : " (" + names.size() + (names.size() == 1
        ? " result)" : " repetitions)")) + ": " + list;
  }

  private static String median(Spread s) {
    return s == null ? "n/a" : value(s.median());
  }

  /** median | min–max | RSD (noisy) | n */
  private static String arm(Spread s) {
    if (s == null) {
      return "n/a | n/a | n/a | 0";
    }
    String rsd = !s.noiseKnown() ? "unknown" : Double.isNaN(s.relativeStdDev()) ? "n/a"
        : Fmt.fixed(s.relativeStdDev() * 100, 1) + "%" + (s.noisy() ? " **noisy**" : "");
    return value(s.median()) + " | " + value(s.min()) + "–" + value(s.max()) + " | " + rsd + " | " + s.n();
  }

  public static void csv(Comparison c, Writer out) throws IOException {
    out.write(Csv.comment(c.singleRuns() ? NOISE_UNKNOWN : "Verdicts: " + c.method().describe()));
    if (c.timing().statement() != null) {
      out.write(Csv.comment(c.timing().statement()));
    }
    out.write(Csv.comment(c.headline().line()));
    if (c.secondaryNote() != null) {
      out.write(Csv.comment(c.secondaryNote()));
    }
    out.write(Csv.row(List.of("kind", "area_or_operation", "key_or_metric", "a", "b", "a_n", "a_min", "a_max",
        "a_rsd", "a_noisy", "b_n", "b_min", "b_max", "b_rsd", "b_noisy", "change_percent", "ratio", "ratio_ci_low",
        "ratio_ci_high", "mann_whitney_p", "verdict", "statement", "role", "holm_p", "figures")));
    Significance h = c.headline().verdict();
    List<String> head = new ArrayList<>(List.of("headline", "", c.headline().figure(), "", ""));
    while (head.size() < 20) {
      head.add("");
    }
    head.addAll(List.of(h == null ? "" : h.kind().name(), c.headline().statement(), "primary", "",
        c.headline().why()));
    out.write(Csv.row(head));
    List<String> when = new ArrayList<>(List.of("timing", "", c.timing().order().name()));
    while (when.size() < 21) {
      when.add("");
    }
    when.add(c.timing().describe());
    while (when.size() < 25) {
      when.add("");
    }
    out.write(Csv.row(when));
    for (Comparison.Difference d : c.differences()) {
      List<String> row = new ArrayList<>(List.of("difference", d.area(), d.key(), d.baseline(), d.contender()));
      while (row.size() < 25) {
        row.add("");
      }
      out.write(Csv.row(row));
    }
    for (Comparison.Row r : c.rows()) {
      Spread a = r.aSpread();
      Spread b = r.bSpread();
      Significance v = r.verdict();
      RatioCi ci = v == null ? null : v.ci();
      List<String> row = new ArrayList<>(List.of("metric", r.operation(), r.metric(),
          a == null ? "" : raw(a.median()), b == null ? "" : raw(b.median())));
      row.addAll(armCsv(a));
      row.addAll(armCsv(b));
      row.addAll(List.of(raw(r.changePercent()), ci == null ? "" : raw(ci.ratio()), ci == null ? "" : raw(ci.low()),
          ci == null ? "" : raw(ci.high()), v == null || v.test() == null ? "" : raw(v.test().p()),
          v == null ? "" : v.kind().name(), v == null ? "" : v.statement(),
          r.role().name().toLowerCase(Locale.ROOT), r.holmP() == null ? "" : raw(r.holmP()),
          String.join(" = ", r.keys())));
      out.write(Csv.row(row));
    }
    out.flush();
  }

  private static List<String> armCsv(Spread s) {
    if (s == null) {
      return List.of("0", "", "", "", "");
    }
    return List.of(Integer.toString(s.n()), raw(s.min()), raw(s.max()), raw(s.relativeStdDev()),
        s.noiseKnown() ? Boolean.toString(s.noisy()) : "");
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
