package dev.ycsbpack.mongodb.wire;

import static dev.ycsbpack.mongodb.ProxiedMongos.error;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterId;
import com.mongodb.connection.ServerId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** The update's exception for a write concern error, and its retry rule against the driver's own. */
class UpdateCommandRulesTest {
  @Test
  void aWriteConcernErrorBecomesTheDriversException() {
    WriteReply reply = new WriteReply(1, 1, List.of(),
        new BsonDocument("code", new BsonInt32(64)).append("codeName", new BsonString("WriteConcernFailed"))
            .append("errmsg", new BsonString("timed out")),
        List.of("X"));
    MongoException e = UpdateCommand.failure(reply, new ServerAddress("h", 1));
    assertTrue(e instanceof MongoWriteConcernException, e::toString);
    assertEquals(64, e.getCode());
    assertTrue(e.hasErrorLabel("X"));
    assertEquals("WriteConcernFailed", ((MongoWriteConcernException) e).getWriteConcernError().getCodeName());
  }

  /**
   * The binding's retry rule for writes is the driver's: CommandOperationHelper.addRetryableWriteErrorLabelIfNeeded
   * (which labels what it retries) and SpecRetryPolicy's pool-cleared and authentication cases, called by reflection
   * on every kind of failure and wire version, so a driver upgrade that changes the rule fails here.
   */
  @Test
  void theRetryRuleIsTheDrivers() throws Exception {
    Class<?> helper = Class.forName("com.mongodb.internal.operation.CommandOperationHelper");
    java.lang.reflect.Method label = helper.getDeclaredMethod("addRetryableWriteErrorLabelIfNeeded",
        MongoException.class, int.class);
    label.setAccessible(true);
    java.lang.reflect.Method security = Class.forName("com.mongodb.internal.operation.SpecRetryPolicy")
        .getDeclaredMethod("isRetryableMongoSecurityException", MongoException.class);
    security.setAccessible(true);
    ServerAddress a = new ServerAddress("h", 1);
    MongoCredential cred = MongoCredential.createCredential("u", "admin", "p".toCharArray());
    List<Supplier<MongoException>> failures = new ArrayList<>();
    for (int code : new int[] {6, 7, 11, 50, 64, 89, 91, 100, 134, 189, 262, 9001, 10107, 11000, 11600, 11602,
        13435, 13436}) {
      failures.add(() -> new com.mongodb.MongoCommandException(error(code), a));
      failures.add(() -> new com.mongodb.MongoCommandException(error(code, RetryableWrites.RETRYABLE_WRITE_ERROR), a));
    }
    failures.add(() -> new MongoSocketReadException("reset", a));
    failures.add(() -> new MongoNotPrimaryException(new BsonDocument(), a));
    failures.add(() -> new MongoConnectionPoolClearedException(new ServerId(new ClusterId(), a), null));
    failures.add(() -> new MongoSecurityException(cred, "auth", new MongoSocketReadException("x", a)));
    failures.add(() -> new MongoSecurityException(cred, "bad password"));
    failures.add(() -> new MongoException("plain"));
    int checked = 0;
    for (int wire : new int[] {7, 8, 9, 17, 25}) {
      for (Supplier<MongoException> failure : failures) {
        MongoException e = failure.get();
        MongoException copy = failure.get();
        boolean drivers = copy instanceof MongoConnectionPoolClearedException
            || (copy instanceof MongoSecurityException && (boolean) security.invoke(null, copy));
        if (!drivers) {
          label.invoke(null, copy, wire);
          drivers = copy.hasErrorLabel(RetryableWrites.RETRYABLE_WRITE_ERROR);
        }
        boolean expected = drivers;
        int w = wire;
        assertEquals(expected, RetryableWrites.isRetryable(e, wire), () -> "driver and binding differ on " + e
            + " at wire version " + w);
        checked++;
      }
    }
    assertEquals(5 * failures.size(), checked);
  }
}
