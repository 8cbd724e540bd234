package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoCredential;
import com.mongodb.ReadConcern;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** A read sends the same find command as the driver's find(...).first(), and retries as the driver would. */
class PointReadTest {
  /** Added by the driver to every command, whatever sends it; not the operation's own. */
  private static final Set<String> ENVELOPE = Set.of("lsid", "$db", "$clusterTime", "$readPreference", "txnNumber");

  static Stream<Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  private static CommandListener capture(List<BsonDocument> finds) {
    return new CommandListener() {
      @Override
      public void commandStarted(CommandStartedEvent event) {
        if (event.getCommandName().equals("find")) {
          // a plain, mutable deep copy: the event's document is only valid during the callback
          BsonDocument c = new BsonDocumentCodec().decode(new BsonDocumentReader(event.getCommand()),
              DecoderContext.builder().build());
          ENVELOPE.forEach(c::remove);
          finds.add(c);
        }
      }
    };
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void aReadSendsTheFindCommandTheDriversFindFirstSends(Target target) throws Exception {
    for (String readConcern : new String[] {null, "local"}) {
      String[] pairs = readConcern == null ? new String[0] : new String[] {"mongodb.readConcern=" + readConcern};
      try (BindingHarness h = new BindingHarness(target, pairs)) {
        List<BsonDocument> ours = new ArrayList<>();
        MongoDbClient db = h.client(settings -> settings.addCommandListener(capture(ours)));
        Map<String, ByteIterator> values = Map.of("field0", new ByteArrayByteIterator(new byte[] {1}),
            "field1", new ByteArrayByteIterator(new byte[] {2}));
        assertSame(Status.OK, db.insert(h.table, "k", new HashMap<>(values)));

        Set<String> subset = new TreeSet<>(List.of("field1", "field9"));
        Map<String, ByteIterator> all = new HashMap<>();
        Map<String, ByteIterator> some = new HashMap<>();
        assertSame(Status.OK, db.read(h.table, "k", null, all));
        assertSame(Status.OK, db.read(h.table, "k", subset, some));
        assertSame(Status.NOT_FOUND, db.read(h.table, "missing", subset, new HashMap<>()));
        assertEquals(Set.of("field0", "field1"), all.keySet());
        assertEquals(Set.of("field1"), some.keySet(), "exactly the requested fields the document has");

        List<BsonDocument> drivers = new ArrayList<>();
        MongoClientSettings.Builder settings = MongoClientSettings.builder()
            .applyConnectionString(new ConnectionString(target.connectionString()))
            .addCommandListener(capture(drivers));
        if (readConcern != null) {
          settings.readConcern(new ReadConcern(com.mongodb.ReadConcernLevel.fromString(readConcern)));
        }
        try (MongoClient driver = MongoClients.create(settings.build())) {
          var collection = driver.getDatabase(BindingHarness.TEST_DATABASE).getCollection(h.table, BsonDocument.class);
          collection.find(Filters.eq("_id", "k")).first();
          collection.find(Filters.eq("_id", "k")).projection(Projections.include(new ArrayList<>(subset))).first();
          collection.find(Filters.eq("_id", "missing")).projection(Projections.include(new ArrayList<>(subset)))
              .first();
        }
        assertEquals(3, ours.size());
        for (int i = 0; i < 3; i++) {
          assertEquals(drivers.get(i), ours.get(i), "read " + i);
          assertEquals(new ArrayList<>(drivers.get(i).keySet()), new ArrayList<>(ours.get(i).keySet()),
              "same field order");
        }
        assertEquals(readConcern != null, ours.get(0).containsKey("readConcern"), ours.get(0).toJson());
      }
    }
  }

  @Test
  void theCommandCarriesKeyProjectionLimitAndReadConcern() {
    BsonDocument projection = PointRead.projection(new java.util.LinkedHashSet<>(List.of("b", "a")));
    BsonDocument c = PointRead.command("t", "user1", projection, ReadConcern.MAJORITY);
    assertEquals(BsonDocument.parse("{find: 't', filter: {_id: 'user1'}, projection: {b: 1, a: 1}, limit: 1,"
        + " singleBatch: true, readConcern: {level: 'majority'}}"), c);
    assertEquals(List.of("find", "readConcern", "filter", "projection", "limit", "singleBatch"),
        new ArrayList<>(c.keySet()));
    BsonDocument plain = PointRead.command("t", "k", null, ReadConcern.DEFAULT);
    assertEquals(new BsonDocument("find", new BsonString("t"))
        .append("filter", new BsonDocument("_id", new BsonString("k")))
        .append("limit", new BsonInt32(1)).append("singleBatch", org.bson.BsonBoolean.TRUE), plain);
  }

  @Test
  void retriesOnTheErrorsTheDriversRetryableReadsRetryOn() {
    ServerAddress a = new ServerAddress("h", 1);
    assertTrue(PointRead.isRetryable(new MongoSocketReadException("reset", a)));
    assertTrue(PointRead.isRetryable(new MongoNotPrimaryException(new BsonDocument(), a)));
    for (int code : new int[] {6, 7, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436}) {
      assertTrue(PointRead.isRetryable(commandError(code, a)), "code " + code);
    }
    for (int code : new int[] {2, 11000, 50, 13, 8000}) {
      assertFalse(PointRead.isRetryable(commandError(code, a)), "code " + code);
    }
    MongoCredential cred = MongoCredential.createCredential("u", "admin", "p".toCharArray());
    assertTrue(PointRead.isRetryable(new MongoSecurityException(cred, "auth", new MongoSocketReadException("x", a))));
    assertFalse(PointRead.isRetryable(new MongoSecurityException(cred, "bad password")));
    assertFalse(PointRead.isRetryable(new IllegalStateException("not a driver error")));
  }

  /** The overload attempts' default is the driver's own: an upgrade that changes it fails here. */
  @Test
  void theAdaptiveRetriesDefaultIsTheDriversOwn() throws Exception {
    java.lang.reflect.Field field = Class.forName("com.mongodb.internal.operation.CommandOperationHelper")
        .getDeclaredField("DEFAULT_MAX_ADAPTIVE_RETRIES");
    field.setAccessible(true);
    assertEquals(field.getInt(null), ReadRetries.DEFAULT_MAX_ADAPTIVE_RETRIES);
  }

  /**
   * The binding's rule against the driver's own (driver 5.14: SpecRetryPolicy.decideRetryable, i.e.
   * isRetryableMongoSecurityException or CommandOperationHelper.isRetryableException), called by reflection on every
   * server code up to 20,000, every code in the driver's own list, and each kind of error it names. A driver upgrade
   * that changes the rule, or renames what it is made of, fails this test.
   */
  @Test
  void theRetryRuleIsTheDriversOwn() throws Exception {
    Class<?> helper = Class.forName("com.mongodb.internal.operation.CommandOperationHelper");
    java.lang.reflect.Method retryable = helper.getDeclaredMethod("isRetryableException", Throwable.class);
    retryable.setAccessible(true);
    java.lang.reflect.Method security = Class.forName("com.mongodb.internal.operation.SpecRetryPolicy")
        .getDeclaredMethod("isRetryableMongoSecurityException", com.mongodb.MongoException.class);
    security.setAccessible(true);
    java.lang.reflect.Field listed = helper.getDeclaredField("RETRYABLE_ERROR_CODES");
    listed.setAccessible(true);

    ServerAddress a = new ServerAddress("h", 1);
    List<Throwable> errors = new ArrayList<>();
    TreeSet<Integer> codes = new TreeSet<>();
    for (int code = -10; code <= 20_000; code++) {
      codes.add(code);
    }
    for (Object code : (java.util.Collection<?>) listed.get(null)) {
      codes.add((Integer) code);
    }
    codes.forEach(code -> errors.add(commandError(code, a)));
    MongoCredential cred = MongoCredential.createCredential("u", "admin", "p".toCharArray());
    List<Throwable> kinds = List.of(new MongoSocketReadException("reset", a),
        new com.mongodb.MongoSocketOpenException("refused", a), new MongoNotPrimaryException(new BsonDocument(), a),
        new com.mongodb.MongoNodeIsRecoveringException(new BsonDocument(), a),
        new com.mongodb.MongoConnectionPoolClearedException(new com.mongodb.connection.ServerId(
            new com.mongodb.connection.ClusterId(), a), null),
        new com.mongodb.MongoTimeoutException("no server"), new com.mongodb.MongoClientException("client"),
        new com.mongodb.MongoInterruptedException("interrupted", null), commandError(11600, a),
        commandError(2, a), new IllegalStateException("not a driver error"));
    errors.addAll(kinds);
    for (Throwable kind : kinds) {
      errors.add(new MongoSecurityException(cred, "auth failed", kind));
    }
    errors.add(new MongoSecurityException(cred, "bad password"));
    int retried = 0;
    for (Throwable e : errors) {
      boolean drivers = e instanceof com.mongodb.MongoException
          && ((boolean) security.invoke(null, e) || (boolean) retryable.invoke(null, e));
      assertEquals(drivers, PointRead.isRetryable(e), () -> "driver and binding differ on " + e);
      retried += drivers ? 1 : 0;
    }
    assertTrue(retried >= 13 + 5, "the driver retries its listed codes and the network kinds: " + retried);
  }

  private static MongoCommandException commandError(int code, ServerAddress a) {
    return new MongoCommandException(new BsonDocument("ok", new BsonInt32(0)).append("code", new BsonInt32(code))
        .append("errmsg", new BsonString("e")), a);
  }

  /**
   * mongo-java-server closes a connection that carries a w=0 write (see servers.md), so the next read on that
   * pooled connection meets a dead socket: the driver's find retried it, and so must the binding's read.
   */
  @Test
  void aReadOnADroppedConnectionIsRetriedOnceUnlessRetryReadsIsOff() throws Exception {
    Target target = TestTargets.inProcess();
    for (boolean retry : new boolean[] {true, false}) {
      try (BindingHarness h = new BindingHarness(target, "mongodb.retryReads=" + retry)) {
        MongoDbClient db = h.client();
        assertSame(Status.OK, db.insert(h.table, "k", new HashMap<>(Map.of("f", new ByteArrayByteIterator(new byte[] {7})))));
        // the binding's own client (same options, no customizer): its pool holds one connection (threadcount=1)
        try (SharedClients.Lease same = SharedClients.acquire(BindingOptions.from(h.properties), null)) {
          same.client.getDatabase(BindingHarness.TEST_DATABASE).getCollection(h.table, BsonDocument.class)
              .withWriteConcern(com.mongodb.WriteConcern.UNACKNOWLEDGED)
              .insertOne(new BsonDocument("_id", new BsonString("poison")));
        }
        Map<String, ByteIterator> result = new HashMap<>();
        Status status = db.read(h.table, "k", null, result);
        if (retry) {
          assertSame(Status.OK, status, "retried on a fresh connection");
          assertEquals(Set.of("f"), result.keySet());
        } else {
          assertSame(Status.SERVICE_UNAVAILABLE, status, "retryReads=false: the network error is the answer");
        }
      }
    }
  }
}
