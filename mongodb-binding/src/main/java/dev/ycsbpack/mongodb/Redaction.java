package dev.ycsbpack.mongodb;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides the password in MongoDB connection strings.
 *
 * <p>Every place that may print a URL (settings banner, error messages, the launcher's output streams) goes
 * through here, because a benchmark log is exactly the kind of file people paste into tickets and posts.
 */
public final class Redaction {
  /**
   * user:password@ in a mongodb:// or mongodb+srv:// URL. The password runs to the last '@' of the URL (an
   * unescaped '@' in a mistyped password must not leave its tail visible); hiding a little too much of an odd
   * URL is the safe way to be wrong.
   */
  private static final Pattern USERINFO_PASSWORD =
      Pattern.compile("(mongodb(?:\\+srv)?://[^:/@\\s\"']*:)([^\\s\"']*)(@)", Pattern.CASE_INSENSITIVE);

  public static final String MASK = "*****";

  private Redaction() {
  }

  /** Returns {@code text} with the password of every MongoDB URL in it replaced by {@value #MASK}. */
  public static String redact(String text) {
    if (text == null || text.indexOf('@') < 0) {
      return text;
    }
    Matcher m = USERINFO_PASSWORD.matcher(text);
    return m.find() ? m.replaceAll("$1" + Matcher.quoteReplacement(MASK) + "$3") : text;
  }
}
