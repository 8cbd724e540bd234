package dev.ycsbpack.common;

/**
 * Values of YCSB's count flags ({@code -threads}, {@code -target}) as both {@code bin/ycsb} and the coordinator read
 * them, so the same value is refused by both with the same line.
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
}
