package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.client.MongoDatabase;
import java.util.concurrent.TimeUnit;

/** Under timeoutMS an operation and its retries share one deadline, as the driver's retries do. */
final class RetryDeadline {
  private RetryDeadline() {
  }

  /**
   * {@code database} for the retry of an operation begun at {@code startNanos}: as it is without timeoutMS, else with
   * what is left of the deadline.
   *
   * @throws MongoOperationTimeoutException when nothing is left (its cause the first attempt's failure)
   */
  static MongoDatabase database(MongoDatabase database, Long timeoutMs, long startNanos, MongoException failure,
      String operation) {
    return database(database, timeoutMs, startNanos, 0, failure, operation);
  }

  /**
   * As {@link #database(MongoDatabase, Long, long, MongoException, String)} for a retry sent after a pause of
   * {@code pauseMs} (the driver's backoff before an overload retry): the pause is spent from the same deadline.
   */
  static MongoDatabase database(MongoDatabase database, Long timeoutMs, long startNanos, long pauseMs,
      MongoException failure, String operation) {
    if (timeoutMs == null || timeoutMs <= 0) {
      return database;
    }
    long left = timeoutMs - (System.nanoTime() - startNanos) / 1_000_000 - pauseMs;
    if (left <= 0) {
      throw new MongoOperationTimeoutException("timeoutMS (" + timeoutMs + " ms) expired before the " + operation
          + "'s retry", failure);
    }
    return database.withTimeout(left, TimeUnit.MILLISECONDS);
  }
}
