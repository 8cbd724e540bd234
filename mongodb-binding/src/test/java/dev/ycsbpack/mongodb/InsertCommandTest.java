package dev.ycsbpack.mongodb;

import static dev.ycsbpack.mongodb.ProxiedMongos.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.ServerAddress;
import com.mongodb.client.model.InsertManyOptions;
import dev.ycsbpack.testkit.TestTargets.Target;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import dev.ycsbpack.testkit.WireRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * A batch of inserts on the wire as one {@code insert} command, through {@link WireProxy} in front of mongo-java-server
 * whose {@code hello} replies the proxy turns into a mongos's with sessions (so the client does retryable writes as
 * against a sharded cluster): the command's fields and documents as the driver's insertMany sends them, its write
 * concern, {@code lsid} and {@code txnNumber}; one retry with the same transaction number on a retryable error or a
 * reset connection, none with retryWrites=false or on write errors; a write concern error counted as
 * WRITE_CONCERN_FAILED; write errors as the driver's bulk-write exception.
 */
class InsertCommandTest {
  private ProxiedMongos mongos;
  private WireProxy proxy;
  /** Every insert command the client sent, as it went on the wire. */
  private final List<WireRequest> inserts = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() {
    mongos = ProxiedMongos.start();
    proxy = mongos.proxy;
  }

  @AfterEach
  void stop() {
    mongos.close();
  }

  /** MongoDB's own write limits (3.6 and later). */
  private static final WriteLimits STANDARD = new WriteLimits(100_000, 16 * 1024 * 1024);

  private BindingHarness harness(String... pairs) {
    List<String> all = new ArrayList<>(List.of("mongodb.batchsize=3"));
    all.addAll(List.of(pairs));
    return new BindingHarness(new Target("proxy", mongos.url(), false, false), all.toArray(new String[0]));
  }

  /** Records insert commands; {@code answer} may answer the n-th itself (null: forward it). */
  private void onInsert(Function<Integer, WireDecision> answer) {
    AtomicInteger seen = new AtomicInteger();
    proxy.onRequest(r -> {
      if (!r.command().equals("insert")) {
        return WireDecision.forward();
      }
      inserts.add(r);
      WireDecision decision = answer.apply(seen.incrementAndGet());
      return decision == null ? WireDecision.forward() : decision;
    });
  }

  private static Map<String, ByteIterator> value(String v) {
    return new HashMap<>(Map.of("field0", new StringByteIterator(v), "field1", new StringByteIterator(v + v)));
  }

