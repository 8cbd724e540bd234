package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.connection.ServerType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each of the proxy's choices as the real driver sees it, against mongo-java-server over real sockets. */
class WireProxyTest {
  @RegisterExtension
  final ProxiedServer proxied = new ProxiedServer();

  private MongoClient client() {
    // no retries: a test must see the first failure, not the driver's second attempt
    return MongoClients.create(MongoClientSettings.builder()
        .applyConnectionString(
            new ConnectionString(proxied.proxy().connectionString() + "/?retryWrites=false&retryReads=false"
                + "&serverSelectionTimeoutMS=5000&connectTimeoutMS=5000&socketTimeoutMS=10000"))
        .build());
  }

  private long storedOnServer(String collection) {
    try (MongoClient direct = MongoClients.create(proxied.server().connectionString())) {
      return direct.getDatabase("t").getCollection(collection).countDocuments();
    }
  }

  @Test
  void forwardsEverythingByDefaultAndDecodesInsertBatchesSentAsDocumentSequences() {
    List<WireRequest> seen = new CopyOnWriteArrayList<>();
    proxied.proxy().onRequest(r -> {
      seen.add(r);
      return WireDecision.forward();
    });
    try (MongoClient client = client()) {
      MongoCollection<Document> c = client.getDatabase("t").getCollection("c");
      c.insertMany(List.of(new Document("_id", 1), new Document("_id", 2), new Document("_id", 3)));
      assertEquals(3, c.countDocuments());
    }
    assertEquals(3, storedOnServer("c"));
    WireRequest insert = seen.stream().filter(r -> r.command().equals("insert")).findFirst().orElseThrow();
    assertEquals(new BsonString("c"), insert.body().get("insert"));
    assertEquals(3, insert.sequences().get("documents").size(), insert::toString);
    assertEquals(new BsonInt32(2), insert.sequences().get("documents").get(1).get("_id"));
    assertTrue(seen.stream().anyMatch(r -> r.isHello() && r.legacy()), "the first hello comes as OP_QUERY");
    assertEquals(1, proxied.proxy().messages("insert"));
    assertTrue(proxied.proxy().messages() >= 3, () -> "messages " + proxied.proxy().messages());
    assertTrue(proxied.proxy().connections() >= 2, "a monitoring and a pooled connection");
  }

  @Test
  void answersInsteadOfForwardingWithAnErrorOrAWriteConcernError() {
    BsonDocument unsatisfiable = new BsonDocument("ok", new BsonInt32(0)).append("code", new BsonInt32(100))
        .append("codeName", new BsonString("UnsatisfiableWriteConcern"))
        .append("errmsg", new BsonString("Not enough data-bearing nodes"));
    proxied.proxy()
        .onRequest(r -> r.command().equals("insert") && r.body().getString("insert").getValue().equals("refused")
            ? WireDecision.reply(unsatisfiable) : WireDecision.forward());
    try (MongoClient client = client()) {
      MongoCommandException e = assertThrows(MongoCommandException.class,
          () -> client.getDatabase("t").getCollection("refused").insertOne(new Document("_id", 1)));
      assertEquals(100, e.getErrorCode());
      assertEquals(0, storedOnServer("refused"), "an answered insert never reaches the server");

      proxied.proxy().onRequest(r -> r.command().equals("insert")
          ? WireDecision.reply(new BsonDocument("ok", new BsonInt32(1))
              .append("n", new BsonInt32(1)).append("writeConcernError", new BsonDocument("code", new BsonInt32(64))
                  .append("codeName", new BsonString("WriteConcernFailed"))
                  .append("errmsg", new BsonString("waiting for replication timed out"))))
          : WireDecision.forward());
      MongoWriteConcernException wce = assertThrows(MongoWriteConcernException.class,
          () -> client.getDatabase("t").getCollection("late").insertOne(new Document("_id", 1)));
      assertEquals(64, wce.getWriteConcernError().getCode());
    }
    assertEquals(2, proxied.proxy().messages("insert"));
  }

