package dev.ycsbpack.aggregate.output;

import dev.ycsbpack.aggregate.model.MergeResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * A self-contained HTML report: the uPlot charting library (MIT, bundled from the npm package {@code uplot}) and the
 * merged data are inlined, so the file opens with no network. Charts: throughput over time, latency percentiles over
 * time per operation, the latency distribution per operation; then the tables of numbers.
 */
public final class HtmlReportWriter implements ResultWriter {
  private static final String RES = "/dev/ycsbpack/aggregate/report/";

  @Override
  public String fileName() {
    return "report.html";
  }

  @Override
  public void write(MergeResult r, Writer out) throws IOException {
    StringWriter json = new StringWriter();
    new JsonWriter().write(r, json);
    String template = resource("report.html");
    String html = template
        .replace("/*UPLOT_CSS*/", resource("uPlot.min.css"))
        .replace("/*UPLOT_JS*/", resource("uPlot.iife.min.js"))
        .replace("/*REPORT_JS*/", resource("report.js"))
        .replace("@TITLE@", escapeHtml((r.complete() ? "" : "INCOMPLETE - ") + "YCSB merged results"))
        .replace("@DATA@", json.toString().replace("</", "<\\/"));
    out.write(html);
  }

  static String resource(String name) {
    try (InputStream in = HtmlReportWriter.class.getResourceAsStream(RES + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + RES + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String escapeHtml(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
