package dev.ycsbpack.mongodb.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.ReadConcern;
import com.mongodb.ServerAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** The point read's command and retry rule, each against the driver's own (an upgrade that changes them fails here). */
class PointReadRulesTest {
  @Test
  void theCommandCarriesKeyProjectionLimitAndReadConcern() {
    BsonDocument projection = Documents.projection(new java.util.LinkedHashSet<>(List.of("b", "a")));
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
}
