package dev.ycsbpack.aggregate.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.input.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Two merged results side by side: first what differs in how they were run (configuration, environment, the merge
 * itself), then every metric with its percentage change.
 *
 * @param baselineName  how the baseline is called (its path)
 * @param contenderName how the contender is called
 * @param differences   setting differences, listed first
 * @param rows          metric rows
 * @param warnings      e.g. an incomplete input
 */
public record Comparison(String baselineName, String contenderName, List<Difference> differences, List<Row> rows,
                         List<String> warnings) {

  /**
   * One setting that differs.
   *
   * @param area      {@code merge}, {@code configuration} or {@code environment}
   * @param key       the setting
   * @param baseline  its value in the baseline ({@code <unset>} when absent)
   * @param contender its value in the contender
   */
  public record Difference(String area, String key, String baseline, String contender) {
  }

  /**
   * One metric.
   *
   * @param operation      operation, or {@code OVERALL}
   * @param metric         e.g. {@code throughput (ops/s)}, {@code p99 (us)}
   * @param baseline       baseline value (NaN when absent)
   * @param contender      contender value
   * @param higherIsBetter true for throughput, false for latency and errors
   */
  public record Row(String operation, String metric, double baseline, double contender, boolean higherIsBetter) {
    /** (contender - baseline) / baseline in percent; NaN when undefined. */
    public double changePercent() {
      if (Double.isNaN(baseline) || Double.isNaN(contender) || baseline == 0) {
        return Double.NaN;
      }
      return (contender - baseline) / baseline * 100.0;
    }

    /** {@code better}, {@code worse} or {@code same}; empty when undefined. */
    public String verdict() {
      double c = changePercent();
      if (Double.isNaN(c)) {
        return "";
      }
      if (c == 0) {
        return "same";
      }
      return (c > 0) == higherIsBetter ? "better" : "worse";
    }
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

  public static Comparison of(String baselineName, MergedJson b, String contenderName, MergedJson c) {
    List<Difference> diffs = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    if (!b.complete()) {
      warnings.add("The baseline is incomplete: " + b.incomplete());
    }
    if (!c.complete()) {
      warnings.add("The contender is incomplete: " + c.incomplete());
    }
    if (b.warnings() != null) { // absent in files of earlier versions
      b.warnings().forEach(w -> warnings.add("Baseline: " + w));
    }
    if (c.warnings() != null) {
      c.warnings().forEach(w -> warnings.add("Contender: " + w));
    }
    merge(diffs, "clients merged", b.overall().clientsMerged(), c.overall().clientsMerged());
    merge(diffs, "clients", b.overall().clients(), c.overall().clients());
    merge(diffs, "window", b.window().kind(), c.window().kind());
    merge(diffs, "window seconds", b.window().seconds(), c.window().seconds());
    merge(diffs, "warm-up seconds", b.window().warmupSeconds(), c.window().warmupSeconds());
    merge(diffs, "cool-down seconds", b.window().cooldownSeconds(), c.window().cooldownSeconds());
    merge(diffs, "mode", b.mode(), c.mode());
    merge(diffs, "forced", b.forced(), c.forced());
    merge(diffs, "server", b.server(), c.server());
    settings(diffs, "configuration", b.configuration(), c.configuration());
    settings(diffs, "environment", b.environment(), c.environment());

    List<Row> rows = new ArrayList<>();
    rows.add(new Row("OVERALL", "throughput (ops/s)", num(b.overall().throughputOpsPerSec()),
        num(c.overall().throughputOpsPerSec()), true));
    Map<String, MergedJson.Operation> bo = ops(b);
    Map<String, MergedJson.Operation> co = ops(c);
    Set<String> names = new LinkedHashSet<>(bo.keySet());
    names.addAll(co.keySet());
    Set<String> pcts = new LinkedHashSet<>();
    b.percentiles().forEach(x -> pcts.add(Fmt.plain(x)));
    Set<String> cp = new TreeSet<>();
    c.percentiles().forEach(x -> cp.add(Fmt.plain(x)));
    pcts.retainAll(cp);
    for (String op : names) {
      MergedJson.Operation x = bo.get(op);
      MergedJson.Operation y = co.get(op);
      rows.add(new Row(op, "throughput (ops/s)", x == null ? Double.NaN : num(x.throughputOpsPerSec()),
          y == null ? Double.NaN : num(y.throughputOpsPerSec()), true));
      latency(rows, op, "", x == null ? null : x.latencyUs(), y == null ? null : y.latencyUs(), pcts);
      MergedJson.Latency xi = x == null ? null : x.intendedLatencyUs();
      MergedJson.Latency yi = y == null ? null : y.intendedLatencyUs();
      if (xi != null || yi != null) {
        latency(rows, op, "intended ", xi, yi, pcts);
      }
      rows.add(new Row(op, "errors", x == null ? Double.NaN : x.errors(), y == null ? Double.NaN : y.errors(),
          false));
      rows.add(new Row(op, "error rate (%)", x == null ? Double.NaN : num(x.errorRate()) * 100,
          y == null ? Double.NaN : num(y.errorRate()) * 100, false));
    }
    return new Comparison(baselineName, contenderName, diffs, rows, warnings);
  }

  private static void latency(List<Row> rows, String op, String prefix, MergedJson.Latency x, MergedJson.Latency y,
                              Set<String> pcts) {
    rows.add(new Row(op, prefix + "mean (us)", x == null ? Double.NaN : num(x.mean()),
        y == null ? Double.NaN : num(y.mean()), false));
    for (String p : pcts) {
      rows.add(new Row(op, prefix + "p" + p + " (us)", x == null ? Double.NaN : num(x.percentiles().get(p)),
          y == null ? Double.NaN : num(y.percentiles().get(p)), false));
    }
    rows.add(new Row(op, prefix + "max (us)", x == null ? Double.NaN : x.max(), y == null ? Double.NaN : y.max(),
        false));
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
      if (!av.equals(bv) && "environment".equals(area)) {
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
