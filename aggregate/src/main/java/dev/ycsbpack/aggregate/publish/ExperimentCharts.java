package dev.ycsbpack.aggregate.publish;

import static dev.ycsbpack.aggregate.publish.Html.esc;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.format.HtmlReportWriter;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import dev.ycsbpack.common.RunStatus;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an experiment's page charts: per swept value (a sweep), cell (a write-concern matrix), arm (an A/B) or run (a
 * repeat), the throughput and each operation's p50 / p95 / p99 of the steps measured there, rebuilt from their raw
 * data (the figures of the step table below the charts), with the knee, latency knee and SLO answer as markers where
 * a COMPLETE sweep answered them. A value measured more than once (repetitions) is charted as its median, with the
 * lowest and highest run beside it. The page's script ({@code experiment.js}) draws it with the report's chart code.
 *
 * @param axis       what the x axis is ({@code threads}, {@code write concern}, {@code arm}, {@code run})
 * @param numeric    whether x is the swept number itself (a sweep), else the place of a labelled category
 * @param points     one per value, cell, arm or run, in x order; only steps with a complete rebuilt bundle count
 * @param operations the operations charted, the A/B's primary one first
 * @param markers    the answers drawn on the x axis, empty unless the experiment is COMPLETE
 */
record ExperimentCharts(String axis, boolean numeric, List<Point> points, List<String> operations,
    List<Marker> markers) {
  /** The percentiles charted for each operation. */
  static final List<Double> PERCENTILES = List.of(50.0, 95.0, 99.0);

  /**
   * One place on the x axis.
   *
   * @param x          the swept value, or the place (1, 2, ...) of a category
   * @param label      as the x axis names it ({@code 8}, {@code majority}, {@code arm B}, {@code run 2})
   * @param steps      the steps measured there (their names on the site: each has its page)
   * @param throughput median, lowest and highest ops/s of those steps
   * @param latencyUs  per operation, per percentile label ({@code p99}), median, lowest and highest microseconds
   */
  record Point(double x, String label, List<String> steps, Spread throughput,
      Map<String, Map<String, Spread>> latencyUs) {
  }

  /** A median with the lowest and highest value it was taken of. */
  record Spread(double median, double min, double max) {
    static Spread of(List<Double> values) {
      List<Double> v = values.stream().sorted().toList();
      int n = v.size();
      double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
      return new Spread(median, v.get(0), v.get(n - 1));
    }
  }

  /** An answer at {@code x}, drawn as a dashed vertical line labelled {@code label}. */
  record Marker(double x, String label) {
  }

  /** The charts of {@code x}; empty points when no step has a complete rebuilt bundle (the page then says so). */
  static ExperimentCharts of(PublishedExperiment x) {
    ExperimentManifest.Plan plan = x.manifest().plan();
    boolean repeat = "repeat".equals(plan.kind());
    boolean numeric = !repeat && plan.arms() == null && (plan.writeConcerns() == null || plan.writeConcerns()
        .isEmpty());
    Map<Long, List<Published>> byX = new LinkedHashMap<>();
    Map<Long, String> labels = new LinkedHashMap<>();
    for (PublishedExperiment.Step s : x.steps()) {
      ExperimentManifest.Step st = s.step();
      if (Boolean.TRUE.equals(st.warmup()) || s.bundle() == null || s.bundle().result() == null) {
        continue;
      }
      long key = repeat ? st.order() : st.x();
      byX.computeIfAbsent(key, k -> new ArrayList<>()).add(s.bundle());
      labels.putIfAbsent(key, repeat ? "run " + (labels.size() + 1) : numeric ? Answers.num(st.x())
          : plan.label(st.x()));
    }
    List<Long> keys = new ArrayList<>(byX.keySet());
    keys.sort(null);
    List<String> ops = operations(byX.values(), plan.primary());
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      long k = keys.get(i);
      points.add(point(numeric ? k : i + 1, labels.get(k), byX.get(k), ops));
    }
    String axis = repeat ? "run" : plan.arms() != null ? "arm" : numeric ? String.valueOf(plan.axis())
        : "write concern";
    List<Marker> markers = numeric && x.status() == RunStatus.COMPLETE ? markers(x.manifest().answers(), axis)
        : List.of();
    return new ExperimentCharts(axis, numeric, points, ops, markers);
  }

  /** The workload's operations the steps measured (not the clean-up, not intended latency), the primary first. */
  private static List<String> operations(Iterable<List<Published>> steps, String primary) {
    Set<String> ops = new LinkedHashSet<>();
    String first = primary == null ? null : primary.replaceAll("\\..*$", "");
    for (List<Published> l : steps) {
      for (Published p : l) {
        p.result().operations().stream().map(OpResult::name).filter(ExperimentCharts::charted).forEach(ops::add);
      }
    }
    List<String> sorted = new ArrayList<>(ops);
    if (first != null && sorted.remove(first)) {
      sorted.add(0, first);
    }
    return sorted;
  }

  private static boolean charted(String op) {
    return !op.equals("CLEANUP") && !op.startsWith("Intended-");
  }

  private static Point point(double x, String label, List<Published> steps, List<String> ops) {
    List<Double> tp = steps.stream().map(p -> p.result().totalThroughput()).toList();
    Map<String, Map<String, Spread>> lat = new LinkedHashMap<>();
    for (String op : ops) {
      Map<String, Spread> byP = new LinkedHashMap<>();
      for (double pct : PERCENTILES) {
        List<Double> v = new ArrayList<>();
        for (Published p : steps) {
          Long us = percentile(p.result(), op, pct);
          if (us != null) {
            v.add(us.doubleValue());
          }
        }
        if (!v.isEmpty()) {
          byP.put("p" + Answers.num(pct), Spread.of(v));
        }
      }
      if (!byP.isEmpty()) {
        lat.put(op, byP);
      }
    }
    return new Point(x, label, steps.stream().map(Published::name).toList(), Spread.of(tp), lat);
  }

  private static Long percentile(MergeResult r, String op, double pct) {
    return r.operations().stream().filter(o -> o.name().equals(op)).findFirst()
        .map(o -> o.latency().percentiles().get(pct)).orElse(null);
  }

  /** The sweep's knee, latency knee and SLO answer, each where it falls on the swept axis. */
  private static List<Marker> markers(Answers a, String axis) {
    List<Marker> m = new ArrayList<>();
    if (a == null) {
      return m;
    }
    if (a.knee() != null) {
      m.add(new Marker(a.knee().x(), "knee " + axis + " " + Answers.num(a.knee().x()) + " (" + a.knee().method()
          + ")"));
    }
    if (a.latencyKnee() != null) {
      m.add(new Marker(a.latencyKnee(), "latency knee " + axis + " " + Answers.num(a.latencyKnee())));
    }
    if (a.slo() != null && a.slo().lastPass() != null) {
      m.add(new Marker(a.slo().lastPass(), "SLO met up to " + axis + " " + Answers.num(a.slo().lastPass())));
    }
    if (a.slo() != null && a.slo().firstFail() != null) {
      m.add(new Marker(a.slo().firstFail(), "SLO missed from " + axis + " " + Answers.num(a.slo().firstFail())));
    }
    return m;
  }

  /** The charts' style: uPlot's own, and the report's for a chart's title and its save links. */
  static final String STYLE = HtmlReportWriter.resource("uPlot.min.css") + "\n"
      + "h3 { font-size: 1em; margin: 1.2em 0 .4em; } .chart { margin: .5em 0 1.5em; } "
      + ".tools { font-size: .85em; margin: .2em 0; } .tools a { margin-right: 1em; }";

  /** The scripts that draw the charts, in order: uPlot, the report's chart code, the experiment page's own. */
  static final List<String> SCRIPTS = List.of(HtmlReportWriter.resource("uPlot.iife.min.js"),
      HtmlReportWriter.resource("report.js"), HtmlReportWriter.resource("experiment.js"));

  /**
   * The page's charts section: the data for {@code experiment.js}, where the charts go, and the answers they mark
   * in words; or why there is nothing to chart.
   */
  String section() {
    StringBuilder b = new StringBuilder("<h2>Charts</h2>\n");
    if (!drawn()) {
      return b.append(points.isEmpty() ? "<p>Nothing to chart: no step has a complete bundle rebuilt from its raw "
          + "data.</p>\n"
          : "<p>Nothing to chart: only " + esc(points.get(0).label()) + " has complete steps rebuilt "
              + "from their raw data; its figures are in the table below.</p>\n")
          .toString();
    }
    b.append("<p class=\"meta\">Each point is ").append(points.stream().anyMatch(p -> p.steps().size() > 1)
        ? "the median of the steps run at that " + esc(axis) + " (dashed: the lowest and highest run)"
        : "one step").append(", rebuilt from its raw data; each step's own report is linked in the table below. "
            + "Latency in microseconds, on a log axis.</p>\n");
    if (!markers.isEmpty()) {
      b.append("<p class=\"meta\">Dashed vertical lines: ")
          .append(esc(String.join("; ", markers.stream().map(Marker::label).toList()))).append(".</p>\n");
    }
    b.append("<script type=\"application/json\" id=\"xdata\">").append(HtmlReportWriter.scriptSafeJson(json()))
        .append("</script>\n<div id=\"charts\"></div>\n");
    return b.toString();
  }

  /** Whether there is a chart to draw: two places on the x axis at least (one point is the step table's row). */
  boolean drawn() {
    return points.size() >= 2;
  }

  /** As JSON for the page's script. */
  String json() {
    try {
      return MergedJson.MAPPER.writeValueAsString(this);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
