package dev.ycsbpack.experiment.bundle;

import static dev.ycsbpack.aggregate.format.HtmlReportWriter.escapeHtml;

import dev.ycsbpack.aggregate.experiment.RecipeSummary;

/**
 * A recipe folder's one-file report ({@code DIR/report.html}): the recipe, its status, its answer table and a link to
 * each experiment's own report. No script, no external request, as the experiments' reports.
 */
final class RecipeReport {
  private RecipeReport() {
  }

  static String html(RecipeSummary s) {
    String title = "YCSB recipe " + s.recipe() + " - " + s.status();
    StringBuilder b = new StringBuilder(8192);
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(escapeHtml(title))
        .append("</title>\n").append(ExperimentReport.STYLE).append("</head><body>\n<h1>").append(escapeHtml(title))
        .append("</h1>\n<p>").append(escapeHtml(s.title())).append("</p>\n");
    if (s.reason() != null) {
      b.append("<p class=\"bad\"><b>").append(escapeHtml(s.reason())).append("</b></p>\n");
    }
    b.append("<p>Seed study: ").append(escapeHtml(s.seed())).append("</p>\n<h2>Answer</h2>\n")
        .append(s.table().html()).append("<h2>Experiments</h2>\n<ul>\n");
    for (String e : s.experiments()) {
      b.append("<li><a href=\"").append(escapeHtml(e)).append('/').append(ExperimentBundle.REPORT).append("\">")
          .append(escapeHtml(e)).append("</a></li>\n");
    }
    return b.append("</ul>\n<p>Written ").append(escapeHtml(s.writtenAt())).append(".</p>\n</body></html>\n")
        .toString();
  }
}
