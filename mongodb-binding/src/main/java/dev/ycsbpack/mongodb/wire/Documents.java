package dev.ycsbpack.mongodb.wire;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The document shape upstream YCSB's MongoDB binding uses, so data loaded by either can be run by the other:
 * {@code _id} is the YCSB key and every field is a BSON binary (subtype 0) holding the value's bytes.
 */
public final class Documents {
  public static final String ID = "_id";
  private static final BsonInt32 INCLUDED = new BsonInt32(1);

  private Documents() {
  }

  /**
   * The document for {@code key} ({@code _id} the key, then each field a subtype-0 binary, in the map's order), written
   * straight to its BSON bytes: an insert then costs one pass over the values instead of a {@code BsonBinary} per
   * field, a map entry per field and the codec's writer (the driver copies a {@link RawBsonDocument}'s bytes as they
   * are).
   *
   * @throws org.bson.BsonSerializationException for a field name holding a NUL byte, as the driver's writer does
   */
  public static RawBsonDocument encoded(String key, Map<String, ByteIterator> values) {
    BasicOutputBuffer out = new BasicOutputBuffer(64 + 128 * values.size());
    out.writeInt32(0); // the length, known at the end
    out.writeBytes(ID_HEAD);
    out.writeString(key);
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      byte[] value = field.getValue().toArray();
      out.writeByte(BsonType.BINARY.getValue());
      out.writeBytes(cString(field.getKey()));
      out.writeInt32(value.length);
      out.writeByte(BsonBinarySubType.BINARY.getValue());
      out.writeBytes(value);
    }
    out.writeByte(0);
    out.writeInt32(0, out.getPosition());
    return new RawBsonDocument(out.getInternalBuffer(), 0, out.getPosition());
  }

  /** The head of the {@code _id} element, a string: its type byte and name. */
  private static final byte[] ID_HEAD = {(byte) BsonType.STRING.getValue(), '_', 'i', 'd', 0};

  /** Field names seen so far as BSON cstrings; YCSB's are a handful (field0, field1, ...), so this stays small. */
  private static final Map<String, byte[]> C_STRINGS = new ConcurrentHashMap<>();
  private static final int MAX_C_STRINGS = 256;

  /**
   * {@code name} as the bytes {@link BasicOutputBuffer#writeCString} writes (and with its refusal of a NUL), kept
   * once per name: writing each field name character by character was 5-7% of a batched load's client samples (JFR).
   */
  static byte[] cString(String name) {
    byte[] bytes = C_STRINGS.get(name);
    if (bytes == null) {
      BasicOutputBuffer out = new BasicOutputBuffer(name.length() * 3 + 1);
      out.writeCString(name);
      bytes = out.toByteArray();
      if (C_STRINGS.size() < MAX_C_STRINGS) {
        C_STRINGS.put(name, bytes);
      }
    }
    return bytes;
  }

  /** {@code {f: 1, ...}} in the set's order, as {@code Projections.include(new ArrayList<>(fields))} gives. */
  public static BsonDocument projection(Set<String> fields) {
    BsonDocument projection = new BsonDocument();
    for (String field : fields) {
      projection.append(field, INCLUDED);
    }
    return projection;
  }

  /** Values are single-use streams: each is read exactly once, here. */
  public static BsonDocument putFields(BsonDocument doc, Map<String, ByteIterator> values) {
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      doc.put(field.getKey(), new BsonBinary(field.getValue().toArray()));
    }
    return doc;
  }

  /** Copies every field but {@code _id} into {@code result}; non-binary values (loaded by other tools) as text. */
  public static void readFields(BsonDocument doc, Map<String, ByteIterator> result) {
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

  public static HashMap<String, ByteIterator> readFields(BsonDocument doc) {
    HashMap<String, ByteIterator> result = new HashMap<>();
    readFields(doc, result);
    return result;
  }
}
