package dev.ycsbpack.aggregate.publish;

import static dev.ycsbpack.aggregate.publish.Html.esc;

import dev.ycsbpack.aggregate.compare.Arms;
import dev.ycsbpack.aggregate.compare.Comparison;
import dev.ycsbpack.aggregate.compare.ComparisonWriters;
import dev.ycsbpack.aggregate.compare.ExperimentComparison;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.Reproduction;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Originals and their reproductions on the site: each row whose folder holds a {@link Reproduction} record is grouped
 * under the row its {@code originalId} names (a bundle's run id, an experiment's folder, a site row's name), or, when
 * that original is not on the site, under the id alone. The index lists each group (the original, then each
 * reproduction with its overrides); each group's page {@code reproductions/N.html} puts the headline figures side by
 * side, the environments' differences first, and compare's verdict of each reproduction against its original.
 */
final class Reproductions {
  static final String DIR = "reproductions";

  /** The settings of the environment a reader compares first, as the site's facts name them. */
  static final List<String> ENVIRONMENT = List.of("Server", "Topology", "Hosts and clients", "Driver", "Pack",
      "Write concern (as sent)", "Read preference (as sent)");

  /** An experiment manifest's environment keys for the same settings. */
  static final List<String> EXPERIMENT_ENVIRONMENT = List.of(EnvironmentFacts.SERVER_PRODUCT,
      EnvironmentFacts.SERVER_VERSION, "server.topology", "driver.name", "driver.version",
      EnvironmentFacts.PACK_VERSION,
      "experiment.java", "experiment.cpu.count", "experiment.cpu.model", "experiment.host.name");

  private Reproductions() {
  }

  /** A reproduction: its row and its record. */
  record Copy(SiteEntry entry, Reproduction record) {
  }

  /**
   * An original and its reproductions.
   *
   * @param original   its row, or null when it is not on the site
   * @param originalId as the reproductions name it
   * @param copies     each reproduction, in the site's order
   */
  record Group(SiteEntry original, String originalId, List<Copy> copies) {
  }

  /** The groups of {@code entries} (in the site's order), by the records their folders hold. */
  static List<Group> of(List<SiteEntry> entries, Originals originals) {
    Map<String, Group> groups = new LinkedHashMap<>();
    for (SiteEntry e : entries) {
      originals.reproduction(e.name()).ifPresent(r -> {
        SiteEntry original = entries.stream().filter(o -> o != e && originals.ids(o.name()).contains(r.originalId()))
            .findFirst().orElse(null);
        String key = original == null ? "id:" + r.originalId() : "row:" + original.name();
        groups.computeIfAbsent(key, k -> new Group(original, r.originalId(), new ArrayList<>())).copies()
            .add(new Copy(e, r));
      });
    }
    return List.copyOf(groups.values());
  }

  // ---- the index's section

  static String section(List<Group> groups) {
    if (groups.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder("<h2>Originals and their reproductions</h2>\n<div class=\"scroll\"><table>"
        + "<tr><th>Result</th><th>Is</th><th>Verdict</th><th>Throughput (ops/s)</th><th>Overrides</th>"
        + "<th>Side by side</th></tr>\n");
    for (int i = 0; i < groups.size(); i++) {
      Group g = groups.get(i);
      String page = DIR + "/" + (i + 1) + ".html";
      int rows = g.copies().size() + 1;
      b.append("<tr><td>").append(g.original() == null ? esc(g.originalId()) : link(g.original().name()))
          .append("</td><td>original").append(g.original() == null ? ": not on this site" : "")
          .append("</td><td class=\"v\">").append(g.original() == null ? "-" : esc(verdict(g.original())))
          .append("</td><td class=\"n\">").append(g.original() == null ? "-" : esc(throughput(g.original())))
          .append("</td><td></td><td rowspan=\"").append(rows).append("\"><a href=\"").append(page)
          .append("\">compare</a></td></tr>\n");
      for (Copy c : g.copies()) {
        b.append("<tr><td>").append(link(c.entry().name())).append("</td><td>reproduction of ")
            .append(esc(g.originalId())).append("</td><td class=\"v\">").append(esc(verdict(c.entry())))
            .append("</td><td class=\"n\">").append(esc(throughput(c.entry()))).append("</td><td>")
            .append(esc(overrides(c.record()))).append("</td></tr>\n");
      }
    }
    return b.append("</table></div>\n").toString();
  }

  private static String link(String name) {
    return "<a href=\"" + Site.BUNDLES + "/" + esc(name) + "/" + Site.REPORT + "\">" + esc(name) + "</a>";
  }

  static String overrides(Reproduction r) {
    return r.overrides().isEmpty() ? "none" : String.join("; ", r.overrides());
  }

  private static String verdict(SiteEntry e) {
    return e instanceof Published p ? (p.result() == null ? p.status() + ": " + Site.summary(p.reason())
        : RunStatus.COMPLETE.label()) : ((PublishedExperiment) e).status().toString();
  }

  private static String throughput(SiteEntry e) {
    return e instanceof Published p && p.result() != null ? Fmt.fixed(p.result().totalThroughput(), 1) : "-";
  }

  // ---- a group's page

  /** The group's page; each comparison's figures are written beside it as {@code N-K.csv}. */
  static String page(Group g, Path dir, int n) throws IOException {
    List<SiteEntry> all = new ArrayList<>();
    if (g.original() != null) {
      all.add(g.original());
    }
    g.copies().forEach(c -> all.add(c.entry()));
    String title = (g.original() == null ? g.originalId() : g.original().name()) + " and its reproductions";
    StringBuilder b = new StringBuilder("<p><a href=\"../index.html\">All bundles</a></p>\n<h1>")
        .append(esc(title)).append("</h1>\n");
    if (g.original() == null) {
      b.append("<div class=\"warn\">The original, ").append(esc(g.originalId())).append(", is not on this site: "
          + "each reproduction is shown alone.</div>\n");
    }
    b.append("<h2>What each reproduction changed</h2>\n<ul>\n");
    g.copies().forEach(c -> b.append("<li>").append(esc(c.entry().name())).append(": ")
        .append(esc(overrides(c.record()))).append("</li>\n"));
    b.append("</ul>\n<h2>Environment</h2>\n").append(sideBySide(all, environment(all), true));
    b.append("<h2>Headline figures</h2>\n").append(sideBySide(all, headline(all), false));
    if (g.original() instanceof Published o && o.result() != null) {
      int k = 0;
      for (Copy c : g.copies()) {
        if (c.entry() instanceof Published p && p.result() != null) {
          b.append(verdictOf(o, p, dir, n + "-" + (++k) + ".csv"));
        }
      }
    }
    if (g.original() instanceof PublishedExperiment o && o.manifest() != null) {
      for (Copy c : g.copies()) {
        if (c.entry() instanceof PublishedExperiment x && x.manifest() != null) {
          b.append(stepVerdicts(o, x));
        }
      }
    }
    return Html.page(title, b.toString(), "");
  }

  /** Compare's verdict of {@code copy} against {@code original}, measured apart: the drift caveat first. */
  private static String verdictOf(Published original, Published copy, Path dir, String csv) throws IOException {
    Comparison cmp = Comparison.of(List.of(new Comparison.Named(original.name(), Site.json(original.result()))),
        List.of(new Comparison.Named(copy.name(), Site.json(copy.result()))), Significance.Method.DEFAULT);
    try (Writer w = Files.newBufferedWriter(dir.resolve(csv), StandardCharsets.UTF_8)) {
      ComparisonWriters.csv(cmp, w);
    }
    StringBuilder b = new StringBuilder("<h2>").append(esc(original.name())).append(" &rarr; ")
        .append(esc(copy.name())).append("</h2>\n<p><b>").append(esc(cmp.headline().line())).append("</b></p>\n");
    if (cmp.timing() != null && cmp.timing().statement() != null) {
      b.append("<div class=\"warn\">").append(esc(cmp.timing().statement())).append("</div>\n");
    }
    return b.append(Site.pair(original.name(), copy.name(), cmp, csv)).toString();
  }

  /**
   * Compare's verdict of each step of experiment {@code copy} against the same step of {@code original} (its
   * complete runs against the original's, as {@code compare --a ORIGINAL --b COPY} of two experiments judges them),
   * measured apart: the drift caveat of the first step compared first.
   */
  static String stepVerdicts(PublishedExperiment original, PublishedExperiment copy) throws IOException {
    ExperimentManifest.Plan plan = original.manifest().plan();
    StringBuilder b = new StringBuilder("<h2>").append(esc(original.name())).append(" &rarr; ")
        .append(esc(copy.name())).append(": step by step</h2>\n");
    if (!plan.sameSteps(copy.manifest().plan())) {
      return b.append("<p>Not compared: the plans differ (").append(esc(plan.describeSteps())).append(" against ")
          .append(esc(copy.manifest().plan().describeSteps())).append(").</p>\n").toString();
    }
    StringBuilder rows = new StringBuilder();
    String caveat = null;
    for (long x : ExperimentComparison.xs(original.manifest())) {
      List<Comparison.Named> a = runs(original, x);
      List<Comparison.Named> c = runs(copy, x);
      String verdict;
      if (a.isEmpty() || c.isEmpty()) {
        verdict = "not compared: " + (a.isEmpty() ? original.name() : copy.name()) + " has no complete run of it";
      } else {
        try {
          Arms.shareOperations(original.name(), a, copy.name(), c);
          Comparison cmp = Comparison.of(a, c, Significance.Method.DEFAULT);
          verdict = cmp.headline().line();
          if (caveat == null && cmp.timing() != null) {
            caveat = cmp.timing().statement();
          }
        } catch (Arms.Unusable e) {
          verdict = "not compared: " + e.getMessage();
        }
      }
      rows.append("<tr><th>").append(esc(plan.label(x))).append("</th><td>").append(esc(verdict))
          .append("</td></tr>\n");
    }
    if (caveat != null) {
      b.append("<div class=\"warn\">").append(esc(caveat)).append("</div>\n");
    }
    return b.append("<div class=\"scroll\"><table><tr><th>Step</th><th>Verdict</th></tr>\n").append(rows)
        .append("</table></div>\n").toString();
  }

  /** The merged results of an experiment's complete runs of step {@code x}, as published. */
  private static List<Comparison.Named> runs(PublishedExperiment e, long x) throws IOException {
    List<Comparison.Named> out = new ArrayList<>();
    for (PublishedExperiment.Step s : e.steps()) {
      ExperimentManifest.Step st = s.step();
      if (st.order() != 0 && st.x() == x && RunJudgement.counts(st.verdict()) && s.bundle() != null
          && s.bundle().result() != null) {
        out.add(new Comparison.Named(s.bundle().name(), Site.json(s.bundle().result())));
      }
    }
    return out;
  }

  /** Each setting of the environment, per row: a bundle's facts, an experiment manifest's environment. */
  static Map<String, List<String>> environment(List<SiteEntry> all) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    boolean experiments = all.stream().anyMatch(e -> e instanceof PublishedExperiment);
    for (String k : experiments ? EXPERIMENT_ENVIRONMENT : ENVIRONMENT) {
      rows.put(k, all.stream().map(e -> e instanceof Published p ? p.facts().facts().getOrDefault(k, "")
          : env(((PublishedExperiment) e).manifest(), k)).toList());
    }
    return rows;
  }

  private static String env(ExperimentManifest m, String k) {
    return m == null || m.environment() == null ? "" : m.environment().getOrDefault(k, "");
  }

  /** The headline per row: verdict, throughput and each operation's p50 / p99; an experiment's answers. */
  static Map<String, List<String>> headline(List<SiteEntry> all) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    rows.put("Verdict", all.stream().map(Reproductions::verdict).toList());
    rows.put("Throughput (ops/s)", all.stream().map(Reproductions::throughput).toList());
    rows.put("Latency p50 / p99 (us)", all.stream().map(e -> e instanceof Published p && p.result() != null
        ? Site.latencies(p.result()) : "-").toList());
    if (all.stream().anyMatch(e -> e instanceof PublishedExperiment)) {
      rows.put("Answers", all.stream().map(e -> e instanceof PublishedExperiment x && x.manifest() != null
          && x.status() == RunStatus.COMPLETE ? ExperimentPage.answers(x.manifest()) : "-").toList());
    }
    return rows;
  }

  /** A table with one column per row of the site; a setting whose values differ is marked. */
  private static String sideBySide(List<SiteEntry> all, Map<String, List<String>> rows, boolean markDifferences) {
    StringBuilder b = new StringBuilder("<div class=\"scroll\"><table><tr><th></th>");
    all.forEach(e -> b.append("<th>").append(esc(e.name())).append("</th>"));
    b.append(markDifferences ? "<th></th>" : "").append("</tr>\n");
    rows.forEach((k, values) -> {
      boolean differs = values.stream().distinct().count() > 1;
      b.append("<tr><th>").append(esc(k)).append("</th>");
      values.forEach(v -> b.append("<td>").append(esc(v)).append("</td>"));
      b.append(markDifferences ? "<td" + (differs ? " class=\"worse\">differs" : ">") + "</td>" : "")
          .append("</tr>\n");
    });
    return b.append("</table></div>\n").toString();
  }
}
