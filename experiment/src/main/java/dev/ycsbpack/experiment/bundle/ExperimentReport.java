package dev.ycsbpack.experiment.bundle;

import static dev.ycsbpack.aggregate.format.HtmlReportWriter.escapeHtml;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.common.RunJudgement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The experiment's one-file HTML report: the answers, a table of every step linking its own merged report, and two
 * charts drawn as inline SVG (throughput against the swept value on a log2 axis; each operation's p99 against
 * throughput). No script and no external request: it opens from a disk or a mail attachment.
 */
final class ExperimentReport {
  /** The page's style: the recipe's report ({@link RecipeReport}) uses it too. */
  static final String STYLE = "<style>body{font-family:sans-serif;margin:2em;max-width:72em}"
      + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}"
      + "th{background:#eee}td.l,th.l{text-align:left}.bad{color:#b00}svg{border:1px solid #ddd;margin:.5em 1em .5em 0}"
      + "table.study td:first-child,table.study td:last-child{text-align:left}</style>";
  private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
  private static final int W = 560;
  private static final int H = 300;
  private static final int PAD = 50;

  private ExperimentReport() {
  }

  static String html(ExperimentManifest m) {
    return html(m, null);
  }

  /**
   * The report; with {@code recipe} (the experiment is one of a recipe's), the recipe's answer table after the
   * experiment's own answers, linking the recipe's report one folder up.
   */
  static String html(ExperimentManifest m, RecipeSummary recipe) {
    StringBuilder b = new StringBuilder(16_384);
    String title = "YCSB experiment: " + m.plan().kind() + " over " + m.plan().axis() + " - " + m.status();
    b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(escapeHtml(title))
        .append("</title>\n").append(STYLE).append("</head><body>\n");
    b.append("<h1>").append(escapeHtml(title)).append("</h1>\n");
    if (m.reason() != null) {
      b.append("<p class=\"bad\"><b>").append(escapeHtml(m.reason())).append("</b></p>\n");
    }
    String note = m.environment() == null ? null : m.environment().get("note");
    if (note != null) {
      b.append("<p class=\"bad\"><b>").append(escapeHtml(note)).append("</b></p>\n");
    }
    // what was run comes first: a reader of a published number sees the plan and the environment before any figure
    b.append("<h2>What was run</h2>\n<table>\n");
    row(b, "binding", m.plan().binding());
    row(b, "swept", m.plan().axis() + " " + (m.plan().writeConcerns() != null ? m.plan().writeConcerns()
        : m.plan().values()));
    row(b, "hosts", String.join(", ", m.plan().hosts()) + " (" + m.plan().clientsPerHost() + " client(s) each)");
    row(b, "-P", String.join(" ", m.plan().workloadFiles()));
    row(b, "early stop", m.plan().earlyStop());
    if (m.plan().arms() != null) {
      for (ExperimentManifest.Arm arm : m.plan().arms()) {
        List<String> own = new ArrayList<>(arm.workloadFiles().stream().map(f -> "-P " + f).toList());
        arm.properties().forEach((k, v) -> own.add(k + "=" + v));
        row(b, "arm " + arm.label(), own.isEmpty() ? "the common command" : String.join(" ", own));
      }
      row(b, "rounds", m.plan().repeat() + ", in ABBA order");
    }
    if (m.plan().warmupRounds() != null) {
      row(b, "warm-up rounds", m.plan().warmupRounds() + " (in warmup/, not counted)");
    }
    row(b, "SLOs", String.join(", ", m.plan().slos()));
    m.plan().properties().forEach((k, v) -> row(b, k, v));
    b.append("</table>\n<h3>Environment</h3>\n<table>\n");
    if (m.environment() != null) {
      m.environment().forEach((k, v) -> row(b, k, v));
    }
    b.append("</table>\n");
    b.append("<h2>Answers</h2>\n<ul>\n");
    for (String s : m.statements() == null ? List.<String>of() : m.statements()) {
      b.append("<li>").append(escapeHtml(s)).append("</li>\n");
    }
    b.append("</ul>\n");
    if (m.comparison() != null) {
      b.append("<p>The arms' comparison: <a href=\"").append(escapeHtml(m.comparison().markdown())).append("\">")
          .append(escapeHtml(m.comparison().markdown())).append("</a> (and ").append(escapeHtml(m.comparison().json()))
          .append(").</p>\n");
    }
    if (recipe != null) {
      b.append("<h2>The recipe's answer (").append(escapeHtml(recipe.recipe())).append(", <a href=\"../")
          .append(ExperimentBundle.REPORT).append("\">its report</a>)</h2>\n").append(recipe.table().html());
    }
    // the load and a target-share sweep's unthrottled probe (order 0) are no points of the curves
    List<ExperimentManifest.Step> done = m.steps().stream().filter(s -> s.figures() != null && s.order() > 0).toList();
    b.append("<h2>Charts</h2>\n");
    if (m.matrix() != null) {
      b.append(matrixChart(m.matrix()));
      b.append("<h2>Write concerns</h2>\n").append(matrixTable(m.matrix()));
    } else {
      b.append(throughputChart(done, m.plan().axis()));
      b.append(latencyChart(done));
    }
    b.append("<h2>Steps</h2>\n").append(stepTable(m.steps()));
    b.append("<p>Started ").append(escapeHtml(String.valueOf(m.startedAt()))).append(", ended ")
        .append(escapeHtml(String.valueOf(m.endedAt()))).append(".</p>\n</body></html>\n");
    return b.toString();
  }

  private static void row(StringBuilder b, String k, String v) {
    b.append("<tr><th class=\"l\">").append(escapeHtml(k)).append("</th><td class=\"l\">")
        .append(escapeHtml(v == null ? "" : v)).append("</td></tr>\n");
  }

  private static TreeSet<String> operations(List<ExperimentManifest.Step> steps) {
    TreeSet<String> ops = new TreeSet<>();
    for (ExperimentManifest.Step s : steps) {
      if (s.figures() != null) {
        ops.addAll(s.figures().latencyUs().keySet());
      }
    }
    return ops;
  }

  private static String stepTable(List<ExperimentManifest.Step> steps) {
    TreeSet<String> ops = operations(steps);
    StringBuilder b = new StringBuilder("<table>\n<tr><th>#</th><th>x</th><th class=\"l\">verdict</th>"
        + "<th>ops/s</th><th>errors</th>");
    for (String op : ops) {
      b.append("<th>").append(escapeHtml(op)).append(" p50 / p95 / p99 / p99.9 (ms)</th>");
    }
    // the server's memory and cache figures, when the steps asked for them (the mongodb binding)
    boolean memory = steps.stream().anyMatch(s -> s.figures() != null && s.figures().server() != null);
    b.append("<th class=\"l\">client CPU</th>").append(memory ? "<th class=\"l\">server memory (serverStatus)</th>"
        : "").append("<th class=\"l\">report</th></tr>\n");
    for (ExperimentManifest.Step s : steps) {
      StepFigures f = s.figures();
      b.append("<tr><td>").append(Boolean.TRUE.equals(s.warmup()) ? "warm-up" : String.valueOf(s.order()))
          .append("</td><td>").append(s.x()).append("</td><td class=\"l")
          .append(RunJudgement.counts(s.verdict()) ? "" : " bad").append("\">").append(escapeHtml(s.verdict()))
          .append(s.reason() == null ? "" : ": " + escapeHtml(s.reason())).append("</td>");
      if (f == null) {
        b.append("<td></td><td></td>");
        ops.forEach(op -> b.append("<td></td>"));
      } else {
        b.append("<td>").append(String.format(Locale.ROOT, "%,.0f", f.throughput())).append("</td><td>")
            .append(String.format(Locale.ROOT, "%.3f%%", 100 * f.errorRate())).append("</td>");
        for (String op : ops) {
          Map<String, Long> p = f.latencyUs().get(op);
          b.append("<td>").append(p == null ? "" : ms(p.get("50")) + " / " + ms(p.get("95")) + " / " + ms(p.get("99"))
              + " / " + ms(p.get("99.9"))).append("</td>");
        }
      }
      String cpu = f == null || f.hostCpu().isEmpty() ? "not recorded" : String.join(", ", f.hostCpu().entrySet()
          .stream().map(e -> e.getKey() + " " + Math.round(100 * e.getValue()) + "%").toList())
          + (f.clientSaturated() ? " SATURATED" : "");
      b.append("<td class=\"l").append(f != null && f.clientSaturated() ? " bad" : "").append("\">")
          .append(escapeHtml(cpu)).append("</td>");
      if (memory) {
        b.append("<td class=\"l\">").append(f == null || f.server() == null ? "" : escapeHtml(f.server().describe()))
            .append("</td>");
      }
      b.append("<td class=\"l\">");
      if (s.report() != null) {
        b.append("<a href=\"").append(escapeHtml(s.report())).append("\">").append(escapeHtml(s.name()))
            .append("</a>");
      } else if (s.bundle() != null) {
        b.append("<a href=\"").append(escapeHtml(s.bundle())).append("/manifest.json\">manifest</a>");
      } else {
        b.append(escapeHtml(s.name())).append(": no bundle (not run)");
      }
      b.append("</td></tr>\n");
    }
    return b.append("</table>\n").toString();
  }

  private static String ms(Long us) {
    return us == null ? "-" : String.format(Locale.ROOT, "%.3f", us / 1000.0);
  }

  private static String throughputChart(List<ExperimentManifest.Step> steps, String axis) {
    List<double[]> pts = new ArrayList<>();
    for (ExperimentManifest.Step s : steps) {
      pts.add(new double[] {Math.log(s.x()) / Math.log(2), s.figures().throughput(),
          s.figures().clientSaturated() ? 1 : 0});
    }
    return chart("Throughput (ops/s) against " + axis + " (log2 axis)", List.of("throughput"), List.of(pts),
        v -> compact(Math.pow(2, v)));
  }

  private static String latencyChart(List<ExperimentManifest.Step> steps) {
    List<String> names = new ArrayList<>();
    List<List<double[]>> series = new ArrayList<>();
    for (String op : operations(steps)) {
      List<double[]> pts = new ArrayList<>();
      for (ExperimentManifest.Step s : steps) {
        Map<String, Long> p = s.figures().latencyUs().get(op);
        if (p != null && p.get("99") != null) {
          pts.add(new double[] {s.figures().throughput(), p.get("99") / 1000.0, 0});
        }
      }
      names.add(op + " p99 (ms)");
      series.add(pts);
    }
    return chart("p99 latency (ms) against throughput (ops/s)", names, series, ExperimentReport::compact);
  }

  /** A line chart, x labelled by {@code xLabel}. Points whose third value is 1 are drawn hollow, red. */
  private static String chart(String title, List<String> names, List<List<double[]>> series,
      java.util.function.DoubleFunction<String> xLabel) {
    double minX = Double.MAX_VALUE;
    double maxX = -Double.MAX_VALUE;
    double maxY = 0;
    for (List<double[]> s : series) {
      for (double[] p : s) {
        minX = Math.min(minX, p[0]);
        maxX = Math.max(maxX, p[0]);
        maxY = Math.max(maxY, p[1]);
      }
    }
    StringBuilder b = new StringBuilder();
    b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"").append(H)
        .append("\" role=\"img\" aria-label=\"").append(escapeHtml(title)).append("\"><text x=\"").append(PAD)
        .append("\" y=\"18\" font-size=\"13\">").append(escapeHtml(title)).append("</text>");
    if (minX > maxX) {
      return b.append("<text x=\"").append(PAD).append("\" y=\"60\">no finished step</text></svg>\n").toString();
    }
    double spanX = maxX > minX ? maxX - minX : 1;
    double spanY = maxY > 0 ? maxY * 1.1 : 1;
    final double x0 = minX;
    java.util.function.DoubleUnaryOperator sx = v -> PAD + (v - x0) / spanX * (W - 2 * PAD);
    java.util.function.DoubleUnaryOperator sy = v -> H - PAD - v / spanY * (H - 2 * PAD - 20);
    b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>", PAD, H - PAD,
        W - PAD, H - PAD));
    b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>", PAD, H - PAD,
        PAD, 30));
    for (int i = 0; i <= 4; i++) {
      double yv = spanY * i / 4;
      b.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%.1f\" font-size=\"10\">%s</text>", sy.applyAsDouble(yv),
          compact(yv)));
    }
    for (List<double[]> s : series) {
      for (double[] p : s) {
        b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s"
            + "</text>", sx.applyAsDouble(p[0]), H - PAD + 14, escapeHtml(xLabel.apply(p[0]))));
      }
    }
    for (int k = 0; k < series.size(); k++) {
      String colour = COLOURS[k % COLOURS.length];
      StringBuilder line = new StringBuilder();
      for (double[] p : series.get(k)) {
        line.append(String.format(Locale.ROOT, "%.1f,%.1f ", sx.applyAsDouble(p[0]), sy.applyAsDouble(p[1])));
      }
      b.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" points=\"").append(line.toString().trim())
          .append("\"/>");
      for (double[] p : series.get(k)) {
        b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"%s\"/>",
            sx.applyAsDouble(p[0]), sy.applyAsDouble(p[1]), p[2] == 1 ? "white" : colour,
            p[2] == 1 ? "#b00" : colour));
      }
      b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>",
          W - PAD - 150, 40 + 14 * k, colour, escapeHtml(names.get(k))));
    }
    return b.append("</svg>\n").toString();
  }

  /** Median avg and p99 of each write operation per measured cell (x: the cell's place, labelled with its name). */
  private static String matrixChart(dev.ycsbpack.aggregate.experiment.WcMatrix matrix) {
    List<String> names = new ArrayList<>();
    List<List<double[]>> series = new ArrayList<>();
    for (String op : dev.ycsbpack.aggregate.experiment.WcMatrix.OPERATIONS) {
      List<double[]> avg = new ArrayList<>();
      List<double[]> p99 = new ArrayList<>();
      for (int i = 0; i < matrix.cells().size(); i++) {
        var o = matrix.cells().get(i).operations().get(op);
        if (o != null) {
          avg.add(new double[] {i, o.avgUs().median() / 1000.0, 0});
          if (o.p99Us() != null) {
            p99.add(new double[] {i, o.p99Us().median() / 1000.0, 0});
          }
        }
      }
      if (!avg.isEmpty()) {
        names.add(op + " avg (ms)");
        series.add(avg);
        names.add(op + " p99 (ms)");
        series.add(p99);
      }
    }
    return chart("Latency (ms, median over repetitions) by write concern; not-run cells have no point", names, series,
        v -> matrix.cells().get((int) Math.round(v)).writeConcern());
  }

  private static String matrixTable(dev.ycsbpack.aggregate.experiment.WcMatrix matrix) {
    StringBuilder b = new StringBuilder("<table>\n<tr><th class=\"l\">write concern</th><th>runs</th><th>ops/s"
        + " (median, min-max)</th><th>ops/s ratio</th>");
    for (String op : dev.ycsbpack.aggregate.experiment.WcMatrix.OPERATIONS) {
      b.append("<th>").append(op).append(" avg / min / max / p95 / p99 (ms, medians)</th><th>").append(op)
          .append(" p99 ratio</th>");
    }
    b.append("<th class=\"l\">sent (as the clients recorded it)</th></tr>\n");
    for (var c : matrix.cells()) {
      b.append("<tr><td class=\"l\">").append(escapeHtml(c.writeConcern()));
      if (c.notMeaningful() != null) {
        // figures the server produced while ignoring the write concern: shown, never compared
        b.append("<br><span class=\"bad\">").append(escapeHtml(c.notMeaningful())).append("</span>");
      }
      b.append("</td>");
      if (c.runs() == 0) {
        b.append("<td>0</td><td class=\"l bad\" colspan=\"")
            .append(2 + 2 * dev.ycsbpack.aggregate.experiment.WcMatrix.OPERATIONS.size() + 1).append("\">NOT RUN: ")
            .append(escapeHtml(String.valueOf(c.notRun())))
            .append("</td></tr>\n");
        continue;
      }
      b.append("<td>").append(c.runs()).append("</td><td").append(c.noisy() ? " class=\"bad\"" : "").append(">")
          .append(String.format(Locale.ROOT, "%,.0f (%,.0f-%,.0f)%s", c.throughput().median(), c.throughput().min(),
              c.throughput().max(), c.noisy() ? " NOISY" : ""))
          .append("</td><td>")
          .append(c.throughputRatio() == null ? "-" : Answers.num(c.throughputRatio())).append("</td>");
      for (String op : dev.ycsbpack.aggregate.experiment.WcMatrix.OPERATIONS) {
        var o = c.operations().get(op);
        if (o == null) {
          b.append("<td>-</td><td>-</td>");
          continue;
        }
        b.append("<td>").append(ms(o.avgUs())).append(" / ").append(ms(o.minUs())).append(" / ").append(ms(o.maxUs()))
            .append(" / ").append(ms(o.p95Us())).append(" / ").append(ms(o.p99Us())).append("</td><td>")
            .append(o.p99Ratio() == null ? "-" : Answers.num(o.p99Ratio())).append("</td>");
      }
      b.append("<td class=\"l\">").append(escapeHtml(String.join(" / ", c.sent()))).append("</td></tr>\n");
    }
    b.append("</table>\n<p>Run order per repetition (rotating):</p>\n<ol>\n");
    matrix.rotation().forEach(r -> b.append("<li>").append(escapeHtml(String.join(", ", r))).append("</li>\n"));
    b.append("</ol>\n<p>Ratios are to the ").append(escapeHtml(String.valueOf(matrix.baseline())))
        .append(" cell's medians; a cell marked not meaningful has none.</p>\n");
    return b.toString();
  }

  private static String ms(dev.ycsbpack.aggregate.stats.Spread s) {
    return s == null ? "-" : String.format(Locale.ROOT, "%.3f", s.median() / 1000.0);
  }

  private static String compact(double v) {
    if (v >= 10_000) {
      return String.format(Locale.ROOT, "%.0fk", v / 1000);
    }
    return v == Math.rint(v) ? Answers.num(v) : String.format(Locale.ROOT, "%.2f", v);
  }
}
