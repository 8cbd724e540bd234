package dev.ycsbpack.mongodb;

import static dev.ycsbpack.mongodb.ProxiedMongos.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoWriteConcernException;
import com.mongodb.ServerAddress;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import dev.ycsbpack.testkit.WireRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The update command on the wire, through {@link WireProxy} in front of mongo-java-server whose {@code hello} replies
 * the proxy turns into a mongos's with sessions, so the client does retryable writes as against a sharded cluster:
 * the command and its write concern, {@code lsid} and {@code txnNumber}, one retry with the same transaction number
 * on a retryable error, none with retryWrites=false, a write concern error counted as WRITE_CONCERN_FAILED and
 * NOT_FOUND on no match. The retry rule itself is checked against the driver's classes by UpdateCommandRulesTest.
 */
class UpdateCommandTest extends FastPathCommandsOnTheWire {
  /** Every update command the client sent, as it went on the wire. */
  private final List<BsonDocument> updates = new CopyOnWriteArrayList<>();

  /** Records update commands; {@code answer} may answer one itself (null: forward it). */
  private void onUpdate(java.util.function.Function<Integer, BsonDocument> answer) {
    AtomicInteger seen = new AtomicInteger();
    mongos.proxy.onRequest(r -> {
      if (!r.command().equals("update")) {
        return WireDecision.forward();
      }
      updates.add(r.body());
      BsonDocument reply = answer.apply(seen.incrementAndGet());
      return reply == null ? WireDecision.forward() : WireDecision.reply(reply);
    });
  }

  private static Map<String, ByteIterator> value(String v) {
    return new HashMap<>(Map.of("field0", new StringByteIterator(v)));
  }

  private static String stored(BindingHarness h, String key) {
    BsonDocument doc = h.collection().find(new BsonDocument("_id", new BsonString(key))).first();
    return new String(((BsonBinary) doc.get("field0")).getData());
  }

  @Test
  void anUpdateIsOneCommandWithItsWriteConcernSessionAndTransactionNumber() throws Exception {
    onUpdate(n -> null);
    try (BindingHarness h = mongos.harness("mongodb.w=majority")) {
      MongoDbClient db = h.client();
      assertEquals(Status.OK, db.insert(h.table, "a", value("x")));
      assertEquals(Status.OK, db.update(h.table, "a", value("y")));
      assertEquals(Status.OK, db.update(h.table, "a", value("z")));
      assertEquals(Status.NOT_FOUND, db.update(h.table, "missing", value("y")));
      assertEquals("z", stored(h, "a"));
    }
    assertEquals(3, updates.size(), "one command per update, no retry: " + updates);
    BsonDocument first = updates.get(0);
    assertEquals(List.of("update", "ordered", "writeConcern", "txnNumber", "updates"),
        new ArrayList<>(first.keySet()).subList(0, 5), "the driver's fields, in its order");
    assertTrue(first.getBoolean("ordered").getValue());
    assertEquals(new BsonDocument("w", new BsonString("majority")), first.getDocument("writeConcern"));
    BsonDocument statement = first.getArray("updates").get(0).asDocument();
    assertEquals(new BsonDocument("_id", new BsonString("a")), statement.getDocument("q"));
    assertEquals("field0", statement.getDocument("u").getDocument("$set").getFirstKey());
    assertTrue(first.containsKey("lsid"), "retryable: the session on the command");
    // one session per client thread, its transaction number advanced by each write
    assertEquals(first.get("lsid"), updates.get(1).get("lsid"));
    assertEquals(first.getInt64("txnNumber").getValue() + 1, updates.get(1).getInt64("txnNumber").getValue());
    assertEquals(first.getInt64("txnNumber").getValue() + 2, updates.get(2).getInt64("txnNumber").getValue());
  }

  /** The same fields as the driver's own updateOne sends, in its order, and the same update statement. */
  @Test
  void theCommandIsTheDriversUpdateOne() throws Exception {
    List<WireRequest> sent = new CopyOnWriteArrayList<>();
    mongos.proxy.onRequest(r -> {
      if (r.command().equals("update")) {
        sent.add(r);
      }
      return WireDecision.forward();
    });
    BsonDocument set = new BsonDocument("$set", new BsonDocument("field0", new BsonBinary("y".getBytes())));
    try (BindingHarness h = mongos.harness("mongodb.w=majority")) {
      MongoDbClient db = h.client();
      db.insert(h.table, "a", value("x"));
      db.update(h.table, "a", value("y"));
      try (com.mongodb.client.MongoClient driver = com.mongodb.client.MongoClients.create(
          h.properties.getProperty("mongodb.url") + "&w=majority")) {
        driver.getDatabase(BindingHarness.TEST_DATABASE).getCollection(h.table, BsonDocument.class)
            .updateOne(new BsonDocument("_id", new BsonString("a")), set);
      }
    }
    assertEquals(2, sent.size());
    BsonDocument ours = sent.get(0).body();
    BsonDocument drivers = sent.get(1).body();
    assertTheDriversFields(ours, drivers, "updates");
    assertEquals(drivers.getDocument("writeConcern"), ours.getDocument("writeConcern"), "both carry it");
    BsonDocument driversStatement = sent.get(1).sequences().get("updates").get(0);
    BsonDocument ourStatement = ours.getArray("updates").get(0).asDocument();
    assertEquals(new ArrayList<>(driversStatement.keySet()), new ArrayList<>(ourStatement.keySet()));
    assertEquals(driversStatement, ourStatement);
  }

