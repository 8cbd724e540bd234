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

  /**
   * The write concern as the command carries it: null for the server's default, as the driver leaves it out;
   * {@code timeoutMs} true when the client has a timeoutMS, which then bounds the write instead of {@code wtimeout}.
   */
  static BsonDocument writeConcern(WriteConcern writeConcern, boolean timeoutMs) {
    if (writeConcern.isServerDefault()) {
      return null;
    }
    BsonDocument document = writeConcern.asDocument();
    if (timeoutMs) {
      // with timeoutMS the driver drops wtimeout from every write (WriteConcernHelper.cloneWithoutTimeout)
      document.remove("wtimeout");
    }
    return document.isEmpty() ? null : document;
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
   * The driver's exception for what went wrong in an {@code ok: 1} reply that is not {@link WriteReply#clean() clean} (a
   * write error first, as the driver's updateOne reports it). {@code server}: where the reply came from, as far as known.
   */
  static MongoException failure(WriteReply reply, ServerAddress server) {
    BsonDocument e = reply.firstWriteError();
    if (e != null) {
      return new MongoWriteException(new WriteError(WriteReply.code(e), WriteReply.text(e, "errmsg"),
          e.getDocument("errInfo", new BsonDocument())), server, reply.labels());
    }
    return reply.writeConcernFailure(server);
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
