package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.common.EnvironmentFacts;
import static dev.ycsbpack.aggregate.publish.Html.esc;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.experiment.Repeated;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * An experiment on the site: its row in the index's experiments table and its own page (what was run, its answers,
 * every step with a link to the step's page). Answers are shown only for a {@link RunStatus#COMPLETE} experiment; a
 * step's figures only when its own bundle was rebuilt complete. Every string from the manifest is escaped.
 */
final class ExperimentPage {
  static final String[] COLUMNS = {"Experiment", "Verdict", "Measured", "Answers", "Server", "Workload",
      "Hosts and clients", "Write concern", "Steps", "Date (UTC)", "Pack"};

  private ExperimentPage() {
  }

  // ---- the index row

  static String row(PublishedExperiment x) {
    return row(x, "");
  }

  /** The row, with {@code reproduce} (the folded command's HTML, or empty) in its first cell. */
  static String row(PublishedExperiment x, String reproduce) {
    ExperimentManifest m = x.manifest();
    StringBuilder b = new StringBuilder("<tr").append(rowClass(x.status())).append('>');
    b.append("<td><a href=\"").append(Site.BUNDLES).append('/').append(esc(x.name())).append('/').append(Site.REPORT)
        .append("\">").append(esc(x.name())).append("</a><br><span class=\"meta\">")
        .append(esc(m == null ? "experiment" : String.valueOf(m.plan().kind()) + " experiment")).append("</span>")
        .append(reproduce).append("</td>");
    b.append("<td class=\"v\">").append(esc(x.status() == RunStatus.COMPLETE ? RunStatus.COMPLETE.label()
        : x.status() + ": " + Site.summary(x.reason()))).append("</td>");
    if (m == null) {
      b.append("<td></td>".repeat(COLUMNS.length - 2)).append("</tr>\n");
      return b.toString();
    }
    b.append("<td>").append(esc(measured(m.plan()))).append("</td>");
    b.append("<td class=\"v\">").append(x.status() == RunStatus.COMPLETE ? esc(answers(m)) : "-").append("</td>");
    b.append("<td>").append(x.notMongo() == null ? "" : "<span class=\"badge\" title=\"" + esc(x.notMongo())
        + "\">NOT MongoDB</span><br>").append(esc(server(m))).append("</td>");
    b.append("<td title=\"").append(esc(workload(m.plan()))).append("\">")
        .append(esc(Site.shortWorkload(workload(m.plan())))).append("</td>");
    b.append("<td>").append(esc(hosts(m.plan()))).append("</td>");
    b.append("<td>").append(esc(writeConcerns(m))).append("</td>");
    b.append("<td>").append(esc(stepCount(x))).append("</td>");
    b.append("<td class=\"n\" data-sort=\"").append(x.startedAt()).append("\">")
        .append(x.startedAt() > 0 ? esc(Site.date(x.startedAt())) : "").append("</td>");
    b.append("<td>").append(esc(env(m, EnvironmentFacts.PACK_VERSION))).append("</td></tr>\n");
    return b.toString();
  }

  static String rowClass(RunStatus s) {
    return s == RunStatus.FAILED ? " class=\"failed\"" : s == RunStatus.INCOMPLETE ? " class=\"incomplete\"" : "";
  }

  /** {@code threads 1, 2, 4, 8}; {@code write concerns w=1, majority}; for a plan without an axis, its kind. */
  static String measured(ExperimentManifest.Plan p) {
    if (p.writeConcerns() != null && !p.writeConcerns().isEmpty()) {
      return "write concerns " + String.join(", ", p.writeConcerns()) + repeat(p);
    }
    if (p.axis() == null || p.values() == null) {
      return String.valueOf(p.kind()) + repeat(p);
    }
    return p.axis() + " " + String.join(", ", p.values().stream().map(String::valueOf).toList()) + repeat(p);
  }

  private static String repeat(ExperimentManifest.Plan p) {
    return p.repeat() > 1 ? " (each run " + p.repeat() + " times)" : "";
  }

