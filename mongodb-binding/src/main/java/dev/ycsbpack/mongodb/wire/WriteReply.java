package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoWriteConcernException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteConcernResult;
import com.mongodb.bulk.WriteConcernError;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;

/**
 * What an {@code ok: 1} reply to a write command ({@code update}, {@code insert}) said: its count {@code n}
 * ({@link #NO_COUNT} when it did not say), {@code nModified}, every write error in the order sent, the write concern
 * error (null: none) and the reply's error labels. A reply with {@code ok: 0} never gets here: runCommand throws the
 * driver's exception for it.
 */
record WriteReply(int n, int modified, List<BsonDocument> writeErrors, BsonDocument writeConcernError,
    List<String> labels) {
  /** {@link #n()} of a reply that carried no {@code n}. */
  static final int NO_COUNT = -1;

  /** Neither a write error nor a write concern error. */
  boolean clean() {
    return writeErrors.isEmpty() && writeConcernError == null;
  }

  /** The first write error, or null. */
  BsonDocument firstWriteError() {
    return writeErrors.isEmpty() ? null : writeErrors.get(0);
  }

  /**
   * The write concern error as the driver's exception (with the reply's labels and the error's own), so that a retry is
   * decided and a status classified as for the driver's own writes.
   */
  MongoWriteConcernException writeConcernFailure(ServerAddress server) {
    BsonDocument e = writeConcernError;
    WriteConcernError error = new WriteConcernError(code(e), text(e, "codeName"), text(e, "errmsg"),
        e.getDocument("errInfo", new BsonDocument()));
    List<String> all = new ArrayList<>(labels);
    if (e.isArray("errorLabels")) {
      e.getArray("errorLabels").forEach(l -> all.add(l.isString() ? l.asString().getValue() : String.valueOf(l)));
    }
    return new MongoWriteConcernException(error,
        WriteConcernResult.acknowledged(Math.max(0, n), modified > 0, null), server, all);
  }

  static int code(BsonDocument error) {
    return error.isNumber("code") ? error.getNumber("code").intValue() : -1;
  }

  static String text(BsonDocument error, String name) {
    return error.isString(name) ? error.getString(name).getValue() : "";
  }

  /** Decodes {@code {n, nModified, writeErrors: [...], writeConcernError: {...}, errorLabels: [...], ok}}. */
  static final class Codec extends DecodeOnlyCodec<WriteReply> {
    static final Codec INSTANCE = new Codec();
    private static final BsonDocumentCodec DOCUMENTS = new BsonDocumentCodec();
    private static final BsonValueCodec DOCUMENTS_VALUE = new BsonValueCodec();
    /** A count may come as any BSON number (a mongos or a proxy may widen it); each is read as what it says. */
    private static final Set<BsonType> NUMBERS = EnumSet.of(BsonType.INT32, BsonType.INT64, BsonType.DOUBLE,
        BsonType.DECIMAL128);

    private Codec() {
      super(WriteReply.class, "a write command's reply is only decoded");
    }

    @Override
    public WriteReply decode(BsonReader reader, DecoderContext decoderContext) {
      int n = NO_COUNT;
      int modified = 0;
      List<BsonDocument> writeErrors = List.of();
      BsonDocument writeConcernError = null;
      List<String> labels = List.of();
      reader.readStartDocument();
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        String name = reader.readName();
        BsonType type = reader.getCurrentBsonType();
        if (name.equals("n") && NUMBERS.contains(type)) {
          n = DOCUMENTS_VALUE.decode(reader, decoderContext).asNumber().intValue();
        } else if (name.equals("nModified") && NUMBERS.contains(type)) {
          modified = DOCUMENTS_VALUE.decode(reader, decoderContext).asNumber().intValue();
        } else if (name.equals("writeConcernError") && type == BsonType.DOCUMENT) {
          writeConcernError = DOCUMENTS.decode(reader, decoderContext);
        } else if (name.equals("writeErrors") && type == BsonType.ARRAY) {
          writeErrors = new ArrayList<>();
          reader.readStartArray();
          while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (reader.getCurrentBsonType() == BsonType.DOCUMENT) {
              writeErrors.add(DOCUMENTS.decode(reader, decoderContext));
            } else {
              reader.skipValue();
            }
          }
          reader.readEndArray();
        } else if (name.equals("errorLabels") && type == BsonType.ARRAY) {
          labels = new ArrayList<>();
          reader.readStartArray();
          while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (reader.getCurrentBsonType() == BsonType.STRING) {
              labels.add(reader.readString());
            } else {
              reader.skipValue();
            }
          }
          reader.readEndArray();
        } else {
          reader.skipValue();
        }
      }
      reader.readEndDocument();
      return new WriteReply(n, modified, writeErrors, writeConcernError, labels);
    }
  }
}
