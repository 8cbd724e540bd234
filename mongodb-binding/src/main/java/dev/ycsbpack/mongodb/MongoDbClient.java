package dev.ycsbpack.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.ReadPreference;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.UpdateResult;
import dev.ycsbpack.common.InsertDocuments;
import dev.ycsbpack.mongodb.wire.CommandWrites;
import dev.ycsbpack.mongodb.wire.Documents;
import dev.ycsbpack.mongodb.wire.DriverInternals;
import dev.ycsbpack.mongodb.wire.FastPath;
import dev.ycsbpack.mongodb.wire.FieldsCodec;
import dev.ycsbpack.mongodb.wire.PointReads;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * YCSB binding for MongoDB on mongodb-driver-sync 5.x, registered in {@code bin/ycsb} as {@code mongodb}.
 *
 * <p>YCSB makes one instance per client thread: {@code init()}, many operations, {@code cleanup()}, all on
 * that thread. Instances share one driver client (see {@link SharedClients}). No exception leaves an
 * operation: failures become statuses (see {@link Failures}).
 */
public class MongoDbClient extends DB {
  /** Each flushed batch is timed under this name, so per-insert latencies stay honest. */
  public static final String BATCH_MEASUREMENT = InsertDocuments.BATCH_SECTION;

  private static final ReplaceOptions UPSERT = new ReplaceOptions().upsert(true);
  private static final InsertManyOptions UNORDERED_INSERT = new InsertManyOptions().ordered(false);
  private static final BulkWriteOptions UNORDERED_BULK = new BulkWriteOptions().ordered(false);
  private static final Set<String> REPORTED_INIT_FAILURES = ConcurrentHashMap.newKeySet();
  private static final Set<String> CLEANUP_NOTES = ConcurrentHashMap.newKeySet();
  private static final BsonDocument ID_ASCENDING = new BsonDocument(Documents.ID, new BsonInt32(1));
  /** Distinct field sets whose projection a client thread keeps; YCSB asks for one field or all of them. */
  private static final int MAX_CACHED_PROJECTIONS = 256;

  private final Consumer<MongoClientSettings.Builder> customizer;
  private final Map<String, MongoCollection<BsonDocument>> collections = new HashMap<>();
  private final Map<String, MongoCollection<FieldsCodec.Fields>> scanCollections = new HashMap<>();
  /** Read-only once built: they go into many commands. */
  private final Map<Set<String>, BsonDocument> projections = new HashMap<>();
  private BindingOptions options;
  private SharedClients.Lease lease;
  private MongoDatabase database;
  /** Point reads by command ({@link FastPath}); null off the fast path, when they are the driver's find. */
  private PointReads reads;
  /** Updates and batched inserts by command; null with w=0 or off the fast path, when they stay the driver's. */
  private CommandWrites writes;
  private InsertBuffer buffer;
  private InsertRetries retries;
  /** With batching: the run's {@code [INSERT-DOCUMENTS]} counts, shared by all client threads. */
  private InsertAcknowledgements documents;
  /** New documents this thread stored and the server acknowledged, for the collection count after the run. */
  private long insertedHere;
  /** This thread's last batch got no answer (a network error or a timeout): the server may be gone. */
  private boolean lastBatchUnanswered;

  /** The constructor YCSB uses. */
  public MongoDbClient() {
    this(null);
  }

  /**
   * For embedding: {@code customizer} sees the driver settings after all options are applied (to add a
   * command listener, say). Instances with the same options and the same customizer object share a client.
   */
  public MongoDbClient(Consumer<MongoClientSettings.Builder> customizer) {
    this.customizer = customizer;
  }

  /**
   * Checks the options and that the server answers, before YCSB starts its threads; {@code bin/ycsb} calls
   * this so a bad option or an unreachable server is one clear message and a non-zero exit, not a stack
   * trace per thread followed by an empty result.
   *
   * @return what the server says it is ({@code server.version}, {@code server.topology}, ...), the driver version,
   *     the write concern, read concern and read preference in force ({@link EffectiveConcerns}) and {@code tls} (off,
   *     or on with what is trusted and any check turned off)
   * @throws OptionException naming the bad property
   * @throws DBException when the server cannot be reached
   */
  public static Map<String, String> preflight(Properties properties) throws DBException {
    LauncherOnlyProperties.preflightRan();
    BindingOptions options = BindingOptions.from(properties);
    try (SharedClients.Lease lease = SharedClients.acquire(options, null)) {
      MongoDatabase database = lease.client.getDatabase(options.database());
      EmptyCollectionCheck.check(database, properties, options.redactor());
      FreshCollection.prepare(database, properties);
      Map<String, String> facts = new TreeMap<>(ServerFacts.of(lease.client));
      facts.putAll(lease.concerns.facts());
      facts.put("tls", options.tlsRecord()); // a run with a TLS check off must say so in its results
      facts.put(FastPath.FACT, options.fastPath().shown()); // so must one on the driver's public API alone
      facts.putAll(DocumentCounts.before(database, properties));
      return facts;
    } catch (RuntimeException e) {
      if (e instanceof OptionException) {
        throw e;
      }
      // bin/ycsb reports a DBException as one line (exit 1); nothing the driver throws may escape as a stack trace
      throw new DBException("mongodb binding: the start-up check failed: "
          + options.redactor().redact(String.valueOf(e)));
    }
  }

