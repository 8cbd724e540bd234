package dev.ycsbpack.common;

import java.util.Properties;

/**
 * How many operations YCSB 0.17.0's {@code Client} attempts and how many client threads it starts, and whether a
 * finished run did them all: the one implementation of that rule, used by the launcher's verdict, aggregate's reading
 * of a client folder without a verdict, the binding's warm-up gate and the coordinator's split.
 *
 * <p>{@code Client} reads {@code operationcount} for a run, and for a load {@code insertcount} if set, else
 * {@code recordcount}; it starts {@code min(threadcount, operations)} threads when operations are positive (each
 * thread gets {@code operations / threads}, the first {@code operations % threads} one more).
 *
 * @param property   the property the count was read from
 * @param operations the operations the run attempts; 0 means YCSB would run none at all
 * @param threads    the client threads YCSB starts (at least 1)
 * @param timeLimited whether {@code maxexecutiontime} is set: YCSB may then stop at the time limit, before its count
 */
public record OperationCount(String property, long operations, int threads, boolean timeLimited) {
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
    return new OperationCount(property, operations, (int) threads, intProperty(p, "maxexecutiontime", 0) > 0);
  }

  /**
   * The operations a finished run did, as its {@code [OVERALL]} section gives them: YCSB prints no count, only
   * {@code RunTime(ms)} and {@code Throughput(ops/sec)} = operations &times; 1000 / run time.
   *
   * @return the count; 0 when the throughput is NaN (nothing done); -1 when the run took under a millisecond and the
   *     count cannot be recovered
   */
  public static long doneFromOverall(double runTimeMs, double throughput) {
    if (Double.isNaN(throughput)) {
      return 0;
    }
    if (Double.isInfinite(throughput) || runTimeMs == 0) {
      return -1;
    }
    return Math.round(throughput * runTimeMs / 1000.0);
  }

  /**
   * The count rule {@code bin/ycsb} applies to a finished run: it fell short when it did fewer operations than it
   * attempts, unless a time limit may have stopped it. An unknown count (-1) is not judged.
   */
  public boolean fellShort(long done) {
    return !timeLimited && done >= 0 && done < operations;
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
