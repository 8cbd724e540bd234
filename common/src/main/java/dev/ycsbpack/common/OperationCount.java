package dev.ycsbpack.common;

import java.util.Properties;

/**
 * How many operations YCSB 0.17.0's {@code Client} attempts and how many client threads it starts: the one
 * implementation of that rule, used by the launcher's verdict, the binding's warm-up gate and the coordinator's split.
 *
 * <p>{@code Client} reads {@code operationcount} for a run, and for a load {@code insertcount} if set, else
 * {@code recordcount}; it starts {@code min(threadcount, operations)} threads when operations are positive (each
 * thread gets {@code operations / threads}, the first {@code operations % threads} one more).
 *
 * @param property   the property the count was read from
 * @param operations the operations the run attempts; 0 means YCSB would run none at all
 * @param threads    the client threads YCSB starts (at least 1)
 */
public record OperationCount(String property, long operations, int threads) {
  /** The phase as YCSB sees it: {@code dotransactions} true (the default) is a run, false a load. */
  public static boolean isLoad(Properties p) {
    return !Boolean.parseBoolean(p.getProperty("dotransactions", "true").trim());
  }

  /** The property holding the operation count for the phase these properties describe. */
  public static String countProperty(Properties p) {
    return !isLoad(p) ? "operationcount" : p.containsKey("insertcount") ? "insertcount" : "recordcount";
  }

  /**
   * Reads the count the way {@code Client} does.
   *
   * @throws IllegalArgumentException naming the property, when a count or {@code threadcount} is not a whole number
   *                                  that YCSB can read as an int
   */
  public static OperationCount of(Properties p) {
    String property = countProperty(p);
    long operations = intProperty(p, property, 0);
    long threadCount = Math.max(1, intProperty(p, "threadcount", 1));
    long threads = operations > 0 ? Math.min(threadCount, operations) : threadCount;
    return new OperationCount(property, operations, (int) threads);
  }

  /**
   * A non-negative int property, or {@code fallback} when unset.
   *
   * @throws IllegalArgumentException {@code "NAME=VALUE: expected a whole number from 0 to 2147483647"}
   */
  public static long intProperty(Properties p, String name, long fallback) {
    String raw = p.getProperty(name);
    if (raw == null) {
      return fallback;
    }
    String value = raw.trim();
    try {
      long n = Long.parseLong(value);
      if (n >= 0 && n <= Integer.MAX_VALUE) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(name + "=" + Text.shown(raw) + ": expected a whole number from 0 to "
        + Integer.MAX_VALUE + " (YCSB 0.17.0 reads it as an int)");
  }
}
