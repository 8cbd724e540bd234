package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.CollectionCount;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.StringByteIterator;

/**
 * The collection counts a client records: before its phase, its acknowledged new documents, and after its last thread.
 */
class DocumentCountsTest {
  static Stream<Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void countsBeforeTheNewDocumentsAndAfterTheLastThread(Target target) throws Exception {
    try (BindingHarness h = new BindingHarness(target, "mongodb.batchsize=2", "threadcount=2", "recordcount=6",
        "dotransactions=false")) {
      h.properties.setProperty("table", h.table);
      h.collection().insertOne(new BsonDocument("_id", new BsonString("there-before")));
      Properties p = new Properties();
      p.putAll(h.properties);
      Map<String, String> facts = MongoDbClient.preflight(p);
      assertEquals(BindingHarness.TEST_DATABASE + "." + h.table, facts.get(CollectionCount.COLLECTION));
      assertEquals("1", facts.get(CollectionCount.BEFORE));

      MongoDbClient first = h.client();
      MongoDbClient second = h.client();
      for (int k = 0; k < 3; k++) {
        assertTrue(first.insert(h.table, "a" + k, StringByteIterator.getByteIteratorMap(new HashMap<>())).isOk());
        assertTrue(second.insert(h.table, "b" + k, StringByteIterator.getByteIteratorMap(new HashMap<>())).isOk());
      }
      // fills the buffer (b2 and it): the batch stores b2 and refuses it
      assertEquals(Failures.DUPLICATE_KEY, second.insert(h.table, "there-before", new HashMap<>()));
      h.cleanup(first);
      assertTrue(MongoDbClient.afterRun().isEmpty(), "one of two threads finished: not counted yet");
      h.cleanup(second);
      Map<String, String> after = MongoDbClient.afterRun();
      assertEquals("6", after.get(CollectionCount.INSERTED), "acknowledged new documents only: " + after);
      assertEquals("7", after.get(CollectionCount.AFTER), after::toString);
    }
  }
}
