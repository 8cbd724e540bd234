package dev.ycsbpack.mongodb;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.client.model.WriteModel;
import com.mongodb.client.result.DeleteResult;
import com.mongodb.client.result.InsertManyResult;
import com.mongodb.client.result.UpdateResult;
import dev.ycsbpack.common.InsertDocuments;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.codecs.configuration.CodecRegistries;
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
  private ReadPreference readPreference;
  private ReadConcern readConcern;
  private boolean retryReads;
  private InsertBuffer buffer;
  /** With batching: the run's {@code [INSERT-DOCUMENTS]} counts, shared by all client threads. */
  private InsertAcknowledgements documents;

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
   * @return what the server says it is ({@code server.version}, {@code server.topology}, ...), the driver version and
   *     {@code tls} (off, or on with what is trusted and any check turned off)
   * @throws OptionException naming the bad property
   * @throws DBException when the server cannot be reached
   */
  public static Map<String, String> preflight(Properties properties) throws DBException {
    BindingOptions options = BindingOptions.from(properties);
    try (SharedClients.Lease lease = SharedClients.acquire(options, null)) {
      EmptyCollectionCheck.check(lease.client.getDatabase(options.database()), properties);
      Map<String, String> facts = ServerFacts.of(lease.client);
      facts.put("tls", options.tlsRecord()); // a run with a TLS check off must say so in its results
      return facts;
    }
  }

  /** The version of the MongoDB driver this binding runs on. */
  public static String driverVersion() {
    return ServerFacts.driverVersion();
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
    MongoDatabase plain = lease.client.getDatabase(options.database());
    // The binding's own decoders first; everything else (filters, BsonDocuments) as the client resolves it.
    database = plain.withCodecRegistry(CodecRegistries.fromRegistries(
        CodecRegistries.fromCodecs(FieldsCodec.INSTANCE, PointRead.ReplyCodec.INSTANCE), plain.getCodecRegistry()));
    readPreference = database.getReadPreference();
    readConcern = database.getReadConcern();
    retryReads = lease.retryReads;
    buffer = options.batchSize() > 1 ? new InsertBuffer(options.batchSize()) : null;
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
        Warmup.run(database, options, getProperties());
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
      if (buffer != null && !buffer.isEmpty()) {
        Status flushed = flush();
        if (!flushed.isOk()) {
          throw new DBException("mongodb binding: the final batch of inserts failed (Return="
              + flushed.getName() + " under [" + BATCH_MEASUREMENT + "])");
        }
      }
    } finally {
      lease.close();
      lease = null;
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      BsonDocument command = PointRead.command(table, key, projection(fields), readConcern);
      PointRead.Reply reply;
      try {
        reply = database.runCommand(command, readPreference, PointRead.Reply.class);
      } catch (MongoException e) {
        if (!retryReads || !PointRead.isRetryable(e)) {
          throw e;
        }
        reply = database.runCommand(command, readPreference, PointRead.Reply.class);
      }
      if (!reply.wellFormed) {
        throw new IllegalStateException("the server's reply to find has no cursor.firstBatch");
      }
      if (reply.document == null) {
        return Status.NOT_FOUND;
      }
      result.putAll(reply.document);
      return Status.OK;
    } catch (Exception e) {
      return Failures.handle("READ", e);
    }
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
      cached = PointRead.projection(fields);
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
      UpdateResult r = collection(table).updateOne(idFilter(key), set);
      return r.wasAcknowledged() && r.getMatchedCount() == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (Exception e) {
      return Failures.handle("UPDATE", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      BsonDocument doc = Documents.toDocument(key, values);
      if (buffer == null) {
        if (options.upsert()) {
          collection(table).replaceOne(idFilter(key), doc, UPSERT);
        } else {
          collection(table).insertOne(doc);
        }
        return Status.OK;
      }
      if (buffer.mustFlushBefore(table)) {
        Status flushed = flush();
        if (!flushed.isOk()) {
          buffer.add(table, doc);
          return flushed;
        }
      }
      Status status = buffer.add(table, doc) ? flush() : Status.BATCHED_OK;
      if (status.isOk()) {
        documents.counted(); // YCSB counts this insert as done: the server must acknowledge its document
      }
      return status;
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

  /**
   * Sends the buffered inserts as one unordered batch, records its latency as its own measurement and counts its
   * documents the server acknowledged (all of them, or those the failed batch's write result names).
   */
  private Status flush() {
    String table = buffer.table();
    List<BsonDocument> batch = buffer.drain();
    long start = System.nanoTime();
    Status status;
    long acknowledged = 0;
    boolean w0 = false;
    try {
      if (options.upsert()) {
        List<WriteModel<BsonDocument>> upserts = new ArrayList<>(batch.size());
        for (BsonDocument doc : batch) {
          upserts.add(new ReplaceOneModel<>(new BsonDocument(Documents.ID, doc.get(Documents.ID)), doc, UPSERT));
        }
        BulkWriteResult r = collection(table).bulkWrite(upserts, UNORDERED_BULK);
        w0 = !r.wasAcknowledged();
        acknowledged = w0 ? 0 : stored(r);
      } else {
        InsertManyResult r = collection(table).insertMany(batch, UNORDERED_INSERT);
        w0 = !r.wasAcknowledged();
        acknowledged = w0 ? 0 : r.getInsertedIds().size();
      }
      status = Status.OK;
    } catch (Exception e) {
      if (e instanceof MongoBulkWriteException bulk && bulk.getWriteConcernError() == null) {
        // Unordered: the documents without a write error were stored. The result's count is the server's n; a
        // document with a write error was never stored, whatever n says (mongo-java-server counts them in n).
        acknowledged = Math.min(stored(bulk.getWriteResult()), batch.size() - bulk.getWriteErrors().size());
      }
      // Any other failure (socket, timeout, write concern not satisfied): nothing counts as acknowledged.
      status = Failures.handle(BATCH_MEASUREMENT, e);
    }
    if (w0) {
      documents.sentWithW0(batch.size());
    } else {
      acknowledged = Math.min(acknowledged, batch.size());
      documents.acknowledged(acknowledged);
      documents.notAcknowledged(batch.size() - acknowledged);
    }
    Measurements measurements = Measurements.getMeasurements();
    measurements.measure(BATCH_MEASUREMENT, (int) ((System.nanoTime() - start) / 1000));
    measurements.reportStatus(BATCH_MEASUREMENT, status);
    return status;
  }

  /** Documents a bulk write stored: inserted, and for upserts the replaced (matched) and the upserted ones. */
  private static long stored(BulkWriteResult r) {
    return r.wasAcknowledged() ? (long) r.getInsertedCount() + r.getMatchedCount() + r.getUpserts().size() : 0;
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
