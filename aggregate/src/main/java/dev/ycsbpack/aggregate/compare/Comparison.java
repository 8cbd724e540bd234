package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.common.EnvironmentFacts;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.ConfigCheck;
import dev.ycsbpack.aggregate.result.Settings;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.aggregate.stats.Holm;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.aggregate.stats.Stability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Two sets of repetitions side by side, A and B (one result each for {@code compare BASELINE CONTENDER}): first when
 * they ran ({@link Timing}: interleaved or apart), then one {@link Headline} on the declared primary figure, then what
 * differs in how they were run (configuration, environment, the merge itself, read from each side's first result),
 * then every figure with each side's {@link Spread} over its repetitions and a {@link Significance}.
 *
 * <p>One figure is primary (judged at 5%, no correction needed for one test); every other tested figure is secondary
 * and judged with Holm's correction over their family, so that a comparison of ~29 figures does not call one of them
 * different in most A/A pairs (research {@code experiments.md} §4.5). Figures identical per repetition on both sides
 * (p99.9 = p99.99 = max of a small run) are one row, tested once; a max, or a percentile with fewer than
 * {@value #MIN_ABOVE} operations above it in some repetition, is shown and never tested. No figure is called
 * different when the sides ran apart in time or a side's repetitions hold an outlier or trend ({@link Stability}).
 *
 * @param aNames        A's results as given (paths), one per repetition
 * @param bNames        B's results as given
 * @param method        how verdicts are reached (bootstrap resamples and seed)
 * @param differences   setting differences, listed first
 * @param rows          figure rows, identical figures collapsed; values in each side's time order
 * @param warnings      e.g. an incomplete input, a side's unstable repetitions
 * @param timing        when the sides ran, and what that allows
 * @param headline      the verdict on the primary figure
 * @param secondaryNote how secondary figures are judged, or why none can be at these repetitions
 */
public record Comparison(List<String> aNames, List<String> bNames, Significance.Method method,
    List<Difference> differences, List<Row> rows, List<String> warnings, Timing timing,
    Headline headline, String secondaryNote) {
  /** A percentile is tested only when every repetition has at least this many operations above it. */
  public static final int MIN_ABOVE = 10;

  /**
   * One setting that differs between A's first result and B's first result.
   *
   * @param area      {@code merge}, {@code configuration} or {@code environment}
   * @param key       the setting
   * @param baseline  its value in A ({@code <unset>} when absent)
   * @param contender its value in B
   */
  public record Difference(String area, String key, String baseline, String contender) {
  }

  /** What a row is for the verdict. */
  public enum Role {
    /** The declared figure: the headline, judged at 5% alone. */
    PRIMARY,
    /** Judged with Holm's correction over all tested secondary figures. */
    SECONDARY,
    /** Shown, never tested (a max, a percentile the sample cannot support, CLEANUP). */
    SHOWN
  }

  /**
   * One figure (or several identical ones) over both sides' repetitions.
   *
   * @param operation      operation, or {@code OVERALL}
   * @param metric         e.g. {@code throughput (ops/s)}, {@code p99 (us)}, {@code p99.9 = p99.99 = max (us)}
   * @param a              A's values, one per repetition that reports the metric, in time order
   * @param b              B's values
   * @param higherIsBetter true for throughput, false for latency and errors
   * @param verdict        B against A; null when a side has no value
   * @param keys           the figures this row stands for, as {@code --primary} names them ({@code READ.p99})
   * @param role           primary, secondary or shown only
   * @param holmP          the Holm-adjusted p of a tested secondary figure, else null
   */
  public record Row(String operation, String metric, double[] a, double[] b, boolean higherIsBetter,
      Significance verdict, List<String> keys, Role role, Double holmP) {
    /** (median B - median A) / median A in percent; NaN when undefined. */
    public double changePercent() {
      return verdict == null ? Double.NaN : verdict.changePercent();
    }

    /** A's spread; null when A has no value. */
    public Spread aSpread() {
      return a.length == 0 ? null : Spread.of(a);
    }

    /** B's spread; null when B has no value. */
    public Spread bSpread() {
      return b.length == 0 ? null : Spread.of(b);
    }

    /** The figure in words: {@code overall throughput}, {@code READ p99.9 = p99.99 = max}. */
    public String figure() {
      return Comparison.figure(operation, metric);
    }
  }

  /** Whether each side is a single result: the comparison of one run with one run, whose noise is unknown. */
  public boolean singleRuns() {
    return aNames.size() == 1 && bNames.size() == 1;
  }

  /** Reads a merged.json (or a folder holding one). */
  public static MergedJson read(Path p) throws InputException {
    Path file = Files.isDirectory(p) ? p.resolve("merged.json") : p;
    if (!Files.isRegularFile(file)) {
      throw new InputException(file, 0, "does not exist.", "pass a merged.json written by 'ycsb-aggregate merge', or "
          + "the folder holding it.");
    }
    MergedJson n;
    try {
      JsonNode tree = MergedJson.MAPPER.readTree(file.toFile());
      if (tree == null || !MergedJson.SCHEMA.equals(tree.path("schema").asText())) {
        throw new InputException(file, 0, "is not a merged result (its \"schema\" is not " + MergedJson.SCHEMA
            + ").", "pass a merged.json written by 'ycsb-aggregate merge'.");
      }
      n = MergedJson.MAPPER.treeToValue(tree, MergedJson.class);
    } catch (JsonProcessingException e) {
      throw new InputException(file, e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
          "is not valid JSON (" + e.getOriginalMessage() + ").", "pass a merged.json written by 'ycsb-aggregate "
              + "merge'.",
          e);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot be read (" + e + ").", "check the file.", e);
    }
    return n;
  }

  /** One result and how it was named. */
  public record Named(String name, MergedJson result) {
  }

  /** Compares A's repetitions with B's on the default primary figure ({@link Primary#choose}). */
  public static Comparison of(List<Named> a, List<Named> b, Significance.Method method) {
    try {
      return of(a, b, method, null);
    } catch (Arms.Unusable e) {
      throw new IllegalStateException("the default primary figure is always one of the rows", e);
    }
  }

  /**
   * Compares A's repetitions with B's. The caller has checked each side (see {@link Arms}); the setting
   * differences are those between A's first result and B's first.
   *
   * @param primary the primary figure as {@code --primary} takes it ({@code READ.p99}), or null for the default
   * @throws Arms.Unusable {@code primary} is not a figure both sides report
   */
  public static Comparison of(List<Named> a, List<Named> b, Significance.Method method, String primary)
      throws Arms.Unusable {
    if (a.isEmpty() || b.isEmpty()) {
      throw new IllegalArgumentException("each side needs at least one result");
    }
    List<String> warnings = new ArrayList<>();
    boolean single = a.size() == 1 && b.size() == 1;
    warnAboutInputs(warnings, a, b, single);
    List<Difference> diffs = differences(a.get(0).result(), b.get(0).result());

    List<Named> na = inTimeOrder(a);
    List<Named> nb = inTimeOrder(b);
    List<MergedJson> ra = na.stream().map(Named::result).toList();
    List<MergedJson> rb = nb.stream().map(Named::result).toList();
    Timing timing = Timing.of(ra, rb, diffs.size());
    List<Figure> figures = figures(ra, rb);
    Primary chosen = primary == null ? Primary.choose(ra, rb, figures) : Primary.parse(primary, figures);
    List<Group> groups = collapse(figures);
    int tested = judge(groups, chosen, single, method);
    adjustAndWithhold(groups, tested, timing, warnings, na, nb);
    List<Row> rows = groups.stream().map(g -> new Row(g.operation, g.metric, g.a, g.b, g.higherIsBetter, g.verdict,
        List.copyOf(g.keys()), g.role, g.holmP)).toList();
    Row head = rows.stream().filter(r -> r.role() == Role.PRIMARY).findFirst().orElseThrow();
    Headline headline = new Headline(head.figure(), head.verdict(), chosen.why());
    return new Comparison(a.stream().map(Named::name).toList(), b.stream().map(Named::name).toList(), method, diffs,
        rows, warnings, timing, headline, single ? null : secondaryNote(tested, a.size(), b.size()));
  }

  /** The warnings each side's results earn on their own (each result, then a server that changed within a side). */
  private static void warnAboutInputs(List<String> warnings, List<Named> a, List<Named> b, boolean single) {
    for (Named n : a) {
      warn(warnings, single ? "The baseline" : "A: " + n.name(), n.result());
    }
    for (Named n : b) {
      warn(warnings, single ? "The contender" : "B: " + n.name(), n.result());
    }
    serverDrift(warnings, "A", a);
    serverDrift(warnings, "B", b);
  }

  /** How the first result of each side was run differently: clients, window, mode, server, settings. */
  private static List<Difference> differences(MergedJson x, MergedJson y) {
    List<Difference> diffs = new ArrayList<>();
    merge(diffs, "clients merged", x.overall().clientsMerged(), y.overall().clientsMerged());
    merge(diffs, "clients", x.overall().clients(), y.overall().clients());
    merge(diffs, "window", x.window().kind(), y.window().kind());
    if (apart(x.window().seconds(), y.window().seconds())) {
      merge(diffs, "window seconds", x.window().seconds(), y.window().seconds());
    }
    merge(diffs, "warm-up seconds", x.window().warmupSeconds(), y.window().warmupSeconds());
    merge(diffs, "cool-down seconds", x.window().cooldownSeconds(), y.window().cooldownSeconds());
    merge(diffs, "mode", x.mode(), y.mode());
    merge(diffs, "forced", x.forced(), y.forced());
    merge(diffs, "server", x.server(), y.server());
    settings(diffs, "configuration", x.configuration(), y.configuration());
    settings(diffs, "environment", x.environment(), y.environment());
    return diffs;
  }

  /**
   * Gives each row its role and its verdict: each row tested once, the primary alone at 5%, the secondaries as one
   * family (adjusted by {@link #adjustAndWithhold}); returns how many secondaries were tested.
   */
  private static int judge(List<Group> groups, Primary chosen, boolean single, Significance.Method method) {
    int tested = 0;
    for (Group g : groups) {
      g.role = g.keys().contains(chosen.key()) ? Role.PRIMARY : g.untested == null ? Role.SECONDARY : Role.SHOWN;
      if (g.a.length == 0 || g.b.length == 0) {
        continue;
      }
      String figure = figure(g.operation, g.metric);
      g.verdict = !single && g.untested != null ? Significance.untested(figure, g.higherIsBetter, g.a, g.b, g.untested)
          : Significance.of(figure, g.higherIsBetter, g.a, g.b, method);
      if (g.role == Role.SECONDARY && isTested(g.verdict)) {
        tested++;
      }
    }
    return tested;
  }

  /**
   * Holm's adjustment of the tested secondaries; then no row is called different on unstable repetitions
   * ({@code UNSTABLE}) or on sides not run interleaved ({@code APART}), and the warnings say why.
   */
  private static void adjustAndWithhold(List<Group> groups, int tested, Timing timing, List<String> warnings,
      List<Named> na, List<Named> nb) {
    double[] ps = groups.stream().filter(g -> g.role == Role.SECONDARY && isTested(g.verdict))
        .mapToDouble(g -> g.verdict.test().p()).toArray();
    double[] adjusted = Holm.adjust(ps);
    int k = 0;
    List<String> unstable = new ArrayList<>();
    for (Group g : groups) {
      if (g.role == Role.SECONDARY && isTested(g.verdict)) {
        g.holmP = adjusted[k++];
        g.verdict = holm(g.verdict, g.holmP, tested);
      }
      if (g.verdict == null || g.verdict.test() == null) {
        continue;
      }
      withholdUnstable(g, timing, warnings, unstable, na, nb);
      if (g.verdict.kind() == Significance.Kind.DIFFERS && !timing.earnsVerdict()) {
        g.verdict = g.verdict.withheld(Significance.Kind.APART, timing.withheld());
      }
    }
    if (!unstable.isEmpty()) {
      warnings.add("A side's repetitions hold an outlier or a drift in " + unstable.size() + " secondary "
          + (unstable.size() == 1 ? "figure" : "figures") + " (" + String.join(", ", unstable) + "); none of them "
          + "is called different on that evidence.");
    }
  }

  /** A row whose repetitions hold an outlier or a drift: said (the primary in the warnings, a secondary listed). */
  private static void withholdUnstable(Group g, Timing timing, List<String> warnings, List<String> unstable,
      List<Named> na, List<Named> nb) {
    Stability sa = Stability.of(g.a);
    Stability sb = Stability.of(g.b);
    if (timing.earnsVerdict()) { // a drift both sides share cancels; only one side's drift against the other's
      sa = sa != null && sa.kind() == Stability.Kind.TREND ? null : sa;
      sb = sb != null && sb.kind() == Stability.Kind.TREND ? null : sb;
      sb = sb == null && sa == null ? Stability.divergence(g.b, g.a, "A") : sb;
    }
    if (sa == null && sb == null) {
      return;
    }
    String said = (sa != null ? "A's repetitions are not stable in it: " + sa.describe() + named(sa, na) : "")
        + (sa != null && sb != null ? "; " : "")
        + (sb != null ? "B's repetitions are not stable in it: " + sb.describe() + named(sb, nb) : "");
    if (g.role == Role.PRIMARY) {
      warnings.add(0, "The primary figure (" + figure(g.operation, g.metric) + ") is not stable within a side: "
          + said + ". A median of such runs describes something that was changing, so the headline does not "
          + "call a difference on them: rerun that side, or find what disturbed it.");
    } else {
      unstable.add(figure(g.operation, g.metric) + " (" + (sa != null && sb != null ? "A and B" : sa != null ? "A"
          : "B") + ")");
    }
    if (g.verdict.kind() == Significance.Kind.DIFFERS && timing.earnsVerdict()) {
      g.verdict = g.verdict.withheld(Significance.Kind.UNSTABLE, "not called different: " + said);
    }
  }

  private static boolean isTested(Significance v) {
    return v != null && v.ci() != null && (v.kind() == Significance.Kind.DIFFERS
        || v.kind() == Significance.Kind.WITHIN_NOISE);
  }

  /** A secondary figure's verdict once its p is adjusted with the family's (Holm). */
  private static Significance holm(Significance v, double adjusted, int family) {
    String holm = "Holm-adjusted p = " + Significance.formatP(adjusted) + " over " + family + " secondary "
        + (family == 1 ? "figure" : "figures");
    if (v.kind() == Significance.Kind.DIFFERS && adjusted < Significance.ALPHA) {
      return v.restated(Significance.Kind.DIFFERS, inParentheses(v.statement(), holm));
    }
    if (v.kind() == Significance.Kind.DIFFERS) {
      return v.restated(Significance.Kind.WITHIN_NOISE, "no difference beyond run-to-run noise once the secondary "
          + "figures are corrected for their number: " + inParentheses(v.effect(), holm));
    }
    return v.restated(v.kind(), inParentheses(v.statement(), holm));
  }

  /** {@code "x (a, b)"} with {@code more} added inside the last parentheses: {@code "x (a, b; more)"}. */
  private static String inParentheses(String s, String more) {
    return s.endsWith(")") ? s.substring(0, s.length() - 1) + "; " + more + ")" : s + " (" + more + ")";
  }

  private static String named(Stability s, List<Named> side) {
    return s.kind() == Stability.Kind.OUTLIER ? ", " + Text.shown(side.get(s.index()).name()) : "";
  }

  /**
   * Why the secondary figures can or cannot be judged at these repetitions: Holm's first threshold is 0.05 / m,
   * and an exact Mann-Whitney p cannot go below 2 / C(n_A + n_B, n_A) (0.0079 at 5 and 5).
   */
  private static String secondaryNote(int family, int na, int nb) {
    if (family == 0) {
      return null;
    }
    String said = "Secondary figures (every row but the headline's) are judged together, with Holm's correction at "
        + "5% over the " + family + " tested " + (family == 1 ? "figure" : "figures");
    double smallest = smallestP(na, nb);
    if (smallest * family < Significance.ALPHA) {
      return said + " (Holm-adjusted p in each row).";
    }
    int need = Math.max(na, nb);
    while (smallestP(need, need) * family >= Significance.ALPHA) {
      need++;
    }
    return said + "; with " + na + " and " + nb + " repetitions none can pass it (the smallest possible Mann-Whitney "
        + "p, " + Significance.formatP(smallest) + ", times " + family + " is not below 0.05), so they are described, "
        + "not judged: " + need + " repetitions per side would let them be.";
  }

  private static double smallestP(int na, int nb) {
    double c = 1;
    for (int i = 1; i <= na; i++) {
      c = c * (nb + i) / i;
    }
    return Math.min(1, 2 / c);
  }

  /** A side's results in the order they ran (by window start; results that do not say keep their place). */
  private static List<Named> inTimeOrder(List<Named> side) {
    List<Named> sorted = new ArrayList<>(side);
    sorted.sort(java.util.Comparator.comparingLong(n -> n.result().window().startEpochMs()));
    return sorted;
  }

  /**
   * One figure as read from the results, before identical ones are collapsed.
   *
   * @param key      as {@code --primary} names it
   * @param untested why it is shown but never tested, else null
   */
  record Figure(String key, String operation, String metric, boolean higherIsBetter, double[] a, double[] b,
      String untested) {
  }

  /** Figures identical per repetition on both sides, as one row. */
  private static final class Group {
    final List<Figure> members = new ArrayList<>();
    String operation;
    String metric;
    boolean higherIsBetter;
    double[] a;
    double[] b;
    String untested;
    Role role;
    Significance verdict;
    Double holmP;

    List<String> keys() {
      return members.stream().map(Figure::key).toList();
    }
  }

  /** Every figure of both sides, in the order the table shows them. */
  static List<Figure> figures(List<MergedJson> ra, List<MergedJson> rb) {
    List<Figure> out = new ArrayList<>();
    FigureMaker rows = new FigureMaker(ra, rb, out);
    rows.add("OVERALL.throughput", "OVERALL", "throughput (ops/s)", true, null,
        r -> num(r.overall().throughputOpsPerSec()));
    Set<String> names = new LinkedHashSet<>();
    Set<String> pcts = null;
    for (MergedJson r : concat(ra, rb)) {
      names.addAll(ops(r).keySet());
      Set<String> mine = new LinkedHashSet<>();
      r.percentiles().forEach(p -> mine.add(Fmt.plain(p)));
      if (pcts == null) {
        pcts = mine;
      } else {
        pcts.retainAll(mine);
      }
    }
    for (String op : names) {
      String cleanup = Arms.NOT_MEASURED.equals(op) ? "YCSB's CLEANUP closes each thread's connections; it is not "
          + "a measured operation" : null;
      rows.add(op + ".throughput", op, "throughput (ops/s)", true, cleanup, r -> op(r, op) == null ? Double.NaN
          : num(op(r, op).throughputOpsPerSec()));
      latency(rows, op, "", pcts, cleanup, o -> o.latencyUs());
      if (concat(ra, rb).stream().anyMatch(r -> op(r, op) != null && op(r, op).intendedLatencyUs() != null)) {
        latency(rows, op, "intended ", pcts, cleanup, o -> o.intendedLatencyUs());
      }
      rows.add(op + ".errors", op, "errors", false, cleanup, r -> op(r, op) == null ? Double.NaN : op(r, op).errors());
      rows.add(op + ".error-rate", op, "error rate (%)", false, cleanup, r -> op(r, op) == null ? Double.NaN
          : num(op(r, op).errorRate()) * 100);
    }
    return out;
  }

  /**
   * Collapses figures whose values are identical, repetition by repetition, on both sides and that share a unit
   * (p99.9 = p99.99 = max of a small run): one figure counted thrice would be tested thrice. The group is tested
   * when its first member (the best supported: a lower percentile before a higher one) can be.
   */
  private static List<Group> collapse(List<Figure> figures) {
    List<Group> groups = new ArrayList<>();
    for (Figure f : figures) {
      Group into = null;
      if (f.a().length > 0 && f.b().length > 0) {
        for (Group g : groups) {
          Figure first = g.members.get(0);
          boolean cleanup = Arms.NOT_MEASURED.equals(first.operation()) || Arms.NOT_MEASURED.equals(f.operation());
          if (unit(first.metric()).equals(unit(f.metric())) && first.higherIsBetter() == f.higherIsBetter()
              && (!cleanup || first.operation().equals(f.operation())) // CLEANUP is shown apart, never tested
              && Arrays.equals(first.a(), f.a()) && Arrays.equals(first.b(), f.b())) {
            into = g;
            break;
          }
        }
      }
      if (into == null) {
        into = new Group();
        into.operation = f.operation();
        into.higherIsBetter = f.higherIsBetter();
        into.a = f.a();
        into.b = f.b();
        into.untested = f.untested();
        groups.add(into);
      }
      into.members.add(f);
    }
    for (Group g : groups) {
      List<Figure> m = g.members;
      if (m.size() == 1) {
        g.metric = m.get(0).metric();
      } else if (m.stream().allMatch(f -> f.operation().equals(g.operation))) {
        g.metric = String.join(" = ", m.stream().map(f -> bare(f.metric())).toList()) + unit(m.get(0).metric());
      } else {
        g.metric = bare(m.get(0).metric()) + " = " + String.join(" = ", m.subList(1, m.size()).stream()
            .map(f -> figure(f.operation(), bare(f.metric()))).toList()) + unit(m.get(0).metric());
      }
    }
    return groups;
  }

  private static String unit(String metric) {
    int at = metric.lastIndexOf(" (");
    return at < 0 || !metric.endsWith(")") ? "" : metric.substring(at);
  }

  private static String bare(String metric) {
    return metric.substring(0, metric.length() - unit(metric).length());
  }

  /** Reads one figure from every repetition of both sides. */
  private static final class FigureMaker {
    final List<MergedJson> a;
    final List<MergedJson> b;
    final List<Figure> out;

    FigureMaker(List<MergedJson> a, List<MergedJson> b, List<Figure> out) {
      this.a = a;
      this.b = b;
      this.out = out;
    }

    void add(String key, String operation, String metric, boolean higherIsBetter, String untested,
        ToDoubleFunction<MergedJson> value) {
      out.add(new Figure(key, operation, metric, higherIsBetter, values(a, value), values(b, value), untested));
    }

    private static double[] values(List<MergedJson> results, ToDoubleFunction<MergedJson> value) {
      return results.stream().mapToDouble(value).filter(Double::isFinite).toArray();
    }
  }

  /** How a verdict names a row: {@code READ p99}, {@code overall throughput}, {@code READ intended p99}. */
  static String figure(String operation, String metric) {
    String m = metric.replaceFirst(" \\([^)]*\\)$", "");
    return "OVERALL".equals(operation) ? "overall " + m : operation + " " + m;
  }

  private static void latency(FigureMaker rows, String op, String prefix, Set<String> pcts, String cleanup,
      Function<MergedJson.Operation, MergedJson.Latency> kind) {
    Function<MergedJson, MergedJson.Latency> of = r -> op(r, op) == null ? null : kind.apply(op(r, op));
    String key = op + "." + (prefix.isEmpty() ? "" : "intended-");
    rows.add(key + "mean", op, prefix + "mean (us)", false, cleanup, r -> of.apply(r) == null ? Double.NaN
        : num(of.apply(r).mean()));
    long fewest = Long.MAX_VALUE;
    for (MergedJson r : concat(rows.a, rows.b)) {
      if (of.apply(r) != null) {
        fewest = Math.min(fewest, of.apply(r).count());
      }
    }
    for (String p : pcts) {
      double above = fewest * (100 - Double.parseDouble(p)) / 100; // 1,000 × (100 − 99) / 100 is 10, not 9.99…
      String unsupported = cleanup != null ? cleanup : fewest == Long.MAX_VALUE || above >= MIN_ABOVE ? null
          : String.format(Locale.ROOT, "fewer than %d operations above it in a repetition (%,d %s operations "
              + "leave %s above p%s)", MIN_ABOVE, fewest, op, Fmt.plain(Math.round(above * 10) / 10.0), p);
      rows.add(key + "p" + p, op, prefix + "p" + p + " (us)", false, unsupported, r -> of.apply(r) == null
          ? Double.NaN : num(of.apply(r).percentiles().get(p)));
    }
    rows.add(key + "max", op, prefix + "max (us)", false, cleanup != null ? cleanup : "a max is one operation",
        r -> of.apply(r) == null ? Double.NaN : of.apply(r).max());
  }

  /**
   * Warns when a side's repetitions measured servers that differ (version, topology, the concerns in force): the
   * spread would then mix the server's change with run-to-run noise.
   */
  private static void serverDrift(List<String> warnings, String side, List<Named> results) {
    if (results.size() < 2) {
      return;
    }
    Map<String, Map<String, String>> byResult = new LinkedHashMap<>();
    for (Named n : results) {
      Map<String, String> server = new TreeMap<>();
      n.result().environment().common().forEach((k, v) -> {
        if (k.startsWith(EnvironmentFacts.SERVER_PREFIX)) {
          server.put(k, v);
        }
      });
      byResult.put(Text.shown(n.name()), server);
    }
    for (Settings.Difference d : ConfigCheck.check(byResult, List.of(), false).differences()) {
      warnings.add(side + "'s repetitions measured different servers: " + d.describe());
    }
  }

  private static void warn(List<String> warnings, String who, MergedJson r) {
    if (!r.complete()) {
      warnings.add(who + " is incomplete: " + r.incomplete());
    }
    if (r.warnings() != null) { // absent in files of earlier versions
      String prefix = who.equals("The baseline") ? "Baseline" : who.equals("The contender") ? "Contender" : who;
      r.warnings().forEach(w -> warnings.add(prefix + ": " + w));
    }
  }

  private static List<MergedJson> concat(List<MergedJson> a, List<MergedJson> b) {
    List<MergedJson> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static MergedJson.Operation op(MergedJson r, String name) {
    return ops(r).get(name);
  }

  private static Map<String, MergedJson.Operation> ops(MergedJson n) {
    Map<String, MergedJson.Operation> m = new LinkedHashMap<>();
    for (MergedJson.Operation op : n.operations()) {
      m.put(op.name(), op);
    }
    return m;
  }

  private static double num(Number n) {
    return n == null ? Double.NaN : n.doubleValue();
  }

  /**
   * Whether two windows' lengths differ by more than a tenth: a measured window is never exactly as long as another
   * (59.8 against 60.1 s says nothing), while a 60 s run against a 300 s one is a difference in how they were run.
   */
  private static boolean apart(Number x, Number y) {
    if (x == null || y == null) {
      return x != y;
    }
    double a = x.doubleValue();
    double b = y.doubleValue();
    return Math.abs(a - b) > 0.1 * Math.max(Math.abs(a), Math.abs(b));
  }

  private static void merge(List<Difference> diffs, String key, Object x, Object y) {
    String a = x == null ? "<unset>" : String.valueOf(x);
    String b = y == null ? "<unset>" : String.valueOf(y);
    if (!a.equals(b)) {
      diffs.add(new Difference("merge", key, a, b));
    }
  }

  /** Properties equal on every client of a side ("common") compared across sides; per-client ones are noted. */
  private static void settings(List<Difference> diffs, String area, MergedJson.Settings x, MergedJson.Settings y) {
    Set<String> keys = new TreeSet<>(x.common().keySet());
    keys.addAll(y.common().keySet());
    Set<String> perClient = new TreeSet<>(x.perClient().keySet());
    perClient.addAll(y.perClient().keySet());
    for (String k : keys) {
      if (ConfigCheck.PER_CLIENT.contains(k) && "configuration".equals(area)) {
        continue; // where each result's client wrote its files: differs between any two runs, changes nothing
      }
      if (EnvironmentFacts.OF_THE_RUN.contains(k) && "environment".equals(area)) {
        continue; // a record of the run (its CPU, its command line's folders), not of how it was set up
      }
      String av = x.common().containsKey(k) ? x.common().get(k)
          : (x.perClient().containsKey(k) ? "<differs per client>" : "<unset>");
      String bv = y.common().containsKey(k) ? y.common().get(k)
          : (y.perClient().containsKey(k) ? "<differs per client>" : "<unset>");
      if (!av.equals(bv)) {
        diffs.add(new Difference(area, k, av, bv));
      }
    }
    for (String k : perClient) {
      if (keys.contains(k)) {
        continue;
      }
      String av = describe(x.perClient().get(k));
      String bv = describe(y.perClient().get(k));
      if (!av.equals(bv) && "environment".equals(area) && !EnvironmentFacts.OF_THE_RUN.contains(k)) {
        diffs.add(new Difference(area, k, av, bv));
      }
    }
  }

  private static String describe(Map<String, String> perClient) {
    if (perClient == null) {
      return "<unset>";
    }
    return String.join(" / ", new TreeSet<>(perClient.values()));
  }
}
