package dev.ycsbpack.aggregate.input;

import java.util.Locale;
import java.util.regex.Pattern;

/** Keeps secrets out of every message and report: credential-like properties and URL user information. */
public final class Redaction {
  private static final String[] SECRET_WORDS = {"password", "passwd", "pwd", "secret", "token", "credential",
      "apikey", "api_key", "privatekey", "private_key"};
  /**
   * User info runs to the URL's last '@': an unescaped '@' in a mistyped password must not leave its tail
   * visible (the binding's and launcher's redaction works the same way).
   */
  private static final Pattern USERINFO = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*://)[^\\s\"']*@");
  private static final Pattern SECRET_PARAM = Pattern.compile(
      "(?i)((?:password|passwd|pwd|secret|token|credential)[A-Za-z0-9_.-]*=)[^&;,\\s]*");

  private Redaction() {
  }

  /** True for a property whose value must never be shown (and which the configuration check skips). */
  public static boolean isSecretKey(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    for (String w : SECRET_WORDS) {
      if (k.contains(w)) {
        return true;
      }
    }
    return false;
  }

  /** The value as it may be shown: {@code ***} for a secret key, else URL user info and secret parameters masked. */
  public static String show(String key, String value) {
    if (value == null) {
      return null;
    }
    if (isSecretKey(key)) {
      return "***";
    }
    return redactValue(value);
  }

  public static String redactValue(String value) {
    String v = USERINFO.matcher(value).replaceAll("$1***@");
    return SECRET_PARAM.matcher(v).replaceAll("$1***");
  }
}
