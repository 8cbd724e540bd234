package dev.ycsbpack.common;

/**
 * Makes a user-supplied value safe to echo in a one-line message: capped in length, control characters shown
 * escaped, so a hostile or accidental value can neither forge an output line nor flood a terminal.
 */
public final class Text {
  /** Longest value echoed in full. */
  public static final int MAX_SHOWN = 80;

  private Text() {
  }

  /** The value as a message may show it: at most {@value #MAX_SHOWN} characters, control characters escaped. */
  public static String shown(String value) {
    return shown(value, MAX_SHOWN);
  }

  /**
   * A path as a message shows it: like {@link #shown(String)}, but whole up to 1,000 characters, since a mistyped
   * file name is at its end ({@code .../workloads/workloadz}) and a path cut at 80 hides it.
   */
  public static String shownPath(String path) {
    return shown(path, 1000);
  }

  /**
   * The value with control characters escaped and at most {@code max} of its characters, for places that show
   * longer values than a message does (a path, a property in a report) but must still stay on one line and bounded.
   */
  public static String shown(String value, int max) {
    if (value == null) {
      return "null";
    }
    int limit = Math.min(value.length(), Math.max(0, max));
    StringBuilder sb = new StringBuilder(limit + 16);
    for (int i = 0; i < limit; i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0x2028 || c == 0x2029) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    if (value.length() > limit) {
      sb.append("... (").append(value.length()).append(" characters)");
    }
    return sb.toString();
  }
}
