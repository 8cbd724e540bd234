package dev.ycsbpack.mongodb;

import static dev.ycsbpack.mongodb.ProxiedMongos.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.model.InsertManyOptions;
import dev.ycsbpack.testkit.TestTargets.Target;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import dev.ycsbpack.testkit.WireRequest;
import java.util.ArrayList;
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
 * WRITE_CONCERN_FAILED; write errors each on its own document (InsertCommandRulesTest: the bulk-write exception).
 */
class InsertCommandTest extends FastPathCommandsOnTheWire {
  /** Every insert command the client sent, as it went on the wire. */
  private final List<WireRequest> inserts = new CopyOnWriteArrayList<>();

  private BindingHarness harness(String... pairs) {
    List<String> all = new ArrayList<>(List.of("mongodb.batchsize=3"));
    all.addAll(List.of(pairs));
    return mongos.harness(all.toArray(new String[0]));
  }

  /** Records insert commands; {@code answer} may answer the n-th itself (null: forward it). */
  private void onInsert(Function<Integer, WireDecision> answer) {
    AtomicInteger seen = new AtomicInteger();
    mongos.proxy.onRequest(r -> {
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

  /** Inserts k0 and k1, which wait in the batch, then k2, which sends it; returns k2's status. */
  private static Status insertThree(BindingHarness h, MongoDbClient db) {
    db.insert(h.table, "k0", value("a"));
    db.insert(h.table, "k1", value("b"));
    return db.insert(h.table, "k2", value("c"));
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
    assertTheDriversFields(binding, drivers, "documents");
    assertEquals(drivers.get("ordered"), binding.get("ordered"));
    List<BsonDocument> sentByBinding = new ArrayList<>();
    binding.getArray("documents").forEach(d -> sentByBinding.add(d.asDocument()));
    assertEquals(inserts.get(1).sequences().get("documents"), sentByBinding, "the same documents, byte for byte");
  }

  @Test
  void aRetryableErrorIsRetriedOnceWithTheSameTransactionNumber() throws Exception {
    onInsert(n -> n == 2 ? WireDecision.reply(error(91, ProxiedMongos.RETRYABLE_WRITE_ERROR)) : null);
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
    onInsert(n -> n == 1 ? WireDecision.reply(error(91, ProxiedMongos.RETRYABLE_WRITE_ERROR)) : null);
    try (BindingHarness h = harness("mongodb.retryWrites=false")) {
      MongoDbClient db = h.client();
      // the batch fails, not retried by the command: the sending insert gets the failure, its documents stay unsure
      assertEquals(Status.SERVICE_UNAVAILABLE, insertThree(h, db));
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
            .append("errorLabels", new BsonArray(List.of(new BsonString(ProxiedMongos.RETRYABLE_WRITE_ERROR)))));
    try (BindingHarness h = harness("mongodb.w=majority", "mongodb.wtimeout=10")) {
      MongoDbClient db = h.client();
      assertEquals(Failures.WRITE_CONCERN_FAILED, insertThree(h, db));
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
        .append("errorLabels", new BsonArray(List.of(new BsonString(ProxiedMongos.RETRYABLE_WRITE_ERROR))));
    onInsert(n -> n == 1 ? WireDecision.reply(reply) : null);
    try (BindingHarness h = harness()) {
      assertEquals(Status.OK, load(h, 3).get(2));
      assertEquals(3, h.collection().countDocuments());
    }
    assertEquals(2, inserts.size(), inserts::toString);
    assertEquals(inserts.get(0).body().get("txnNumber"), inserts.get(1).body().get("txnNumber"));
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
      assertEquals(Status.ERROR, insertThree(h, db), "not counted as stored");
      h.cleanup(db);
      assertEquals(2, h.collection().countDocuments(), "k0 and k1 sent again and stored (k2 is YCSB's to retry)");
    }
    assertEquals(List.of("k0", "k1"), ids(inserts.get(1).body()));
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
}
