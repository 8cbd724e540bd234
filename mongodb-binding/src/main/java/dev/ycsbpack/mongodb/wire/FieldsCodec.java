package dev.ycsbpack.mongodb.wire;

import com.mongodb.client.MongoDatabase;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.configuration.CodecRegistries;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * Decodes stored documents straight into YCSB's field map, with no {@code BsonDocument} in between: every
 * field but {@code _id}, a binary as its bytes, a string as its UTF-8 bytes, anything else (loaded by other
 * tools) as the text of its {@code BsonValue}, exactly as {@link Documents#readFields} does for a decoded
 * document. Decode only: the binding writes {@code BsonDocument}s.
 */
public final class FieldsCodec extends DecodeOnlyCodec<FieldsCodec.Fields> {
  static final FieldsCodec INSTANCE = new FieldsCodec();

  /** Built once: its registry lookups happen here, not per value. Stateless, so shared by all threads. */
  private static final BsonValueCodec OTHER = new BsonValueCodec();
  private static final DecoderContext CONTEXT = DecoderContext.builder().build();

  /** YCSB's field map as a document class. */
  public static final class Fields extends HashMap<String, ByteIterator> {
    private static final long serialVersionUID = 1L;
  }

  private FieldsCodec() {
    super(Fields.class, "the mongodb binding writes BsonDocuments, not field maps");
  }

  /**
   * {@code plain} decoding with the binding's own decoders first (field maps, point-read and write replies), and
   * everything else (filters, BsonDocuments) as the client resolves it.
   */
  public static MongoDatabase withReplyCodecs(MongoDatabase plain) {
    return plain.withCodecRegistry(CodecRegistries.fromRegistries(
        CodecRegistries.fromCodecs(INSTANCE, PointRead.ReplyCodec.INSTANCE, WriteReply.Codec.INSTANCE),
        plain.getCodecRegistry()));
  }

  @Override
  public Fields decode(BsonReader reader, DecoderContext decoderContext) {
    Fields fields = new Fields();
    readDocument(reader, fields);
    return fields;
  }

  /** Reads the document at the reader's position into {@code into}, skipping {@code _id}. */
  static void readDocument(BsonReader reader, Map<String, ByteIterator> into) {
    reader.readStartDocument();
    while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
      String name = reader.readName();
      if (name.equals(Documents.ID)) {
        reader.skipValue();
      } else {
        into.put(name, new ByteArrayByteIterator(readValue(reader)));
      }
    }
    reader.readEndDocument();
  }

  private static byte[] readValue(BsonReader reader) {
    switch (reader.getCurrentBsonType()) {
      case BINARY :
        return reader.readBinaryData().getData();
      case STRING :
        return reader.readString().getBytes(StandardCharsets.UTF_8);
      default :
        return OTHER.decode(reader, CONTEXT).toString().getBytes(StandardCharsets.UTF_8);
    }
  }
}
