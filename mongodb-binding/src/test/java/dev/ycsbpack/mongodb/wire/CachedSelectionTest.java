package dev.ycsbpack.mongodb.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.ReadPreference;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.internal.MongoClientImpl;
import de.bwaldvogel.mongo.bson.Document;
import dev.ycsbpack.mongodb.FakeTopology;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/**
 * The cluster of {@link DriverInternals#cachedClient} on real sockets, against mongo-java-server instances whose
 * hello makes the driver see a replica set ({@link FakeTopology}): which server each command went to is counted by
 * the servers themselves, and how many selections were answered from a thread's last one by the cache.
 */
class CachedSelectionTest {
  private static final String DATABASE = "ycsbpack_test";
  private static final String TABLE = "usertable";
  private static final int COMMANDS = 40;
  /** Reads retried after an overload error: each retry waits the driver's backoff, so fewer. */
  private static final int RETRIED = 10;

  private static MongoClient client(String url) {
    return DriverInternals.cachedClient(MongoClientSettings.builder().applyConnectionString(new ConnectionString(url))
        .applyToClusterSettings(cluster -> cluster.serverSelector(SteeredSelection.INSTANCE)).build());
  }

  /** Selections answered from a thread's last one by {@code client}'s cluster (-1: not the binding's cluster). */
  private static long answered(MongoClient client) {
    return DriverInternals.answeredSelections(client);
  }

  private static FakeTopology replicaSet(int size) {
    FakeTopology topology = FakeTopology.start(size);
    for (FakeTopology.Member m : topology.members) {
      try (MongoClient direct = MongoClients.create("mongodb://" + m.address + "/?directConnection=true")) {
        direct.getDatabase(DATABASE).getCollection(TABLE, BsonDocument.class)
            .insertOne(new BsonDocument("_id", new BsonString("k0")).append("n", new BsonInt32(0)));
      }
    }
    return topology.asReplicaSet(new Document[size], new long[size]);
  }

  /**
   * Waits (at most 10 s) until the client has connected to {@code members} servers: before, a read may go elsewhere.
   */
  private static void untilEveryMemberIsKnown(MongoClient client, int members) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (client.getClusterDescription().getServerDescriptions().stream().filter(d -> d.isOk()).count() < members
        && System.nanoTime() < deadline) {
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    assertEquals(members, client.getClusterDescription().getServerDescriptions().stream().filter(d -> d.isOk())
        .count(), () -> "connected to: " + client.getClusterDescription().getShortDescription());
  }

  /** The update command the binding sends, through runCommand as the binding does. */
  private static void update(MongoDatabase db) {
    BsonDocument reply = db.runCommand(new BsonDocument("update", new BsonString(TABLE))
        .append("updates", new org.bson.BsonArray(java.util.List.of(new BsonDocument("q",
            new BsonDocument("_id", new BsonString("k0"))).append("u",
                new BsonDocument("$set", new BsonDocument("n", new BsonInt32(1))))))),
        BsonDocument.class);
    assertEquals(1, reply.getNumber("n").intValue(), reply::toJson);
  }

  private static void find(MongoDatabase db, ReadPreference readPreference) {
    BsonDocument reply = db.runCommand(new BsonDocument("find", new BsonString(TABLE))
        .append("filter", new BsonDocument("_id", new BsonString("k0"))), readPreference, BsonDocument.class);
    assertEquals(1, reply.getDocument("cursor").getArray("firstBatch").size(), reply::toJson);
  }