  @Test
  void rewritesTheHelloReplySoTheDriverSeesAMongosOrAReplicaSetPrimary() throws Exception {
    proxied.proxy().onReply((request, reply) -> request.isHello() ? WireDecision.reply(reply.append("msg",
        new BsonString("isdbgrid"))) : WireDecision.forward());
    try (MongoClient client = client()) {
      client.getDatabase("t").runCommand(new Document("ping", 1));
      assertEquals(ServerType.SHARD_ROUTER, client.getClusterDescription().getServerDescriptions().get(0).getType());
    }

    String me = "127.0.0.1:" + proxied.proxy().port();
    proxied.proxy().onReply((request, reply) -> request.isHello() ? WireDecision.reply(reply.append("setName",
        new BsonString("rs0")).append("hosts", new BsonArray(List.of(new BsonString(me))))
        .append("primary", new BsonString(me)).append("isWritablePrimary", BsonBoolean.TRUE)
        .append("ismaster", BsonBoolean.TRUE)) : WireDecision.forward());
    try (MongoClient client = MongoClients.create(proxied.proxy().connectionString()
        + "/?replicaSet=rs0&serverSelectionTimeoutMS=5000")) {
      client.getDatabase("t").getCollection("rs").insertOne(new Document("_id", 1));
      var description = client.getClusterDescription().getServerDescriptions().get(0);
      assertEquals(ServerType.REPLICA_SET_PRIMARY, description.getType());
      assertEquals("rs0", description.getSetName());
    }
    assertEquals(1, storedOnServer("rs"));
  }

  @Test
  void resetsOneCommandsConnectionOrEveryOpenConnectionAndTheClientSeesIt() {
    proxied.proxy().onRequest(r -> r.command().equals("find") ? WireDecision.reset() : WireDecision.forward());
    try (MongoClient client = client()) {
      MongoCollection<Document> c = client.getDatabase("t").getCollection("r");
      c.insertOne(new Document("_id", 1));
      MongoSocketException e = assertThrows(MongoSocketException.class, () -> c.find().first());
      // RST, not an orderly close: the driver's cause is the socket's "Connection reset"
      assertTrue(String.valueOf(e.getCause()).contains("Connection reset"), () -> e + " caused by " + e.getCause());
      assertEquals(1, proxied.proxy().resets());

      proxied.proxy().onRequest(null);
      assertEquals(1, c.find().first().getInteger("_id"));
      int before = proxied.proxy().connections();
      assertTrue(proxied.proxy().openConnections() >= 2, "monitor and pool");
      int reset = proxied.proxy().resetAll();
      assertTrue(reset >= 2, "reset " + reset);
      assertEquals(1 + reset, proxied.proxy().resets());
      assertEquals(0, proxied.proxy().openConnections());
      // the pooled connection is gone under the driver: its next use fails, the one after reconnects
      assertThrows(MongoSocketException.class, () -> c.countDocuments());
      assertEquals(1, c.countDocuments());
      assertTrue(proxied.proxy().connections() > before, "the driver connected again");
    }
  }

  @Test
  void aRuleThatThrowsResetsItsConnectionAndFailsClose() {
    proxied.proxy().onRequest(r -> {
      if (r.command().equals("ping")) {
        throw new IllegalArgumentException("broken rule");
      }
      return WireDecision.forward();
    });
    try (MongoClient client = client()) {
      assertThrows(MongoSocketException.class, () -> client.getDatabase("t").runCommand(new Document("ping", 1)));
    }
    IllegalStateException e = assertThrows(IllegalStateException.class, proxied.proxy()::close);
    assertTrue(e.getMessage().contains("broken rule"), e.getMessage());
    proxied.restartProxy(); // for the close after the test
  }

  @Test
  void closeEndsEveryConnectionAndThreadAndRefusesNonLoopbackBackends() throws Exception {
    try (MongoClient client = client()) {
      client.getDatabase("t").runCommand(new Document("ping", 1));
      int port = proxied.proxy().port();
      proxied.proxy().close();
      assertEquals(0, proxied.proxy().openConnections());
      assertFalse(FreePorts.isListening(port));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (threadsNamed("wire-proxy-" + port) > 0 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(0, threadsNamed("wire-proxy-" + port));
    }
    assertThrows(IllegalArgumentException.class, () -> WireProxy.start(
        new java.net.InetSocketAddress(java.net.InetAddress.getByName("192.0.2.1"), 27017)));
  }

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix)).count();
  }
}
