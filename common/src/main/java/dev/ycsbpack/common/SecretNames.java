package dev.ycsbpack.common;

import java.util.List;
import java.util.Locale;

/**
 * Which property, option and flag names say secret: the one list both {@link Redactor} (what to mask) and
 * {@link UrlOptions} (where an '@' in a URL may belong to a secret option's value) read, in a type of its own so that
 * neither of them has to import the other for it.
 */
public final class SecretNames {
  /** Words that make a property or URL option name secret (case-insensitive substring match). */
  private static final List<String> SECRET_WORDS = List.of("password", "passwd", "pwd", "secret", "token",
      "credential", "apikey", "api_key", "privatekey", "private_key", "authmechanismproperties");

  private SecretNames() {
  }

  /** True for a property or option name whose value must never be shown. */
  public static boolean isSecret(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (String w : SECRET_WORDS) {
      if (n.contains(w)) {
        return true;
      }
    }
    return false;
  }
}
