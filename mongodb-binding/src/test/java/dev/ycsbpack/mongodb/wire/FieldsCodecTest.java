package dev.ycsbpack.mongodb.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDocumentWriter;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The binding's decoders, byte for byte: {@link FieldsCodec} must give exactly what decoding to a
 * {@code BsonDocument} and {@link Documents#readFields} gave before it, and {@link PointRead.ReplyCodec} must
 * find the document in a find reply whatever else the reply holds.
 */
class FieldsCodecTest {
  private static final DecoderContext CONTEXT = DecoderContext.builder().build();

  private static byte[] everyByte() {
    byte[] b = new byte[256];
    for (int i = 0; i < 256; i++) {
      b[i] = (byte) i;
    }
    return b;
  }

  /** The document's bytes on the wire, read back by the codec as the driver would. */
  private static FieldsCodec.Fields decode(BsonDocument doc) {
    RawBsonDocument raw = new RawBsonDocument(doc, new org.bson.codecs.BsonDocumentCodec());
    try (BsonBinaryReader reader = new BsonBinaryReader(raw.getByteBuffer().asNIO())) {
      return FieldsCodec.INSTANCE.decode(reader, CONTEXT);
    }
  }

  private static PointRead.Reply decodeReply(BsonDocument reply) {
    RawBsonDocument raw = new RawBsonDocument(reply, new org.bson.codecs.BsonDocumentCodec());
    try (BsonBinaryReader reader = new BsonBinaryReader(raw.getByteBuffer().asNIO())) {
      return PointRead.ReplyCodec.INSTANCE.decode(reader, CONTEXT);
    }
  }

  /** What the binding returned before the codec: decode to BsonDocument, then copy. */
  private static Map<String, byte[]> oracle(BsonDocument doc) {
    Map<String, ByteIterator> m = new HashMap<>();
    Documents.readFields(doc, m);
    return bytes(m);
  }

  /** ByteIterators are single-use: read each once, here. */
  private static Map<String, byte[]> bytes(Map<String, ByteIterator> fields) {
    Map<String, byte[]> m = new HashMap<>();
    fields.forEach((k, v) -> m.put(k, v.toArray()));
    return m;
  }

  private static void assertSameFields(Map<String, byte[]> expected, Map<String, byte[]> actual) {
    assertEquals(expected.keySet(), actual.keySet());
    for (Map.Entry<String, byte[]> e : expected.entrySet()) {
      assertArrayEquals(e.getValue(), actual.get(e.getKey()), e.getKey());
    }
  }

  @Test
  void everyByteValueRoundTripsExactlyAndIdIsLeftOut() {
    Map<String, ByteIterator> values = new LinkedHashMap<>();
    values.put("every", new ByteArrayByteIterator(everyByte()));
    values.put("empty", new ByteArrayByteIterator(new byte[0]));
    byte[] big = new byte[100_000];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) (i * 31 + 7);
    }
    values.put("big", new ByteArrayByteIterator(big));
    BsonDocument doc = Documents.encoded("user42", values); // as the binding inserts it

    Map<String, byte[]> fields = bytes(decode(doc));
    assertEquals(Set.of("every", "empty", "big"), fields.keySet(), "every field, no _id");
    assertArrayEquals(everyByte(), fields.get("every"));
    assertArrayEquals(new byte[0], fields.get("empty"));
    assertArrayEquals(big, fields.get("big"));
    assertSameFields(oracle(doc), fields);
  }

  @Test
  void idIsSkippedWhereverItStandsAndWhateverItsType() {
    BsonDocument doc = new BsonDocument("a", new BsonBinary(new byte[] {1}))
        .append("_id", new BsonDocument("nested", new BsonString("x")))
        .append("b", new BsonBinary(new byte[] {2}));
    Map<String, byte[]> fields = bytes(decode(doc));
    assertEquals(Set.of("a", "b"), fields.keySet());
    assertArrayEquals(new byte[] {2}, fields.get("b"));
    assertSameFields(oracle(doc), fields);
    assertTrue(decode(new BsonDocument("_id", new BsonInt32(3))).isEmpty(), "only _id: no fields");
  }

  @Test
  void aDocumentWithoutTheRequestedFieldsGivesAnEmptyMap() {
    // what the server returns for a projection of fields the document lacks
    assertTrue(decode(new BsonDocument("_id", new BsonString("k"))).isEmpty());
    assertTrue(decode(new BsonDocument()).isEmpty());
  }

  @Test
  void aProjectedSubsetDecodesToExactlyThatSubset() {
    BsonDocument stored = new BsonDocument("_id", new BsonString("k"));
    for (int i = 0; i < 10; i++) {
      stored.append("field" + i, new BsonBinary(new byte[] {(byte) i, (byte) (255 - i)}));
    }
    // the server's answer to projection {field3: 1, field7: 1}
    BsonDocument projected = new BsonDocument("_id", new BsonString("k"))
        .append("field3", stored.get("field3")).append("field7", stored.get("field7"));
    Map<String, byte[]> fields = bytes(decode(projected));
    assertEquals(Set.of("field3", "field7"), fields.keySet());
    assertArrayEquals(new byte[] {3, (byte) 252}, fields.get("field3"));
    assertArrayEquals(new byte[] {7, (byte) 248}, fields.get("field7"));
  }

  @Test
  void valuesLoadedByOtherToolsReadAsBeforeTheCodec() {
    BsonDocument doc = new BsonDocument("_id", new BsonString("k"))
        .append("text", new BsonString("héllo \u0000 wörld"))
        .append("int", new BsonInt32(5))
        .append("long", new BsonInt64(-7))
        .append("bool", BsonBoolean.TRUE)
        .append("null", BsonNull.VALUE)
        .append("doc", new BsonDocument("x", new BsonArray(java.util.List.of(new BsonInt32(1)))))
        .append("uuid", new BsonBinary(BsonBinarySubType.UUID_STANDARD, everyByte()))
        .append("old", new BsonBinary(BsonBinarySubType.OLD_BINARY, everyByte()));
    Map<String, byte[]> fields = bytes(decode(doc));
    assertSameFields(oracle(doc), fields);
    assertArrayEquals("héllo \u0000 wörld".getBytes(StandardCharsets.UTF_8), fields.get("text"));
    assertArrayEquals("BsonInt32{value=5}".getBytes(StandardCharsets.UTF_8), fields.get("int"));
    assertArrayEquals(everyByte(), fields.get("old"), "subtype 2's inner length is not data");
    assertArrayEquals(everyByte(), fields.get("uuid"));
  }

  @Test
  void theCodecOnlyDecodes() {
    BsonDocumentWriter writer = new BsonDocumentWriter(new BsonDocument());
    assertThrows(UnsupportedOperationException.class,
        () -> FieldsCodec.INSTANCE.encode(writer, new FieldsCodec.Fields(), EncoderContext.builder().build()));
    assertEquals(FieldsCodec.Fields.class, FieldsCodec.INSTANCE.getEncoderClass());
  }

  @Test
  void aFindReplyGivesItsFirstDocumentWhateverSurroundsIt() {
    BsonDocument stored = new BsonDocument("_id", new BsonString("k"))
        .append("field0", new BsonBinary(everyByte()));
    BsonDocument reply = new BsonDocument("$clusterTime", new BsonDocument("t", new BsonInt64(1)))
        .append("cursor", new BsonDocument("id", new BsonInt64(0)).append("ns", new BsonString("db.t"))
            .append("firstBatch", new BsonArray(java.util.List.of(stored))))
        .append("ok", new org.bson.BsonDouble(1));
    PointRead.Reply r = decodeReply(reply);
    assertTrue(r.wellFormed);
    Map<String, byte[]> fields = bytes(r.document);
    assertSameFields(oracle(stored), fields);
    assertArrayEquals(everyByte(), fields.get("field0"));
  }

  @Test
  void anEmptyBatchIsNotFoundAndAReplyWithoutOneIsNotAFindReply() {
    PointRead.Reply empty = decodeReply(new BsonDocument("cursor",
        new BsonDocument("firstBatch", new BsonArray()).append("id", new BsonInt64(0)))
        .append("ok", new BsonInt32(1)));
    assertTrue(empty.wellFormed);
    assertNull(empty.document);

    PointRead.Reply odd = decodeReply(new BsonDocument("ok", new BsonInt32(1))
        .append("cursor", new BsonString("not a document")));
    assertFalse(odd.wellFormed);
    assertNull(odd.document);
  }

  @Test
  void ofSeveralDocumentsOnlyTheFirstIsTaken() {
    BsonDocument first = new BsonDocument("_id", new BsonString("a")).append("f", new BsonBinary(new byte[] {1}));
    BsonDocument second = new BsonDocument("_id", new BsonString("b")).append("g", new BsonBinary(new byte[] {2}));
    PointRead.Reply r = decodeReply(new BsonDocument("cursor",
        new BsonDocument("firstBatch", new BsonArray(java.util.List.of(first, second)))));
    assertEquals(Set.of("f"), r.document.keySet());
  }
}
