package dev.ycsbpack.mongodb.wire;

import com.mongodb.MongoClientException;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.ServerAddress;
import com.mongodb.WriteError;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * An update by {@code _id} sent as the {@code update} command the driver's {@code updateOne} sends
 * ({@code {update, ordered: true, writeConcern, txnNumber, updates: [{q: {_id}, u}]}}), run with {@code runCommand}
 * and its reply read by {@link WriteReply.Codec} into the few numbers a status needs.
 *
 * <p>Why: the driver's updateOne goes through its bulk-write machinery (a {@code BulkWriteBatch} per update, the
 * write-request encoder, a {@code BulkWriteResult} built from the reply); the same command through runCommand cost
 * the client threads 12-31% less CPU per update (medians) with both paths taking turns in one JVM
 * (bench/point-read.sh, docs/PERFORMANCE.md, issue 19).
 *
 * <p>What runCommand does not do for a write, {@link CommandWrites} adds, as the driver's retryable writes do: the
 * session's transaction number on the command and one retry by {@link RetryableWrites the driver's rules}; a
 * {@code writeConcernError} in an {@code ok: 1} reply becomes the driver's {@link MongoWriteConcernException} here
 * ({@link #failure}).
 */
final class UpdateCommand {
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

  /**
   * How many documents a clean reply says matched. An {@code ok: 1} reply without {@code n} is not "none matched"
   * (which would be counted NOT_FOUND): it is a reply this binding cannot read, an error.
   */
  static int matched(WriteReply reply) {
    if (reply.n() == WriteReply.NO_COUNT) {
      throw new MongoClientException("the server's reply to an update carries no count of matched documents (n)");
    }
    return reply.n();
  }

  /**
   * The driver's exception for what went wrong in an {@code ok: 1} reply that is not
   * {@link WriteReply#clean() clean} (a write error first, as the driver's updateOne reports it). {@code server}:
   * where the reply came from, as far as known.
   */
  static MongoException failure(WriteReply reply, ServerAddress server) {
    BsonDocument e = reply.firstWriteError();
    if (e != null) {
      return new MongoWriteException(new WriteError(WriteReply.code(e), WriteReply.text(e, "errmsg"),
          e.getDocument("errInfo", new BsonDocument())), server, reply.labels());
    }
    return reply.writeConcernFailure(server);
  }
}
