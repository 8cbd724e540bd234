package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TestTargetsTest {

  static MongoClient client(TestTargets.Target target) {
    return MongoClients.create(MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(target.connectionString()))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(5, TimeUnit.SECONDS))
        .build());
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("dev.ycsbpack.testkit.TestTargets#allNamed")
  void pingAnswersOk(TestTargets.Target target) {
    try (MongoClient client = client(target)) {
      Document reply = client.getDatabase("admin").runCommand(new Document("ping", 1));
      assertEquals(1.0, reply.get("ok", Number.class).doubleValue());
    }
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("dev.ycsbpack.testkit.TestTargets#allNamed")
  void insertedDocumentCanBeFoundAgain(TestTargets.Target target) {
    String dbName = "testkit_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (MongoClient client = client(target)) {
      MongoDatabase db = client.getDatabase(dbName);
      try {
        MongoCollection<Document> usertable = db.getCollection("usertable");
        usertable.insertOne(new Document("_id", "user1").append("field0", "value0"));
        Document found = usertable.find(Filters.eq("_id", "user1")).first();
        assertEquals("value0", found == null ? null : found.getString("field0"));
      } finally {
        db.drop();
      }
    }
  }

  @Test
  void allTargetsArePresentWhenFerretDbIsRequired() {
    List<String> names = TestTargets.all().stream().map(TestTargets.Target::name).toList();
    assertEquals(TestTargets.MONGO_JAVA_SERVER, names.get(0));
    if (Prerequisites.ferretDbRequired()) {
      assertTrue(names.contains(TestTargets.FERRETDB_SQLITE), names.toString());
      assertTrue(names.contains(TestTargets.FERRETDB_POSTGRESQL), names.toString());
    }
  }

  @Test
  void testServersDoNotClaimRealMongoDbSemantics() {
    for (TestTargets.Target target : TestTargets.all()) {
      if (!target.name().equals(TestTargets.MONGODB_URL)) {
        assertFalse(target.supportsUnacknowledgedWrites(), target.name());
        assertFalse(target.enforcesWriteConcern(), target.name());
      }
    }
  }

  @Test
  void inProcessTargetIsSharedWithAll() {
    assertEquals(TestTargets.inProcess(), TestTargets.all().get(0));
  }

  @Test
  void toStringHidesPasswords() {
    TestTargets.Target target = new TestTargets.Target(TestTargets.MONGODB_URL,
        "mongodb://admin:s3cret@db.example:27017/?authSource=admin", true, true);
    assertFalse(target.toString().contains("s3cret"), target.toString());
    assertTrue(target.toString().contains("admin:" + dev.ycsbpack.common.Redactor.MASK + "@db.example"),
        target.toString());
  }
}
