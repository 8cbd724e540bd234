package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.TestTargets.Target;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * A point read meeting a run of retryable errors makes the attempts the driver's {@code find} makes: under
 * {@code timeoutMS} as many as the deadline allows (the driver's find retries without a count limit then), without
 * it two. mongo-java-server behind a {@link WireProxy} that answers the first finds with NetworkTimeout (code 89,
 * on the driver's retryable list and no state change), counted for the driver's find and the binding's read alike.
 */
class ReadRetriesUnderTimeoutTest {
  private static final int FAILURES = 5;

  /** Finds the proxy saw, and how many it still answers with an error. */
  private static final class FailingFinds {
    final AtomicInteger seen = new AtomicInteger();
    final AtomicInteger toFail = new AtomicInteger();

    WireDecision decide(String command) {
      if (!command.equals("find")) {
        return WireDecision.forward();
      }
      seen.incrementAndGet();
      if (toFail.getAndDecrement() > 0) {
        return WireDecision.reply(new BsonDocument("ok", new BsonDouble(0)).append("code", new BsonInt32(89))
            .append("codeName", new BsonString("NetworkTimeout")).append("errmsg", new BsonString("injected")));
      }
      return WireDecision.forward();
    }

    /** Finds sent while {@code read} ran, the first {@link #FAILURES} answered with an error. */
    int attempts(Runnable read) {
      seen.set(0);
      toFail.set(FAILURES);
      read.run();
      toFail.set(0);
      return seen.get();
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aReadMakesTheDriversFindsAttemptsWithAndWithoutTimeoutMs() throws Exception {
    FailingFinds finds = new FailingFinds();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      proxy.onRequest(r -> finds.decide(r.command()));
      for (String timeout : new String[] {"&timeoutMS=10000", ""}) {
        String url = proxy.connectionString() + "/?serverSelectionTimeoutMS=5000" + timeout;
        try (BindingHarness h = new BindingHarness(new Target("proxy", url, false, false));
            MongoClient driver = MongoClients.create(url)) {
          MongoDbClient db = h.client();
          assertSame(Status.OK, db.insert(h.table, "k", new HashMap<>(Map.of("f",
              new ByteArrayByteIterator(new byte[] {7})))));
          var collection = driver.getDatabase(BindingHarness.TEST_DATABASE).getCollection(h.table, BsonDocument.class);
          Map<String, ByteIterator> result = new HashMap<>();
          Status[] status = new Status[1];
          int binding = finds.attempts(() -> status[0] = db.read(h.table, "k", null, result));
          if (timeout.isEmpty()) {
            boolean[] failed = {false};
            int drivers = finds.attempts(() -> {
              try {
                collection.find(Filters.eq("_id", "k")).first();
              } catch (MongoException e) {
                failed[0] = true;
              }
            });
            assertTrue(failed[0], "without timeoutMS the driver's find gives up");
            assertEquals(2, drivers, "the driver's find: one retry");
            assertEquals(drivers, binding, "the binding's read makes the driver's attempts");
            assertEquals("ERROR", status[0].getName(), "the read failed with the command error, as the find did");
          } else {
            int drivers = finds.attempts(() -> assertNotNull(collection.find(Filters.eq("_id", "k")).first()));
            assertEquals(FAILURES + 1, drivers, "under timeoutMS the driver's find retries until it succeeds");
            assertEquals(drivers, binding, "the binding's read makes the driver's attempts");
            assertSame(Status.OK, status[0], "and succeeds as the find did");
          }
        }
      }
    }
  }
}