  /**
   * The answers in short: a sweep's maximum, knees and SLO answer; a matrix's cells, NOT RUN ones with a summary of the
   * reason (the experiment's page has it whole).
   */
  static String answers(ExperimentManifest m) {
    List<String> parts = new ArrayList<>();
    if (m.matrix() != null) {
      for (WcMatrix.Cell c : m.matrix().cells()) {
        if (c.runs() == 0) {
          parts.add(c.writeConcern() + " NOT RUN: " + (c.notRun() == null ? "no run finished"
              : Site.summary(c.notRun())));
        } else {
          parts.add(c.writeConcern() + " " + ops(c.throughput().median()) + " ops/s"
              + (c.notMeaningful() != null ? " (" + c.notMeaningful() + ")" : c.throughputRatio() == null ? ""
                  : " (" + Answers.num(c.throughputRatio()) + "x)"));
        }
      }
      return String.join("; ", parts);
    }
    Answers a = m.answers();
    if (a == null && m.repetitions() != null && !m.repetitions().isEmpty()) {
      // a repeat has no sweep answers: its answer is the spread of its runs
      Repeated r = m.repetitions().get(0);
      return "throughput median " + ops(r.throughput().median()) + " ops/s (" + ops(r.throughput().min()) + "-"
          + ops(r.throughput().max()) + ", n=" + r.throughput().n() + "); " + (r.throughput().n() < 2
              ? "noise unknown with one run" : r.noisyFigures().isEmpty() ? "no figure's range over 10% of its median"
              : "NOISY: " + String.join(", ", r.noisyFigures()));
    }
    if (a == null) {
      return "no answers recorded";
    }
    String axis = String.valueOf(m.plan().axis());
    parts.add(a.best() == null ? "no step finished" : "max " + ops(a.bestThroughput()) + " ops/s at "
        + axis + " " + Answers.num(a.best()));
    if (a.noKnee() != null) {
      parts.add("knee and latency knee: " + a.noKnee());
    }
    if (a.knee() != null) {
      parts.add("knee " + axis + " " + Answers.num(a.knee().x()) + " (" + a.knee().method() + ")"
          + (a.kneeNote() == null ? "" : ": " + a.kneeNote()));
    }
    if (a.latencyKnee() != null) {
      parts.add("latency knee " + axis + " " + Answers.num(a.latencyKnee()));
    }
    if (a.slo() != null) {
      parts.add("SLO: " + a.slo().statement());
    }
    if (a.stoppedEarly() != null) {
      parts.add("stopped early: " + a.stoppedEarly());
    }
    if (a.basis() != null) {
      parts.add(a.basis());
    }
    return String.join("; ", parts);
  }

  private static String server(ExperimentManifest m) {
    return (env(m, EnvironmentFacts.SERVER_PRODUCT) + " " + env(m, EnvironmentFacts.SERVER_VERSION)).trim();
  }

  private static String env(ExperimentManifest m, String key) {
    return m.environment() == null ? "" : m.environment().getOrDefault(key, "");
  }

  private static String workload(ExperimentManifest.Plan p) {
    List<String> files = p.workloadFiles() == null ? List.of() : p.workloadFiles();
    String cls = p.properties() == null ? null : p.properties().get("workload");
    return String.join(", ", files) + (cls == null ? "" : " (" + cls.replaceAll("^.*\\.", "") + ")");
  }

  private static String hosts(ExperimentManifest.Plan p) {
    List<String> h = p.hosts() == null ? List.of() : p.hosts();
    return String.join(", ", h) + ": " + p.clientsPerHost() + (p.clientsPerHost() == 1 ? " client" : " clients")
        + " per host";
  }

