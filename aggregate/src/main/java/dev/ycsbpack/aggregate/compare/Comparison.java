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
import dev.ycsbpack.aggregate.stats.Significance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Two sets of repetitions side by side, A and B (one result each for {@code compare BASELINE CONTENDER}): first what
 * differs in how they were run (configuration, environment, the merge itself, read from each side's first result),
 * then every metric with each side's {@link Spread} over its repetitions and a {@link Significance} on whether B differs
 * from A beyond run-to-run noise.
 *
 * @param aNames      A's results as given (paths), one per repetition
 * @param bNames      B's results as given
 * @param method      how verdicts are reached (bootstrap resamples and seed)
 * @param differences setting differences, listed first
 * @param rows        metric rows
 * @param warnings    e.g. an incomplete input
 */
public record Comparison(List<String> aNames, List<String> bNames, Significance.Method method,
                         List<Difference> differences, List<Row> rows, List<String> warnings) {

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

  /**
   * One metric over both sides' repetitions.
   *
   * @param operation      operation, or {@code OVERALL}
   * @param metric         e.g. {@code throughput (ops/s)}, {@code p99 (us)}
   * @param a              A's values, one per repetition that reports the metric
   * @param b              B's values
   * @param higherIsBetter true for throughput, false for latency and errors
   * @param verdict        B against A; null when a side has no value
   */
  public record Row(String operation, String metric, double[] a, double[] b, boolean higherIsBetter,
                    Significance verdict) {
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
          + "merge'.", e);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot be read (" + e + ").", "check the file.", e);
    }
    return n;
  }

  /** One result and how it was named. */
  public record Named(String name, MergedJson result) {
  }

  /**
   * Compares A's repetitions with B's. The caller has checked each side (see {@link Arms}); the setting
   * differences are those between A's first result and B's first.
   */
  public static Comparison of(List<Named> a, List<Named> b, Significance.Method method) {
    if (a.isEmpty() || b.isEmpty()) {
      throw new IllegalArgumentException("each side needs at least one result");
    }
    List<Difference> diffs = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    boolean single = a.size() == 1 && b.size() == 1;
    for (Named n : a) {
      warn(warnings, single ? "The baseline" : "A: " + n.name(), n.result());
    }
    for (Named n : b) {
      warn(warnings, single ? "The contender" : "B: " + n.name(), n.result());
    }
    serverDrift(warnings, "A", a);
    serverDrift(warnings, "B", b);
    MergedJson x = a.get(0).result();
    MergedJson y = b.get(0).result();
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

    List<MergedJson> ra = a.stream().map(Named::result).toList();
    List<MergedJson> rb = b.stream().map(Named::result).toList();
    RowMaker rows = new RowMaker(ra, rb, method);
    rows.add("OVERALL", "throughput (ops/s)", true, r -> num(r.overall().throughputOpsPerSec()));
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
      rows.add(op, "throughput (ops/s)", true, r -> op(r, op) == null ? Double.NaN
          : num(op(r, op).throughputOpsPerSec()));
      latency(rows, op, "", pcts, o -> o.latencyUs());
      if (concat(ra, rb).stream().anyMatch(r -> op(r, op) != null && op(r, op).intendedLatencyUs() != null)) {
        latency(rows, op, "intended ", pcts, o -> o.intendedLatencyUs());
      }
      rows.add(op, "errors", false, r -> op(r, op) == null ? Double.NaN : op(r, op).errors());
      rows.add(op, "error rate (%)", false, r -> op(r, op) == null ? Double.NaN : num(op(r, op).errorRate()) * 100);
    }
    return new Comparison(a.stream().map(Named::name).toList(), b.stream().map(Named::name).toList(), method, diffs,
        rows.rows, warnings);
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

  /** Builds rows: one value per repetition and side, then the spread and verdict of each. */
  private static final class RowMaker {
    final List<MergedJson> a;
    final List<MergedJson> b;
    final Significance.Method method;
    final List<Row> rows = new ArrayList<>();

    RowMaker(List<MergedJson> a, List<MergedJson> b, Significance.Method method) {
      this.a = a;
      this.b = b;
      this.method = method;
    }

    void add(String operation, String metric, boolean higherIsBetter, ToDoubleFunction<MergedJson> value) {
      double[] x = values(a, value);
      double[] y = values(b, value);
      Significance v = x.length == 0 || y.length == 0 ? null
          : Significance.of(figure(operation, metric), higherIsBetter, x, y, method);
      rows.add(new Row(operation, metric, x, y, higherIsBetter, v));
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

  private static void latency(RowMaker rows, String op, String prefix, Set<String> pcts,
                              Function<MergedJson.Operation, MergedJson.Latency> kind) {
    Function<MergedJson, MergedJson.Latency> of = r -> op(r, op) == null ? null : kind.apply(op(r, op));
    rows.add(op, prefix + "mean (us)", false, r -> of.apply(r) == null ? Double.NaN : num(of.apply(r).mean()));
    for (String p : pcts) {
      rows.add(op, prefix + "p" + p + " (us)", false, r -> of.apply(r) == null ? Double.NaN
          : num(of.apply(r).percentiles().get(p)));
    }
    rows.add(op, prefix + "max (us)", false, r -> of.apply(r) == null ? Double.NaN : of.apply(r).max());
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
