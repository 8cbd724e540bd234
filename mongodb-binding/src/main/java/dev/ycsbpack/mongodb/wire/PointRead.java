package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoSocketException;
import com.mongodb.ReadConcern;
import com.mongodb.ServerAddress;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonReader;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.codecs.DecoderContext;

/**
 * A read by {@code _id} sent as the same {@code find} command the driver's {@code find(...).first()} sends
 * ({@code {find, filter: {_id}, projection, limit: 1, singleBatch: true}} plus the read concern), run with
 * {@code runCommand} so that its reply is decoded straight into YCSB's field map by {@link ReplyCodec}.
 *
 * <p>Why: for every {@code find} the driver builds fresh result codecs ({@code CommandResultDocumentCodec},
 * each building a {@code BsonTypeCodecMap} through a new codec registry); that was a fifth of the client's CPU
 * samples on a point read, and the driver's find still costs about a third more client CPU per read than this
 * path (bench/point-read.sh, docs/PERFORMANCE.md). {@code runCommand} decodes the reply with one long-lived codec.
 *
 * <p>What {@code runCommand} does not do as the driver's find does, the binding adds: the find's retries
 * ({@link ReadRetries}: one after an error on the driver's own rule {@link #isRetryable}, under timeoutMS as many as
 * its deadline allows, the rule checked against the driver's classes by PointReadRulesTest; the overload attempts and
 * backoff; and no attempt more than the find would make
 * whatever runCommand retries by itself) unless retryReads is off, each avoiding the servers that failed as the
 * driver's do ({@link SteeredSelection}) and all within the same timeoutMS deadline; and a cursor the server left
 * open ({@link Reply#cursorId}) is killed.
 */
final class PointRead {
  private static final BsonInt32 ONE = new BsonInt32(1);
  /** The codes the driver's retryable reads retry on (CommandOperationHelper.RETRYABLE_ERROR_CODES, 5.14). */
  private static final Set<Integer> RETRYABLE_CODES = Set.of(6, 7, 89, 91, 134, 189, 262, 9001, 13436, 13435, 11602,
      11600, 10107);

  private PointRead() {
  }

  /** What a point read's reply held: its first document's fields, or none. */
  static final class Reply {
    /** null when the batch was empty (no such key). */
    final FieldsCodec.Fields document;
    /** false when the reply had no {@code cursor.firstBatch} array at all: not a find reply. */
    final boolean wellFormed;
    /** {@code cursor.id}: 0 unless the server left a cursor open, which the read must then kill. */
    final long cursorId;

    Reply(FieldsCodec.Fields document, boolean wellFormed, long cursorId) {
      this.document = document;
      this.wellFormed = wellFormed;
      this.cursorId = cursorId;
    }
  }

  /** Decodes {@code {cursor: {firstBatch: [doc], id, ...}, ok: 1, ...}}; never throws on a reply's shape. */
  static final class ReplyCodec extends DecodeOnlyCodec<Reply> {
    static final ReplyCodec INSTANCE = new ReplyCodec();

    private ReplyCodec() {
      super(Reply.class, "a find reply is only decoded");
    }

    @Override
    public Reply decode(BsonReader reader, DecoderContext decoderContext) {
      FieldsCodec.Fields document = null;
      boolean batch = false;
      long cursorId = 0;
      reader.readStartDocument();
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        if (!reader.readName().equals("cursor") || reader.getCurrentBsonType() != BsonType.DOCUMENT) {
          reader.skipValue();
          continue;
        }
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
          String name = reader.readName();
          if (name.equals("id") && reader.getCurrentBsonType() == BsonType.INT64) {
            cursorId = reader.readInt64();
            continue;
          }
          if (!name.equals("firstBatch") || reader.getCurrentBsonType() != BsonType.ARRAY) {
            reader.skipValue();
            continue;
          }
          batch = true;
          reader.readStartArray();
          while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (document == null && reader.getCurrentBsonType() == BsonType.DOCUMENT) {
              document = new FieldsCodec.Fields();
              FieldsCodec.readDocument(reader, document);
            } else {
              reader.skipValue();
            }
          }
          reader.readEndArray();
        }
        reader.readEndDocument();
      }
      reader.readEndDocument();
      return new Reply(document, batch, cursorId);
    }
  }

  /** {@code projection} null for all fields; {@code readConcern} added unless it is the server default. */
  static BsonDocument command(String table, String key, BsonDocument projection, ReadConcern readConcern) {
    // the driver's field order: find, readConcern, filter, projection, limit, singleBatch
    BsonDocument command = new BsonDocument("find", new BsonString(table));
    if (!readConcern.isServerDefault()) {
      command.append("readConcern", readConcern.asDocument());
    }
    command.append("filter", new BsonDocument(Documents.ID, new BsonString(key)));
    if (projection != null) {
      command.append("projection", projection);
    }
    return command.append("limit", ONE).append("singleBatch", BsonBoolean.TRUE);
  }

  /** {@code {killCursors: table, cursors: [id]}}, what the driver sends when it closes a find's open cursor. */
  static BsonDocument killCursors(String table, long cursorId) {
    return new BsonDocument("killCursors", new BsonString(table))
        .append("cursors", new BsonArray(List.of(new BsonInt64(cursorId))));
  }

  /**
   * The driver's rule for retrying a read (SpecRetryPolicy.decideRetryable with
   * CommandOperationHelper.isRetryableException, driver 5.14): network errors, "not primary", "node is
   * recovering", a cleared pool, the retryable server codes, and authentication failures caused by one of these.
   */
  static boolean isRetryable(Throwable t) {
    if (t instanceof MongoSecurityException) {
      Throwable cause = t.getCause();
      return cause != null && isRetryableException(cause);
    }
    return isRetryableException(t);
  }

  /**
   * The server a failed attempt went to, which its retry avoids on a sharded cluster; null when unknown or, as the
   * driver has it, when the pool was cleared (the server's trouble is then known to every later selection).
   */
  static ServerAddress failedServer(Throwable t) {
    if (t instanceof MongoSecurityException && t.getCause() != null) {
      return failedServer(t.getCause());
    }
    if (t instanceof MongoConnectionPoolClearedException) {
      return null;
    }
    if (t instanceof MongoServerException server) {
      return server.getServerAddress();
    }
    if (t instanceof MongoSocketException socket) {
      return socket.getServerAddress();
    }
    return null;
  }

  private static boolean isRetryableException(Throwable t) {
    if (!(t instanceof MongoException)) {
      return false;
    }
    if (t instanceof MongoSocketException || t instanceof MongoNotPrimaryException
        || t instanceof MongoNodeIsRecoveringException || t instanceof MongoConnectionPoolClearedException) {
      return true;
    }
    return RETRYABLE_CODES.contains(((MongoException) t).getCode());
  }
}
