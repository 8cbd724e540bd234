package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
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
        assertSame(Status.OK,
            db.insert(h.table, "k", new HashMap<>(Map.of("f", new ByteArrayByteIterator(new byte[] {7})))));
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
