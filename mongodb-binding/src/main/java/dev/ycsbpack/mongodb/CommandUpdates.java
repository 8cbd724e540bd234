package dev.ycsbpack.mongodb;

import com.mongodb.ClientSessionOptions;
import com.mongodb.MongoException;
import com.mongodb.ReadPreference;
import com.mongodb.ServerAddress;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import java.util.List;
import org.bson.BsonDocument;

/**
 * One client thread's updates by {@link UpdateCommand}, with retryable writes done as the driver does them: when
 * {@code retryWrites} is on, the write concern acknowledged and the deployment a replica set or sharded cluster with
 * sessions, the command carries the thread's own session ({@code lsid}) and that session's next transaction number,
 * and one failure the driver would retry ({@link UpdateCommand#isRetryable}) is retried with the same transaction
 * number on a newly selected server (another mongos when there is one), within the same timeoutMS deadline.
 *
 * <p>Unacknowledged writes ({@code w=0}) stay on the driver's updateOne: runCommand would wait for a reply the
 * driver's {@code moreToCome} write does not.
 */
final class CommandUpdates implements AutoCloseable {
  private static final ClientSessionOptions SESSION = ClientSessionOptions.builder().causallyConsistent(false).build();

  private final MongoClient client;
  private final MongoDatabase database;
  private final boolean retryWrites;
  private final BsonDocument writeConcern;
  private final Long timeoutMs;
  /** This thread's session, started with its first retryable update: its transaction numbers are this thread's. */
  private ClientSession session;

  CommandUpdates(MongoClient client, MongoDatabase database, boolean retryWrites, Long timeoutMs) {
    this.client = client;
    this.database = database;
    this.retryWrites = retryWrites;
    this.writeConcern = UpdateCommand.writeConcern(database.getWriteConcern());
    this.timeoutMs = timeoutMs;
  }

  /**
   * Sends {@code {_id: key}} ← {@code update}; the reply's matched count, or the driver's exception for a failure
   * (a write concern error as {@link com.mongodb.MongoWriteConcernException}).
   */
  int update(String table, String key, BsonDocument update) {
    ClusterDescription cluster = client.getClusterDescription();
    boolean retryable = retryWrites && supportsRetryableWrites(cluster);
    ClientSession on = retryable ? session() : null;
    BsonDocument command = UpdateCommand.command(table, key, update, writeConcern,
        on != null ? on.getServerSession().advanceTransactionNumber() : null);
    long start = timeoutMs != null ? System.nanoTime() : 0;
    MongoException first;
    boolean writeError = false;
    try {
      UpdateCommand.Reply reply = send(database, on, command);
      if (reply.clean()) {
        return UpdateCommand.matched(reply);
      }
      first = UpdateCommand.failure(reply, replyServer(cluster));
      // the driver's updateOne decides a retry from the reply's own code and labels only, never its writeErrors
      writeError = reply.writeError() != null;
    } catch (MongoException e) {
      first = e;
    }
    if (on == null || writeError
        || !UpdateCommand.isRetryable(first, maxWireVersion(cluster, PointRead.failedServer(first)))) {
      throw first;
    }
    MongoDatabase retryOn = RetryDeadline.database(database, timeoutMs, start, first, "update");
    UpdateCommand.Reply reply;
    try {
      reply = SteeredSelection.avoiding(PointRead.failedServer(first), () -> send(retryOn, on, command));
    } catch (MongoException e) {
      throw UpdateCommand.reported(first, e);
    }
    if (!reply.clean()) {
      throw UpdateCommand.failure(reply, replyServer(client.getClusterDescription()));
    }
    return UpdateCommand.matched(reply);
  }

  private static UpdateCommand.Reply send(MongoDatabase db, ClientSession session, BsonDocument command) {
    return session == null ? db.runCommand(command, ReadPreference.primary(), UpdateCommand.Reply.class)
        : db.runCommand(session, command, ReadPreference.primary(), UpdateCommand.Reply.class);
  }

  private ClientSession session() {
    if (session == null) {
      session = client.startSession(SESSION);
    }
    return session;
  }

  /**
   * The driver's requirement for a retryable write, from what the client knows of the deployment: sessions, and not a
   * standalone server (a load balancer always has both).
   */
  static boolean supportsRetryableWrites(ClusterDescription cluster) {
    ClusterType type = cluster.getType();
    if (type == ClusterType.LOAD_BALANCED) {
      return true;
    }
    return (type == ClusterType.REPLICA_SET || type == ClusterType.SHARDED)
        && cluster.getLogicalSessionTimeoutMinutes() != null;
  }

  /** The wire version of {@code server}, or of the primary when it is unknown; the newest when neither is known. */
  private static int maxWireVersion(ClusterDescription cluster, ServerAddress server) {
    for (ServerDescription s : cluster.getServerDescriptions()) {
      if (s.getAddress().equals(server)) {
        return s.getMaxWireVersion();
      }
    }
    List<ServerDescription> primary = ReadPreference.primary().choose(cluster);
    return primary.isEmpty() ? Integer.MAX_VALUE : primary.get(0).getMaxWireVersion();
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
    List<ServerDescription> primary = ReadPreference.primary().choose(cluster);
    return primary.isEmpty() ? null : primary.get(0).getAddress();
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
      session = null;
    }
  }
}
