package dev.ycsbpack.common;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Properties written in a test as {@code key=value} words, as {@code -p} takes them (each split at its first
 * {@code =}, so a value may hold more). Every module's tests use it (this class ships in common's test jar).
 */
public final class PropertyPairs {
  private PropertyPairs() {
  }

  /** A new set of {@code pairs}. */
  public static Properties of(String... pairs) {
    return into(new Properties(), pairs);
  }

  /** {@code pairs} set on {@code p}, over what it held; returns {@code p}. */
  public static Properties into(Properties p, String... pairs) {
    ordered(pairs).forEach(p::setProperty);
    return p;
  }

  /** {@code pairs} as a map in the order given (a key given twice keeps its last value). */
  public static Map<String, String> ordered(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      m.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return m;
  }
}
