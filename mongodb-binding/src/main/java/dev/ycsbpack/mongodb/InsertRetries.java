package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.OperationCount;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;

/**
 * YCSB's insertion retries ({@code core_workload_insertion_retry_limit},
 * {@code core_workload_insertion_retry_interval}), applied by the binding to the last partial batch, which it sends in
 * {@code cleanup()} where YCSB retries nothing.
 *
 * @param limit how many times a failed insert is tried again (0: never)
 * @param intervalSeconds the pause before each new try
 */
record InsertRetries(int limit, int intervalSeconds) {
  static InsertRetries from(Properties p) {
    // bin/ycsb refuses values that are not whole numbers before YCSB starts; a bare harness gets YCSB's defaults.
    return new InsertRetries(whole(p, "core_workload_insertion_retry_limit", 0),
        whole(p, "core_workload_insertion_retry_interval", 3));
  }

  private static int whole(Properties p, String name, int fallback) {
    try {
      return (int) OperationCount.intProperty(p, name, fallback);
    } catch (IllegalArgumentException e) {
      return fallback;
    }
  }

  /**
   * Sleeps as YCSB's CoreWorkload does between tries: 0.8 to 1.2 times the interval.
   *
   * @return false when interrupted (stop trying)
   */
  boolean pause() {
    try {
      Thread.sleep((long) (1000L * intervalSeconds * (0.8 + 0.4 * ThreadLocalRandom.current().nextDouble())));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