  /** Inserts keys k0..k{count-1} through the binding and sends what is left; the statuses in order. */
  private static List<Status> load(BindingHarness h, int count) throws Exception {
    MongoDbClient db = h.client();
    List<Status> statuses = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      statuses.add(db.insert(h.table, "k" + k, value("v" + k)));
    }
    h.cleanup(db);
    return statuses;
  }

  private static List<String> ids(BsonDocument command) {
    List<String> ids = new ArrayList<>();
    command.getArray("documents").forEach(d -> ids.add(d.asDocument().getString("_id").getValue()));
    return ids;
  }

  @Test
  void aBatchIsOneInsertCommandWithItsWriteConcernSessionAndTransactionNumber() throws Exception {
    onInsert(n -> null);
    try (BindingHarness h = harness("mongodb.w=majority", "mongodb.wtimeout=5000")) {
      List<Status> statuses = load(h, 7);
      assertEquals(List.of(Status.BATCHED_OK, Status.BATCHED_OK, Status.OK, Status.BATCHED_OK, Status.BATCHED_OK,
          Status.OK, Status.BATCHED_OK), statuses);
      assertEquals(7, h.collection().countDocuments());
      BsonDocument stored = h.collection().find(new BsonDocument("_id", new BsonString("k4"))).first();
      assertEquals(new BsonBinary("v4".getBytes()), stored.get("field0"));
      assertEquals(new BsonBinary("v4v4".getBytes()), stored.get("field1"));
    }
    assertEquals(3, inserts.size(), "one command per batch (3, 3 and the last 1): " + inserts);
    BsonDocument first = inserts.get(0).body();
    assertEquals(List.of("insert", "ordered", "writeConcern", "txnNumber", "documents"),
        new ArrayList<>(first.keySet()).subList(0, 5), "the driver's fields, in its order");
    assertFalse(first.getBoolean("ordered").getValue(), "unordered, as the binding's insertMany was");
    assertEquals(new BsonDocument("w", new BsonString("majority")).append("wtimeout", new BsonInt32(5000)),
        first.getDocument("writeConcern"));
    assertEquals(List.of("k0", "k1", "k2"), ids(first));
    assertEquals(List.of("k3", "k4", "k5"), ids(inserts.get(1).body()));
    assertEquals(List.of("k6"), ids(inserts.get(2).body()), "the last partial batch is sent too");
    assertTrue(first.containsKey("lsid"), "retryable: the session on the command");
    assertEquals(first.get("lsid"), inserts.get(1).body().get("lsid"), "one session per client thread");
    assertEquals(first.getInt64("txnNumber").getValue() + 1, inserts.get(1).body().getInt64("txnNumber").getValue());
  }

  /** The same fields, in the same order, and the same documents as the driver's own unordered insertMany sends. */
  @Test
  void theCommandIsTheDriversInsertMany() throws Exception {
    onInsert(n -> null);
    List<BsonDocument> ours;
    try (BindingHarness h = harness("mongodb.w=majority")) {
      load(h, 3);
      ours = h.collection().find().into(new ArrayList<>());
      try (com.mongodb.client.MongoClient driver = com.mongodb.client.MongoClients.create(
          h.properties.getProperty("mongodb.url") + "&w=majority")) {
        driver.getDatabase(BindingHarness.TEST_DATABASE).getCollection(h.table + "_driver", BsonDocument.class)
            .insertMany(ours, new InsertManyOptions().ordered(false));
      }
    }
    assertEquals(2, inserts.size(), inserts::toString);
    BsonDocument binding = inserts.get(0).body();
    BsonDocument drivers = inserts.get(1).body();
    List<String> keys = new ArrayList<>(binding.keySet());
    keys.remove("documents"); // the driver sends its documents as a document sequence, the command in the body
    assertEquals(new ArrayList<>(drivers.keySet()), keys);
    assertEquals(drivers.get("ordered"), binding.get("ordered"));
    assertEquals(drivers.get("writeConcern"), binding.get("writeConcern"));
    assertTrue(drivers.containsKey("txnNumber"), "the driver's insertMany is retryable here too: " + drivers);
    List<BsonDocument> sentByBinding = new ArrayList<>();
    binding.getArray("documents").forEach(d -> sentByBinding.add(d.asDocument()));
    assertEquals(inserts.get(1).sequences().get("documents"), sentByBinding, "the same documents, byte for byte");
  }

  @Test
  void aRetryableErrorIsRetriedOnceWithTheSameTransactionNumber() throws Exception {
    onInsert(n -> n == 2 ? WireDecision.reply(error(91, RetryableWrites.RETRYABLE_WRITE_ERROR)) : null);
    try (BindingHarness h = harness()) {
      assertEquals(Status.OK, load(h, 6).get(5), "the second batch: refused once, then retried");
      assertEquals(6, h.collection().countDocuments());
    }
    assertEquals(3, inserts.size(), inserts::toString);
    assertEquals(inserts.get(1).body().get("txnNumber"), inserts.get(2).body().get("txnNumber"), "the same write");
    assertEquals(inserts.get(1).body().get("lsid"), inserts.get(2).body().get("lsid"));
    assertEquals(ids(inserts.get(1).body()), ids(inserts.get(2).body()));
    assertNotEquals(inserts.get(0).body().get("txnNumber"), inserts.get(1).body().get("txnNumber"));
    assertFalse(inserts.get(1).body().containsKey("writeConcern"), "the server's default write concern is not sent");
  }

  @Test
  void aNetworkErrorIsRetriedOnANewConnectionWithTheSameTransactionNumber() throws Exception {
    onInsert(n -> n == 1 ? WireDecision.reset() : null);
    try (BindingHarness h = harness()) {
      assertEquals(Status.OK, load(h, 3).get(2));
      assertEquals(3, h.collection().countDocuments());
    }
    assertEquals(2, inserts.size(), inserts::toString);
    assertEquals(inserts.get(0).body().get("txnNumber"), inserts.get(1).body().get("txnNumber"));
    assertNotEquals(inserts.get(0).connection(), inserts.get(1).connection(), "the retry connects anew");
  }

  @Test
  void noTransactionNumberAndNoRetryWithRetryWritesOff() throws Exception {
    onInsert(n -> n == 1 ? WireDecision.reply(error(91, RetryableWrites.RETRYABLE_WRITE_ERROR)) : null);
    try (BindingHarness h = harness("mongodb.retryWrites=false")) {
      MongoDbClient db = h.client();
      db.insert(h.table, "k0", value("a"));
      db.insert(h.table, "k1", value("b"));
      // the batch fails, not retried by the command: the sending insert gets the failure, its documents stay unsure
      assertEquals(Status.SERVICE_UNAVAILABLE, db.insert(h.table, "k2", value("c")));
      assertEquals(1, inserts.size(), "no retry: " + inserts);
      h.cleanup(db);
    }
    assertFalse(inserts.get(0).body().containsKey("txnNumber"));
  }

  /** Write errors are never retried; each refused document is the one at its index, the others stored. */
  @Test
  void writeErrorsAreNotRetriedAndEachFallsOnItsOwnDocument() throws Exception {
    try (BindingHarness h = harness()) {
      h.collection().insertOne(new BsonDocument("_id", new BsonString("k1")));
      onInsert(n -> null); // from here: the binding's inserts
      List<Status> statuses = load(h, 3);
      assertSame(Status.OK, statuses.get(2), "the sending insert's own document was stored");
      assertEquals(3, h.collection().countDocuments(), "k0 and k2 stored, k1 refused as taken");
      assertNull(h.collection().find(new BsonDocument("_id", new BsonString("k1"))).first().get("field0"),
          "the document that was there stays");
    }
    assertEquals(1, inserts.size(), "a reply with write errors is not retried: " + inserts);
  }

  @Test
  void aWriteConcernErrorIsWriteConcernFailedAndOneTheDriverDoesNotRetryIsNotRetriedEvenLabelled() throws Exception {
    onInsert(n -> null);
    AtomicBoolean inject = new AtomicBoolean(true);
    // WriteConcernFailed (64) is no error the driver retries (not a not-primary, recovering or time-limit one), even
    // when the reply carries the retryable label
    mongos.rewriteReplies(command -> !command.equals("insert") || !inject.get() ? null
        : reply -> reply.append("writeConcernError", new BsonDocument("code", new BsonInt32(64))
            .append("codeName", new BsonString("WriteConcernFailed"))
            .append("errmsg", new BsonString("waiting for replication timed out")))
            .append("errorLabels", new BsonArray(List.of(new BsonString(RetryableWrites.RETRYABLE_WRITE_ERROR)))));
    try (BindingHarness h = harness("mongodb.w=majority", "mongodb.wtimeout=10")) {
      MongoDbClient db = h.client();
      db.insert(h.table, "k0", value("a"));
      db.insert(h.table, "k1", value("b"));
      assertEquals(Failures.WRITE_CONCERN_FAILED, db.insert(h.table, "k2", value("c")));
      assertEquals(1, inserts.size(), "not retried: " + inserts);
      inject.set(false);
      h.cleanup(db); // sends k0 and k1 again: their fate was unknown
    }
    assertEquals(List.of("k0", "k1"), ids(inserts.get(1).body()));
  }

  /**
   * A write concern error the driver retries (91, labelled retryable): the batch is sent again with the same
   * transaction number, with write errors beside it or not, as the driver's bulk write decides from the write concern
   * error alone. The first attempt is answered by the proxy without reaching the server (as a primary that stepped
   * down before it replicated may answer), so the retry is what stores the documents: mongo-java-server keeps no
   * record of transaction numbers.
   */
  @ParameterizedTest(name = "write errors beside it: {0}")
  @ValueSource(booleans = {false, true})
  void aRetryableWriteConcernErrorIsRetried(boolean withWriteErrors) throws Exception {
    BsonDocument reply = new BsonDocument("ok", new BsonDouble(1)).append("n", new BsonInt32(withWriteErrors ? 2 : 0));
    if (withWriteErrors) {
      reply.append("writeErrors", new BsonArray(List.of(new BsonDocument("index", new BsonInt32(1))
          .append("code", new BsonInt32(11000)).append("errmsg", new BsonString("E11000 injected")))));
    }
    reply.append("writeConcernError", new BsonDocument("code", new BsonInt32(91))
            .append("errmsg", new BsonString("shutting down")))
        .append("errorLabels", new BsonArray(List.of(new BsonString(RetryableWrites.RETRYABLE_WRITE_ERROR))));
    onInsert(n -> n == 1 ? WireDecision.reply(reply) : null);
    try (BindingHarness h = harness()) {
      assertEquals(Status.OK, load(h, 3).get(2));
      assertEquals(3, h.collection().countDocuments());
    }
    assertEquals(2, inserts.size(), inserts::toString);
    assertEquals(inserts.get(0).body().get("txnNumber"), inserts.get(1).body().get("txnNumber"));
  }

  /** The write concern errors the binding may retry are those the driver turns into a retryable exception. */
  @Test
  void theWriteConcernErrorsThatMayBeRetriedAreTheDrivers() throws Exception {
    java.lang.reflect.Method special = Class.forName("com.mongodb.internal.connection.ProtocolHelper")
        .getMethod("createSpecialException", BsonDocument.class, ServerAddress.class, String.class,
            com.mongodb.internal.TimeoutContext.class);
    com.mongodb.internal.TimeoutContext timeouts =
        new com.mongodb.internal.TimeoutContext(com.mongodb.internal.TimeoutSettings.DEFAULT);
    List<BsonDocument> errors = new ArrayList<>();
    for (int code : new int[] {50, 64, 79, 91, 100, 189, 262, 6, 7, 89, 9001, 10058, 10107, 11000, 11600, 11602,
        13435, 13436}) {
      errors.add(new BsonDocument("code", new BsonInt32(code)).append("errmsg", new BsonString("injected")));
      errors.add(new BsonDocument("code", new BsonInt32(code)).append("errmsg", new BsonString("not master")));
    }
    for (String message : new String[] {"not master", "not master or secondary", "node is recovering", "other", ""}) {
      errors.add(new BsonDocument("errmsg", new BsonString(message)));
    }
    java.lang.reflect.Method label = Class.forName("com.mongodb.internal.operation.CommandOperationHelper")
        .getDeclaredMethod("addRetryableWriteErrorLabelIfNeeded", MongoException.class, int.class);
    label.setAccessible(true);
    ServerAddress server = new ServerAddress("h", 1);
    int retryable = 0;
    int retried = 0;
    int notRetried = 0;
    for (BsonDocument error : errors) {
      BsonDocument reply = new BsonDocument("ok", new BsonDouble(1)).append("n", new BsonInt32(1))
          .append("writeConcernError", error);
      boolean drivers = special.invoke(null, reply, server, "errmsg", timeouts) != null;
      assertEquals(drivers, RetryableWrites.isRetryableKind(error), () -> "driver and binding differ on " + error);
      retryable += drivers ? 1 : 0;
      // the whole decision: the driver's exception for it, labelled by the server or not, and then by the driver
      // itself on a server below 4.4 (wire version 8) and not from 4.4 (9)
      for (boolean labelled : new boolean[] {false, true}) {
        for (int wire : new int[] {8, 9}) {
          MongoException e = (MongoException) special.invoke(null, reply, server, "errmsg", timeouts);
          boolean driverRetries = false;
          if (e != null) {
            if (labelled) {
              e.addLabel(RetryableWrites.RETRYABLE_WRITE_ERROR);
            }
            label.invoke(null, e, wire);
            driverRetries = e.hasErrorLabel(RetryableWrites.RETRYABLE_WRITE_ERROR);
          }
          MongoException failure = new WriteReply(1, 0, List.of(), error,
              labelled ? List.of(RetryableWrites.RETRYABLE_WRITE_ERROR) : List.of()).writeConcernFailure(server);
          boolean expected = driverRetries;
          String what = error + (labelled ? ", labelled," : ", unlabelled,") + " wire version " + wire;
          assertEquals(expected, RetryableWrites.isRetryable(error, failure, wire), () -> "driver and binding differ "
              + "on retrying " + what);
          retried += driverRetries ? 1 : 0;
          notRetried += driverRetries ? 0 : 1;
        }
      }
    }
    assertTrue(retryable > 10 && retryable < errors.size() - 10, "both kinds checked: " + retryable);
    assertTrue(retried > 10 && notRetried > 10, "both decisions checked: " + retried + " / " + notRetried);
  }

  /** With timeoutMS the driver sends no wtimeout (timeoutMS bounds the write): neither does the binding. */
  @Test
  void withTimeoutMsTheWriteConcernCarriesNoWtimeoutAsTheDriversDoesNot() throws Exception {
    onInsert(n -> null);
    String url = mongos.url() + "&timeoutMS=20000";
    try (BindingHarness h = new BindingHarness(new Target("proxy", url, false, false), "mongodb.batchsize=3",
        "mongodb.w=majority", "mongodb.wtimeout=1000")) {
      load(h, 3);
      try (com.mongodb.client.MongoClient driver = com.mongodb.client.MongoClients.create(
          url + "&w=majority&wtimeoutMS=1000")) {
        driver.getDatabase(BindingHarness.TEST_DATABASE).getCollection(h.table + "_driver", BsonDocument.class)
            .insertMany(List.of(new BsonDocument("_id", new BsonString("d"))), new InsertManyOptions().ordered(false));
      }
    }
    assertEquals(2, inserts.size(), inserts::toString);
    assertEquals(new BsonDocument("w", new BsonString("majority")), inserts.get(1).body().get("writeConcern"),
        "the driver's");
    assertEquals(inserts.get(1).body().get("writeConcern"), inserts.get(0).body().get("writeConcern"));
  }

  /** An ok: 1 reply without n says nothing about the documents: the batch failed, its documents are sent again. */
  @Test
  void aReplyWithoutACountLeavesEveryDocumentsFateUnknown() throws Exception {
    onInsert(n -> n > 1 ? null : WireDecision.reply(new BsonDocument("ok", new BsonDouble(1))));
    try (BindingHarness h = harness()) {
      MongoDbClient db = h.client();
      db.insert(h.table, "k0", value("a"));
      db.insert(h.table, "k1", value("b"));
      assertEquals(Status.ERROR, db.insert(h.table, "k2", value("c")), "not counted as stored");
      h.cleanup(db);
      assertEquals(2, h.collection().countDocuments(), "k0 and k1 sent again and stored (k2 is YCSB's to retry)");
    }
    assertEquals(List.of("k0", "k1"), ids(inserts.get(1).body()));
  }

  /** Write errors and a write concern error as the driver's insertMany throws them, so fates and statuses match. */
  @Test
  void anUncleanReplyBecomesTheDriversBulkWriteException() {
    BsonDocument duplicate = new BsonDocument("index", new BsonInt32(1)).append("code", new BsonInt32(11000))
        .append("errmsg", new BsonString("E11000 duplicate key"));
    BsonDocument noIndex = new BsonDocument("code", new BsonInt32(2)).append("errmsg", new BsonString("bad"));
    BsonDocument concern = new BsonDocument("code", new BsonInt32(64)).append("codeName",
        new BsonString("WriteConcernFailed")).append("errmsg", new BsonString("timed out"))
        .append("errorLabels", new BsonArray(List.of(new BsonString("Y"))));
    WriteReply reply = new WriteReply(2, 0, List.of(duplicate, noIndex), concern, List.of("X"));
    MongoBulkWriteException e = InsertCommand.failure(reply, new ServerAddress("h", 1));
    assertEquals(2, e.getWriteErrors().size());
    assertEquals(1, e.getWriteErrors().get(0).getIndex());
    assertEquals(11000, e.getWriteErrors().get(0).getCode());
    assertEquals("E11000 duplicate key", e.getWriteErrors().get(0).getMessage());
    assertEquals(-1, e.getWriteErrors().get(1).getIndex(), "an error without an index maps onto no document");
    assertEquals(64, e.getWriteConcernError().getCode());
    assertEquals(2, e.getWriteResult().getInsertedCount());
    assertTrue(e.hasErrorLabel("X") && e.hasErrorLabel("Y"), e.getErrorLabels()::toString);
    assertEquals(new ServerAddress("h", 1), e.getServerAddress());
    assertEquals(Failures.WRITE_CONCERN_FAILED, Failures.classify(new MongoBulkWriteException(e.getWriteResult(),
        List.of(), e.getWriteConcernError(), e.getServerAddress(), e.getErrorLabels())));
  }

  /** The documents an insert request carries: in its body (the binding's command) or as a sequence (insertMany's). */
  private static int documentsIn(WireRequest insert) {
    return insert.body().containsKey("documents") ? insert.body().getArray("documents").size()
        : insert.sequenceDocuments();
  }

  /**
   * A server that announces fewer documents per write than MongoDB (mongo-java-server announces 1,000; other servers
   * that speak the protocol may announce less): a batch over it goes to the driver's insertMany, which splits it by
   * the same limit, so no command carries more than the server takes; a batch within it is the binding's one command.
   */
  @Test
  void aBatchOverTheServersAnnouncedCountGoesAsTheDriversSplitBatches() throws Exception {
    mongos.helloExtra = new BsonDocument("maxWriteBatchSize", new BsonInt32(4));
    onInsert(n -> null);
    try (BindingHarness h = harness("mongodb.batchsize=10")) {
      List<Status> statuses = load(h, 14); // a batch of 10, then the last 4 sent by cleanup
      assertEquals(Status.OK, statuses.get(9));
      assertEquals(14, h.collection().countDocuments());
    }
    assertEquals(List.of(4, 4, 2, 4), inserts.stream().map(InsertCommandTest::documentsIn).toList(),
        () -> "documents per insert request: " + inserts);
    assertFalse(inserts.get(0).body().containsKey("documents"), "the batch of 10 went to the driver's insertMany");
    assertTrue(inserts.get(3).body().containsKey("documents"), "the last 4 fit: the binding's one command");
  }

  /** The same for the size of one command: over the announced maxBsonObjectSize, the driver's insertMany sends it. */
  @Test
  void aBatchOverTheServersAnnouncedSizeGoesToTheDriver() throws Exception {
    mongos.helloExtra = new BsonDocument("maxBsonObjectSize", new BsonInt32(1000));
    onInsert(n -> null);
    try (BindingHarness h = harness("mongodb.batchsize=10")) {
      assertEquals(Status.OK, load(h, 12).get(9)); // documents of 49 bytes: 10 and the command's fields over 1,000
      assertEquals(12, h.collection().countDocuments());
    }
    assertEquals(List.of(10, 2), inserts.stream().map(InsertCommandTest::documentsIn).toList(),
        () -> "documents per insert request: " + inserts);
    assertFalse(inserts.get(0).body().containsKey("documents"), "the batch of 10 went to the driver's insertMany");
    assertTrue(inserts.get(1).body().containsKey("documents"), "the last 2 fit: the binding's one command");
  }

  /** Batches one command cannot hold within the server's limits go to the driver's insertMany, which splits them. */
  @Test
  void onlyWhatFitsOneCommandIsSentAsOne() {
    RawBsonDocument small = new RawBsonDocument(new BsonDocument("_id", new BsonString("a")),
        new org.bson.codecs.BsonDocumentCodec());
    assertTrue(fits(List.of(small, small), STANDARD));
    assertTrue(fits(Collections.nCopies(STANDARD.maxDocuments(), small), STANDARD));
    assertFalse(fits(Collections.nCopies(STANDARD.maxDocuments() + 1, small), STANDARD));
    RawBsonDocument big = new RawBsonDocument(new BsonDocument("_id", new BsonString("b"))
        .append("f", new BsonBinary(new byte[4 * 1024 * 1024])), new org.bson.codecs.BsonDocumentCodec());
    assertTrue(fits(List.of(big, big, big), STANDARD));
    assertFalse(fits(List.of(big, big, big, big), STANDARD), "over 16 MiB in all");
    assertFalse(fits(List.of(small, new BsonDocument("_id", new BsonString("c"))), STANDARD),
        "only documents already in bytes are copied");
    WriteLimits announced = new WriteLimits(2, 2 * 1024 * 1024);
    assertTrue(fits(List.of(small, small), announced));
    assertFalse(fits(List.of(small, small, small), announced), "more documents than the server announced");
    assertFalse(fits(List.of(big), announced), "more bytes than the server announced");
  }

  /** The size a batch is checked by bounds the command it becomes, whatever the table name and transaction number. */
  @Test
  void theSizeBoundsTheCommand() {
    RawBsonDocument concern = new RawBsonDocument(new BsonDocument("w", new BsonString("majority"))
        .append("wtimeout", new BsonInt32(10)), new org.bson.codecs.BsonDocumentCodec());
    for (int count : new int[] {0, 1, 100, 999, 1_000, 1_001, 10_000, STANDARD.maxDocuments()}) {
      List<RawBsonDocument> batch = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        batch.add(new RawBsonDocument(new BsonDocument("_id", new BsonString("user" + i)),
            new org.bson.codecs.BsonDocumentCodec()));
      }
      for (String table : new String[] {"t", "\u20ac".repeat(120)}) { // a 3-byte character in UTF-8
        int size = InsertCommand.size(table, batch, STANDARD);
        RawBsonDocument command = InsertCommand.command(table, batch, size, concern, Long.MAX_VALUE);
        int bytes = command.getByteBuffer().remaining();
        assertTrue(bytes <= size + concern.getByteBuffer().remaining(), () -> count + " documents: a command of "
            + bytes + " bytes, over its size " + size);
        assertEquals(count, command.getArray("documents").size());
        // the array's element names are its indexes in order (made once below 1,000, on the fly above), as a
        // server's parser requires: read as the document an array is in BSON
        List<String> names = new ArrayList<>(arrayAsDocument(command, "documents").keySet());
        for (int i = 0; i < count; i++) {
          assertEquals(Integer.toString(i), names.get(i), "element " + i + " of " + count);
        }
        assertEquals(count, names.size());
      }
    }
  }

  /** The array {@code name} of {@code document} read as a document: its element names become keys. */
  private static RawBsonDocument arrayAsDocument(RawBsonDocument document, String name) {
    java.nio.ByteBuffer bytes = document.getByteBuffer().asNIO().order(java.nio.ByteOrder.LITTLE_ENDIAN);
    byte[] head = ("\u0004" + name + "\u0000").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int at = 4; at + head.length < bytes.limit(); at++) {
      int i = 0;
      while (i < head.length && bytes.get(at + i) == head[i]) {
        i++;
      }
      if (i == head.length) {
        int start = at + head.length;
        return new RawBsonDocument(bytes.array(), bytes.arrayOffset() + start, bytes.getInt(start));
      }
    }
    throw new AssertionError("no array " + name + " in " + document);
  }

  private static boolean fits(List<? extends BsonDocument> batch, WriteLimits limits) {
    return InsertCommand.size("usertable", batch, limits) != InsertCommand.DOES_NOT_FIT;
  }
}
