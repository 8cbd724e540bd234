package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.ServerAddress;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The driver's retry rule for one read, as its {@code find} composes it (driver 5.14: {@code FindOperation} runs
 * {@code SpecRetryPolicy} with the read policy and the overload policy, both on only with retryReads):
 * <ul>
 *   <li>an error on the driver's retryable-read rule ({@link PointRead#isRetryable}) gets one retry: two attempts;
 *       under {@code timeoutMS} as many as the deadline allows (the driver's {@code CommandOperationHelper
 *       .createSpecRetryControl} gives a client with timeoutMS {@code NO_RETRIES_LIMIT}; the caller ends the read when
 *       the deadline passes, {@link RetryDeadline});
 *   <li>an error labelled {@code SystemOverloadedError} raises the attempts to {@code maxAdaptiveRetries + 1} (3 by
 *       default) for the rest of the read, and one labelled both {@code SystemOverloadedError} and
 *       {@code RetryableError} is retried;
 *   <li>the pause before a retry after an overload error is the driver's own exponential backoff with jitter
 *       ({@link DriverInternals#overloadBackoff}: 100 ms, or the server's {@code baseBackoffMS}, doubling,
 *       at most 10 s); after any other error none;
 *   <li>each retry deprioritises the servers earlier attempts failed on ({@link SteeredSelection}): on a sharded
 *       cluster every one, elsewhere those that answered SystemOverloadedError when {@code enableOverloadRetargeting}
 *       is on.
 * </ul>
 * The point read runs through {@code runCommand}, whose own retry policy is the overload one alone and is on only
 * with retryReads <em>and</em> retryWrites (driver 5.14 {@code CommandReadOperation}): then one runCommand can make
 * several attempts. They are counted ({@link AttemptCount}) and each later runCommand may make only the attempts the
 * driver's find has left ({@link Attempts#nextCallAttempts()}), so a read makes exactly the find's attempts for any
 * sequence of errors. What differs: the backoff inside one runCommand counts its own attempts from one, and the
 * servers failed inside it, other than the last, are not deprioritised by the read's later runCommands.
 */
final class ReadRetries {
  /** The driver's {@code CommandOperationHelper.DEFAULT_MAX_ADAPTIVE_RETRIES} (PointReadRulesTest checks it). */
  static final int DEFAULT_MAX_ADAPTIVE_RETRIES = 2;
  /** The read policy's one retry (the driver's {@code Descriptor.READ}). */
  private static final int READ_ATTEMPTS = 2;

  private final boolean retryReads;
  private final boolean runCommandRetriesOverload;
  private final int maxAdaptiveRetries;
  private final boolean overloadRetargeting;
  /** The client has a timeoutMS: the read policy's retries are limited by its deadline, not counted. */
  private final boolean untilDeadline;

  /**
   * @param retries       the client's retry settings
   * @param untilDeadline the client has a timeoutMS
   */
  ReadRetries(DriverRetries retries, boolean untilDeadline) {
    this.retryReads = retries.retryReads();
    this.runCommandRetriesOverload = retries.retryReads() && retries.retryWrites();
    this.maxAdaptiveRetries = retries.maxAdaptiveRetries() == null ? DEFAULT_MAX_ADAPTIVE_RETRIES
        : retries.maxAdaptiveRetries();
    this.overloadRetargeting = retries.overloadRetargeting();
    this.untilDeadline = untilDeadline;
  }

  /** A new read's count of attempts. */
  Attempts start() {
    return new Attempts();
  }

  /** One read's attempts so far: each failure decides whether, after what pause and where, there is another. */
  final class Attempts {
    private int made;
    private boolean overloaded;
    /** Servers an attempt failed on: a retry on a sharded cluster avoids them. */
    private final Set<ServerAddress> failed = new LinkedHashSet<>(2);
    /** Servers that answered SystemOverloadedError, when retargeting is on: a retry avoids them on any topology. */
    private final Set<ServerAddress> overloadedServers = new LinkedHashSet<>(2);

    private Attempts() {
    }

    /**
     * The pause before the next attempt after a runCommand that made {@code attempts} attempts (0 when it failed
     * before checking a connection out: still one attempt) and failed with {@code failure}, or null when the read
     * fails with it.
     */
    Duration next(MongoException failure, int attempts) {
      made += Math.max(1, attempts);
      if (!retryReads) {
        return null;
      }
      boolean overload = failure.hasErrorLabel(MongoException.SYSTEM_OVERLOADED_ERROR_LABEL);
      // runCommand retries only after an error labelled overloaded, which raised the driver's attempts
      overloaded |= overload || attempts > 1;
      ServerAddress server = PointRead.failedServer(failure);
      if (server != null) {
        failed.add(server);
        if (overload && overloadRetargeting) {
          overloadedServers.add(server);
        }
      }
      int maxAttempts = overloaded ? maxAdaptiveRetries + 1 : untilDeadline ? Integer.MAX_VALUE : READ_ATTEMPTS;
      boolean retryable = PointRead.isRetryable(failure)
          || (overload && failure.hasErrorLabel(MongoException.RETRYABLE_ERROR_LABEL));
      if (!retryable || made >= maxAttempts) {
        return null;
      }
      return overload ? DriverInternals.overloadBackoff(made, baseBackoffMs(failure)) : Duration.ZERO;
    }

    /** How many attempts the next runCommand may make: those the driver's find has left, at least the one. */
    int nextCallAttempts() {
      return runCommandRetriesOverload ? Math.max(1, maxAdaptiveRetries + 1 - made) : 1;
    }

    /** The servers the next attempt avoids on a sharded cluster. */
    Set<ServerAddress> avoidOnShards() {
      return failed;
    }

    /** The servers the next attempt avoids on any topology. */
    Set<ServerAddress> avoidEverywhere() {
      return overloadedServers;
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
