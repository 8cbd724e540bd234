package dev.ycsbpack.aggregate.publish;

import static dev.ycsbpack.aggregate.publish.Html.esc;

import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.compare.Comparison;
import dev.ycsbpack.aggregate.compare.ComparisonWriters;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.format.HtmlReportWriter;
import dev.ycsbpack.aggregate.format.JsonWriter;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.format.OutputFiles;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.common.RunStatus;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Writes the static site: {@code index.html} (one row per bundle, sortable and filterable), {@code bundles/NAME/}
 * (the bundle's report and its numbers as files, or for a bundle without figures a page saying why), and
 * {@code compare/N.html} (each group of bundles that ran the same workload, against the earliest). Everything goes
 * into a hidden folder beside the output folder, which is renamed into place only once complete: the site appears
 * whole or not at all.
 */
final class Site {
  static final String BUNDLES = "bundles";
  static final String COMPARE = "compare";
  static final String REPORT = "report.html";

  private Site() {
  }

  /**
   * Whether {@code dir} is a site {@code publish} wrote: its rows' folders carry their originals' manifests (for
   * {@code reproduce}), which are no bundles to publish again, so a folder searched for bundles skips it.
   */
  static boolean isSite(Path dir) {
    return Files.isRegularFile(dir.resolve("index.html")) && Files.isDirectory(dir.resolve(BUNDLES));
  }

  /** Writes one page of the site: the files, or in a test a writer that fails part-way. */
  @FunctionalInterface
  interface Pages {
    void write(Path file, String text) throws IOException;
  }

  /** Writes the site of {@code entries} to {@code out} (checked new or empty by the caller); returns its index. */
  static Path write(Path out, List<SiteEntry> entries) throws IOException {
    return write(out, entries, Originals.none(), Site::writeFile);
  }

  /** As {@link #write(Path, List)}; each row read from {@code originals} carries its records and reproduce command. */
  static Path write(Path out, List<SiteEntry> entries, Originals originals) throws IOException {
    return write(out, entries, originals, Site::writeFile);
  }

  /** As {@link #write(Path, List)}, each page through {@code pages}. */
  static Path write(Path out, List<SiteEntry> entries, Pages pages) throws IOException {
    return write(out, entries, Originals.none(), pages);
  }

  /** As {@link #write(Path, List, Originals)}, each page through {@code pages}; whatever it throws, nothing is left. */
  static Path write(Path out, List<SiteEntry> entries, Originals originals, Pages pages) throws IOException {
    Path target = out.toAbsolutePath().normalize();
    Path parent = target.getParent();
    if (parent == null) {
      throw new IOException("cannot write a site to the root folder");
    }
    Files.createDirectories(parent);
    Path tmp = parent.resolve("." + target.getFileName() + ".publish-" + UUID.randomUUID());
    Files.createDirectory(tmp);
    try {
      List<SiteEntry> all = new ArrayList<>(entries);
      all.sort(Comparator.comparingLong(SiteEntry::startedAt).thenComparing(SiteEntry::name));
      List<Published> sorted = new ArrayList<>();
      List<PublishedExperiment> experiments = new ArrayList<>();
      for (SiteEntry e : all) {
        if (e instanceof PublishedExperiment x) {
          experiments.add(x);
        } else {
          sorted.add((Published) e);
        }
      }
      Map<String, List<Published>> groups = groups(sorted);
      for (Published p : sorted) {
        bundlePage(tmp, p, pages, originals);
      }
      // an experiment's steps get pages like any bundle, but no index row or comparison: its page lists them
      for (PublishedExperiment x : experiments) {
        for (PublishedExperiment.Step s : x.steps()) {
          if (s.bundle() != null) {
            bundlePage(tmp, s.bundle(), pages, originals);
          }
        }
        Path dir = Files.createDirectories(tmp.resolve(BUNDLES).resolve(x.name()));
        pages.write(dir.resolve(REPORT), ExperimentPage.page(x, reproduce(x, originals)));
        originals.copy(x.name(), dir);
      }
      int n = 0;
      Map<String, String> comparePage = new LinkedHashMap<>();
      for (Map.Entry<String, List<Published>> g : groups.entrySet()) {
        String file = (++n) + ".html";
        comparePage.put(g.getKey(), COMPARE + "/" + file);
        Files.createDirectories(tmp.resolve(COMPARE));
        pages.write(tmp.resolve(COMPARE).resolve(file), comparePage(g.getKey(), g.getValue(), tmp.resolve(COMPARE), n));
      }
      List<Reproductions.Group> lineage = Reproductions.of(all, originals);
      for (int i = 0; i < lineage.size(); i++) {
        Path dir = Files.createDirectories(tmp.resolve(Reproductions.DIR));
        pages.write(dir.resolve((i + 1) + ".html"), Reproductions.page(lineage.get(i), dir, i + 1));
      }
      pages.write(tmp.resolve("index.html"), index(sorted, experiments, comparePage, groups, originals)
          .replace(LINEAGE, Reproductions.section(lineage)));
      if (Files.isDirectory(target)) {
        Files.delete(target); // checked empty; a file appearing in it since makes this fail, and nothing is lost
      }
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target);
      }
    } catch (IOException | RuntimeException e) {
      OutputFiles.deleteTree(tmp);
      throw e;
    }
    return target.resolve("index.html");
  }

  /** The bundle's report and its numbers as files, or for a bundle without figures a page saying why. */
  private static void bundlePage(Path site, Published p, Pages pages, Originals originals) throws IOException {
    Path dir = site.resolve(BUNDLES).resolve(p.name());
    String reproduce = reproduce(p, originals);
    if (p.result() != null) {
      // the recorded facts in a fixed order (Published keeps them unordered), the command last
      Map<String, String> given = new LinkedHashMap<>(new java.util.TreeMap<>(p.given()));
      if (reproduce != null) {
        given.put(REPRODUCE, ReproduceLine.command(p.name(), p.status()) + "  (" + ReproduceLine.note(p.status(),
            originals.hasPlan(p.name())) + ")");
      }
      Aggregate.write(p.result(), dir, EnumSet.allOf(OutputFormat.class), given);
    } else {
      Files.createDirectories(dir);
      pages.write(dir.resolve(REPORT), failedPage(p, reproduce));
    }
    originals.copy(p.name(), dir);
  }

  /** Where the index lists originals and their reproductions (filled once their pages are written). */
  private static final String LINEAGE = "<!--reproductions-->";

  /** The fact a bundle's report shows its reproduce command under. */
  static final String REPRODUCE = "Reproduce";

  /** The entry's reproduce command as a page shows it, or null when it was not read from a folder reproduce takes. */
  static String reproduce(SiteEntry e, Originals originals) {
    return originals.reproducible(e.name()) ? ReproduceLine.html(e.name(), status(e), originals.hasPlan(e.name()))
        : null;
  }

  /** The entry's reproduce command as its index row shows it, folded; empty when there is none. */
  static String inRow(SiteEntry e, Originals originals) {
    return originals.reproducible(e.name()) ? ReproduceLine.inRow(e.name(), status(e), originals.hasPlan(e.name()))
        : "";
  }

  private static RunStatus status(SiteEntry e) {
    return e instanceof Published p ? p.status() : ((PublishedExperiment) e).status();
  }

  /** Complete bundles by workload; only workloads run by two or more bundles make a comparison. */
  private static Map<String, List<Published>> groups(List<Published> sorted) {
    Map<String, List<Published>> all = new LinkedHashMap<>();
    for (Published p : sorted) {
      if (p.result() != null) {
        all.computeIfAbsent(p.workload(), k -> new ArrayList<>()).add(p);
      }
    }
    all.values().removeIf(l -> l.size() < 2);
    return all;
  }

  private static void writeFile(Path file, String text) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(text);
    }
  }

  // ---- index

  private static final String[] COLUMNS = {"Bundle", "Verdict", "Throughput (ops/s)", "Latency p50 / p99 (us)",
      "Server", "Topology", "Write concern (as sent)", "Read preference (as sent)", "Driver", "Workload",
      "Hosts and clients", "Threads", "Target", "Records", "Operations asked", "Date (UTC)", "Pack", "Compared"};

  private static String index(List<Published> sorted, List<PublishedExperiment> experiments,
      Map<String, String> comparePage, Map<String, List<Published>> groups, Originals originals) {
    StringBuilder b = new StringBuilder();
    b.append("<h1>YCSB results</h1>\n<p class=\"meta\">").append(sorted.size()).append(sorted.size() == 1
        ? " bundle" : " bundles").append(experiments.isEmpty() ? ""
            : " and " + experiments.size()
                + (experiments.size() == 1 ? " experiment" : " experiments"))
        .append(", rebuilt from their raw data (merged HdrHistogram logs, manifests) by "
            + "ycsb-aggregate publish. Latencies in microseconds; times in UTC. A FAILED or INCOMPLETE bundle shows "
            + "why, and no figures.</p>\n");
    if (originals.dirs().keySet().stream().anyMatch(originals::reproducible)) {
      b.append("<p class=\"meta\">").append(esc(ReproduceLine.LEGEND)).append("</p>\n");
    }
    b.append("<p><input type=\"search\" id=\"filter\" placeholder=\"Filter: any text of a row (server, workload, "
        + "host, verdict...)\" aria-label=\"filter the bundles\"> <span id=\"shown\" class=\"meta\"></span></p>\n");
    if (!experiments.isEmpty()) {
      b.append("<h2>Experiments</h2>\n<div class=\"scroll\"><table id=\"experiments\">\n<thead><tr>");
      for (String c : ExperimentPage.COLUMNS) {
        b.append("<th").append(c.startsWith("Date") ? " data-type=\"num\"" : "").append('>').append(esc(c))
            .append("</th>");
      }
      b.append("</tr></thead>\n<tbody>\n");
      experiments.forEach(x -> b.append(ExperimentPage.row(x, inRow(x, originals))));
      b.append("</tbody></table></div>\n");
      studies(b, experiments);
      b.append("<h2>Bundles</h2>\n");
    }
    b.append(LINEAGE);
    b.append("<div class=\"scroll\"><table id=\"bundles\">\n<thead><tr>");
    for (String c : COLUMNS) {
      boolean num = c.equals("Threads") || c.equals("Target") || c.equals("Records") || c.startsWith("Operations")
          || c.startsWith("Throughput") || c.startsWith("Date");
      b.append("<th").append(num ? " data-type=\"num\"" : "").append('>').append(esc(c)).append("</th>");
    }
    b.append("</tr></thead>\n<tbody>\n");
    for (Published p : sorted) {
      b.append(bundleRow(p, comparePage, groups, originals));
    }
    b.append("</tbody></table></div>\n");
    if (!comparePage.isEmpty()) {
      b.append("<h2>Comparisons (bundles that ran the same workload)</h2>\n<ul>\n");
      comparePage.forEach((w, page) -> b.append("<li><a href=\"").append(page).append("\">").append(esc(w))
          .append("</a> (").append(groups.get(w).size()).append(" bundles)</li>\n"));
      b.append("</ul>\n");
    }
    b.append("<p class=\"meta\">Built by ycsb-aggregate publish. Every page works offline, from this folder.</p>\n");
    return Html.page("YCSB results (" + sorted.size() + " bundles" + (experiments.isEmpty() ? "" : ", "
        + experiments.size() + " experiments") + ")", b.toString(),
        HtmlReportWriter.resource("site.js"));
  }

  /** A bundle's row in the index. */
  private static String bundleRow(Published p, Map<String, String> comparePage, Map<String, List<Published>> groups,
      Originals originals) {
    StringBuilder b = new StringBuilder();
    Map<String, String> f = p.facts().facts();
    b.append("<tr").append(ExperimentPage.rowClass(p.status())).append('>');
    b.append("<td><a href=\"").append(BUNDLES).append('/').append(esc(p.name())).append('/').append(REPORT)
        .append("\">").append(esc(p.name())).append("</a><br><span class=\"meta\">").append(esc(p.kind()))
        .append("</span>").append(originals.reproduction(p.name()).map(r -> "<br><span class=\"meta\">reproduction of "
            + esc(r.originalId()) + "</span>").orElse(""))
        .append(inRow(p, originals)).append("</td>");
    b.append("<td class=\"v\">").append(esc(verdict(p))).append("</td>");
    MergeResult r = p.result();
    b.append("<td class=\"n\" data-sort=\"").append(r == null ? "" : String.format(Locale.ROOT, "%.3f",
        r.totalThroughput())).append("\">").append(r == null ? "-" : esc(Fmt.fixed(r.totalThroughput(), 1)))
        .append("</td>");
    b.append("<td>").append(r == null ? "-" : esc(latencies(r))).append("</td>");
    b.append("<td>").append(p.notMongo() == null ? "" : "<span class=\"badge\" title=\"" + esc(p.notMongo())
        + "\">NOT MongoDB</span><br>").append(esc(f.get("Server"))).append("</td>");
    for (String k : List.of("Topology", "Write concern (as sent)", "Read preference (as sent)", "Driver")) {
      b.append("<td>").append(esc(f.get(k))).append("</td>");
    }
    b.append("<td title=\"").append(esc(f.get("Workload") + "\n" + p.workload())).append("\">")
        .append(esc(shortWorkload(f.getOrDefault("Workload", "")))).append("</td>");
    String hosts = f.getOrDefault("Hosts and clients", "");
    b.append("<td title=\"").append(esc(hosts)).append("\">")
        .append(esc(hosts.contains(":") ? hosts.substring(0, hosts.indexOf(':')) : hosts)).append("</td>");
    for (String k : List.of("Threads", "Target", "Records", "Operations asked")) {
      String v = f.getOrDefault(k, "");
      b.append("<td class=\"n\" data-sort=\"").append(esc(leadingNumber(v))).append("\">").append(esc(v))
          .append("</td>");
    }
    b.append("<td class=\"n\" data-sort=\"").append(p.startedAt()).append("\">")
        .append(p.startedAt() > 0 ? esc(date(p.startedAt())) : "")
        .append("</td>");
    b.append("<td>").append(esc(f.get("Pack"))).append("</td>");
    String page = comparePage.get(p.workload());
    b.append("<td>").append(page == null ? "" : "<a href=\"" + page + "\">with "
        + (groups.get(p.workload()).size() - 1) + " other" + (groups.get(p.workload()).size() > 2 ? "s" : "")
        + "</a>").append("</td>");
    return b.append("</tr>\n").toString();
  }

  /**
   * Each recipe's answer table once, with its experiments' pages: only when every one of its experiments on the site
   * is COMPLETE (rebuilt from its raw data), as an experiment's own answers.
   */
  private static void studies(StringBuilder b, List<PublishedExperiment> experiments) {
    Map<dev.ycsbpack.aggregate.experiment.RecipeSummary, List<PublishedExperiment>> byRecipe = new LinkedHashMap<>();
    experiments.stream().filter(x -> x.recipe() != null)
        .forEach(x -> byRecipe.computeIfAbsent(x.recipe(), k -> new ArrayList<>()).add(x));
    if (byRecipe.isEmpty()) {
      return;
    }
    b.append("<h2>Studies (recipes)</h2>\n");
    byRecipe.forEach((r, xs) -> {
      b.append("<h3>").append(esc(r.recipe())).append(": ");
      for (int i = 0; i < xs.size(); i++) {
        b.append(i == 0 ? "" : ", ").append("<a href=\"").append(BUNDLES).append('/').append(esc(xs.get(i).name()))
            .append('/').append(REPORT).append("\">").append(esc(xs.get(i).name())).append("</a>");
      }
      b.append("</h3>\n");
      List<String> notShown = xs.stream().filter(x -> x.status() != RunStatus.COMPLETE).map(PublishedExperiment::name)
          .toList();
      if (notShown.isEmpty()) {
        b.append(ExperimentPage.recipe(r));
      } else {
        b.append("<p>Its answer is not shown: ").append(esc(String.join(", ", notShown)))
            .append(notShown.size() == 1 ? " is" : " are").append(" not COMPLETE on this site.</p>\n");
      }
    });
  }

  /** A start time as the index shows it: {@code 2026-11-24 14:05:00}, UTC. */
  static String date(long epochMs) {
    return Fmt.time(epochMs).replaceAll("\\.\\d+ UTC$", "");
  }

  /**
   * COMPLETE, or FAILED/INCOMPLETE with the reason; then what must be read before the figures: each reason and
   * warning as its {@link #summary} (the bundle's page has them whole).
   */
  private static String verdict(Published p) {
    if (p.result() == null) {
      return p.status() + ": " + summary(p.reason());
    }
    List<String> warnings = p.result().warnings().stream().filter(w -> !w.startsWith("NOT MongoDB"))
        .map(Site::summary).toList();
    String complete = RunStatus.COMPLETE.label();
    return warnings.isEmpty() ? complete : complete + "; " + String.join(" ", warnings);
  }

  /** The longest reason an index cell shows; its page shows the whole text. */
  static final int SUMMARY_MAX = 120;

  /**
   * A refused cell's reason (a driver's exception) as an index cell shows it: its first clause (up to a line break,
   * {@code "; "} or the end of its first sentence), cut at a word before {@value #SUMMARY_MAX} characters with
   * {@code ...}. A driver's exception carries the server's whole response; the page the row links to shows it whole.
   */
  static String summary(String reason) {
    if (reason == null) {
      return null;
    }
    String s = reason.strip();
    int end = s.length();
    for (String stop : List.of("\n", "; ", ". ")) {
      int i = s.indexOf(stop);
      if (i > 0 && i < end) {
        end = i;
      }
    }
    s = s.substring(0, end);
    if (s.length() <= SUMMARY_MAX) {
      return end < reason.strip().length() ? s + " ..." : s;
    }
    int cut = s.lastIndexOf(' ', SUMMARY_MAX - 4);
    return s.substring(0, cut > SUMMARY_MAX / 2 ? cut : SUMMARY_MAX - 4) + " ...";
  }

  /** {@code READ 412 / 8,447; UPDATE 1,084 / 10,383}: each workload operation's p50 and p99. */
  static String latencies(MergeResult r) {
    List<String> parts = new ArrayList<>();
    for (OpResult o : r.operations()) {
      if (o.name().equals("CLEANUP")) {
        continue;
      }
      LatencyStats l = o.latency();
      parts.add(o.name() + " " + at(l, 50.0) + " / " + at(l, 99.0));
    }
    return String.join("; ", parts);
  }

  private static String at(LatencyStats l, double p) {
    Long v = l.percentiles().get(p);
    return v == null ? "n/a" : Fmt.grouped(v);
  }

  /**
   * {@code read95-update5 (CoreWorkload)}: the workload files' names, each whole (a blank in a name or a folder's name
   * does not cut it), and the class's simple name.
   */
  static String shortWorkload(String w) {
    String files = w;
    String cls = "";
    int open = w.lastIndexOf(" (");
    if (open >= 0 && w.endsWith(")")) {
      files = w.substring(0, open);
      cls = w.substring(open).replaceAll("\\(([a-zA-Z0-9_]+\\.)+", "(");
    }
    List<String> names = new ArrayList<>();
    for (String f : files.split(", ")) {
      names.add(f.substring(Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\')) + 1));
    }
    return String.join(", ", names) + cls;
  }

  private static String leadingNumber(String v) {
    String digits = v.replace(",", "").replaceAll("^([0-9.]+).*$", "$1");
    return digits.matches("[0-9.]+") ? digits : "";
  }

  // ---- a bundle without figures

  private static String failedPage(Published p, String reproduce) {
    StringBuilder b = new StringBuilder("<p><a href=\"../../index.html\">All bundles</a></p>\n");
    b.append("<div class=\"banner\">").append(esc(p.status() + ": " + p.reason())).append("</div>\n");
    if (p.notMongo() != null) {
      b.append("<div class=\"banner\">").append(esc(p.notMongo())).append("</div>\n");
    }
    b.append("<h1>").append(esc(p.name())).append("</h1>\n<p class=\"meta\">").append(esc(p.kind()))
        .append(": no figures are shown for a bundle that did not complete (they would look valid and are not)."
            + "</p>\n<h2>What was run</h2>\n")
        .append(Html.facts(p.facts().facts()));
    if (reproduce != null) {
      b.append("<h2>Reproduce</h2>\n").append(reproduce);
    }
    return Html.page(p.status() + " - " + p.name(), b.toString(), "");
  }

  // ---- comparisons

  /**
   * One comparison of {@code a} against {@code bName} as a page shows it: compare's warnings, the differences in how
   * they were run, then every figure with its change ({@code csv}: the figures' file beside the page).
   */
  static String pair(String a, String bName, Comparison cmp, String csv) {
    StringBuilder b = new StringBuilder();
    // compare's warnings name each side's NOT MongoDB label, red as on every page
    for (String w : cmp.warnings()) {
      b.append("<div class=\"").append(w.contains("NOT MongoDB") ? "banner" : "warn").append("\">").append(esc(w))
          .append("</div>\n");
    }
    b.append("<h3>Differences in how they were run</h3>\n");
    if (cmp.differences().isEmpty()) {
      b.append("<p>None recorded.</p>\n");
    } else {
      b.append("<div class=\"scroll\"><table><tr><th>Area</th><th>Setting</th><th>").append(esc(a))
          .append("</th><th>").append(esc(bName)).append("</th></tr>\n");
      for (Comparison.Difference d : cmp.differences()) {
        b.append("<tr><td>").append(esc(d.area())).append("</td><td>").append(esc(d.key())).append("</td><td>")
            .append(esc(d.baseline())).append("</td><td>").append(esc(d.contender())).append("</td></tr>\n");
      }
      b.append("</table></div>\n");
    }
    b.append("<h3>Figures</h3>\n<p><a href=\"").append(csv).append("\" download>The figures as CSV</a></p>\n")
        .append("<div class=\"scroll\"><table><tr><th>Operation</th><th>Metric</th><th>")
        .append(esc(a)).append("</th><th>").append(esc(bName))
        .append("</th><th>Change</th><th></th></tr>\n");
    for (Comparison.Row r : cmp.rows()) {
      double ch = r.changePercent();
      // one bundle against one: its noise is unknown, so a change is shown but never called better or worse
      String said = r.verdict() == null ? "n/a" : "noise unknown";
      b.append("<tr><td>").append(esc(r.operation())).append("</td><td>").append(esc(r.metric()))
          .append("</td><td class=\"n\">").append(esc(number(only(r.a())))).append("</td><td class=\"n\">")
          .append(esc(number(only(r.b())))).append("</td><td class=\"n\">")
          .append(Double.isNaN(ch) ? "" : String.format(Locale.ROOT, "%+.1f%%", ch)).append("</td><td>")
          .append(esc(said)).append("</td></tr>\n");
    }
    b.append("</table></div>\n");
    return b.toString();
  }

  private static String comparePage(String workload, List<Published> group, Path dir, int n) throws IOException {
    Published base = group.get(0);
    MergedJson baseJson = json(base.result());
    StringBuilder b = new StringBuilder("<p><a href=\"../index.html\">All bundles</a></p>\n");
    b.append("<h1>Comparison: ").append(esc(workload)).append("</h1>\n<p class=\"meta\">Baseline: the earliest, ")
        .append(esc(base.name())).append(". Each other bundle against it: first what differs in how they were run, "
            + "then every figure with its change.</p>\n");
    int k = 0;
    for (Published c : group.subList(1, group.size())) {
      Comparison cmp = Comparison.of(List.of(new Comparison.Named(base.name(), baseJson)),
          List.of(new Comparison.Named(c.name(), json(c.result()))), Significance.Method.DEFAULT);
      String csv = n + "-" + (++k) + ".csv";
      try (Writer w = Files.newBufferedWriter(dir.resolve(csv), StandardCharsets.UTF_8)) {
        ComparisonWriters.csv(cmp, w);
      }
      b.append("<h2>").append(esc(base.name())).append(" &rarr; ").append(esc(c.name())).append("</h2>\n");
      b.append(pair(base.name(), c.name(), cmp, csv));
    }
    return Html.page("Comparison - " + workload, b.toString(), "");
  }

  /** The one value of a single bundle's metric; NaN when it does not report it. */
  private static double only(double[] values) {
    return values.length == 0 ? Double.NaN : values[0];
  }

  private static String number(double v) {
    return Double.isNaN(v) ? "n/a" : v == Math.rint(v) && Math.abs(v) < 1e15 ? Fmt.grouped((long) v)
        : Fmt.fixed(v, 1);
  }

  /** The merged result as {@code compare} reads it (the same JSON as merged.json). */
  static MergedJson json(MergeResult r) throws IOException {
    StringWriter w = new StringWriter();
    new JsonWriter().write(r, w);
    return MergedJson.MAPPER.readValue(w.toString(), MergedJson.class);
  }
}
