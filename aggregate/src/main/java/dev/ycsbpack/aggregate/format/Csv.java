package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import java.util.List;

/**
 * The one CSV writer of aggregate: fields quoted as RFC 4180 says (a field holding a comma, a quote, CR or LF is
 * enclosed in quotes, its quotes doubled), records ended by CRLF.
 */
public final class Csv {
  /** RFC 4180's record separator. */
  public static final String EOL = "\r\n";

  private Csv() {
  }

  /** One field, quoted when it must be. */
  public static String field(String s) {
    if (s == null) {
      return "";
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ',' || c == '"' || c == '\r' || c == '\n') {
        return '"' + s.replace("\"", "\"\"") + '"';
      }
    }
    return s;
  }

  /** One record: the fields joined by commas, with the line end. */
  public static String row(List<String> fields) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(field(fields.get(i)));
    }
    return sb.append(EOL).toString();
  }

  /**
   * A comment line before the header ({@code # INCOMPLETE: ...}): many CSV readers skip it; it is one line whatever
   * the text holds.
   */
  public static String comment(String text) {
    return "# " + Fmt.oneLine(text) + EOL;
  }

  /** The comment lines every CSV output starts with: the headlines, then the window coverage. */
  public static String preamble(MergeResult r) {
    StringBuilder sb = new StringBuilder();
    for (String h : r.headlines()) {
      sb.append(comment(h));
    }
    return sb.append(comment(r.coverageStatement())).toString();
  }
}