  /**
   * What the process's last client thread counted after the phase ({@code collection.documents.after} and
   * {@code .inserted}), for the client folder's environment record; empty before that, or with upserts.
   */
  public static Map<String, String> afterRun() {
    return DocumentCounts.after();
  }

  /**
   * Documents this process's warm-up ({@code mongodb.warmup}) inserted into its scratch collection: the server's
   * insert counter includes them, YCSB's measurements do not (the telemetry's opcounter check subtracts them).
   */
  public static long warmupInserts() {
    return Warmup.PROCESS.sent();
  }

  /** The version of the MongoDB driver this binding runs on. */
  public static String driverVersion() {
    return DriverInternals.driverVersion();
  }

  @Override
  public void init() throws DBException {
    try {
      options = BindingOptions.from(getProperties());
      lease = SharedClients.acquire(options, customizer);
    } catch (OptionException e) {
      throw reportOnce(new DBException("mongodb binding: " + e.getMessage()));
    } catch (DBException e) {
      throw reportOnce(e);
    }
    LauncherOnlyProperties.sayIgnored(getProperties()); // under another launcher than the pack's bin/ycsb
    database = FieldsCodec.withReplyCodecs(lease.client.getDatabase(options.database()));
    boolean fast = options.fastPath().on();
    reads = fast ? new PointReads(lease.client, database, lease.retries) : null;
    writes = fast && database.getWriteConcern().isAcknowledged() ? new CommandWrites(lease.client, database,
        lease.retries.retryWrites(), database.getTimeout(TimeUnit.MILLISECONDS), lease.writeLimits) : null;
    buffer = options.batchSize() > 1 ? new InsertBuffer(options.batchSize()) : null;
    retries = InsertRetries.from(getProperties());
    if (buffer != null) {
      try {
        documents = InsertAcknowledgements.of(Measurements.getMeasurements());
      } catch (IllegalStateException e) {
        lease.close();
        lease = null;
        throw reportOnce(new DBException("mongodb binding: " + e.getMessage()));
      }
    }
    if (options.warmup() > 0) {
      // YCSB does not time init(), so these inserts stay out of every measurement.
      try {
        Warmup.PROCESS.run(database, options, getProperties());
      } catch (DBException e) {
        // YCSB calls no cleanup() after a failed init(): release the shared client here.
        lease.close();
        lease = null;
        throw reportOnce(e);
      }
    }
  }

  /** Every thread fails init the same way; the reason is printed by the first one only. */
  private static DBException reportOnce(DBException e) {
    if (REPORTED_INIT_FAILURES.add(e.getMessage())) {
      System.err.println(e.getMessage());
    }
    return e;
  }

  @Override
  public void cleanup() throws DBException {
    if (lease == null) {
      return;
    }
    try {
      if (buffer != null) {
        flushLast();
      }
    } finally {
      // a server the driver no longer sees (killed, or its socket timed out) is not counted: nothing would answer
      if (writes != null) {
        writes.close();
        writes = null;
      }
      MongoClient client = lease.client;
      DocumentCounts.threadFinished(database, options, getProperties(), insertedHere,
          () -> client.getClusterDescription().hasReadableServer(ReadPreference.primary()));
      lease.close();
      lease = null;
    }
  }

