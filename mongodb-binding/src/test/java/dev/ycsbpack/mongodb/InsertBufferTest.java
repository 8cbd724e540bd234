package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.mongodb.wire.Documents;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import site.ycsb.StringByteIterator;

/** What the buffer remembers between a failed batch and its re-send, and what it does not look at otherwise. */
class InsertBufferTest {
  /** A document that counts how often its fields are looked up (a RawBsonDocument parses its bytes each time). */
  private static final class CountingDocument extends BsonDocument {
    private static final long serialVersionUID = 1L;
    int lookups;

    CountingDocument(String id) {
      super(Documents.ID, new BsonString(id));
    }

    @Override
    public BsonValue get(Object key) {
      lookups++;
      return super.get(key);
    }
  }

  @Test
  void aDocumentSentAgainIsUnsureUntilItsFateIsKnown() {
    InsertBuffer buffer = new InsertBuffer(10);
    BsonDocument a = Documents.encoded("a", Map.of("f", new StringByteIterator("1")));
    BsonDocument b = Documents.encoded("b", Map.of("f", new StringByteIterator("2")));
    buffer.sendAgain("t", a);
    buffer.sendAgain("t", b);
    assertTrue(buffer.isUnsure(new BsonString("a")));

    buffer.settled(a);
    assertFalse(buffer.isUnsure(new BsonString("a")), "settled: its fate is known");
    assertTrue(buffer.isUnsure(new BsonString("b")), "another document stays unsure");
    buffer.settled(b);
    assertFalse(buffer.isUnsure(new BsonString("b")));
  }

  @Test
  void settlingReadsNoIdWhileNothingIsUnsure() {
    InsertBuffer buffer = new InsertBuffer(10);
    CountingDocument stored = new CountingDocument("k1");
    buffer.add("t", stored);
    buffer.settled(stored);
    assertEquals(0, stored.lookups, "no batch failed: the stored document's bytes are not parsed for its id");

    CountingDocument resent = new CountingDocument("k2");
    buffer.sendAgain("t", resent);
    CountingDocument other = new CountingDocument("k3");
    buffer.settled(other);
    assertEquals(1, other.lookups, "while a document is unsure, a settled one's id is looked up");
    assertTrue(buffer.isUnsure(new BsonString("k2")), "settling another id leaves it unsure");
    buffer.settled(resent);
    assertFalse(buffer.isUnsure(new BsonString("k2")));
  }
}
