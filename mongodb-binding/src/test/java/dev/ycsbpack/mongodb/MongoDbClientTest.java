package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.model.Filters;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/** The binding's operations against every available server, checked by reading back with the driver. */
class MongoDbClientTest {
  static Stream<Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  private static Map<String, ByteIterator> values(Map<String, byte[]> raw) {
    Map<String, ByteIterator> v = new HashMap<>();
    raw.forEach((k, bytes) -> v.put(k, new ByteArrayByteIterator(bytes)));
    return v;
  }

  private static Map<String, byte[]> fields(long seed, int count, int length) {
    Random random = new Random(seed);
    Map<String, byte[]> f = new TreeMap<>();
    for (int i = 0; i < count; i++) {
      byte[] b = new byte[length];
      random.nextBytes(b);
      f.put("field" + i, b);
    }
    return f;
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void aPartlyFailedBatchCountsAsAcknowledgedExactlyTheDocumentsTheServerStored(Target target) throws Exception {
    try (BindingHarness h = new BindingHarness(target, "mongodb.batchsize=10")) {
      h.collection().insertMany(List.of(new BsonDocument("_id", new org.bson.BsonString("user3")),
          new BsonDocument("_id", new org.bson.BsonString("user7"))));
      InsertAcknowledgements counts = InsertAcknowledgements.of(site.ycsb.measurements.Measurements.getMeasurements());
      long counted0 = counts.countedValue();
      long ack0 = counts.acknowledged();
      long notAck0 = counts.notAcknowledged();
      MongoDbClient db = h.client();
      List<Status> statuses = new ArrayList<>();
      for (int k = 0; k < 15; k++) {
        statuses.add(db.insert(h.table, "user" + k, values(fields(k, 1, 4))));
      }
      h.cleanup(db);
      // the first batch (user0..user9) fails on user3 and user7; user9, whose insert sent it, was stored
      assertEquals(Status.BATCHED_OK, statuses.get(8));
      assertSame(Status.OK, statuses.get(9), "the sending insert's own document was stored: its insert succeeded");
      long storedByTheBinding = h.collection().countDocuments() - 2;
      assertEquals(13, storedByTheBinding, "unordered: all but the two duplicates were stored");
      assertEquals(storedByTheBinding, counts.acknowledged() - ack0, "acknowledged = stored");
      assertEquals(2, counts.notAcknowledged() - notAck0, "user3 and user7, counted done, were refused");
      assertEquals(15, counts.countedValue() - counted0, "every insert returned OK or BATCHED_OK");
    }
  }

  /**
   * The insert that sends a batch gets its own document's outcome: refused here (its key was taken), so YCSB counts
   * it failed, and it is no NotAcknowledged document; YCSB's retry of it sends only it, never the stored others.
   */
  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void theInsertThatSentABatchGetsItsOwnDocumentsFateAndItsRetryResendsNothingStored(Target target) throws Exception {
    WarmupTest.Recorder recorder = new WarmupTest.Recorder();
    try (BindingHarness h = new BindingHarness(target, "mongodb.batchsize=5")) {
      h.collection().insertOne(new BsonDocument("_id", new org.bson.BsonString("user4")));
      InsertAcknowledgements counts = InsertAcknowledgements.of(site.ycsb.measurements.Measurements.getMeasurements());
      long counted0 = counts.countedValue();
      long ack0 = counts.acknowledged();
      long notAck0 = counts.notAcknowledged();
      MongoDbClient db = h.client(b -> b.addCommandListener(recorder));
      List<Status> statuses = new ArrayList<>();
      for (int k = 0; k < 5; k++) {
        statuses.add(db.insert(h.table, "user" + k, values(fields(k, 1, 4))));
      }
      assertSame(Failures.DUPLICATE_KEY, statuses.get(4));
      assertEquals(4, counts.acknowledged() - ack0, "user0..user3 stored");
      assertEquals(0, counts.notAcknowledged() - notAck0, "no counted document was lost");
      assertEquals(4, counts.countedValue() - counted0, "the refused insert is not counted");
      // YCSB retries user4 as an insert of its own: the buffer holds only it, so the stored four are not sent again
      assertSame(Status.BATCHED_OK, db.insert(h.table, "user4", values(fields(4, 1, 4))));
      h.cleanup(db); // the final batch (user4 alone) is refused: said on stderr and in the counts, not thrown
      List<BsonDocument> sent = recorder.insertsInto(h.table);
      assertEquals(2, sent.size());
      assertEquals(1, WarmupTest.Recorder.documents(sent.subList(1, 2)), "the retry's batch holds user4 only");
      assertEquals(5, counts.countedValue() - counted0);
      assertEquals(1, counts.notAcknowledged() - notAck0, "user4, counted done on its retry, was refused");
      assertEquals(counts.countedValue() - counted0,
          counts.acknowledged() - ack0 + counts.notAcknowledged() - notAck0,
          "Counted = Acknowledged + NotAcknowledged");
    }
  }

  /**
   * What the verdict's hint on NOT_FOUND reads of a batched-insert run says (ErrorBudget): a read of a key this run
   * inserted finds nothing while the key waits in a buffer, and finds it once its batch is sent.
   */
  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void aKeyInsertedInABatchIsNotFoundUntilItsBatchIsSent(Target target) throws Exception {
    try (BindingHarness h = new BindingHarness(target, "mongodb.batchsize=3")) {
      MongoDbClient db = h.client();
      assertSame(Status.BATCHED_OK, db.insert(h.table, "user0", values(fields(0, 1, 4))));
      assertSame(Status.NOT_FOUND, db.read(h.table, "user0", null, new HashMap<>()), "buffered, not yet sent");
      assertSame(Status.BATCHED_OK, db.insert(h.table, "user1", values(fields(1, 1, 4))));
      assertSame(Status.OK, db.insert(h.table, "user2", values(fields(2, 1, 4))), "the third sends the batch");
      assertSame(Status.OK, db.read(h.table, "user0", null, new HashMap<>()), "sent, stored, found");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void batchedLoadWhoseBatchSizeDoesNotDivideTheCountLeavesExactlyEveryDocument(Target target) throws Exception {
    int records = 1000;
    int threads = 3;
    try (BindingHarness h = new BindingHarness(target, "mongodb.batchsize=64", "threadcount=" + threads)) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Future<List<Status>>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int first = t * records / threads;
        int last = (t + 1) * records / threads;
        results.add(pool.submit(() -> {
          DB db = h.client();
          List<Status> statuses = new ArrayList<>();
          for (int k = first; k < last; k++) {
            statuses.add(db.insert(h.table, "user" + k, values(fields(k, 2, 10))));
          }
          h.cleanup((MongoDbClient) db);
          return statuses;
        }));
      }
      int batched = 0;
      for (Future<List<Status>> f : results) {
        for (Status s : f.get()) {
          assertTrue(s == Status.OK || s == Status.BATCHED_OK, s.toString());
          batched += s == Status.BATCHED_OK ? 1 : 0;
        }
      }
      pool.shutdown();
      assertTrue(batched > 0, "inserts were buffered");
      assertEquals(records, h.collection().countDocuments());
      Set<String> ids = new HashSet<>();
      h.collection().find().forEach(d -> ids.add(d.getString("_id").getValue()));
      for (int k = 0; k < records; k++) {
        assertTrue(ids.contains("user" + k), "user" + k + " missing");
      }
    }
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void fieldBytesRoundTripExactly(Target target) throws Exception {
    Map<String, byte[]> raw = fields(7, 3, 100);
    byte[] everyByte = new byte[256];
    for (int i = 0; i < 256; i++) {
      everyByte[i] = (byte) i;
    }
    raw.put("every", everyByte);
    try (BindingHarness h = new BindingHarness(target)) {
      DB db = h.client();
      assertSame(Status.OK, db.insert(h.table, "k1", values(raw)));

      BsonDocument stored = h.collection().find(Filters.eq("_id", "k1")).first();
      assertNotNull(stored);
      assertEquals(raw.size() + 1, stored.size());
      for (Map.Entry<String, byte[]> f : raw.entrySet()) {
        assertTrue(stored.get(f.getKey()).isBinary(), f.getKey() + " is stored as BSON binary");
        assertEquals(0, stored.getBinary(f.getKey()).getType(), "binary subtype 0, as upstream YCSB");
        assertArrayEquals(f.getValue(), stored.getBinary(f.getKey()).getData(), f.getKey());
      }

      Map<String, ByteIterator> all = new HashMap<>();
      assertSame(Status.OK, db.read(h.table, "k1", null, all));
      assertEquals(raw.keySet(), all.keySet(), "every field, without _id");
      for (Map.Entry<String, byte[]> f : raw.entrySet()) {
        assertArrayEquals(f.getValue(), all.get(f.getKey()).toArray(), f.getKey());
      }
      Map<String, ByteIterator> some = new HashMap<>();
      assertSame(Status.OK, db.read(h.table, "k1", Set.of("every"), some));
      assertEquals(Set.of("every"), some.keySet());
      assertArrayEquals(everyByte, some.get("every").toArray());
    }
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void readScanUpdateDeleteSemantics(Target target) throws Exception {
    try (BindingHarness h = new BindingHarness(target)) {
      DB db = h.client();
      assertSame(Status.NOT_FOUND, db.read(h.table, "missing", null, new HashMap<>()));
      assertSame(Status.NOT_FOUND, db.update(h.table, "missing", values(fields(1, 1, 4))));
      assertSame(Status.NOT_FOUND, db.delete(h.table, "missing"));
      assertSame(Status.NOT_FOUND, db.scan(h.table, "missing", 5, null, new Vector<>()));
      assertFalse(h.collection().find(Filters.eq("_id", "missing")).iterator().hasNext(),
          "update of a missing key does not create it");

      for (int i = 19; i >= 0; i--) {
        assertSame(Status.OK, db.insert(h.table, String.format("key%02d", i), values(fields(i, 3, 8))));
      }
      Vector<HashMap<String, ByteIterator>> page = new Vector<>();
      assertSame(Status.OK, db.scan(h.table, "key05", 5, Set.of("field1"), page));
      assertEquals(5, page.size());
      for (int i = 0; i < 5; i++) {
        assertEquals(Set.of("field1"), page.get(i).keySet());
        assertArrayEquals(fields(5 + i, 3, 8).get("field1"), page.get(i).get("field1").toArray(),
            "scan returns keys in _id order from startkey");
      }
      Vector<HashMap<String, ByteIterator>> tail = new Vector<>();
      assertSame(Status.OK, db.scan(h.table, "key18", 10, null, tail));
      assertEquals(2, tail.size(), "the limit is a maximum");

      Map<String, byte[]> change = Map.of("field2", "new-value".getBytes(StandardCharsets.UTF_8));
      assertSame(Status.OK, db.update(h.table, "key03", values(change)));
      BsonDocument updated = h.collection().find(Filters.eq("_id", "key03")).first();
      assertArrayEquals(change.get("field2"), updated.getBinary("field2").getData());
      assertArrayEquals(fields(3, 3, 8).get("field0"), updated.getBinary("field0").getData(),
          "$set leaves the other fields alone");

      assertSame(Status.OK, db.delete(h.table, "key03"));
      assertSame(Status.NOT_FOUND, db.read(h.table, "key03", null, new HashMap<>()));
      assertEquals(19, h.collection().countDocuments());
    }
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void duplicateInsertsAreCountedNotThrownAndUpsertsReplace(Target target) throws Exception {
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Failures.setLog(new PrintStream(log, true, StandardCharsets.UTF_8));
    Failures.forgetReported();
    try (BindingHarness plain = new BindingHarness(target)) {
      DB db = plain.client();
      assertSame(Status.OK, db.insert(plain.table, "dup", values(fields(1, 1, 4))));
      assertSame(Failures.DUPLICATE_KEY, db.insert(plain.table, "dup", values(fields(2, 1, 4))));
      assertSame(Failures.DUPLICATE_KEY, db.insert(plain.table, "dup", values(fields(3, 1, 4))));
      String printed = log.toString(StandardCharsets.UTF_8);
      assertEquals(1, printed.split("first INSERT failure", -1).length - 1,
          "the first failure of a kind is printed once: " + printed);
      assertTrue(printed.contains("Return=DUPLICATE_KEY"), printed);
    } finally {
      Failures.setLog(System.err);
    }

    try (BindingHarness upsert = new BindingHarness(target, "mongodb.upsert=true", "mongodb.batchsize=3")) {
      MongoDbClient db = upsert.client();
      for (int round = 0; round < 2; round++) {
        for (int k = 0; k < 4; k++) {
          Status s = db.insert(upsert.table, "u" + k, values(fields(round * 10 + k, 1, 4)));
          assertTrue(s.isOk(), s.toString());
        }
      }
      upsert.cleanup(db);
      assertEquals(4, upsert.collection().countDocuments(), "upserts replace instead of duplicating");
      for (int k = 0; k < 4; k++) {
        BsonDocument d = upsert.collection().find(Filters.eq("_id", "u" + k)).first();
        assertArrayEquals(fields(10 + k, 1, 4).get("field0"), d.getBinary("field0").getData(), "last write wins");
      }
    }

    try (BindingHarness single = new BindingHarness(target, "mongodb.upsert=true")) {
      DB db = single.client();
      assertSame(Status.OK, db.insert(single.table, "s", values(fields(1, 1, 4))));
      assertSame(Status.OK, db.insert(single.table, "s", values(fields(2, 1, 4))));
      assertEquals(1, single.collection().countDocuments());
    }
  }

  @Test
  void anUnreachableServerFailsInitOnceWithAClearMessageAndNoPassword() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("mongodb.url", "mongodb://alice:hunter2@127.0.0.1:1/db?serverSelectionTimeoutMS=300");
    MongoDbClient db = new MongoDbClient();
    db.setProperties(p);
    DBException e = assertThrows(DBException.class, db::init);
    assertTrue(e.getMessage().contains("cannot reach the server at mongodb://alice:*****@127.0.0.1:1/db"),
        e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    SharedClients.forgetFailures();
  }
}