  @Test
  void aRetryableErrorIsRetriedOnceWithTheSameTransactionNumber() throws Exception {
    onUpdate(n -> n == 2 ? error(91, ProxiedMongos.RETRYABLE_WRITE_ERROR) : null);
    try (BindingHarness h = mongos.harness()) {
      MongoDbClient db = h.client();
      db.insert(h.table, "a", value("x"));
      assertEquals(Status.OK, db.update(h.table, "a", value("y"))); // the first update: answered
      assertEquals(Status.OK, db.update(h.table, "a", value("z"))); // the second: refused once, then retried
      assertEquals("z", stored(h, "a"));
    }
    assertEquals(3, updates.size(), updates::toString);
    assertEquals(updates.get(1).get("txnNumber"), updates.get(2).get("txnNumber"), "the retry is the same write");
    assertEquals(updates.get(1).get("lsid"), updates.get(2).get("lsid"));
    assertNotEquals(updates.get(0).get("txnNumber"), updates.get(1).get("txnNumber"));
    assertFalse(updates.get(1).containsKey("writeConcern"), "the server's default write concern is not sent");
  }

  @Test
  void aNetworkErrorIsRetriedOnANewConnectionWithTheSameTransactionNumber() throws Exception {
    AtomicInteger seen = new AtomicInteger();
    List<Integer> connections = new CopyOnWriteArrayList<>();
    mongos.proxy.onRequest(r -> {
      if (!r.command().equals("update")) {
        return WireDecision.forward();
      }
      updates.add(r.body());
      connections.add(r.connection());
      return seen.incrementAndGet() == 1 ? WireDecision.reset() : WireDecision.forward();
    });
    try (BindingHarness h = mongos.harness()) {
      MongoDbClient db = h.client();
      db.insert(h.table, "a", value("x"));
      assertEquals(Status.OK, db.update(h.table, "a", value("y")));
      assertEquals("y", stored(h, "a"));
    }
    assertRetriedOnceAsOneWrite();
    assertNotEquals(connections.get(0), connections.get(1), "the retry selects again and connects anew");
  }

  @Test
  void noRetryAndNoTransactionNumberWithRetryWritesOff() throws Exception {
    onUpdate(n -> error(91, ProxiedMongos.RETRYABLE_WRITE_ERROR));
    try (BindingHarness h = mongos.harness("mongodb.retryWrites=false")) {
      MongoDbClient db = h.client();
      db.insert(h.table, "a", value("x"));
      // code 91 is "shutdown in progress", which the driver reports as a node recovering
      assertEquals(Status.SERVICE_UNAVAILABLE, db.update(h.table, "a", value("y")));
      assertEquals("x", stored(h, "a"));
    }
    assertEquals(1, updates.size(), updates::toString);
    assertFalse(updates.get(0).containsKey("txnNumber"));
  }

  @Test
  void anUnlabelledRetryableCodeFromAPre44ServerIsRetried() throws Exception {
    mongos.wireVersion = 8; // MongoDB 4.2: the driver decides by the code
    onUpdate(n -> n == 1 ? error(91) : null);
    assertEquals(Status.OK, insertThenUpdate());
    assertRetriedOnceAsOneWrite();
  }

  @Test
  void anUnlabelledErrorFromAModernServerIsNotRetried() throws Exception {
    mongos.wireVersion = 17; // MongoDB 6.0 labels what may be retried
    onUpdate(n -> error(91));
    assertEquals(Status.SERVICE_UNAVAILABLE, insertThenUpdate());
    assertEquals(1, updates.size(), "the server labels what may be retried: " + updates);
  }

  /**
   * A write error in an ok: 1 reply is never retried, whatever its code: the driver's updateOne decides a retry from
   * the reply's own code and labels only. Against a pre-4.4 server the binding once retried it by its code.
   */
  @Test
  void aWriteErrorIsNotRetriedEvenWithARetryableCodeAsTheDriversUpdateOneDoesNot() throws Exception {
    mongos.wireVersion = 8; // MongoDB 4.2: the driver decides a command error by its code
    onUpdate(n -> new BsonDocument("ok", new BsonDouble(1)).append("n", new BsonInt32(0))
        .append("writeErrors", new BsonArray(List.of(new BsonDocument("index", new BsonInt32(0))
            .append("code", new BsonInt32(91)).append("errmsg", new BsonString("injected by the test"))))));
    try (BindingHarness h = mongos.harness()) {
      MongoDbClient db = h.client();
      db.insert(h.table, "a", value("x"));
      assertEquals(Status.ERROR, db.update(h.table, "a", value("y")));
      int byBinding = updates.size();
      try (com.mongodb.client.MongoClient driver = com.mongodb.client.MongoClients.create(
          mongos.proxy.connectionString() + "/?serverSelectionTimeoutMS=5000")) {
        assertThrows(com.mongodb.MongoWriteException.class,
            () -> driver.getDatabase(h.collection().getNamespace().getDatabaseName())
                .getCollection(h.table).updateOne(new org.bson.Document("_id", "a"),
                    new org.bson.Document("$set", new org.bson.Document("f", 1))));
      }
      assertEquals(1, byBinding, "the binding's attempts: " + updates);
      assertEquals(2, updates.size(), "the driver's updateOne made one attempt too: " + updates);
    }
  }