  /**
   * Sends what is left in the buffer, trying again like YCSB retries an insert
   * ({@code core_workload_insertion_retry_limit} more times, {@code core_workload_insertion_retry_interval} seconds
   * apart) while documents of unknown fate remain. When this thread's last batch got no answer (a read timeout, a
   * lost connection), its documents are sent again only as such a retry: with no retries allowed (YCSB's default)
   * they are not, so a thread whose batch timed out ends at once, as an unbatched insert that timed out does, instead
   * of waiting on a silent server once more. (After a batch the server answered without settling it, a write concern
   * error say, they are sent once more.)
   * Those whose fate is still unknown at the end stay unsettled: {@code FateUnknown} in {@code [INSERT-DOCUMENTS]}.
   * A failure is said in one line on stderr (the counts carry it into the verdict), not thrown: YCSB would print the
   * exception's trace twice, once on stdout amid its report.
   */
  private void flushLast() {
    Status last = Status.OK;
    long notAcknowledgedBefore = documents.notAcknowledged();
    int unsureSetAside = 0;
    if (retries.limit() == 0 && lastBatchUnanswered) {
      unsureSetAside = buffer.setAsideUnsure();
    }
    for (int attempt = 0; !buffer.isEmpty(); attempt++) {
      if (attempt > 0 && (attempt > retries.limit() || !retries.pause())) {
        break; // what is left was sent and its fate is unknown: it stays unsettled
      }
      last = flush(false).batch();
    }
    long refused = documents.notAcknowledged() - notAcknowledgedBefore;
    if (unsureSetAside > 0) {
      noteOnce("mongodb binding: documents of batches that got no answer were not sent again at the end"
          + " (core_workload_insertion_retry_limit=0): their fate is unknown (" + InsertDocuments.FATE_UNKNOWN
          + " under [" + InsertDocuments.SECTION + "])");
    }
    if (!last.isOk() || refused > 0) {
      noteOnce("mongodb binding: the final batch of inserts failed (Return=" + last.getName() + " under ["
          + BATCH_MEASUREMENT + "]); the counts under [" + InsertDocuments.SECTION + "] say what became of its "
          + "documents");
    }
  }

  /** Says {@code line} on stderr, once per process: every thread's cleanup may meet the same failure. */
  private static void noteOnce(String line) {
    if (CLEANUP_NOTES.add(line)) {
      System.err.println(line);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      FieldsCodec.Fields document = reads != null ? reads.read(table, key, projection(fields))
          : driverRead(table, key, projection(fields));
      if (document == null) {
        return Status.NOT_FOUND;
      }
      result.putAll(document);
      return Status.OK;
    } catch (Exception e) {
      return Failures.handle("READ", e);
    }
  }

