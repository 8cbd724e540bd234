package dev.ycsbpack.mongodb.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbpack.common.AwkwardStrings;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinarySubType;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonSerializationException;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * {@link Documents#encoded}: byte for byte what the driver's codec writes for the document upstream YCSB's binding
 * inserts ({@code _id} the key, then each field a subtype-0 binary), and the same document when the codec reads it
 * back.
 */
class DocumentsTest {
  @Test
  void encodedIsTheCodecsBytesForAwkwardKeysNamesAndValues() {
    List<String> keys = List.of("user6284781860667377211", "", AwkwardStrings.HOSTILE, "é中\uD83D\uDE00");
    for (String key : keys) {
      for (int fields : new int[] {0, 1, 10}) {
        Map<String, ByteIterator> forEncoded = values(fields, key);
        Map<String, ByteIterator> forCodec = values(fields, key);
        RawBsonDocument raw = Documents.encoded(key, forEncoded);
        byte[] expected = codecBytes(upstreamShape(key, forCodec));
        byte[] actual = Arrays.copyOfRange(raw.getByteBuffer().array(), 0, raw.getByteBuffer().limit());
        assertArrayEquals(expected, actual, "key '" + key + "', " + fields + " fields");
        assertEquals(upstreamShape(key, values(fields, key)), decoded(raw), "the codec reads back the same document");
      }
    }
  }

  @Test
  void namesPastTheCachedOnesAreWrittenExactlyToo() {
    for (int i = 0; i < 300; i++) { // more distinct names than Documents keeps
      String name = "n" + i + AwkwardStrings.HOSTILE;
      Map<String, ByteIterator> values = new LinkedHashMap<>();
      values.put(name, new ByteArrayByteIterator(new byte[] {(byte) i}));
      Map<String, ByteIterator> forCodec = new LinkedHashMap<>();
      forCodec.put(name, new ByteArrayByteIterator(new byte[] {(byte) i}));
      for (int twice = 0; twice < 2; twice++) {
        RawBsonDocument raw = Documents.encoded("k", twice == 0 ? values : Map.of(name,
            new ByteArrayByteIterator(new byte[] {(byte) i})));
        assertArrayEquals(codecBytes(upstreamShape("k", forCodec)),
            Arrays.copyOfRange(raw.getByteBuffer().array(), 0, raw.getByteBuffer().limit()), name);
        forCodec.put(name, new ByteArrayByteIterator(new byte[] {(byte) i}));
      }
    }
  }

  @Test
  void aFieldNameWithANulByteIsRefusedAsTheDriverRefusesIt() {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    values.put("bad\0name", new ByteArrayByteIterator(new byte[] {1}));
    BsonSerializationException e = assertThrows(BsonSerializationException.class,
        () -> Documents.encoded("user1", values));
    assertThrows(BsonSerializationException.class, () -> codecBytes(upstreamShape("user1", values(0, ""))
        .append("bad\0name", new BsonBinary(new byte[] {1}))), "the codec refuses it too");
    assertEquals(true, e.getMessage().contains("null"), e.getMessage());
  }

  /** Field names and values derived from the key, every byte value present, a fresh single-use iterator each. */
  private static Map<String, ByteIterator> values(int fields, String key) {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    for (int f = 0; f < fields; f++) {
      byte[] bytes = new byte[256 + f];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) (i + key.length());
      }
      values.put(f == 1 ? AwkwardStrings.HOSTILE : "field" + f, new ByteArrayByteIterator(bytes));
    }
    return values;
  }

  /** The document upstream YCSB's binding inserts: {@code _id} the key, then each field a subtype-0 binary. */
  private static BsonDocument upstreamShape(String key, Map<String, ByteIterator> values) {
    BsonDocument doc = new BsonDocument("_id", new BsonString(key));
    values.forEach((name, value) -> doc.append(name, new BsonBinary(BsonBinarySubType.BINARY, value.toArray())));
    return doc;
  }

  /** The bytes read back by the driver's codec, as a server's reply would be. */
  private static BsonDocument decoded(RawBsonDocument raw) {
    try (BsonBinaryReader reader = new BsonBinaryReader(raw.getByteBuffer().asNIO())) {
      return new BsonDocumentCodec().decode(reader, DecoderContext.builder().build());
    }
  }

  private static byte[] codecBytes(BsonDocument doc) {
    BasicOutputBuffer out = new BasicOutputBuffer();
    new BsonDocumentCodec().encode(new BsonBinaryWriter(out), doc, EncoderContext.builder().build());
    return out.toByteArray();
  }
}
