package dev.ycsbpack.mongodb;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoDatabase;
import dev.ycsbpack.common.OperationCount;
import java.util.Properties;

/**
 * {@code mongodb.dropOnLoad=true}: a load starts from an empty collection. A load into a collection that already holds
 * its keys fails on every duplicate; dropping it first is the documented way to load again.
 *
 * <p>Only a load may drop: a run with the option is refused, since it would throw away the data it is to measure.
 * The drop happens once per client process, in {@code bin/ycsb}'s check before YCSB starts; under the coordinator
 * every client has dropped before any is released from the start gate, so no client's drop can hit another's inserts.
 */
final class FreshCollection {
  static final String DROP_ON_LOAD = "mongodb.dropOnLoad";

  private FreshCollection() {
  }

  /**
   * Whether the properties ask for the drop.
   *
   * @throws OptionException for a value other than true/false, or for true outside a load
   */
  static boolean asked(Properties p) {
    String value = p.getProperty(DROP_ON_LOAD);
    if (value == null || !BindingOptions.parseBoolean(DROP_ON_LOAD, value)) {
      return false;
    }
    if (!OperationCount.isLoad(p)) {
      throw new OptionException(DROP_ON_LOAD, value, "the collection is dropped only before a load (bin/ycsb load);"
          + " a run would throw away the records it measures: remove the option from the run's properties");
    }
    return true;
  }

  /** Drops the load's collection when asked, acknowledged whatever the run's write concern, and says so on stderr. */
  static void prepare(MongoDatabase database, Properties p) {
    if (!asked(p)) {
      return;
    }
    String table = p.getProperty("table", "usertable");
    database.getCollection(table).withWriteConcern(WriteConcern.MAJORITY).drop();
    System.err.println("mongodb binding: dropped " + database.getName() + "." + table + " before the load ("
        + DROP_ON_LOAD + "=true)");
  }
}
