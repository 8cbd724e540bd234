package dev.ycsbpack.mongodb.wire;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import java.util.Set;
import org.bson.BsonDocument;

/**
 * The driver's rules for retryable writes (driver 5.14), for the writes the binding sends as commands
 * ({@link CommandWrites}): when a write may be retried at all, which failures are retried, which error a retried write
 * reports. Which failures are retried is checked against the driver's own methods by tests (UpdateCommandRulesTest
 * for failed commands, InsertCommandRulesTest for write concern errors), so a driver that changes those rules fails
 * the build here rather than in a user's numbers.
 */
final class RetryableWrites {
  /** The label the server (4.4+) or the driver puts on an error a retryable write may retry on. */
  static final String RETRYABLE_WRITE_ERROR = "RetryableWriteError";
  /** On a retry's error: the retry wrote nothing, so the first attempt's error is the one to report. */
  static final String NO_WRITES_PERFORMED = "NoWritesPerformed";
  /** Servers below this wire version (MongoDB 4.4) label no errors themselves; the driver decides by code. */
  private static final int LABELLING_WIRE_VERSION = 9;
  /** The driver's not-primary codes (ProtocolHelper.NOT_PRIMARY_CODES). */
  private static final Set<Integer> NOT_PRIMARY_CODES = Set.of(10107, 13435, 10058);
  /** The driver's node-is-recovering codes (ProtocolHelper.RECOVERING_CODES). */
  private static final Set<Integer> RECOVERING_CODES = Set.of(11600, 11602, 13436, 189, 91);

  private RetryableWrites() {
  }

  /**
   * Whether the deployment, as the client knows it, takes retryable writes: sessions, and not a standalone server
   * (a load balancer always has both).
   */
  static boolean supported(ClusterDescription cluster) {
    ClusterType type = cluster.getType();
    if (type == ClusterType.LOAD_BALANCED) {
      return true;
    }
    return (type == ClusterType.REPLICA_SET || type == ClusterType.SHARDED)
        && cluster.getLogicalSessionTimeoutMinutes() != null;
  }

  /**
   * Whether a retryable write that failed with {@code failure} on a server of {@code maxWireVersion} is retried
   * (SpecRetryPolicy with CommandOperationHelper.addRetryableWriteErrorLabelIfNeeded): a cleared pool; an
   * authentication failure caused by a retryable error; an error labelled {@value #RETRYABLE_WRITE_ERROR}, which
   * servers from 4.4 (wire version 9) put on their errors and the driver on network errors; below 4.4, every error the
   * driver's retryable reads retry.
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
   * Whether a write concern error in an {@code ok: 1} reply may be retried at all: only the kinds the driver turns
   * into an exception (ProtocolHelper.createSpecialException): a time limit exceeded, or a state change (a node
   * recovering or not primary, by its code or, for an error without a code, by its message). Any other write concern
   * error stays in the driver's result and is never retried, whatever its labels. (On these the driver also marks the
   * server unknown until its monitor checks it again, through runCommand as through its own writes; under timeoutMS a
   * time limit never gets here: runCommand throws it as the driver's operation timeout, which is not retried.)
   */
  static boolean isRetryableKind(BsonDocument writeConcernError) {
    return ErrorCategory.fromErrorCode(WriteReply.code(writeConcernError)) == ErrorCategory.EXECUTION_TIMEOUT
        || isStateChange(writeConcernError);
  }

  /**
   * Whether a retryable write whose reply carried {@code writeConcernError} (as {@code failure}, the driver's
   * exception for it with the reply's labels) is retried from a server of {@code maxWireVersion}: a kind the driver
   * retries at all ({@link #isRetryableKind}), and then labelled {@value #RETRYABLE_WRITE_ERROR}; from a server below
   * 4.4, which labels nothing, the driver labels a state change itself (its not-primary and recovering exceptions are
   * retryable there), never a time limit.
   */
  static boolean isRetryable(BsonDocument writeConcernError, MongoException failure, int maxWireVersion) {
    if (!isRetryableKind(writeConcernError)) {
      return false;
    }
    return failure.hasErrorLabel(RETRYABLE_WRITE_ERROR)
        || maxWireVersion < LABELLING_WIRE_VERSION && isStateChange(writeConcernError);
  }

  /** A not-primary or node-is-recovering error, as ProtocolHelper.createSpecialException tells them. */
  private static boolean isStateChange(BsonDocument error) {
    int code = WriteReply.code(error);
    if (RECOVERING_CODES.contains(code) || NOT_PRIMARY_CODES.contains(code)) {
      return true;
    }
    String message = WriteReply.text(error, "errmsg");
    return code == -1 && (message.contains("node is recovering") || message.contains("not master"));
  }

  /**
   * Which error a retried write reports (the driver's decideWriteProspectiveFailedResult): the retry's, unless the
   * server says the retry wrote nothing ({@value #NO_WRITES_PERFORMED}), when the first attempt's tells more.
   */
  static MongoException reported(MongoException first, MongoException retry) {
    return retry.hasErrorLabel(NO_WRITES_PERFORMED) ? first : retry;
  }
}
