package dev.ycsbpack.aggregate.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.aggregate.format.JsonWriter;
import dev.ycsbpack.aggregate.input.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
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
  public static JsonNode read(Path p) throws InputException {
    Path file = Files.isDirectory(p) ? p.resolve("merged.json") : p;
    if (!Files.isRegularFile(file)) {
      throw new InputException(file, 0, "does not exist.", "pass a merged.json written by 'ycsb-aggregate merge', or "
          + "the folder holding it.");
    }
    JsonNode n;
    try {
      n = new ObjectMapper().readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new InputException(file, e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
          "is not valid JSON (" + e.getOriginalMessage() + ").", "pass a merged.json written by 'ycsb-aggregate "
          + "merge'.", e);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot be read (" + e + ").", "check the file.", e);
    }
    if (n == null || !JsonWriter.SCHEMA.equals(n.path("schema").asText())) {
      throw new InputException(file, 0, "is not a merged result (its \"schema\" is not " + JsonWriter.SCHEMA + ").",
          "pass a merged.json written by 'ycsb-aggregate merge'.");
    }
    return n;
  }

  public static Comparison of(String baselineName, JsonNode b, String contenderName, JsonNode c) {
    List<Difference> diffs = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (JsonNode[] pair : new JsonNode[][] {{b, c}}) {
      if (!pair[0].path("complete").asBoolean(true)) {
        warnings.add("The baseline is incomplete: " + pair[0].path("incomplete").asText());
      }
      if (!pair[1].path("complete").asBoolean(true)) {
        warnings.add("The contender is incomplete: " + pair[1].path("incomplete").asText());
      }
    }
    merge(diffs, "clients merged", b.path("overall").path("clientsMerged"), c.path("overall").path("clientsMerged"));
    merge(diffs, "clients", b.path("overall").path("clients"), c.path("overall").path("clients"));
    merge(diffs, "window seconds", b.path("window").path("seconds"), c.path("window").path("seconds"));
    merge(diffs, "warm-up seconds", b.path("window").path("warmupSeconds"), c.path("window").path("warmupSeconds"));
    merge(diffs, "cool-down seconds", b.path("window").path("cooldownSeconds"),
        c.path("window").path("cooldownSeconds"));
    merge(diffs, "mode", b.path("mode"), c.path("mode"));
    merge(diffs, "forced", b.path("forced"), c.path("forced"));
    settings(diffs, "configuration", b.path("configuration"), c.path("configuration"));
    settings(diffs, "environment", b.path("environment"), c.path("environment"));

    List<Row> rows = new ArrayList<>();
    rows.add(new Row("OVERALL", "throughput (ops/s)", num(b.path("overall").path("throughputOpsPerSec")),
        num(c.path("overall").path("throughputOpsPerSec")), true));
    Map<String, JsonNode> bo = ops(b);
    Map<String, JsonNode> co = ops(c);
    Set<String> names = new LinkedHashSet<>(bo.keySet());
    names.addAll(co.keySet());
    Set<String> pcts = new LinkedHashSet<>();
    b.path("percentiles").forEach(x -> pcts.add(plain(x.asDouble())));
    Set<String> cp = new TreeSet<>();
    c.path("percentiles").forEach(x -> cp.add(plain(x.asDouble())));
    pcts.retainAll(cp);
    for (String op : names) {
      JsonNode x = bo.getOrDefault(op, com.fasterxml.jackson.databind.node.MissingNode.getInstance());
      JsonNode y = co.getOrDefault(op, com.fasterxml.jackson.databind.node.MissingNode.getInstance());
      rows.add(new Row(op, "throughput (ops/s)", num(x.path("throughputOpsPerSec")),
          num(y.path("throughputOpsPerSec")), true));
      latency(rows, op, "", x.path("latencyUs"), y.path("latencyUs"), pcts);
      if (!x.path("intendedLatencyUs").isNull() || !y.path("intendedLatencyUs").isNull()) {
        latency(rows, op, "intended ", x.path("intendedLatencyUs"), y.path("intendedLatencyUs"), pcts);
      }
      rows.add(new Row(op, "errors", num(x.path("errors")), num(y.path("errors")), false));
      rows.add(new Row(op, "error rate (%)", num(x.path("errorRate")) * 100, num(y.path("errorRate")) * 100, false));
    }
    return new Comparison(baselineName, contenderName, diffs, rows, warnings);
  }

  private static void latency(List<Row> rows, String op, String prefix, JsonNode x, JsonNode y, Set<String> pcts) {
    rows.add(new Row(op, prefix + "mean (us)", num(x.path("mean")), num(y.path("mean")), false));
    for (String p : pcts) {
      rows.add(new Row(op, prefix + "p" + p + " (us)", num(x.path("percentiles").path(p)),
          num(y.path("percentiles").path(p)), false));
    }
    rows.add(new Row(op, prefix + "max (us)", num(x.path("max")), num(y.path("max")), false));
  }

  private static Map<String, JsonNode> ops(JsonNode n) {
    Map<String, JsonNode> m = new java.util.LinkedHashMap<>();
    for (JsonNode op : n.path("operations")) {
      m.put(op.path("name").asText(), op);
    }
    return m;
  }

  private static double num(JsonNode n) {
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }

  private static String plain(double p) {
    return dev.ycsbpack.aggregate.format.Fmt.plain(p);
  }

  private static void merge(List<Difference> diffs, String key, JsonNode x, JsonNode y) {
    String a = x.isMissingNode() || x.isNull() ? "<unset>" : x.asText();
    String b = y.isMissingNode() || y.isNull() ? "<unset>" : y.asText();
    if (!a.equals(b)) {
      diffs.add(new Difference("merge", key, a, b));
    }
  }

  /** Properties equal on every client of a side ("common") compared across sides; per-client ones are noted. */
  private static void settings(List<Difference> diffs, String area, JsonNode x, JsonNode y) {
    Set<String> keys = new TreeSet<>();
    x.path("common").fieldNames().forEachRemaining(keys::add);
    y.path("common").fieldNames().forEachRemaining(keys::add);
    Set<String> perClient = new TreeSet<>();
    x.path("perClient").fieldNames().forEachRemaining(perClient::add);
    y.path("perClient").fieldNames().forEachRemaining(perClient::add);
    for (String k : keys) {
      JsonNode a = x.path("common").path(k);
      JsonNode b = y.path("common").path(k);
      String av = a.isMissingNode() ? (x.path("perClient").has(k) ? "<differs per client>" : "<unset>") : a.asText();
      String bv = b.isMissingNode() ? (y.path("perClient").has(k) ? "<differs per client>" : "<unset>") : b.asText();
      if (!av.equals(bv)) {
        diffs.add(new Difference(area, k, av, bv));
      }
    }
    for (String k : perClient) {
      if (keys.contains(k)) {
        continue;
      }
      String av = describe(x.path("perClient").path(k));
      String bv = describe(y.path("perClient").path(k));
      if (!av.equals(bv) && "environment".equals(area)) {
        diffs.add(new Difference(area, k, av, bv));
      }
    }
  }

  private static String describe(JsonNode perClient) {
    if (perClient.isMissingNode()) {
      return "<unset>";
    }
    Set<String> values = new TreeSet<>();
    Iterator<JsonNode> it = perClient.elements();
    it.forEachRemaining(v -> values.add(v.asText()));
    return String.join(" / ", values);
  }
}