  /** An ok: 1 reply without n is a reply the binding cannot read: an error, never NOT_FOUND. */
  @Test
  void aReplyWithoutACountIsAnErrorNotNotFound() throws Exception {
    onUpdate(n -> new BsonDocument("ok", new BsonDouble(1)));
    assertEquals(Status.ERROR, insertThenUpdate());
  }

  /** A count the server sends as a 64-bit number is read as the number it is. */
  @Test
  void aCountSentAsALongIsRead() throws Exception {
    onUpdate(n -> new BsonDocument("ok", new BsonDouble(1)).append("n", new org.bson.BsonInt64(1))
        .append("nModified", new org.bson.BsonInt64(1)));
    assertEquals(Status.OK, insertThenUpdate());
  }

  @Test
  void aWriteConcernErrorIsWriteConcernFailed() throws Exception {
    onUpdate(n -> null);
    mongos.rewriteReplies(command -> !command.equals("update") ? null : reply -> reply.append("writeConcernError",
        new BsonDocument("code", new BsonInt32(64)).append("codeName", new BsonString("WriteConcernFailed"))
            .append("errmsg", new BsonString("waiting for replication timed out"))
            .append("errInfo", new BsonDocument("wtimeout", org.bson.BsonBoolean.TRUE))));
    try (BindingHarness h = mongos.harness("mongodb.w=majority", "mongodb.wtimeout=10")) {
      MongoDbClient db = h.client();
      db.insert(h.table, "a", value("x"));
      assertEquals(Failures.WRITE_CONCERN_FAILED, db.update(h.table, "a", value("y")));
      assertEquals("y", stored(h, "a"), "applied on the primary all the same");
    }
    assertEquals(1, updates.size(), "an unlabelled write concern error is not retried: " + updates);
  }

  @Test
  void aRetryableWriteConcernErrorIsRetried() throws Exception {
    AtomicInteger replies = new AtomicInteger();
    onUpdate(n -> null);
    mongos.rewriteReplies(command -> !command.equals("update") || replies.incrementAndGet() != 1 ? null
        : reply -> reply.append("writeConcernError", new BsonDocument("code", new BsonInt32(91))
            .append("errmsg", new BsonString("shutting down")))
            .append("errorLabels", new BsonArray(List.of(new BsonString(ProxiedMongos.RETRYABLE_WRITE_ERROR)))));
    assertEquals(Status.OK, insertThenUpdate());
    assertRetriedOnceAsOneWrite();
  }

  /**
   * A write concern error, as the binding's update and insert commands throw it (UpdateCommandRulesTest,
   * InsertCommandRulesTest) and the driver's updateOne and insertMany do, is WRITE_CONCERN_FAILED, named by its code.
   */
  @Test
  void aWriteConcernErrorIsClassifiedWriteConcernFailedNamedByItsCode() {
    ServerAddress server = new ServerAddress("h", 1);
    MongoWriteConcernException e = new MongoWriteConcernException(new com.mongodb.bulk.WriteConcernError(64,
        "WriteConcernFailed", "timed out", new BsonDocument()),
        com.mongodb.WriteConcernResult.acknowledged(1, true,
            null),
        server, List.of("X"));
    assertEquals(Failures.WRITE_CONCERN_FAILED, Failures.classify(e));
    assertEquals("WriteConcernFailed (64): ", Failures.serverCode(e), "named first: the driver's message has no name");
    assertEquals(Failures.WRITE_CONCERN_FAILED, Failures.classify(new com.mongodb.MongoBulkWriteException(
        com.mongodb.bulk.BulkWriteResult.acknowledged(2, 0, 0, 0, List.of(), List.of()), List.of(),
        e.getWriteConcernError(), server, java.util.Set.of("X", "Y"))));
  }

  /** Inserts record "a" through the binding, then updates it once; returns the update's status. */
  private Status insertThenUpdate() throws Exception {
    try (BindingHarness h = mongos.harness()) {
      MongoDbClient db = h.client();
      db.insert(h.table, "a", value("x"));
      return db.update(h.table, "a", value("y"));
    }
  }

  /** The update went twice, the second time as a retry of the first (the same txnNumber). */
  private void assertRetriedOnceAsOneWrite() {
    assertEquals(2, updates.size(), updates::toString);
    assertEquals(updates.get(0).get("txnNumber"), updates.get(1).get("txnNumber"));
  }
}
