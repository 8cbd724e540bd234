package dev.ycsbpack.aggregate.experiment;

import static dev.ycsbpack.aggregate.format.HtmlReportWriter.escapeHtml;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/**
 * A recipe's answer to its seed study's question, as one table of plain text cells: built by the experiment module
 * from its experiments' manifests, kept in the recipe folder's {@link RecipeSummary}, printed at the end of
 * {@code bin/ycsb-experiment run}, and shown by the recipe's report and the published site, which render the cells as
 * they are. A figure that is missing reads {@code n/a [k]}, its reason in note {@code [k]}, never 0; every row names
 * the step (or steps) its figures came from.
 *
 * @param question what the table answers, in the seed study's words
 * @param notMongo the NOT MongoDB mark when an experiment measured another server, else null
 * @param columns  the header
 * @param rows     the cells, each row as long as {@code columns}
 * @param notes    the footnotes ({@code [1] ...}) and what the table's words mean, in order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StudyTable(String question, String notMongo, List<String> columns, List<List<String>> rows,
    List<String> notes) {
  public StudyTable {
    columns = List.copyOf(columns);
    rows = rows.stream().map(List::copyOf).toList();
    notes = List.copyOf(notes);
    for (List<String> r : rows) {
      if (r.size() != columns.size()) {
        throw new IllegalArgumentException("a row of " + r.size() + " cells in a table of " + columns.size()
            + " columns: " + r);
      }
    }
  }

  /** The table as printed: the mark, the question, the columns aligned, then the notes. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    if (notMongo != null) {
      out.add(notMongo);
    }
    out.add(question);
    int[] width = new int[columns.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = columns.get(i).length();
      for (List<String> r : rows) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    }
    out.add(line(columns, width));
    StringBuilder rule = new StringBuilder();
    for (int w : width) {
      rule.append(rule.isEmpty() ? "" : "  ").append("-".repeat(w));
    }
    out.add(rule.toString());
    rows.forEach(r -> out.add(line(r, width)));
    out.addAll(notes);
    return out;
  }

  /**
   * The table as HTML: the mark (class {@code bad}), the question, the table, the notes; every cell escaped. One
   * rendering for the recipe's report and the published site.
   */
  public String html() {
    StringBuilder b = new StringBuilder();
    if (notMongo != null) {
      b.append("<p class=\"bad banner\"><b>").append(escapeHtml(notMongo)).append("</b></p>\n");
    }
    b.append("<p><b>").append(escapeHtml(question)).append("</b></p>\n<table class=\"study\">\n<tr>");
    columns.forEach(c -> b.append("<th>").append(escapeHtml(c)).append("</th>"));
    b.append("</tr>\n");
    for (List<String> r : rows) {
      b.append("<tr>");
      r.forEach(c -> b.append("<td>").append(escapeHtml(c)).append("</td>"));
      b.append("</tr>\n");
    }
    b.append("</table>\n");
    if (!notes.isEmpty()) {
      b.append("<ul class=\"notes\">\n");
      notes.forEach(n -> b.append("<li>").append(escapeHtml(n)).append("</li>\n"));
      b.append("</ul>\n");
    }
    return b.toString();
  }

  private static String line(List<String> cells, int[] width) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      b.append(i == 0 ? "" : "  ").append(c).append(i == cells.size() - 1 ? "" : " ".repeat(width[i] - c.length()));
    }
    return b.toString().stripTrailing();
  }
}
