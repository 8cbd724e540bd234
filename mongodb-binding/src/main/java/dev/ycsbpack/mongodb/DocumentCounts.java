package dev.ycsbpack.mongodb;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoDatabase;
import dev.ycsbpack.common.CollectionCount;
import dev.ycsbpack.common.Redactor;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;

/**
 * This client process's document counts of the measured collection ({@link CollectionCount}): before the phase (in
 * {@code bin/ycsb}'s check), the new documents the server acknowledged, and after the phase, counted by the last
 * client thread to finish, so a run can show its data was really stored.
 *
 * <p>Counts are exact ({@code countDocuments}) and read from the primary: a secondary may lag behind the writes.
 * With {@code mongodb.upsert=true} an insert may replace a document instead of adding one, and with {@code w=0} the
 * server acknowledges nothing, so then no count after the phase is recorded.
 */
final class DocumentCounts {
  private static final AtomicLong INSERTED = new AtomicLong();
  private static final AtomicLong FINISHED_THREADS = new AtomicLong();
  private static volatile Map<String, String> after = Map.of();

  private DocumentCounts() {
  }

  /** Counts before the phase, and starts this process's count of new documents from zero. */
  static Map<String, String> before(MongoDatabase database, Properties p) {
    INSERTED.set(0);
    FINISHED_THREADS.set(0);
    after = Map.of();
    String table = p.getProperty("table", "usertable");
    return Map.of(CollectionCount.COLLECTION, database.getName() + "." + table,
        CollectionCount.BEFORE, Long.toString(count(database, table)));
  }

  /**
   * A client thread has finished, having stored {@code inserted} new documents; the last one of the process counts the
   * collection, unless the driver sees no primary ({@code serverSeen} false: the run lost its server). A count that
   * fails or is skipped is left out (and said on stderr): the run's own verdict is not this count's to decide.
   */
  static void threadFinished(MongoDatabase database, BindingOptions options, Properties p, long inserted,
      BooleanSupplier serverSeen) {
    // added once per thread, not per insert (no shared counter on the operation path); added before this thread
    // counts itself finished, so the last thread sees every thread's documents
    INSERTED.addAndGet(inserted);
    if (FINISHED_THREADS.incrementAndGet() < Warmup.clientThreads(p) || options.upsert()
        || !options.writeConcern().isAcknowledged()) {
      return;
    }
    String table = p.getProperty("table", "usertable");
    if (!serverSeen.getAsBoolean()) {
      System.err.println("mongodb binding: warning: the documents of " + table + " are not counted after the run:"
          + " the driver sees no primary now (the server stopped answering)");
      return;
    }
    try {
      Map<String, String> facts = new TreeMap<>();
      facts.put(CollectionCount.INSERTED, Long.toString(INSERTED.get()));
      facts.put(CollectionCount.AFTER, Long.toString(count(database, table)));
      after = facts;
    } catch (RuntimeException e) {
      System.err.println("mongodb binding: warning: cannot count the documents of " + table + " after the run ("
          + Redactor.shapeOnly().redact(String.valueOf(e.getMessage())) + ")");
    }
  }

  /** The counts after the phase, empty until the last thread has counted. */
  static Map<String, String> after() {
    return after;
  }

  /**
   * A count may not hold a run up: after a run whose server died or froze it would otherwise wait out a whole server
   * selection or socket timeout (30 s each) in the last thread's cleanup. The driver's operation timeout bounds
   * server selection, the connection and the reply together. ({@code withTimeout} is marked alpha in driver 5.x; the
   * pack pins its driver, and a change there fails {@code DocumentCountsTest}.)
   */
  static final long COUNT_TIMEOUT_SECONDS = 10;

  private static long count(MongoDatabase database, String table) {
    return database.withReadPreference(ReadPreference.primary()).withTimeout(COUNT_TIMEOUT_SECONDS, TimeUnit.SECONDS)
        .getCollection(table, BsonDocument.class).countDocuments();
  }
}
