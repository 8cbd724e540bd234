package dev.ycsbpack.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates the values that break naive handling: passwords and property values with spaces, tabs, newlines, quotes,
 * shell metacharacters, URL delimiters, percent signs, backslashes and non-ASCII. Seeded, so a failure names the case
 * that reproduces it; every module's tests draw from here (this class ships in common's test jar).
 */
public final class AwkwardStrings {
  /** Characters that end or confuse a pattern, a shell word, a URL part or a properties line. */
  public static final String HOSTILE = " \t\n\r\"'`$;:@/?#&=%+\\<>!,{}[]|~^*()é中\u2028";
  private static final String PLAIN = "abcdefghijklmnopqrstuvwxyz0123456789";

  private AwkwardStrings() {
  }

  /** A few hand-picked cases that broke the pack before, then {@code count - fixed} random ones. */
  public static List<String> passwords(long seed, int count) {
    List<String> out = new ArrayList<>(List.of("p@ss w0rd", "tab\there", "new\nline", "qu\"ote's", "$(touch x)",
        "`id`;rm -rf /tmp/none", "100%25+sure", "back\\slash", "a:b@c/d?e#f", "pass&w=1", "<!--<script>"));
    Random r = new Random(seed);
    while (out.size() < count) {
      int length = 4 + r.nextInt(21);
      StringBuilder sb = new StringBuilder(length);
      for (int i = 0; i < length; i++) {
        String from = r.nextInt(3) == 0 ? PLAIN : HOSTILE;
        sb.append(from.charAt(r.nextInt(from.length())));
      }
      if (!sb.toString().isBlank()) {
        out.add(sb.toString());
      }
    }
    return out.subList(0, count);
  }
}