  /**
   * The primary's selection is answered from the thread's last one, and a new primary ends that: after the driver
   * has seen the election, every write goes to the new primary. A cache that outlived the description it was made
   * under would keep writing to the old one, which mongo-java-server would still apply.
   */
  @Test
  void writesGoToThePrimaryFromTheCacheAndFollowANewPrimary() throws Exception {
    try (FakeTopology topology = replicaSet(2);
        MongoClient client = client("mongodb://" + topology.seedList() + "/" + DATABASE
            + "?replicaSet=rs&heartbeatFrequencyMS=500")) {
      MongoDatabase db = client.getDatabase(DATABASE);
      FakeTopology.Member first = topology.members.get(0);
      FakeTopology.Member second = topology.members.get(1);
      for (int i = 0; i < COMMANDS; i++) {
        update(db);
      }
      assertEquals(COMMANDS, first.updates.get(), "every write on the primary");
      assertTrue(answered(client) >= COMMANDS / 2,
          () -> "answered from the cache: " + answered(client) + " of " + COMMANDS);

      topology.asReplicaSet(new Document[2], new long[2], 1, 2);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      for (int i = 0; i < 2000 && second.updates.get() == 0 && System.nanoTime() < deadline; i++) {
        update(db);
        Thread.sleep(10);
      }
      assertTrue(second.updates.get() > 0, "the writes never moved to the new primary");
      topology.resetCounts();
      long before = answered(client);
      for (int i = 0; i < COMMANDS; i++) {
        update(db);
      }
      assertEquals(0, first.updates.get(), "a write went to the old primary");
      assertEquals(COMMANDS, second.updates.get());
      assertTrue(answered(client) - before >= COMMANDS / 2, "the new primary's selection is cached again");
    }
  }

  /**
   * Reads from two secondaries: each selection is the driver's (two are eligible), so its spread over both stays.
   * A cache that answered whenever the description was unchanged would send a thread's reads to one secondary.
   */
  @Test
  void readsWithSeveralEligibleServersAreTheDriversAndSpread() {
    try (FakeTopology topology = replicaSet(3);
        MongoClient client = client("mongodb://" + topology.seedList() + "/" + DATABASE
            + "?replicaSet=rs&localThresholdMS=10000")) {
      MongoDatabase db = client.getDatabase(DATABASE);
      find(db, ReadPreference.primary());
      long before = answered(client);
      topology.resetCounts();
      for (int i = 0; i < COMMANDS; i++) {
        find(db, ReadPreference.secondary());
      }
      assertEquals(0, answered(client) - before, "a selection among two secondaries was cached");
      assertEquals(0, topology.members.get(0).finds.get(), "a secondary read went to the primary");
      assertTrue(topology.members.get(1).finds.get() > 0 && topology.members.get(2).finds.get() > 0,
          () -> "the reads did not spread: " + topology.members.get(1).finds + " / " + topology.members.get(2).finds);
    }
  }

  /**
   * A read the driver retries (an overload error runCommand retries on its own): its first selection may come from
   * the cache, its retry's never (the driver's deprioritisation of the failed server lives in the operation), and a
   * steered selection (a killCursors pinned to a server) is the driver's too.
   */
  @Test
  void aRetrysSelectionAndASteeredOneAreTheDrivers() {
    try (FakeTopology topology = replicaSet(2);
        MongoClient client = client("mongodb://" + topology.seedList() + "/" + DATABASE + "?replicaSet=rs")) {
      MongoDatabase db = client.getDatabase(DATABASE);
      FakeTopology.Member primary = topology.members.get(0);
      for (int i = 0; i < 5; i++) {
        find(db, ReadPreference.primary());
      }
      long before = answered(client);
      find(db, ReadPreference.primary());
      assertEquals(1, answered(client) - before, "a warm primary read is answered from the cache");

      topology.resetCounts();
      // BadValue, labelled an overload: retried on its labels, and no state change (a code such as 91 would make the
      // driver mark the server unknown, a new description, so the retry would miss the cache anyway)
      primary.script.add("2+overload");
      before = answered(client);
      find(db, ReadPreference.primary());
      assertEquals(2, primary.finds.get(), "the overloaded find was retried once");
      assertEquals(1, answered(client) - before, "only the first attempt's selection came from the cache");

      before = answered(client);
      find(db, ReadPreference.primary());
      assertEquals(1, answered(client) - before, "the cache is warm again after the retry");
      before = answered(client);
      SteeredSelection.pinned(new ServerAddress(primary.address), () -> {
        find(db, ReadPreference.primary());
        return null;
      });
      assertEquals(0, answered(client) - before, "a steered selection came from the cache");
    }
  }

