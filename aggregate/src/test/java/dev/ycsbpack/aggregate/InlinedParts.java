package dev.ycsbpack.aggregate;

import dev.ycsbpack.aggregate.format.HtmlReportWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A written report.html with each part it inlines verbatim written as a marker naming that part: the template's own
 * text between its placeholders, the bundled style and scripts, and the merged data (the merged.json written beside
 * it). The fixture then holds only what the merge fills in (the policy, the title, the run's facts, the telemetry) and
 * the markers, so the template lives once, in main; a byte of the page that is not exactly its part stays in the text
 * and differs from the fixture.
 */
final class InlinedParts {
  /** The template's placeholders: {@code @NAME@} and {@code /*NAME*}{@code /}. */
  private static final Pattern PLACEHOLDER = Pattern.compile("@[A-Z]+@|/\\*[A-Z_]+\\*/");
  /** The bundled files the template inlines whole. */
  private static final List<String> BUNDLED = List.of("uPlot.min.css", "uPlot.iife.min.js", "report.js");

  private record Part(String marker, String text) {
  }

  private final List<Part> parts = new ArrayList<>();

  /** The parts of a report.html whose merged data is {@code mergedJson}. */
  InlinedParts(String mergedJson) {
    for (String name : BUNDLED) {
      add(name, HtmlReportWriter.resource(name));
    }
    add("merged.json", mergedJson);
    String[] template = PLACEHOLDER.split(HtmlReportWriter.resource("report.html"), -1);
    for (int i = 0; i < template.length; i++) {
      add("report.html part " + (i + 1), template[i]);
    }
  }

  private void add(String name, String text) {
    // an empty part has no place to mark; a piece the template holds twice is marked by its first name
    if (!text.isEmpty() && parts.stream().noneMatch(p -> p.text().equals(text))) {
      parts.add(new Part("\n<!--inlined " + name + "-->\n", text)); // on its own line: the fixture reads as a list
    }
  }

  /**
   * {@code page} with each part, wherever it stands whole, replaced by its marker: the bundled files and the data
   * first, so that no piece of the template is sought inside them.
   */
  String marked(String page) {
    String s = page;
    for (Part p : parts) {
      s = s.replace(p.text(), p.marker());
    }
    return s;
  }
}
