package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.common.Text;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The figure a comparison is about, declared before looking at the numbers: by default overall throughput when the
 * runs were unthrottled (how much they did is the question), the main operation's p99 when they were throttled (at a
 * fixed rate, latency is the question), or what {@code --primary OP.FIGURE} names. Judging one declared figure at 5%
 * keeps the headline's error at 5% with no correction (research {@code experiments.md} §4.5).
 *
 * @param key as {@code --primary} names it, e.g. {@code OVERALL.throughput}, {@code READ.intended-p99}
 * @param why why it is the primary one, in words
 */
public record Primary(String key, String why) {
  /**
   * The default: throttled (a positive {@code target} in either side's first result) chooses the operation with the
   * most operations and its p99, intended when measured (free of coordinated omission); otherwise overall throughput.
   */
  static Primary choose(List<MergedJson> a, List<MergedJson> b, List<Comparison.Figure> figures) {
    Set<String> keys = comparable(figures);
    double target = Math.max(target(a.get(0)), target(b.get(0)));
    if (target > 0) {
      Map<String, Long> counts = new LinkedHashMap<>();
      for (MergedJson r : a) {
        r.operations().forEach(o -> counts.merge(o.name(), o.operations(), Long::sum));
      }
      for (MergedJson r : b) {
        r.operations().forEach(o -> counts.merge(o.name(), o.operations(), Long::sum));
      }
      String main = counts.entrySet().stream().filter(e -> !Arms.NOT_MEASURED.equals(e.getKey())
          && keys.contains(e.getKey() + ".throughput")).max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
          .orElse(null);
      String throttled = "the runs were throttled (target " + Text.shown(plain(target)) + " ops/s), so latency at "
          + "that rate is the question; " + main + " has the most operations";
      if (main != null && keys.contains(main + ".intended-p99")) {
        return new Primary(main + ".intended-p99", throttled + "; intended latency (timed from when each operation "
            + "was due) is free of coordinated omission");
      }
      if (main != null && keys.contains(main + ".p99")) {
        return new Primary(main + ".p99", throttled + "; no intended latency was recorded, so the p99 is timed from "
            + "when each operation was sent");
      }
    }
    return new Primary("OVERALL.throughput", target > 0 ? "the runs were throttled but report no p99 both sides "
        + "share, so overall throughput"
        : "the runs were unthrottled (no target), so how much they did is the "
            + "question");
  }

  /** The forms a primary figure can take: an operation and one of the figures a comparison's rows have (OVERALL has
   * only throughput). */
  private static final java.util.regex.Pattern FORM = java.util.regex.Pattern.compile("(?i)(OVERALL\\.throughput"
      + "|(?!OVERALL\\.)[A-Z][A-Z-]*\\.(throughput|errors|error-rate|(intended-)?(mean|max|p\\d+(\\.\\d+)?)))");

  /**
   * Checks only the form of {@code --primary OP.FIGURE}, before any run exists to report figures (an A/B experiment
   * declares it up front); whether both sides report it is {@link #parse}'s question once they ran.
   *
   * @return the value, stripped
   * @throws Arms.Unusable one line naming the option, the value and the forms accepted
   */
  public static String checkForm(String spec) throws Arms.Unusable {
    String given = spec.strip();
    if (!FORM.matcher(given).matches()) {
      throw new Arms.Unusable("--primary " + Text.shown(given) + ": expected OVERALL.throughput or OP.FIGURE, OP an "
          + "operation (READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE, DELETE) and FIGURE one of throughput, mean, "
          + "pNN, max, errors, error-rate, intended-mean, intended-pNN, intended-max");
    }
    return given;
  }

  /**
   * {@code --primary OP.FIGURE}, checked against the figures both sides report.
   *
   * @throws Arms.Unusable one line naming the option, the value and what is accepted
   */
  static Primary parse(String spec, List<Comparison.Figure> figures) throws Arms.Unusable {
    Set<String> keys = comparable(figures);
    Set<String> ops = new LinkedHashSet<>();
    Set<String> kinds = new LinkedHashSet<>();
    for (String k : keys) {
      String op = k.substring(0, k.indexOf('.'));
      if (!op.equals("OVERALL") && !Arms.NOT_MEASURED.equals(op)) {
        ops.add(op);
        kinds.add(k.substring(k.indexOf('.') + 1));
      }
    }
    String accepted = "; expected OVERALL.throughput or OP.FIGURE with OP one of " + String.join(", ", ops)
        + " (the operations both sides ran) and FIGURE one of " + String.join(", ", kinds);
    String given = spec == null ? "" : spec.strip();
    int dot = given.indexOf('.');
    if (dot <= 0 || dot == given.length() - 1) {
      throw new Arms.Unusable("--primary " + Text.shown(given) + ": not OP.FIGURE" + accepted);
    }
    String op = given.substring(0, dot).toUpperCase(Locale.ROOT);
    String figure = given.substring(dot + 1).toLowerCase(Locale.ROOT);
    if (!op.equals("OVERALL") && !ops.contains(op)) {
      throw new Arms.Unusable("--primary " + Text.shown(given) + ": '" + Text.shown(op) + "' is not an operation both "
          + "sides ran" + accepted);
    }
    String key = op + "." + figure;
    if (!keys.contains(key)) {
      throw new Arms.Unusable("--primary " + Text.shown(given) + ": '" + Text.shown(figure) + "' is not a figure "
          + (op.equals("OVERALL") ? "of OVERALL (only throughput)" : "both sides report for " + op) + accepted);
    }
    return new Primary(key, "chosen with --primary " + Text.shown(given));
  }

  /** The keys of figures both sides report. */
  private static Set<String> comparable(List<Comparison.Figure> figures) {
    Set<String> keys = new LinkedHashSet<>();
    for (Comparison.Figure f : figures) {
      if (f.a().length > 0 && f.b().length > 0) {
        keys.add(f.key());
      }
    }
    return keys;
  }

  private static double target(MergedJson r) {
    MergedJson.Settings c = r.configuration();
    if (c == null) {
      return 0;
    }
    double most = c.common() == null ? 0 : number(c.common().get("target"));
    Map<String, String> perClient = c.perClient() == null ? null : c.perClient().get("target");
    if (perClient != null) { // clients with targets of their own: throttled if any is
      for (String v : perClient.values()) {
        most = Math.max(most, number(v));
      }
    }
    return most;
  }

  private static double number(String s) {
    if (s == null) {
      return 0;
    }
    try {
      double v = Double.parseDouble(s.strip());
      return Double.isFinite(v) ? v : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String plain(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) v) : Double.toString(v);
  }
}
