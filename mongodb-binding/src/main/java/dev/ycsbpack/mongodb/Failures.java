package dev.ycsbpack.mongodb;

import dev.ycsbpack.common.FirstFailures;
import dev.ycsbpack.common.Redactor;
import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsb.Status;

/**
 * Turns driver exceptions into YCSB statuses, so failures show up in the {@code Return=} counts instead of
 * killing the client (an exception escaping a YCSB 0.17 operation exits the JVM with status 0 and no output).
 *
 * <p>Each kind of failure is printed once, with its cause; after that it is only counted.
 */
public final class Failures {
  /** The key already exists: an insert collided (overlapping key ranges between clients, or a re-load). */
  public static final Status DUPLICATE_KEY = new Status("DUPLICATE_KEY", "A document with this _id exists.");
  /** The write was applied on the primary but the write concern was not satisfied (e.g. wtimeout expired). */
  public static final Status WRITE_CONCERN_FAILED = new Status("WRITE_CONCERN_FAILED",
      "The write concern was not satisfied in time.");

  private static final int DUPLICATE_KEY_CODE = 11000;
  private static final int UNAUTHORIZED_CODE = 13;

  private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();
  private static volatile PrintStream log = System.err;

  private Failures() {
  }

  /** Maps the exception to a status and, the first time this kind is seen, prints it. */
  static Status handle(String operation, Exception e) {
    Status status = classify(e);
    String kind = operation + "/" + status.getName() + "/" + e.getClass().getSimpleName() + "/" + code(e);
    if (REPORTED.add(kind)) {
      String code = serverCode(e);
      String detail = code + e.getClass().getName() + ": " + Redactor.shapeOnly().redact(message(e)) + causeOf(e);
      // a verdict quotes the offered text: the server's own words when it named the failure, the driver's else
      FirstFailures.offer(operation + " failure counted as Return=" + status.getName() + ": "
          + (code.isEmpty() ? detail : code + Redactor.shapeOnly().redact(serverMessage(e))));
      log.println(FirstFailures.line("mongodb binding", operation, status.getName(), detail));
    }
    return status;
  }

  /**
   * True for a failure that brought no answer from the server: a network error (a read timeout included) or a
   * timeout waiting for a server, a connection or an operation ({@link MongoTimeoutException}, which
   * MongoOperationTimeoutException extends).
   */
  static boolean isUnanswered(Exception e) {
    return e instanceof MongoSocketException || e instanceof MongoTimeoutException;
  }

  static Status classify(Exception e) {
    if (e instanceof MongoBulkWriteException) {
      MongoBulkWriteException bulk = (MongoBulkWriteException) e;
      for (BulkWriteError err : bulk.getWriteErrors()) {
        if (err.getCategory() != ErrorCategory.DUPLICATE_KEY) {
          return Status.ERROR;
        }
      }
      if (!bulk.getWriteErrors().isEmpty()) {
        return DUPLICATE_KEY;
      }
      return bulk.getWriteConcernError() != null ? WRITE_CONCERN_FAILED : Status.ERROR;
    }
    if (e instanceof MongoWriteException) {
      return ((MongoWriteException) e).getError().getCategory() == ErrorCategory.DUPLICATE_KEY
          ? DUPLICATE_KEY : Status.ERROR;
    }
    if (e instanceof MongoWriteConcernException) {
      return WRITE_CONCERN_FAILED;
    }
    if (e instanceof MongoTimeoutException || e instanceof MongoSocketException
        || e instanceof MongoExecutionTimeoutException || e instanceof MongoNotPrimaryException
        || e instanceof MongoNodeIsRecoveringException) {
      return Status.SERVICE_UNAVAILABLE;
    }
    if (e instanceof MongoSecurityException) {
      return Status.FORBIDDEN;
    }
    if (e instanceof MongoServerException) {
      int code = ((MongoServerException) e).getCode();
      if (code == DUPLICATE_KEY_CODE) {
        return DUPLICATE_KEY;
      }
      if (code == UNAUTHORIZED_CODE) {
        return Status.FORBIDDEN;
      }
    }
    return Status.ERROR;
  }

  /**
   * The exception's message; for a batch, the count of refused documents and the first refusal (the driver's message
   * lists every write error, thousands of characters for one batch of duplicates).
   */
  private static String message(Exception e) {
    if (e instanceof MongoBulkWriteException bulk && !bulk.getWriteErrors().isEmpty()) {
      BulkWriteError first = bulk.getWriteErrors().get(0);
      return bulk.getWriteErrors().size() + " document(s) of the batch refused by " + bulk.getServerAddress()
          + ", the first (index " + first.getIndex() + ") with error " + first.getCode() + ": " + first.getMessage()
          + (bulk.getWriteConcernError() != null ? "; write concern error: " + bulk.getWriteConcernError().getMessage()
              : "");
    }
    return String.valueOf(e.getMessage());
  }

  /**
   * The server's code name and code, first, as the failure's name ({@code UnsatisfiableWriteConcern (100): }): the
   * driver's message has it somewhere in its middle, or not at all (a writeConcernError's); empty for a failure the
   * server did not name (a socket's, a timeout).
   */
  static String serverCode(Exception e) {
    String name = null;
    int code = -1;
    if (e instanceof MongoBulkWriteException bulk) {
      if (!bulk.getWriteErrors().isEmpty()) {
        code = bulk.getWriteErrors().get(0).getCode();
      } else if (bulk.getWriteConcernError() != null) {
        name = bulk.getWriteConcernError().getCodeName();
        code = bulk.getWriteConcernError().getCode();
      }
    } else if (e instanceof MongoWriteConcernException w) {
      name = w.getWriteConcernError().getCodeName();
      code = w.getWriteConcernError().getCode();
    } else if (e instanceof MongoWriteException w) {
      code = w.getError().getCode();
    } else if (e instanceof MongoCommandException c) {
      name = c.getErrorCodeName();
      code = c.getErrorCode();
    } else if (e instanceof MongoServerException server) {
      code = server.getCode();
    }
    if (code <= 0) {
      return "";
    }
    return name == null || name.isEmpty() ? "server error " + code + ": " : name + " (" + code + "): ";
  }

  /** The server's own message for a failure it named (see {@link #serverCode}), without the driver's wrapping. */
  private static String serverMessage(Exception e) {
    if (e instanceof MongoWriteConcernException w) {
      return w.getWriteConcernError().getMessage();
    }
    if (e instanceof MongoWriteException w) {
      return w.getError().getMessage();
    }
    if (e instanceof MongoCommandException c) {
      return c.getErrorMessage();
    }
    return message(e);
  }

  private static String code(Exception e) {
    if (e instanceof MongoCommandException) {
      return ((MongoCommandException) e).getErrorCodeName();
    }
    return e instanceof MongoServerException ? String.valueOf(((MongoServerException) e).getCode()) : "";
  }

  private static String causeOf(Exception e) {
    Throwable c = e.getCause();
    return c == null || c == e ? "" : " (cause: " + c.getClass().getName() + ": "
        + Redactor.shapeOnly().redact(String.valueOf(c.getMessage())) + ")";
  }

  /** Tests capture the first-occurrence lines here. */
  static void setLog(PrintStream stream) {
    log = stream;
  }

  static void forgetReported() {
    REPORTED.clear();
  }
}