  /** A matrix's cells as given; else what the steps' clients recorded sending, each distinct text once. */
  private static String writeConcerns(ExperimentManifest m) {
    if (m.plan().writeConcerns() != null && !m.plan().writeConcerns().isEmpty()) {
      return String.join(", ", m.plan().writeConcerns());
    }
    Set<String> sent = new LinkedHashSet<>();
    for (ExperimentManifest.Step s : steps(m)) {
      if (s.figures() != null && s.figures().writeConcern() != null) {
        sent.add(s.figures().writeConcern());
      }
    }
    return sent.isEmpty() ? "not recorded" : String.join(" / ", sent);
  }

  private static String stepCount(PublishedExperiment x) {
    Map<String, Integer> byVerdict = new TreeMap<>();
    x.steps().forEach(s -> byVerdict.merge(String.valueOf(s.step().verdict()), 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    byVerdict.forEach((v, n) -> parts.add(n + " " + v));
    return x.steps().size() + (x.steps().size() == 1 ? " step" : " steps") + (parts.isEmpty() ? "" : ": "
        + String.join(", ", parts));
  }

  private static List<ExperimentManifest.Step> steps(ExperimentManifest m) {
    return m.steps() == null ? List.of() : m.steps();
  }

  /** A figure rounded to a whole number, grouped: {@code 12,345}. */
  private static String ops(double v) {
    return Double.isNaN(v) ? "n/a" : Fmt.grouped(Math.round(v));
  }

  // ---- the experiment's page

  static String page(PublishedExperiment x) {
    return page(x, null);
  }

  /** The page, with {@code reproduce} (the command's HTML, or null) under what was run. */
  static String page(PublishedExperiment x, String reproduce) {
    ExperimentManifest m = x.manifest();
    StringBuilder b = new StringBuilder("<p><a href=\"../../index.html\">All bundles</a></p>\n");
    if (x.status() != RunStatus.COMPLETE) {
      b.append("<div class=\"banner\">").append(esc(x.status() + ": " + x.reason())).append("</div>\n");
    }
    if (x.notMongo() != null) {
      b.append("<div class=\"banner\">").append(esc(x.notMongo())).append("</div>\n");
    }
    b.append("<h1>").append(esc(x.name())).append("</h1>\n");
    if (m == null) {
      return Html.page(x.status() + " - " + x.name(), b.toString(), "");
    }
    b.append("<p class=\"meta\">").append(esc(m.plan().kind() + " experiment: " + measured(m.plan())))
        .append(". Each step is a coordinated run with its own page, rebuilt from its raw data.</p>\n");
    b.append("<h2>What was run</h2>\n").append(Html.facts(facts(m)));
    if (reproduce != null) {
      b.append("<h2>Reproduce</h2>\n").append(reproduce);
    }
    b.append("<h2>Answers</h2>\n");
    if (x.status() == RunStatus.COMPLETE) {
      b.append("<ul>\n");
      for (String s : m.statements() == null ? List.<String>of() : m.statements()) {
        b.append("<li>").append(esc(s)).append("</li>\n");
      }
      b.append("</ul>\n");
    } else {
      b.append("<p>None shown: the experiment is ").append(esc(x.status().toString()))
          .append(", so its answers would look valid and are not. Each complete step below is a valid run on its "
              + "own.</p>\n");
    }
    if (m.matrix() != null && x.status() == RunStatus.COMPLETE) {
      b.append(matrix(m.matrix()));
    }
    if (x.recipe() != null && x.status() == RunStatus.COMPLETE) {
      b.append("<h2>The answer of recipe ").append(esc(x.recipe().recipe())).append("</h2>\n").append(recipe(x
          .recipe()));
    }
    ExperimentCharts charts = ExperimentCharts.of(x);
    b.append(charts.section());
    b.append("<h2>Steps</h2>\n").append(steps(x, m.plan()));
    if (m.plan().properties() != null && !m.plan().properties().isEmpty()) {
      b.append("<h2>Properties every step starts from</h2>\n").append(Html.facts(new TreeMap<>(m.plan()
          .properties())));
    }
    String title = (x.status() == RunStatus.COMPLETE ? "" : x.status() + " - ") + x.name();
    return !charts.drawn() ? Html.page(title, b.toString(), "") : Html.page(title, b.toString(),
        ExperimentCharts.STYLE, ExperimentCharts.SCRIPTS);
  }

  static Map<String, String> facts(ExperimentManifest m) {
    ExperimentManifest.Plan p = m.plan();
    Map<String, String> f = new LinkedHashMap<>();
    f.put("Kind", String.valueOf(p.kind()));
    f.put("Measured", measured(p));
    f.put("Binding", String.valueOf(p.binding()));
    f.put("Workload", workload(p));
    f.put("Hosts and clients", swept(p, "clients").orElse(hosts(p)));
    f.put("Threads", swept(p, "threads").orElse(p.threads() == 0 ? "default" : String.valueOf(p.threads())));
    f.put("Target", swept(p, "target").or(() -> swept(p, "target-percent"))
        .orElse(p.target() == 0 ? "unthrottled" : p.target() + " ops/s"));
    f.put("Write concern", writeConcerns(m));
    f.put("Repetitions", String.valueOf(Math.max(1, p.repeat())));
    f.put("Loads its records", p.load() ? "yes" : "no");
    if (p.slos() != null && !p.slos().isEmpty()) {
      f.put("SLOs", String.join(", ", p.slos()));
    }
    if (p.earlyStop() != null) {
      f.put("Early stop", p.earlyStop());
    }
    f.put("Started", String.valueOf(m.startedAt()));
    f.put("Ended", m.endedAt() == null ? "not recorded" : m.endedAt());
    if (m.environment() != null) {
      new TreeMap<>(m.environment()).forEach(f::putIfAbsent);
    }
    return f;
  }

  /**
   * What a sweep varied, where the plan's single value would say something false ({@code Threads: default} for a
   * threads sweep): {@code 2, 4, 8 (swept)}, with the unit of the axis; empty when {@code axis} is not swept.
   */
  private static Optional<String> swept(ExperimentManifest.Plan p, String axis) {
    if (!axis.equals(p.axis()) || p.values() == null || p.values().isEmpty()
        || (p.writeConcerns() != null && !p.writeConcerns().isEmpty())) {
      return Optional.empty();
    }
    String values = String.join(", ", p.values().stream().map(String::valueOf).toList());
    return Optional.of(switch (axis) {
      case "clients" -> String.join(", ", p.hosts() == null ? List.of() : p.hosts()) + ": " + values
          + " clients in all (swept)";
      case "target" -> values + " ops/s (swept)";
      case "target-percent" -> values + " percent of the throughput an unthrottled probe step measured (swept)";
      default -> values + " (swept)";
    });
  }

  private static String steps(PublishedExperiment x, ExperimentManifest.Plan plan) {
    List<String> cells = plan.writeConcerns() == null ? List.of() : plan.writeConcerns();
    String axis = !cells.isEmpty() ? "Write concern" : plan.axis() == null ? "Value" : plan.axis();
    StringBuilder b = new StringBuilder("<div class=\"scroll\"><table><tr><th>#</th><th>Step</th><th>")
        .append(esc(axis)).append("</th><th>Verdict</th><th>Throughput (ops/s)</th><th>Latency p50 / p99 (us)</th>"
            + "</tr>\n");
    for (PublishedExperiment.Step s : x.steps()) {
      ExperimentManifest.Step st = s.step();
      Published p = s.bundle();
      MergeResult r = p == null ? null : p.result();
      String verdict = String.valueOf(st.verdict());
      String why = s.problem() != null ? s.problem() : p != null && p.status() != RunStatus.COMPLETE ? p.reason()
          : st.reason();
      if (p != null && p.status() != RunStatus.COMPLETE && RunJudgement.counts(verdict)) {
        verdict = "COMPLETE in the manifest, " + p.status() + " rebuilt";
      }
      b.append("<tr").append(rowClass(RunJudgement.publishedStep(st.verdict(), r != null)))
          .append("><td class=\"n\">")
          .append(st.order()).append("</td><td>");
      if (p != null) {
        b.append("<a href=\"../").append(esc(p.name())).append('/').append(Site.REPORT).append("\">")
            .append(esc(st.name())).append("</a>");
      } else {
        b.append(esc(st.name()));
      }
      String value = cells.isEmpty() ? String.valueOf(st.x()) : plan.label(st.x());
      b.append("</td><td class=\"n\">").append(esc(value)).append("</td><td class=\"v\">")
          .append(esc(RunStatus.inWords(verdict) + (why == null || why.isBlank() ? "" : ": " + why)))
          .append("</td><td class=\"n\">").append(r == null ? "-" : esc(Fmt.fixed(r.totalThroughput(), 1)))
          .append("</td><td>").append(r == null ? "-" : esc(Site.latencies(r))).append("</td></tr>\n");
    }
    return b.append("</table></div>\n").toString();
  }

  /**
   * A recipe's answer table as the recipe wrote it (plain cells, each escaped), its status first when it stopped
   * before its last experiment.
   */
  static String recipe(RecipeSummary r) {
    StringBuilder b = new StringBuilder("<p class=\"meta\">").append(esc(r.title())).append(" (experiments ")
        .append(esc(String.join(", ", r.experiments()))).append("; seed: ").append(esc(r.seed())).append(")</p>\n");
    if (!RunStatus.COMPLETE.is(r.status())) {
      b.append("<div class=\"warn\">").append(esc(r.status() + (r.reason() == null ? "" : ": " + r.reason())))
          .append("</div>\n");
    }
    return b.append("<div class=\"scroll\">").append(r.table().html()).append("</div>\n").toString();
  }

  private static String matrix(WcMatrix w) {
    StringBuilder b = new StringBuilder("<h2>Write-concern matrix</h2>\n<div class=\"scroll\"><table><tr>"
        + "<th>Write concern</th><th>Runs</th><th>Throughput (ops/s), median [min, max]</th><th>Ratio to ")
        .append(esc(w.baseline() == null ? "w=1" : w.baseline())).append("</th>");
    for (String op : WcMatrix.OPERATIONS) {
      b.append("<th>").append(esc(op)).append(" avg / p99 (us)</th>");
    }
    b.append("<th>Sent by the clients</th></tr>\n");
    for (WcMatrix.Cell c : w.cells()) {
      b.append("<tr").append(rowClass(c.runs() == 0 ? RunStatus.INCOMPLETE : RunStatus.COMPLETE)).append("><td>")
          .append(esc(c.writeConcern())).append(c.notMeaningful() == null ? ""
              : "<br><span class=\"worse\">" + esc(c.notMeaningful()) + "</span>")
          .append("</td>");
      if (c.runs() == 0) {
        b.append("<td class=\"n\">0</td><td class=\"v\" colspan=\"").append(3 + WcMatrix.OPERATIONS.size())
            .append("\">").append(esc("NOT RUN: " + (c.notRun() == null ? "no run finished" : c.notRun())))
            .append("</td></tr>\n");
        continue;
      }
      b.append("<td class=\"n\">").append(c.runs()).append("</td><td class=\"n\">")
          .append(esc(String.format(Locale.ROOT, "%s [%s, %s]", ops(c.throughput().median()),
              ops(c.throughput().min()), ops(c.throughput().max()))))
          .append("</td><td class=\"n\">")
          .append(c.throughputRatio() == null ? "-" : esc(Answers.num(c.throughputRatio()))).append("</td>");
      for (String op : WcMatrix.OPERATIONS) {
        WcMatrix.Operation o = c.operations().get(op);
        b.append("<td class=\"n\">").append(o == null ? "-" : esc(ops(o.avgUs().median()) + " / "
            + (o.p99Us() == null ? "-" : ops(o.p99Us().median())))).append("</td>");
      }
      b.append("<td>").append(esc(String.join(" / ", c.sent()))).append("</td></tr>\n");
    }
    return b.append("</table></div>\n").toString();
  }
}
