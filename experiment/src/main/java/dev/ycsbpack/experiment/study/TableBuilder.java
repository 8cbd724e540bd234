package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.StudyTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Collects one answer table: its rows, and a footnote per distinct reason a figure is missing ({@code n/a [2]}), so
 * a cell stays short while the table still says why, and never shows 0 for what was not measured.
 */
final class TableBuilder {
  private final List<String> columns;
  private final List<List<String>> rows = new ArrayList<>();
  private final Map<String, Integer> footnotes = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();

  TableBuilder(List<String> columns) {
    this.columns = List.copyOf(columns);
  }

  /** A missing figure: {@code n/a [k]}, the reason its footnote. */
  String na(String reason) {
    return "n/a " + mark(reason);
  }

  /** {@code text [k]}: a cell with a footnote. */
  String noted(String text, String note) {
    return text + " " + mark(note);
  }

  private String mark(String reason) {
    return "[" + footnotes.computeIfAbsent(reason, r -> footnotes.size() + 1) + "]";
  }

  void row(List<String> cells) {
    rows.add(List.copyOf(cells));
  }

  /** A note after the footnotes: what the table's words mean, where the figures come from. */
  void note(String text) {
    notes.add(text);
  }

  StudyTable build(String question, String notMongo) {
    List<String> all = new ArrayList<>();
    footnotes.forEach((reason, k) -> all.add("[" + k + "] " + reason));
    all.addAll(notes);
    return new StudyTable(question, notMongo, columns, rows, all);
  }

  /** ops/s as the pack prints them: {@code 12,345}. */
  static String ops(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }

  /** Microseconds as milliseconds: {@code 1.234}. */
  static String ms(double us) {
    return String.format(Locale.ROOT, "%.3f", us / 1000);
  }

  /** A ratio: {@code 0.503x}. */
  static String ratio(double r) {
    return String.format(Locale.ROOT, "%.3fx", r);
  }
}