  /**
   * A selection answered from the cache still tells the operation which server it chose, as the driver's does: with
   * {@code enableOverloadRetargeting}, a read whose one eligible secondary answers overloaded is retried on the
   * primary ({@code secondaryPreferred} once the secondary is deprioritised), as with the driver's own client. A
   * cache that did not tell it would send the retry to the same secondary.
   */
  @Test
  void aCachedSelectionTellsTheOperationItsServerSoARetryMovesOff() {
    try (FakeTopology topology = replicaSet(2)) {
      FakeTopology.Member primary = topology.members.get(0);
      FakeTopology.Member secondary = topology.members.get(1);
      String url = "mongodb://" + topology.seedList() + "/" + DATABASE
          + "?replicaSet=rs&enableOverloadRetargeting=true";
      secondary.failFindsWith = 2;
      secondary.failLabels = java.util.List.of("SystemOverloadedError", "RetryableError");
      for (boolean cached : new boolean[] {false, true}) {
        try (MongoClient client = cached ? client(url) : MongoClients.create(url)) {
          MongoDatabase db = client.getDatabase(DATABASE);
          untilEveryMemberIsKnown(client, 2);
          topology.resetCounts();
          for (int i = 0; i < RETRIED; i++) {
            find(db, ReadPreference.secondaryPreferred());
          }
          String who = cached ? "the cached client" : "the driver's client";
          assertEquals(RETRIED, secondary.finds.get(), who + ": one attempt per read on the overloaded secondary");
          assertEquals(RETRIED, primary.finds.get(), who + ": every retry on the primary");
          if (cached) {
            assertTrue(answered(client) >= RETRIED / 2, () -> "answered: " + answered(client));
          }
        }
      }
    }
  }

  /** A selector a customizer installed in place of SteeredSelection may choose otherwise: no selection is cached. */
  @Test
  void aSelectorACustomizerInstalledKeepsEverySelectionTheDrivers() {
    try (FakeTopology topology = replicaSet(2);
        MongoClient client = DriverInternals.cachedClient(MongoClientSettings.builder()
            .applyConnectionString(new ConnectionString("mongodb://" + topology.seedList() + "/" + DATABASE
                + "?replicaSet=rs"))
            .applyToClusterSettings(
                cluster -> cluster.serverSelector(description -> description.getServerDescriptions()))
            .build())) {
      MongoDatabase db = client.getDatabase(DATABASE);
      for (int i = 0; i < COMMANDS; i++) {
        update(db);
      }
      assertEquals(COMMANDS, topology.members.get(0).updates.get());
      assertEquals(0, answered(client), "a selection was cached past a customizer's selector");
    }
  }

  /**
   * The client is the one the driver's {@code MongoClients.create} makes (its construction is copied from the
   * driver's 5.14.0 bytecode): the same metadata in every handshake and the same settings, so a driver upgrade
   * that changed it fails here, not in a user's run.
   */
  @Test
  void theClientIsMadeAsTheDriverMakesIt() {
    try (FakeTopology topology = replicaSet(1)) {
      MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(new ConnectionString(
          "mongodb://" + topology.seedList() + "/" + DATABASE + "?appName=ycsb&compressors=zlib")).build();
      try (MongoClient ours = DriverInternals.cachedClient(settings);
          MongoClient drivers = MongoClients.create(settings)) {
        assertEquals(((MongoClientImpl) drivers).getCluster().getClientMetadata().getBsonDocument(),
            ((MongoClientImpl) ours).getCluster().getClientMetadata().getBsonDocument());
        assertEquals(((MongoClientImpl) drivers).getCluster().getSettings(),
            ((MongoClientImpl) ours).getCluster().getSettings());
        assertEquals(((MongoClientImpl) drivers).getSettings(), ((MongoClientImpl) ours).getSettings());
      }
    }
  }
}
