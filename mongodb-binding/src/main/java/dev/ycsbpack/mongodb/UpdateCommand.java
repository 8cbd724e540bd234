package dev.ycsbpack.mongodb;

import com.mongodb.MongoClientException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteConcern;
import com.mongodb.WriteConcernResult;
import com.mongodb.WriteError;
import com.mongodb.bulk.WriteConcernError;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonReader;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/**
 * An update by {@code _id} sent as the {@code update} command the driver's {@code updateOne} sends
 * ({@code {update, ordered: true, writeConcern, txnNumber, updates: [{q: {_id}, u}]}}), run with {@code runCommand}
 * and its reply read by {@link ReplyCodec} into the few numbers a status needs.
 *
 * <p>Why: the driver's updateOne goes through its bulk-write machinery (a {@code BulkWriteBatch} per update, the
 * write-request encoder, a {@code BulkWriteResult} built from the reply); the same command through runCommand cost
 * the client threads 12-31% less CPU per update (medians) with both paths taking turns in one JVM
 * (bench/point-read.sh, docs/PERFORMANCE.md, issue 19).
 *
 * <p>What runCommand does not do for a write, the caller adds from here, as the driver's retryable writes do: the
 * session's transaction number on the command, one retry on {@link #isRetryable the driver's rule} with the same
 * {@code txnNumber}, and a {@code writeConcernError} in an {@code ok: 1} reply turned into the driver's
 * {@link MongoWriteConcernException} ({@link #failure}).
 */
final class UpdateCommand {
  /** The label the server (4.4+) or the driver puts on an error a retryable write may retry on. */
  static final String RETRYABLE_WRITE_ERROR = "RetryableWriteError";
  /** On a retry's error: the retry wrote nothing, so the first attempt's error is the one to report. */
  static final String NO_WRITES_PERFORMED = "NoWritesPerformed";
  /** Servers below this wire version (MongoDB 4.4) label no errors themselves; the driver decides by code. */
  private static final int LABELLING_WIRE_VERSION = 9;

  private UpdateCommand() {
  }

  /**
   * {@code writeConcern} null when it is the server's default (the driver then sends none), {@code txnNumber} null
   * when the write is not retryable.
   */
  static BsonDocument command(String table, String key, BsonDocument update, BsonDocument writeConcern,
                              Long txnNumber) {
    BsonDocument command = new BsonDocument("update", new BsonString(table)).append("ordered", BsonBoolean.TRUE);
    if (writeConcern != null) {
      command.append("writeConcern", writeConcern);
    }
    if (txnNumber != null) {
      command.append("txnNumber", new BsonInt64(txnNumber));
    }
    BsonDocument statement = new BsonDocument("q", new BsonDocument(Documents.ID, new BsonString(key)))
        .append("u", update);
    return command.append("updates", new BsonArray(List.of(statement)));
  }

  /** The write concern as the command carries it: null for the server's default, as the driver leaves it out. */
  static BsonDocument writeConcern(WriteConcern writeConcern) {
    return writeConcern.isServerDefault() ? null : writeConcern.asDocument();
  }

  /** {@link Reply#matched()} of a reply that carried no {@code n}. */
  static final int NO_COUNT = -1;

  /**
   * How many documents a clean reply says matched. An {@code ok: 1} reply without {@code n} is not "none matched"
   * (which would be counted NOT_FOUND): it is a reply this binding cannot read, an error.
   */
  static int matched(Reply reply) {
    if (reply.matched() == NO_COUNT) {
      throw new MongoClientException("the server's reply to an update carries no count of matched documents (n)");
    }
    return reply.matched();
  }

  /**
   * What an {@code ok: 1} reply to an update said: how many documents matched ({@link #NO_COUNT} when it did not
   * say), the first write error (null: none),
   * the write concern error (null: none) and the reply's error labels.
   */
  record Reply(int matched, int modified, BsonDocument writeError, BsonDocument writeConcernError,
               List<String> labels) {
    /** Neither a write error nor a write concern error. */
    boolean clean() {
      return writeError == null && writeConcernError == null;
    }
  }

  /** Decodes {@code {n, nModified, writeErrors: [...], writeConcernError: {...}, errorLabels: [...], ok}}. */
  static final class ReplyCodec implements Codec<Reply> {
    static final ReplyCodec INSTANCE = new ReplyCodec();
    private static final BsonDocumentCodec DOCUMENTS = new BsonDocumentCodec();
    private static final BsonValueCodec DOCUMENTS_VALUE = new BsonValueCodec();
    /** A count may come as any BSON number (a mongos or a proxy may widen it); each is read as what it says. */
    private static final Set<BsonType> NUMBERS = EnumSet.of(BsonType.INT32, BsonType.INT64, BsonType.DOUBLE,
        BsonType.DECIMAL128);

