package dev.ycsbpack.mongodb;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The document shape upstream YCSB's MongoDB binding uses, so data loaded by either can be run by the other:
 * {@code _id} is the YCSB key and every field is a BSON binary (subtype 0) holding the value's bytes.
 */
final class Documents {
  static final String ID = "_id";

  private Documents() {
  }

  static BsonDocument toDocument(String key, Map<String, ByteIterator> values) {
    BsonDocument doc = new BsonDocument(ID, new BsonString(key));
    putFields(doc, values);
    return doc;
  }

  /** Values are single-use streams: each is read exactly once, here. */
  static BsonDocument putFields(BsonDocument doc, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      doc.put(field.getKey(), new BsonBinary(field.getValue().toArray()));
    }
    return doc;
  }

  /** Copies every field but {@code _id} into {@code result}; non-binary values (loaded by other tools) as text. */
  static void readFields(BsonDocument doc, Map<String, ByteIterator> result) {
    for (Map.Entry<String, BsonValue> field : doc.entrySet()) {
      if (field.getKey().equals(ID)) {
        continue;
      }
      BsonValue v = field.getValue();
      byte[] bytes = v.isBinary() ? v.asBinary().getData()
          : v.isString() ? v.asString().getValue().getBytes(StandardCharsets.UTF_8)
          : v.toString().getBytes(StandardCharsets.UTF_8);
      result.put(field.getKey(), new ByteArrayByteIterator(bytes));
    }
  }

  static HashMap<String, ByteIterator> readFields(BsonDocument doc) {
    HashMap<String, ByteIterator> result = new HashMap<>();
    readFields(doc, result);
    return result;
  }
}
