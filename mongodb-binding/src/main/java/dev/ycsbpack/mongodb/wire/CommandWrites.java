package dev.ycsbpack.mongodb.wire;

import com.mongodb.ClientSessionOptions;
import com.mongodb.MongoClientException;
import com.mongodb.MongoException;
import com.mongodb.ReadPreference;
import com.mongodb.ServerAddress;
import com.mongodb.WriteConcern;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import java.util.List;
import java.util.function.BiFunction;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * One client thread's writes by command: updates ({@link UpdateCommand}) and batches of inserts
 * ({@link InsertCommand}), with retryable writes done as the driver does them: when {@code retryWrites} is on, the
 * write concern acknowledged and the deployment a replica set or sharded cluster with sessions, the command carries
 * the thread's own session ({@code lsid}) and that session's next transaction number, and one failure the driver
 * would retry ({@link RetryableWrites}) is retried with the same transaction number on a newly selected
 * server (another mongos when there is one), within the same timeoutMS deadline (once, where the driver's own writes
 * under timeoutMS retry until the deadline: a known difference, said in the README). An {@code ok: 1} reply is retried
 * only for a write concern error of a kind the driver retries ({@link RetryableWrites#isRetryableKind}), write errors
 * or not, as the driver decides from the write concern error alone; write errors by themselves never are.
 *
 * <p>Unacknowledged writes ({@code w=0}) stay on the driver's updateOne and insertMany: runCommand would wait for a
 * reply the driver's {@code moreToCome} write does not.
 */
public final class CommandWrites implements AutoCloseable {
  private static final ClientSessionOptions SESSION = ClientSessionOptions.builder().causallyConsistent(false).build();

  private final MongoClient client;
  private final MongoDatabase database;
  private final boolean retryWrites;
  private final BsonDocument writeConcern;
  /** The same, as the bytes an insert command copies in. */
  private final RawBsonDocument writeConcernBytes;
  private final Long timeoutMs;
  private final WriteLimits limits;
  /** This thread's session, started with its first retryable write: its transaction numbers are this thread's. */
  private ClientSession session;

  public CommandWrites(MongoClient client, MongoDatabase database, boolean retryWrites, Long timeoutMs,
      WriteLimits limits) {
    this.client = client;
    this.database = database;
    this.retryWrites = retryWrites;
    this.writeConcern = writeConcern(database.getWriteConcern(), timeoutMs != null);
    this.writeConcernBytes = writeConcern == null ? null : new RawBsonDocument(writeConcern, new BsonDocumentCodec());
    this.timeoutMs = timeoutMs;
    this.limits = limits;
  }

  /**
   * Sends {@code {_id: key}} ← {@code update}; the reply's matched count, or the driver's exception for a failure
   * (a write concern error as {@link com.mongodb.MongoWriteConcernException}).
   */
  public int update(String table, String key, BsonDocument update) {
    ClusterDescription cluster = client.getClusterDescription();
    ClientSession on = retryableSession(cluster);
    return UpdateCommand.matched(clean(run(cluster, on,
        UpdateCommand.command(table, key, update, writeConcern, txnNumber(on)), "update"), UpdateCommand::failure));
  }

  /**
   * Inserts {@code documents} as one unordered batch in one command, when they fit one within the server's limits
   * ({@link InsertCommand#size}); returns true when every one was stored, false when nothing was sent because they do
   * not fit (the caller then uses the driver's insertMany, which splits them); else throws the driver's exception:
   * {@link com.mongodb.MongoBulkWriteException} for write errors or a write concern error, as the driver's insertMany.
   */
  public boolean insert(String table, List<? extends BsonDocument> documents) {
    int size = InsertCommand.size(table, documents, limits);
    if (size == InsertCommand.DOES_NOT_FIT) {
      return false;
    }
    ClusterDescription cluster = client.getClusterDescription();
    ClientSession on = retryableSession(cluster);
    WriteReply reply = clean(run(cluster, on,
        InsertCommand.command(table, documents, size, writeConcernBytes, txnNumber(on)), "insert"),
        InsertCommand::failure);
    if (reply.n() == WriteReply.NO_COUNT) {
      // as the driver's insertMany, which cannot build its result without it: the documents' fate is unknown
      throw new MongoClientException("the server's reply to an insert carries no count of inserted documents (n)");
    }
    return true;
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

  /** This thread's session when the write is retryable on {@code cluster}, else null. */
  private ClientSession retryableSession(ClusterDescription cluster) {
    return retryWrites && RetryableWrites.supported(cluster) ? session() : null;
  }

  /** The session's next transaction number for a retryable write ({@code on} not null), else null. */
  private static Long txnNumber(ClientSession on) {
    return on != null ? on.getServerSession().advanceTransactionNumber() : null;
  }

  /** A reply and the server it came from, as far as known. */
  private record Answer(WriteReply reply, ServerAddress server) {
  }

  /**
   * The reply of a write that ran, when clean; else the driver's exception {@code failure} makes of it and the server
   * it came from (a method reference, so no object per write).
   */
  private static WriteReply clean(Answer answer, BiFunction<WriteReply, ServerAddress, MongoException> failure) {
    if (!answer.reply().clean()) {
      throw failure.apply(answer.reply(), answer.server());
    }
    return answer.reply();
  }

  /**
   * Runs {@code sent} (carrying {@code on}'s transaction number when {@code on} is not null), retrying once as the
   * driver would; the last reply, clean or not (the caller turns an unclean one into its exception), or the driver's
   * exception for a command that failed. A reply with write errors is retried only for a write concern error the
   * driver would retry on its own (ProtocolHelper.createSpecialException: a not-primary, recovering or time-limit
   * error), as the driver's bulk write decides from the write concern error alone.
   */
  private Answer run(ClusterDescription cluster, ClientSession on, BsonDocument sent, String what) {
    long start = timeoutMs != null ? System.nanoTime() : 0;
    Answer firstAnswer = null;
    MongoException first;
    try {
      WriteReply reply = send(database, on, sent);
      firstAnswer = new Answer(reply, reply.clean() ? null : replyServer(cluster));
      if (reply.writeConcernError() == null || !RetryableWrites.isRetryableKind(reply.writeConcernError())) {
        return firstAnswer; // clean; write errors alone; or a write concern error the driver never retries
      }
      first = reply.writeConcernFailure(firstAnswer.server());
    } catch (MongoException e) {
      first = e;
    }
    int wire = maxWireVersion(cluster, PointRead.failedServer(first));
    boolean retryable = firstAnswer != null
        ? RetryableWrites.isRetryable(firstAnswer.reply().writeConcernError(), first, wire)
        : RetryableWrites.isRetryable(first, wire);
    if (on == null || !retryable) {
      if (firstAnswer != null) {
        return firstAnswer;
      }
      throw first;
    }
    MongoDatabase retryOn = RetryDeadline.database(database, timeoutMs, start, first, what);
    try {
      WriteReply reply = SteeredSelection.avoiding(PointRead.failedServer(first), () -> send(retryOn, on, sent));
      return new Answer(reply, reply.clean() ? null : replyServer(client.getClusterDescription()));
    } catch (MongoException e) {
      MongoException reported = RetryableWrites.reported(first, e);
      if (reported == first && firstAnswer != null) {
        return firstAnswer; // the retry wrote nothing: the first reply, with its own server
      }
      throw reported;
    }
  }

  private static WriteReply send(MongoDatabase db, ClientSession session, BsonDocument command) {
    return session == null ? db.runCommand(command, ReadPreference.primary(), WriteReply.class)
        : db.runCommand(session, command, ReadPreference.primary(), WriteReply.class);
  }

  private ClientSession session() {
    if (session == null) {
      session = client.startSession(SESSION);
    }
    return session;
  }

  /** The wire version of {@code server}, or of the primary when it is unknown; the newest when neither is known. */
  private static int maxWireVersion(ClusterDescription cluster, ServerAddress server) {
    for (ServerDescription s : cluster.getServerDescriptions()) {
      if (s.getAddress().equals(server)) {
        return s.getMaxWireVersion();
      }
    }
    ServerDescription primary = primary(cluster);
    return primary == null ? Integer.MAX_VALUE : primary.getMaxWireVersion();
  }

  /**
   * Where an {@code ok: 1} reply came from: the server of this thread's last attempt, as the driver selected it (on a
   * sharded cluster any mongos, which a retry must then avoid); the primary only if no attempt was seen.
   */
  private static ServerAddress replyServer(ClusterDescription cluster) {
    ServerAddress answered = AttemptCount.lastServer();
    if (answered != null) {
      return answered;
    }
    ServerDescription primary = primary(cluster);
    return primary == null ? null : primary.getAddress();
  }

  /** The primary as {@code cluster} describes it (a standalone or a mongos counts), or null. */
  private static ServerDescription primary(ClusterDescription cluster) {
    List<ServerDescription> chosen = ReadPreference.primary().choose(cluster);
    return chosen.isEmpty() ? null : chosen.get(0);
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
      session = null;
    }
  }
}
