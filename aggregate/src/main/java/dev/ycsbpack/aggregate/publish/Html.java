package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.format.HtmlReportWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The site's own pages (index, failed bundle, comparison): one frame, every bundle string escaped, and the same
 * Content Security Policy as the report (only the page's own script runs, nothing is fetched).
 */
final class Html {
  private static final String STYLE = """
      body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 1.5em auto; \
      max-width: 1400px; color: #222; padding: 0 1em; }
      h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
      table { border-collapse: collapse; margin: .5em 0; font-size: .8em; }
      th, td { border: 1px solid #ddd; padding: .25em .5em; text-align: left; vertical-align: top; }
      th { background: #f4f4f4; } td.n { text-align: right; white-space: nowrap; }
      th.sort { cursor: pointer; user-select: none; } th.sort:after { content: " \\2195"; color: #999; }
      .banner { background: #b00020; color: #fff; padding: .6em 1em; font-weight: bold; border-radius: 4px; \
      margin: .3em 0; }
      .warn { background: #e65100; color: #fff; padding: .6em 1em; font-weight: bold; border-radius: 4px; \
      margin: .3em 0; }
      .badge { display: inline-block; background: #b00020; color: #fff; font-size: .8em; font-weight: bold; \
      padding: 0 .4em; border-radius: 3px; }
      .failed { background: #fdecea; } .incomplete { background: #fff3cd; }
      .banner, .warn, table.facts td, td.v { overflow-wrap: anywhere; } td.v { min-width: 12em; max-width: 28em; }
      .scroll { overflow-x: auto; } .meta { color: #555; } .better { color: #1b5e20; } .worse { color: #b00020; }
      .repro code { background: #f4f4f4; padding: .1em .3em; overflow-wrap: anywhere; }
      details.repro { margin-top: .2em; }
      input[type=search] { font-size: 1em; padding: .3em; width: 100%; max-width: 30em; }
      """;

  /** The button beside a command that copies it ({@link ReproduceLine}); a page holding one runs {@link #COPY}. */
  static final String COPY_BUTTON = "<button type=\"button\" class=\"copy\">Copy</button>";
  private static final String COPY = HtmlReportWriter.resource("copy.js");

  private Html() {
  }

  static String esc(String s) {
    return HtmlReportWriter.escapeHtml(s == null ? "" : s);
  }

  /** A whole page; {@code script} (may be empty) is the page's one inline script. */
  static String page(String title, String body, String script) {
    return page(title, body, "", script.isEmpty() ? List.of() : List.of(script));
  }

  /**
   * A whole page with more {@code style} (may be empty) and {@code scripts} run in order, each allowed by its hash
   * alone.
   */
  static String page(String title, String body, String style, List<String> scripts) {
    if (body.contains(COPY_BUTTON)) { // a reproduce command's Copy button works by the page's copy script
      scripts = Stream.concat(scripts.stream(), Stream.of(COPY)).toList();
    }
    String csp = HtmlReportWriter.contentSecurityPolicy(scripts.toArray(String[]::new));
    StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + csp + "\">\n"
        + "<title>" + esc(title) + "</title>\n" + (style.isEmpty() ? "" : "<style>" + style + "</style>\n")
        + "<style>" + STYLE + "</style>\n</head>\n<body>\n" + body);
    scripts.forEach(s -> b.append("<script>").append(s).append("</script>\n"));
    return b.append("</body>\n</html>\n").toString();
  }

  /** A two-column table of facts. */
  static String facts(Map<String, String> facts) {
    StringBuilder sb = new StringBuilder("<table class=\"facts\">\n");
    facts.forEach((k, v) -> sb.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v))
        .append("</td></tr>\n"));
    return sb.append("</table>\n").toString();
  }
}
