package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** mongodb.dropOnLoad: a load starts from an empty collection; a run with it is refused and drops nothing. */
class FreshCollectionTest {
  static Stream<Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  private static Properties phase(BindingHarness h, boolean load, String dropOnLoad) {
    Properties p = new Properties();
    p.putAll(h.properties);
    p.setProperty("table", h.table);
    p.setProperty("dotransactions", Boolean.toString(!load));
    p.setProperty("mongodb.allowEmpty", "true");
    p.setProperty(FreshCollection.DROP_ON_LOAD, dropOnLoad);
    return p;
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void aLoadDropsTheCollectionFirstAndARunIsRefusedWithoutDroppingIt(Target target) throws Exception {
    try (BindingHarness h = new BindingHarness(target)) {
      h.collection().insertMany(List.of(new BsonDocument("_id", new BsonString("user1")),
          new BsonDocument("_id", new BsonString("user2"))));

      OptionException run = assertThrows(OptionException.class, () -> MongoDbClient.preflight(phase(h, false, "true")));
      assertEquals(
          "invalid mongodb.dropOnLoad=true: the collection is dropped only before a load (bin/ycsb load); a run"
              + " would throw away the records it measures: remove the option from the run's properties",
          run.getMessage());
      OptionException bad = assertThrows(OptionException.class, () -> MongoDbClient.preflight(phase(h, true, "yes")));
      assertTrue(bad.getMessage().startsWith("invalid mongodb.dropOnLoad=yes: use true or false"), bad::getMessage);
      MongoDbClient.preflight(phase(h, true, "false"));
      assertEquals(2, h.collection().countDocuments(), "refused or not asked: nothing dropped");

      MongoDbClient.preflight(phase(h, true, "true"));
      assertEquals(0, h.collection().countDocuments(), "the load starts from an empty collection");
    }
  }
}