    private ReplyCodec() {
    }

    @Override
    public Reply decode(BsonReader reader, DecoderContext decoderContext) {
      int matched = NO_COUNT;
      int modified = 0;
      BsonDocument writeError = null;
      BsonDocument writeConcernError = null;
      List<String> labels = List.of();
      reader.readStartDocument();
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        String name = reader.readName();
        BsonType type = reader.getCurrentBsonType();
        if (name.equals("n") && NUMBERS.contains(type)) {
          matched = DOCUMENTS_VALUE.decode(reader, decoderContext).asNumber().intValue();
        } else if (name.equals("nModified") && NUMBERS.contains(type)) {
          modified = DOCUMENTS_VALUE.decode(reader, decoderContext).asNumber().intValue();
        } else if (name.equals("writeConcernError") && type == BsonType.DOCUMENT) {
          writeConcernError = DOCUMENTS.decode(reader, decoderContext);
        } else if (name.equals("writeErrors") && type == BsonType.ARRAY) {
          reader.readStartArray();
          while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (writeError == null && reader.getCurrentBsonType() == BsonType.DOCUMENT) {
              writeError = DOCUMENTS.decode(reader, decoderContext);
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
      return new Reply(matched, modified, writeError, writeConcernError, labels);
    }

    @Override
    public void encode(BsonWriter writer, Reply value, EncoderContext encoderContext) {
      throw new UnsupportedOperationException("an update reply is only decoded");
    }

    @Override
    public Class<Reply> getEncoderClass() {
      return Reply.class;
    }
  }

  /**
   * The driver's exception for what went wrong in an {@code ok: 1} reply that is not {@link Reply#clean() clean} (a
   * write error first, as the driver's updateOne reports it). {@code server}: where the reply came from, as far as known.
   */
  static MongoException failure(Reply reply, ServerAddress server) {
    if (reply.writeError() != null) {
      BsonDocument e = reply.writeError();
      return new MongoWriteException(new WriteError(code(e), text(e, "errmsg"), e.getDocument("errInfo",
          new BsonDocument())), server, reply.labels());
    }
    BsonDocument e = reply.writeConcernError();
    WriteConcernError error = new WriteConcernError(code(e), text(e, "codeName"), text(e, "errmsg"),
        e.getDocument("errInfo", new BsonDocument()));
    List<String> labels = new ArrayList<>(reply.labels());
    if (e.isArray("errorLabels")) {
      e.getArray("errorLabels").forEach(l -> labels.add(l.isString() ? l.asString().getValue() : String.valueOf(l)));
    }
    return new MongoWriteConcernException(error,
        WriteConcernResult.acknowledged(Math.max(0, reply.matched()), reply.modified() > 0, null), server, labels);
  }

  private static int code(BsonDocument error) {
    return error.isNumber("code") ? error.getNumber("code").intValue() : -1;
  }

  private static String text(BsonDocument error, String name) {
    return error.isString(name) ? error.getString(name).getValue() : "";
  }

  /**
   * The driver's rule for retrying a retryable write after {@code failure} on a server of {@code maxWireVersion}
   * (SpecRetryPolicy with CommandOperationHelper.addRetryableWriteErrorLabelIfNeeded, driver 5.14; checked against
   * the driver's own classes by UpdateCommandTest): a cleared pool; an authentication failure caused by a retryable
   * error; an error labelled {@value #RETRYABLE_WRITE_ERROR}, which servers from 4.4 (wire version 9) put on their
   * errors and the driver on network errors; below 4.4, every error the driver's retryable reads retry.
   */
  static boolean isRetryable(MongoException failure, int maxWireVersion) {
    if (failure instanceof MongoConnectionPoolClearedException) {
      return true;
    }
    if (failure instanceof MongoSecurityException && failure.getCause() != null
        && PointRead.isRetryable(failure.getCause())) {
      return true;
    }
    if (failure.hasErrorLabel(RETRYABLE_WRITE_ERROR)) {
      return true;
    }
    return maxWireVersion >= LABELLING_WIRE_VERSION ? failure instanceof MongoSocketException
        : PointRead.isRetryable(failure);
  }

  /**
   * Which error a retried write reports (the driver's decideWriteProspectiveFailedResult): the retry's, unless the
   * server says the retry wrote nothing ({@value #NO_WRITES_PERFORMED}), when the first attempt's tells more.
   */
  static MongoException reported(MongoException first, MongoException retry) {
    return retry.hasErrorLabel(NO_WRITES_PERFORMED) ? first : retry;
  }
}