  /** Off the fast path: the driver's {@code find(...).first()}, which sends the same command as {@link PointReads}. */
  private FieldsCodec.Fields driverRead(String table, String key, BsonDocument projection) {
    FindIterable<FieldsCodec.Fields> find = scanCollection(table).find(idFilter(key));
    if (projection != null) {
      find.projection(projection);
    }
    return find.first();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      FindIterable<FieldsCodec.Fields> find = scanCollection(table)
          .find(new BsonDocument(Documents.ID, new BsonDocument("$gte", new BsonString(startkey))))
          .sort(ID_ASCENDING).limit(recordcount).batchSize(recordcount);
      BsonDocument projection = projection(fields);
      if (projection != null) {
        find.projection(projection);
      }
      try (MongoCursor<FieldsCodec.Fields> cursor = find.iterator()) {
        while (cursor.hasNext()) {
          result.add(cursor.next());
        }
      }
      return result.isEmpty() ? Status.NOT_FOUND : Status.OK;
    } catch (Exception e) {
      return Failures.handle("SCAN", e);
    }
  }

  /** null for all fields. */
  private BsonDocument projection(Set<String> fields) {
    if (fields == null) {
      return null;
    }
    BsonDocument cached = projections.get(fields);
    if (cached == null) {
      cached = Documents.projection(fields);
      if (projections.size() < MAX_CACHED_PROJECTIONS) {
        projections.put(Set.copyOf(fields), cached);
      }
    }
    return cached;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      BsonDocument set = new BsonDocument("$set", Documents.putFields(new BsonDocument(), values));
      if (writes != null) {
        return writes.update(table, key, set) == 0 ? Status.NOT_FOUND : Status.OK;
      }
      UpdateResult r = collection(table).updateOne(idFilter(key), set);
      return r.wasAcknowledged() && r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (Exception e) {
      return Failures.handle("UPDATE", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      if (buffer == null) {
        BsonDocument doc = Documents.encoded(key, values);
        if (options.upsert()) {
          collection(table).replaceOne(idFilter(key), doc, UPSERT);
        } else {
          collection(table).insertOne(doc);
          insertedHere++;
        }
        return Status.OK;
      }
      BsonDocument retried = buffer.retried(key);
      if (buffer.mustFlushBefore(table)) {
        Flushed flushed = flush(false);
        if (!buffer.isEmpty()) {
          return flushed.batch(); // the other table's documents wait to be sent again
        }
      }
      BsonDocument doc = retried != null ? retried : Documents.encoded(key, values);
      if (!buffer.add(table, doc)) {
        documents.counted(); // YCSB counts this insert as done: the server must acknowledge its document
        return Status.BATCHED_OK;
      }
      return flush(true).trigger();
    } catch (Exception e) {
      return Failures.handle("INSERT", e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      DeleteResult r = collection(table).deleteOne(idFilter(key));
      return r.wasAcknowledged() && r.getDeletedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (Exception e) {
      return Failures.handle("DELETE", e);
    }
  }

  /** A flush's status for the batch as a whole, and for the insert that sent it (OK when there was none). */
  private record Flushed(Status batch, Status trigger) {
  }

  /**
   * Sends the buffered inserts as one unordered batch, records its latency as its own measurement, and settles each
   * document by its fate ({@link BatchFates}): stored documents count as acknowledged, refused ones as not; ones
   * whose fate is unknown go back into the buffer to be sent again (all but the insert that sent the batch, which
   * YCSB retries itself). Every document YCSB counted thus ends acknowledged or not acknowledged, exactly once.
   *
   * @param lastIsTrigger the last document belongs to the insert now running, which YCSB has not counted yet
   */
  private Flushed flush(boolean lastIsTrigger) {
    String table = buffer.table();
    List<BsonDocument> batch = buffer.drain();
    long start = System.nanoTime();
    Exception failure = null;
    boolean w0 = false;
    try {
      w0 = !send(table, batch);
    } catch (Exception e) {
      failure = e;
    }
    lastBatchUnanswered = failure != null && Failures.isUnanswered(failure);
    Measurements measurements = Measurements.getMeasurements();
    measurements.measure(BATCH_MEASUREMENT, (int) ((System.nanoTime() - start) / 1000));
    List<BatchFates.Fate> fates = failure == null || w0 ? BatchFates.allStored(batch.size())
        : BatchFates.of(failure, batch, buffer::isUnsure, collection(table));
    // A re-send refused only because the earlier send had stored every document is a success.
    boolean allStored = fates.stream().allMatch(f -> f.kind() == BatchFates.Kind.STORED);
    Status batchStatus = allStored ? Status.OK : Failures.handle(BATCH_MEASUREMENT, failure);
    measurements.reportStatus(BATCH_MEASUREMENT, batchStatus);
    if (w0) {
      documents.sentWithW0(batch.size());
      if (lastIsTrigger) {
        documents.counted();
      }
      return new Flushed(batchStatus, Status.OK);
    }
    Status trigger = Status.OK;
    long acknowledged = 0;
    long refused = 0;
    for (int i = 0; i < batch.size(); i++) {
      BsonDocument doc = batch.get(i);
      BatchFates.Fate fate = fates.get(i);
      boolean isTrigger = lastIsTrigger && i == batch.size() - 1;
      switch (fate.kind()) {
        case STORED -> {
          acknowledged++;
          buffer.settled(doc);
          if (isTrigger) {
            documents.counted();
          }
        }
        case REFUSED -> {
          buffer.settled(doc);
          if (isTrigger) {
            trigger = fate.refusal(); // not counted by YCSB, so not one of the NotAcknowledged
          } else {
            refused++;
          }
        }
        case UNKNOWN -> {
          if (isTrigger) {
            buffer.awaitRetry(doc);
            trigger = batchStatus;
          } else {
            buffer.sendAgain(table, doc);
          }
        }
      }
    }
    documents.acknowledged(acknowledged);
    documents.notAcknowledged(refused);
    insertedHere += acknowledged;
    return new Flushed(batchStatus, trigger);
  }

  /**
   * One unordered batch: an insert command ({@link InsertCommand}) when the write is acknowledged and the batch fits
   * one command, else the driver's insertMany (or its bulk of upserts).
   *
   * @return false when the write was unacknowledged ({@code w=0})
   */
  private boolean send(String table, List<BsonDocument> batch) {
    if (options.upsert()) {
      List<WriteModel<BsonDocument>> upserts = new ArrayList<>(batch.size());
      for (BsonDocument doc : batch) {
        upserts.add(new ReplaceOneModel<>(new BsonDocument(Documents.ID, doc.get(Documents.ID)), doc, UPSERT));
      }
      return collection(table).bulkWrite(upserts, UNORDERED_BULK).wasAcknowledged();
    }
    if (writes != null && writes.insert(table, batch)) {
      return true; // sent as one command; false: it does not fit one
    }
    return collection(table).insertMany(batch, UNORDERED_INSERT).wasAcknowledged();
  }

  private MongoCollection<BsonDocument> collection(String table) {
    return collections.computeIfAbsent(table, t -> database.getCollection(t, BsonDocument.class));
  }

  private MongoCollection<FieldsCodec.Fields> scanCollection(String table) {
    return scanCollections.computeIfAbsent(table, t -> database.getCollection(t, FieldsCodec.Fields.class));
  }

  /** {@code {_id: key}} as a BsonDocument: the driver sends it as it is, with no codec lookup. */
  private static BsonDocument idFilter(String key) {
    return new BsonDocument(Documents.ID, new BsonString(key));
  }
}
