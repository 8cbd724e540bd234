package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoClientSettings;

/**
 * The client's retry settings in force (URL, options and customizer applied), which the fast path's commands follow
 * as the driver's own operations do.
 *
 * @param retryReads          the client's retryReads
 * @param retryWrites         the client's retryWrites (with retryReads, runCommand retries overload errors itself)
 * @param maxAdaptiveRetries  the client's maxAdaptiveRetries, null for the driver's default
 * @param overloadRetargeting the client's enableOverloadRetargeting: a read's retry avoids an overloaded server on
 *                            any topology
 */
public record DriverRetries(boolean retryReads, boolean retryWrites, Integer maxAdaptiveRetries,
    boolean overloadRetargeting) {
  /** The retry settings of a client built from {@code settings}. */
  public static DriverRetries of(MongoClientSettings settings) {
    return new DriverRetries(settings.getRetryReads(), settings.getRetryWrites(), settings.getMaxAdaptiveRetries(),
        settings.getEnableOverloadRetargeting());
  }
}
