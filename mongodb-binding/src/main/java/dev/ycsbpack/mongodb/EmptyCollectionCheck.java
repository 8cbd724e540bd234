package dev.ycsbpack.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.YcsbClasses;
import java.util.List;
import java.util.Properties;
import org.bson.BsonDocument;
import site.ycsb.DBException;

/**
 * Stops a run that reads, updates, scans or read-modify-writes a collection that was never loaded.
 *
 * <p>Against an empty collection every read is {@code NOT_FOUND} and every update matches nothing; YCSB still
 * prints a complete-looking report with fine latencies, which measure nothing. {@code mongodb.allowEmpty=true}
 * runs anyway (to measure exactly that, or when another client loads while this one runs). It applies to every
 * workload that is a {@code CoreWorkload} (the coordinator's multi-client subclass too), judged by the class, not its
 * name.
 */
final class EmptyCollectionCheck {
  /** Set to true to run against an empty collection. */
  static final String ALLOW_EMPTY = "mongodb.allowEmpty";

  /** Operations that need loaded records, with CoreWorkload 0.17.0's default proportions. */
  private static final List<String> NEEDS_RECORDS = List.of("readproportion", "updateproportion", "scanproportion",
      "readmodifywriteproportion");
  private static final List<String> DEFAULTS = List.of("0.95", "0.05", "0", "0");

  private EmptyCollectionCheck() {
  }

  /**
   * @throws OptionException for an {@value #ALLOW_EMPTY} that is neither true nor false
   * @throws DBException     naming {@code database.collection} and the load command, when the run would read an
   *                         empty collection
   */
  static void check(MongoDatabase database, Properties p, Redactor redactor) throws DBException {
    String allow = p.getProperty(ALLOW_EMPTY);
    if (allow != null && BindingOptions.parseBoolean(ALLOW_EMPTY, allow)) {
      return;
    }
    if (OperationCount.isLoad(p) || !YcsbClasses.isCoreWorkload(p.getProperty("workload", YcsbClasses.CORE_WORKLOAD))
        || !readsRecords(p)) {
      return;
    }
    String table = p.getProperty("table", "usertable");
    BsonDocument first;
    try {
      first = database.getCollection(table, BsonDocument.class).find().limit(1).first();
    } catch (MongoException e) {
      // refused (not authorized, a database the server keeps for itself): the run could not read it either
      throw new DBException("mongodb binding: cannot read " + database.getName() + "." + table + " to check that it"
          + " was loaded: " + redactor.redact(String.valueOf(e.getMessage())) + " (check the database, the table and"
          + " the user's privileges)");
    }
    if (first == null) {
      throw new DBException("mongodb binding: " + database.getName() + "." + table + " is empty (never loaded),"
          + " and this run reads or updates it, so every operation would find nothing; fill it first with"
          + " bin/ycsb load mongodb -P <the same workload files> <the same -p options>, or set -p " + ALLOW_EMPTY
          + "=true to run against it as it is");
    }
  }

  private static boolean readsRecords(Properties p) {
    for (int i = 0; i < NEEDS_RECORDS.size(); i++) {
      try {
        if (Double.parseDouble(p.getProperty(NEEDS_RECORDS.get(i), DEFAULTS.get(i))) > 0) {
          return true;
        }
      } catch (NumberFormatException e) {
        return true; // refused elsewhere (bin/ycsb checks proportions); err on the side of checking
      }
    }
    return false;
  }
}
