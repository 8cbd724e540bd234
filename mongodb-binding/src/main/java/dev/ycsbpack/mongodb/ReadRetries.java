package dev.ycsbpack.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.internal.time.ExponentialBackoff;
import java.time.Duration;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The driver's retry rule for one read, as its {@code find} composes it (driver 5.14: {@code FindOperation} runs
 * {@code SpecRetryPolicy} with the read policy and the overload policy, both on only with retryReads):
 * <ul>
 *   <li>an error on the driver's retryable-read rule ({@link PointRead#isRetryable}) gets one retry: two attempts;
 *   <li>an error labelled {@code SystemOverloadedError} raises the attempts to {@code maxAdaptiveRetries + 1} (3 by
 *       default), and one labelled both {@code SystemOverloadedError} and {@code RetryableError} is retried;
 *   <li>the pause before a retry after an overload error is the driver's own exponential backoff with jitter
 *       ({@link ExponentialBackoff#calculateOverloadBackoff}: 100 ms, or the server's {@code baseBackoffMS}, doubling,
 *       at most 10 s); after any other error none.
 * </ul>
 * The point read runs through {@code runCommand}, whose own retry policy is the overload one alone and is on only
 * with retryReads <em>and</em> retryWrites (driver 5.14 {@code CommandReadOperation}): then an overload error the
 * read sees has already had its attempts inside runCommand, and the read adds none. With retryWrites=false runCommand
 * makes one attempt, and this rule makes the rest, as the driver's find would.
 */
final class ReadRetries {
  /** The driver's {@code CommandOperationHelper.DEFAULT_MAX_ADAPTIVE_RETRIES} (PointReadTest checks it). */
  static final int DEFAULT_MAX_ADAPTIVE_RETRIES = 2;
  /** The read policy's one retry (the driver's {@code Descriptor.READ}). */
  private static final int READ_ATTEMPTS = 2;

  private final boolean retryReads;
  private final boolean runCommandRetriesOverload;
  private final int maxAdaptiveRetries;

  /**
   * @param retryReads the client's effective retryReads
   * @param retryWrites the client's effective retryWrites (with retryReads, runCommand retries overload itself)
   * @param maxAdaptiveRetries the client's {@code maxAdaptiveRetries}, null for the driver's default
   */
  ReadRetries(boolean retryReads, boolean retryWrites, Integer maxAdaptiveRetries) {
    this.retryReads = retryReads;
    this.runCommandRetriesOverload = retryReads && retryWrites;
    this.maxAdaptiveRetries = maxAdaptiveRetries == null ? DEFAULT_MAX_ADAPTIVE_RETRIES : maxAdaptiveRetries;
  }

  /** A new read's count of attempts. */
  Attempts start() {
    return new Attempts();
  }

  /** One read's attempts so far: each failure decides whether, and after what pause, there is another. */
  final class Attempts {
    private int failed;
    private int maxAttempts = READ_ATTEMPTS;

    private Attempts() {
    }

    /** The pause before the next attempt after {@code failure}, or null when the read fails with it. */
    Duration next(MongoException failure) {
      int attempt = failed++;
      if (!retryReads) {
        return null;
      }
      boolean overload = failure.hasErrorLabel(MongoException.SYSTEM_OVERLOADED_ERROR_LABEL);
      boolean retryableOverload = overload && failure.hasErrorLabel(MongoException.RETRYABLE_ERROR_LABEL);
      if (runCommandRetriesOverload && retryableOverload) {
        return null; // runCommand made the overload attempts itself
      }
      if (overload) {
        maxAttempts = maxAdaptiveRetries + 1;
      }
      boolean retryable = PointRead.isRetryable(failure) || retryableOverload;
      if (!retryable || attempt >= maxAttempts - 1) {
        return null;
      }
      return overload ? ExponentialBackoff.calculateOverloadBackoff(attempt + 1, baseBackoffMs(failure))
          : Duration.ZERO;
    }
  }

  /** The server's {@code baseBackoffMS} in an overload reply, null when it gives none (the driver's reading). */
  static Long baseBackoffMs(MongoException failure) {
    if (!(failure instanceof MongoCommandException command)) {
      return null;
    }
    BsonDocument response = command.getResponse();
    BsonValue value = response.get("baseBackoffMS");
    if (value == null || !value.isNumber()) {
      return null;
    }
    long parsed = value.asNumber().longValue();
    return parsed > 0 ? parsed : null;
  }
}
