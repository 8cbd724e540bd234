package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A self-contained HTML report: the uPlot charting library (MIT, bundled from the npm package {@code uplot}) and the
 * merged data are inlined, so the file opens with no network. Charts: throughput over time, latency percentiles over
 * time per operation, the server's and the machines' telemetry on the same time axis ({@link ReportTelemetry}), the
 * latency distribution per operation; then the tables of numbers. It opens with what was run ({@link RunFacts}).
 */
public final class HtmlReportWriter implements ResultWriter.Content {
  private static final String RES = "/dev/ycsbpack/aggregate/report/";
  private final Map<String, String> given;
  private final JsonText json;

  /** A report whose "What was run" comes from the clients' records alone. */
  public HtmlReportWriter() {
    this(Map.of());
  }

  /**
   * A report whose "What was run" adds what only the caller knows ({@link RunFacts#COMMAND}, {@link RunFacts#COUNT}).
   *
   * @param given label to value, secrets already masked
   */
  public HtmlReportWriter(Map<String, String> given) {
    this(given, new JsonText());
  }

  /**
   * {@link #HtmlReportWriter(Map)}, the merged data taken from {@code json} (shared with merged.json's writer: built
   * once).
   */
  public HtmlReportWriter(Map<String, String> given, JsonText json) {
    this.given = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(given)); // in the order given
    this.json = json;
  }

  @Override
  public void write(MergeResult r, Writer out) throws IOException {
    String title = (r.complete() ? "" : "INCOMPLETE - ") + (r.warnings().isEmpty() ? "" : "WARNING - ")
        + "YCSB merged results" + (r.server().isEmpty() ? "" : " - " + Fmt.oneLine(r.server()));
    String uplot = resource("uPlot.iife.min.js");
    String report = resource("report.js");
    out.write(fill(resource("report.html"), Map.of(
        "@CSP@", contentSecurityPolicy(uplot, report),
        "/*UPLOT_CSS*/", resource("uPlot.min.css"),
        "/*UPLOT_JS*/", uplot,
        "/*REPORT_JS*/", report,
        "@TITLE@", escapeHtml(title),
        "@DATA@", scriptSafeJson(json.of(r)),
        "@RUN@", scriptSafeJson(MergedJson.MAPPER.writeValueAsString(RunFacts.of(r, given).facts())),
        "@TELEMETRY@", scriptSafeJson(ReportTelemetry.json(r)))));
  }

  /**
   * The page's Content Security Policy: only the page's own scripts run (each named by its hash, so no script a
   * bundle's value might smuggle in can run), nothing is fetched from anywhere (no network, no other file), styles
   * only from the page itself. Downloads the page makes (a chart as PNG, SVG, CSV) are data and blob URLs.
   */
  public static String contentSecurityPolicy(String... scripts) {
    StringBuilder hashes = new StringBuilder();
    for (String script : scripts) {
      try {
        byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
        hashes.append(" 'sha256-").append(java.util.Base64.getEncoder().encodeToString(d)).append('\'');
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is required of every Java platform", e);
      }
    }
    return "default-src 'none'; script-src" + hashes + "; style-src 'unsafe-inline'; img-src data: blob:; "
        + "base-uri 'none'; form-action 'none'";
  }

  /**
   * Replaces each placeholder once, in one pass over the template: a value that happens to hold a placeholder's
   * text is never itself filled in.
   */
  static String fill(String template, Map<String, String> values) {
    StringBuilder sb = new StringBuilder(template.length() + values.values().stream().mapToInt(String::length).sum());
    int i = 0;
    while (i < template.length()) {
      String hit = null;
      int at = Integer.MAX_VALUE;
      for (String k : values.keySet()) {
        int j = template.indexOf(k, i);
        if (j >= 0 && j < at) {
          at = j;
          hit = k;
        }
      }
      if (hit == null) {
        sb.append(template, i, template.length());
        break;
      }
      sb.append(template, i, at).append(values.get(hit));
      i = at + hit.length();
    }
    return sb.toString();
  }

  /**
   * JSON that may sit inside a {@code <script>} element: {@code <}, {@code >} and {@code &} (so no {@code </script>}
   * or {@code <!--} can end or confuse the element) and U+2028/U+2029 (line breaks to older JavaScript) written as
   * {@code \\u} and four hex digits. These characters appear only inside JSON strings, where the escape means the
   * same character.
   */
  public static String scriptSafeJson(String json) {
    StringBuilder sb = new StringBuilder(json.length() + 64);
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      switch (c) {
        case '<', '>', '&', '\u2028', '\u2029' -> sb.append(String.format("\\u%04x", (int) c));
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  public static String resource(String name) {
    try (InputStream in = HtmlReportWriter.class.getResourceAsStream(RES + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + RES + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Text for an HTML element or attribute (also the experiment report's). */
  public static String escapeHtml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
        .replace("'", "&#39;");
  }
}
