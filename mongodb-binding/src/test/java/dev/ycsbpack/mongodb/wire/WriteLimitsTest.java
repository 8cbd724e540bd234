package dev.ycsbpack.mongodb.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import dev.ycsbpack.mongodb.ProxiedMongos;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.WireDecision;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

/** The write limits as the server announces them, and as the driver assumes them where it announces none. */
class WriteLimitsTest {

  @Test
  void theAnnouncedLimitsAreTaken() {
    assertEquals(new WriteLimits(100_000, 16 * 1024 * 1024), WriteLimits.from(new BsonDocument("ok", new BsonDouble(1))
        .append("maxWriteBatchSize", new BsonInt32(100_000)).append("maxBsonObjectSize", new BsonInt32(16777216))));
    assertEquals(new WriteLimits(1_000, 48_000), WriteLimits.from(new BsonDocument("maxWriteBatchSize",
        new BsonInt64(1_000)).append("maxBsonObjectSize", new BsonDouble(48_000))), "any number type");
  }

  /** As the driver: 512 documents (ConnectionDescription) and 16 MiB (ServerDescription) where nothing is said. */
  @Test
  void whatIsNotAnnouncedIsTheDriversAssumption() {
    WriteLimits none = WriteLimits.from(new BsonDocument("ok", new BsonDouble(1)));
    assertEquals(new WriteLimits(512, 16 * 1024 * 1024), none);
    assertEquals(none, WriteLimits.UNANNOUNCED);
    assertEquals(none, WriteLimits.from(new BsonDocument("maxWriteBatchSize", new BsonInt32(0))
        .append("maxBsonObjectSize", new BsonInt32(-1))), "no positive number: not announced");
    assertEquals(none, WriteLimits.from(new BsonDocument("maxWriteBatchSize", new BsonString("100000"))),
        "not a number: not announced");
  }

  /** mongo-java-server has no hello (MongoDB before 4.4.2 neither): its isMaster announces 1,000 documents. */
  @Test
  void aServerWithoutHelloIsAskedWithIsMaster() {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start();
        MongoClient client = MongoClients.create(server.connectionString())) {
      assertEquals(new WriteLimits(1_000, 16 * 1024 * 1024), WriteLimits.of(client.getDatabase("admin")));
    }
  }

  /**
   * Neither hello nor isMaster answered (a refusal, then a lost connection; or something no server sends): null, for
   * the caller to use the driver's assumption and say so. A stand-in database, because a real server whose monitor
   * works answers isMaster.
   */
  @Test
  void noAnswerIsNull() {
    ServerAddress address = new ServerAddress("h", 1);
    assertNull(WriteLimits.of(answering(command -> {
      throw command.equals("hello") ? new MongoCommandException(new BsonDocument("ok", new BsonDouble(0))
          .append("code", new BsonInt32(59)), address) : new MongoSocketReadException("reset", address);
    })));
    assertNull(WriteLimits.of(answering(command -> {
      throw new IllegalStateException("not a MongoException");
    })));
    assertEquals(new WriteLimits(3, 4_000), WriteLimits.of(answering(command -> new BsonDocument("ok",
        new BsonDouble(1)).append("maxWriteBatchSize", new BsonInt32(3)).append("maxBsonObjectSize",
            new BsonInt32(4_000)))),
        "the stand-in answers as a server would");
  }

  /** A database whose runCommand answers by the command's name, as {@code answer} says. */
  private static MongoDatabase answering(java.util.function.Function<String, BsonDocument> answer) {
    return (MongoDatabase) java.lang.reflect.Proxy.newProxyInstance(MongoDatabase.class.getClassLoader(),
        new Class<?>[] {MongoDatabase.class}, (proxy, method, args) -> {
          if (method.getName().equals("runCommand") && args[0] instanceof BsonDocument command) {
            return answer.apply(command.getFirstKey());
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }

  /** A server that answers hello: its reply is the one read. */
  @Test
  void aServerWithHelloIsAskedWithHello() {
    try (ProxiedMongos mongos = ProxiedMongos.start()) {
      mongos.proxy.onRequest(r -> r.command().equals("hello") ? WireDecision.reply(new BsonDocument("ok",
          new BsonDouble(1)).append("isWritablePrimary", new org.bson.BsonBoolean(true))
          .append("maxWriteBatchSize", new BsonInt32(7)).append("maxBsonObjectSize", new BsonInt32(70_000))
          .append("maxWireVersion", new BsonInt32(8)).append("minWireVersion", new BsonInt32(0)))
          : WireDecision.forward());
      try (MongoClient client = MongoClients.create(mongos.url())) {
        assertEquals(new WriteLimits(7, 70_000), WriteLimits.of(client.getDatabase("admin")));
      }
    }
  }
}
