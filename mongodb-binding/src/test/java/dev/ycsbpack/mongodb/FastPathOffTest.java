package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.mongodb.MongoClientSettings;
import dev.ycsbpack.mongodb.wire.FastPath;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireRequest;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * {@code mongodb.fastPath=false}: the client is the driver's own, with nothing of the fast path in its settings, the
 * operations keep their statuses, and the start line and the environment record say the fast path is off and why.
 */
class FastPathOffTest {
  private static Map<String, ByteIterator> value(String text) {
    return new HashMap<>(Map.of("f", new ByteArrayByteIterator(text.getBytes(StandardCharsets.UTF_8))));
  }

  /**
   * Through a wire proxy in front of mongo-java-server: on the fast path an update and a batch of inserts are one
   * command document each (the binding's own), off it the driver's updateOne and insertMany, which send their
   * statements as a separate document sequence. (A point read is the same {@code find} either way.)
   */
  @Test
  void offTheClientAndTheWritesAreTheDriversAndTheStatusesStay() throws Exception {
    for (boolean fast : new boolean[] {true, false}) {
      AtomicReference<MongoClientSettings> seen = new AtomicReference<>();
      List<WireRequest> writes = new CopyOnWriteArrayList<>();
      try (ProxiedMongos mongos = ProxiedMongos.start();
          BindingHarness h = mongos.harness("mongodb.fastPath=" + fast, "mongodb.batchsize=2")) {
        mongos.proxy.onRequest(r -> {
          if (r.command().equals("update") || r.command().equals("insert")) {
            writes.add(r);
          }
          return WireDecision.forward();
        });
        DB db = h.client(settings -> seen.set(settings.build()));
        MongoClientSettings settings = seen.get();
        if (fast) {
          assertNotNull(settings.getClusterSettings().getServerSelector(), "the fast path steers its retries");
          assertEquals(1, settings.getConnectionPoolSettings().getConnectionPoolListeners().size());
        } else {
          assertNull(settings.getClusterSettings().getServerSelector(), "off: no selector of the binding's");
          assertEquals(List.of(), settings.getConnectionPoolSettings().getConnectionPoolListeners());
        }
        assertSame(Status.BATCHED_OK, db.insert(h.table, "a", value("x")), "fast=" + fast);
        assertSame(Status.OK, db.insert(h.table, "b", value("y")), "the batch is sent: fast=" + fast);
        Map<String, ByteIterator> read = new HashMap<>();
        assertSame(Status.OK, db.read(h.table, "a", Set.of("f"), read));
        assertEquals("x", read.get("f").toString());
        assertSame(Status.NOT_FOUND, db.read(h.table, "missing", null, new HashMap<>()));
        assertSame(Status.OK, db.update(h.table, "b", value("z")));
        assertSame(Status.NOT_FOUND, db.update(h.table, "missing", value("z")));
        assertEquals("z", new String(h.collection().find(new BsonDocument("_id", new BsonString("b"))).first()
            .getBinary("f").getData(), StandardCharsets.UTF_8));
      }
      assertEquals(3, writes.size(), writes::toString);
      for (WireRequest w : writes) {
        String statements = w.command().equals("update") ? "updates" : "documents";
        assertEquals(fast, w.body().containsKey(statements), () -> "fast=" + fast + ": " + w);
        assertEquals(!fast, w.sequences().containsKey(statements), () -> "fast=" + fast + ": " + w);
      }
    }
  }

  @Test
  void theStartLineAndTheEnvironmentRecordSayWhetherItIsOn() throws Exception {
    Properties p = new Properties();
    p.setProperty("mongodb.url", TestTargets.inProcess().connectionString());
    p.setProperty("mongodb.database", BindingHarness.TEST_DATABASE);
    p.setProperty("mongodb.allowEmpty", "true"); // nothing was loaded: only the start-up facts matter here
    p.setProperty("mongodb.fastPath", "false");
    assertEquals("off (mongodb.fastPath=false)", MongoDbClient.preflight(p).get(FastPath.FACT));
    assertEquals(" fastPath=off (mongodb.fastPath=false)", fastPathPart(BindingOptions.from(p).describe()));
    p.remove("mongodb.fastPath");
    assertEquals("on", MongoDbClient.preflight(p).get(FastPath.FACT));
    assertEquals(" fastPath=on", fastPathPart(BindingOptions.from(p).describe()));
  }

  /** The start line's fast-path part, up to the next option or the end. */
  private static String fastPathPart(String line) {
    int at = line.indexOf(" fastPath=");
    int end = line.indexOf(" ignored:", at);
    return at < 0 ? line : line.substring(at, end < 0 ? line.length() : end);
  }
}
