package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoException;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ServerDescription;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;

/**
 * One client thread's point reads on the fast path: the {@link PointRead} command through runCommand, retried as the
 * driver's find retries ({@link ReadRetries}), with a cursor the server left open killed.
 */
public final class PointReads {
  private final MongoClient client;
  /** With the binding's reply codecs ({@link FieldsCodec#withReplyCodecs}); its read preference and concern apply. */
  private final MongoDatabase database;
  /** The client's timeoutMS (null when unset): a read and its retries share one deadline. */
  private final Long timeoutMs;
  /** The driver's find's retry rule, which runCommand alone does not follow. */
  private final ReadRetries readRetries;

  /** Reads through {@code database} (with the binding's reply codecs) of {@code client}, under its settings. */
  public PointReads(MongoClient client, MongoDatabase database, DriverRetries retries) {
    this.client = client;
    this.database = database;
    this.timeoutMs = database.getTimeout(TimeUnit.MILLISECONDS);
    this.readRetries = new ReadRetries(retries, timeoutMs != null);
  }

  /**
   * The fields of the document {@code key} in {@code table} ({@code projection} null for all), or null when there is
   * none; the driver's exception when the read failed.
   */
  public FieldsCodec.Fields read(String table, String key, BsonDocument projection) {
    BsonDocument command = PointRead.command(table, key, projection, database.getReadConcern());
    long start = timeoutMs != null ? System.nanoTime() : 0;
    PointRead.Reply reply;
    long checkouts = AttemptCount.started();
    try {
      reply = database.runCommand(command, database.getReadPreference(), PointRead.Reply.class);
    } catch (MongoException e) {
      reply = retry(command, e, (int) (AttemptCount.started() - checkouts), start);
    }
    if (!reply.wellFormed) {
      throw new IllegalStateException("the server's reply to find has no cursor.firstBatch");
    }
    if (reply.cursorId != 0) {
      killCursor(table, reply.cursorId);
    }
    return reply.document;
  }

  /**
   * The driver's retries of a read whose first runCommand made {@code attempts} attempts and failed with
   * {@code failure} ({@link ReadRetries}): each avoiding the servers that failed as the driver's do, after the driver's
   * backoff when the server said it is overloaded, making no attempt the driver's find would not (runCommand's own
   * overload retries included), and under timeoutMS within what is left of the read's own deadline (all attempts
   * share it, as the driver's do).
   */
  private PointRead.Reply retry(BsonDocument command, MongoException failure, int attempts, long start) {
    ReadRetries.Attempts read = readRetries.start();
    while (true) {
      Duration pause = read.next(failure, attempts);
      if (pause == null) {
        throw failure;
      }
      MongoDatabase retryOn = RetryDeadline.database(database, timeoutMs, start, pause.toMillis(), failure, "read");
      if (!pause.isZero()) {
        try {
          Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw failure;
        }
      }
      long checkouts = AttemptCount.started();
      try {
        return SteeredSelection.retrying(read.avoidOnShards(), read.avoidEverywhere(), read.nextCallAttempts(),
            () -> retryOn.runCommand(command, retryOn.getReadPreference(), PointRead.Reply.class));
      } catch (MongoException e) {
        failure = e;
      } catch (SteeredSelection.AttemptsSpent e) {
        throw failure; // not expected: runCommand fails with its last attempt's error when selection refuses
      }
      attempts = (int) (AttemptCount.started() - checkouts);
    }
  }

  /**
   * Kills a cursor the server left open after a point read (it should not, with {@code singleBatch}; the driver's
   * find kills it when its cursor closes). The reply does not say which server answered, so the kill goes to each
   * server the read preference allows, each on its own: an id unknown to a server is harmless there. Best effort, as
   * the driver's: the read's answer stands whatever the kill meets.
   */
  private void killCursor(String table, long cursorId) {
    BsonDocument kill = PointRead.killCursors(table, cursorId);
    ReadPreference readPreference = database.getReadPreference();
    for (ServerDescription server : readPreference.choose(client.getClusterDescription())) {
      try {
        SteeredSelection.pinned(server.getAddress(), () -> database.runCommand(kill, readPreference));
      } catch (MongoException e) {
        // the cursor times out on the server by itself
      }
    }
  }
}
