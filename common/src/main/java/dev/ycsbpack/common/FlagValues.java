package dev.ycsbpack.common;

import java.util.Map;

/**
 * Values of YCSB's count flags ({@code -threads}, {@code -target}) and of its {@code -p NAME=VALUE} as both
 * {@code bin/ycsb} and the coordinator read them, so the same value is refused by both with the same line.
 */
public final class FlagValues {
  private FlagValues() {
  }

  /**
   * A whole number of at least {@code min} that YCSB can read (an int).
   *
   * @throws IllegalArgumentException {@code "-threads 0: expected a whole number, 1 or more"}
   */
  public static int wholeNumber(String flag, String value, int min) {
    try {
      int n = Integer.parseInt(value);
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(flag + " " + Text.shown(value) + ": expected a whole number, " + min
        + " or more");
  }

  /**
   * A {@code -p NAME=VALUE} split at its first {@code '='}: the name before it (not empty), the value after (which may
   * hold more {@code '='}s, or be empty).
   *
   * @throws IllegalArgumentException {@code "-p foo: expected NAME=VALUE"}
   */
  public static Map.Entry<String, String> property(String pair) {
    int eq = pair.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException("-p " + Text.shown(pair) + ": expected NAME=VALUE");
    }
    return Map.entry(pair.substring(0, eq), pair.substring(eq + 1));
  }
}
