package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import dev.ycsbpack.mongodb.wire.Documents;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.List;
import java.util.stream.Stream;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Per-document fates of failed batches, from the errors real servers send: the error indexes of an unordered
 * insertMany, and the read-back that tells a document stored by an earlier send from a key someone else took.
 */
class BatchFatesTest {
  static Stream<Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  private static BsonDocument doc(String id, int value) {
    return new BsonDocument(Documents.ID, new BsonString(id)).append("field0",
        new BsonBinary(new byte[] {(byte) value}));
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void duplicatesAreStoredOnlyWhenTheStoredDocumentIsTheOneSentBefore(Target target) throws Exception {
    try (BindingHarness h = new BindingHarness(target)) {
      MongoCollection<BsonDocument> c = h.collection();
      c.insertMany(List.of(doc("ours", 1), doc("theirs", 9)));
      List<BsonDocument> batch = List.of(doc("ours", 1), doc("theirs", 2), doc("new", 3));
      MongoBulkWriteException e = assertThrows(MongoBulkWriteException.class,
          () -> c.insertMany(batch, new InsertManyOptions().ordered(false)));

      List<BatchFates.Fate> sentBefore = BatchFates.of(e, batch, id -> true, c);
      assertEquals(BatchFates.Kind.STORED, sentBefore.get(0).kind(), "the stored document is the one sent before");
      assertEquals(BatchFates.Kind.REFUSED, sentBefore.get(1).kind(), "someone else's document has the key");
      assertSame(Failures.DUPLICATE_KEY, sentBefore.get(1).refusal());
      assertEquals(BatchFates.Kind.STORED, sentBefore.get(2).kind(), "no write error: stored");

      List<BatchFates.Fate> firstSend = BatchFates.of(e, batch, id -> false, c);
      assertEquals(List.of(BatchFates.Kind.REFUSED, BatchFates.Kind.REFUSED, BatchFates.Kind.STORED),
          firstSend.stream().map(BatchFates.Fate::kind).toList(), "a first send's duplicate is a refusal");
    }
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void aFailureWithoutPerDocumentResultsLeavesEveryFateUnknown(Target target) throws Exception {
    try (BindingHarness h = new BindingHarness(target)) {
      List<BsonDocument> batch = List.of(doc("a", 1), doc("b", 2));
      List<BatchFates.Fate> fates = BatchFates.of(
          new MongoSocketReadException("connection reset", new ServerAddress()), batch, id -> true, h.collection());
      assertEquals(List.of(BatchFates.Fate.UNKNOWN, BatchFates.Fate.UNKNOWN), fates);
    }
  }
}
