package dev.ycsbpack.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbpack.common.PropertyPairs;
import dev.ycsbpack.mongodb.wire.FastPath;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import site.ycsb.DBException;
import site.ycsb.measurements.Measurements;

/**
 * Drives {@link MongoDbClient} the way YCSB's client threads do (setProperties, init, operations, cleanup)
 * and reads results back with a separate driver client. Each harness works in a fresh collection, so the
 * servers can be shared by all tests, including a user's MONGODB_URL (whose path may name the auth database).
 */
final class BindingHarness implements AutoCloseable {
  static final String TEST_DATABASE = "ycsbpack_test";

  final Target target;
  final String table = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  final Properties properties = new Properties();
  /** Client threads of a test add and remove their DBs concurrently. */
  private final List<MongoDbClient> open = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final MongoClient reader;

  BindingHarness(Target target, String... pairs) {
    this.target = target;
    properties.setProperty("mongodb.url", target.connectionString());
    if (BindingOptions.benchmarkDatabase(new ConnectionString(target.connectionString())) == null) {
      properties.setProperty("mongodb.database", TEST_DATABASE); // else the URL's path names it (MONGODB_URL)
    }
    // the binding's tests of its operations run a second time with -Dmongodb.fastPath=false (the fast-path-off
    // execution in the binding's pom): each way must give the same statuses and documents; a test's own pair wins
    String fastPath = System.getProperty(FastPath.PROPERTY);
    if (fastPath != null) {
      properties.setProperty(FastPath.PROPERTY, fastPath);
    }
    PropertyPairs.into(properties, pairs);
    reader = MongoClients.create(target.connectionString());
    // YCSB's Client configures the measurement singleton before any DB exists; batches are measured there.
    Measurements.setProperties(new Properties());
  }

  /**
   * Whether this run is the one on the driver's public API alone ({@code -Dmongodb.fastPath=false}): the tests of the
   * fast path's own commands on the wire skip themselves then.
   */
  static boolean fastPathTurnedOff() {
    return "false".equals(System.getProperty(FastPath.PROPERTY));
  }

  /** A client thread's DB, initialised; closed (cleanup) by {@link #close()} unless cleaned up earlier. */
  MongoDbClient client() throws DBException {
    return client(null);
  }

  MongoDbClient client(Consumer<MongoClientSettings.Builder> customizer) throws DBException {
    MongoDbClient db = new MongoDbClient(customizer);
    db.setProperties(properties);
    db.init();
    open.add(db);
    return db;
  }

  void cleanup(MongoDbClient db) throws DBException {
    open.remove(db);
    db.cleanup();
  }

  /** The collection as the server has it, read with a client of its own. */
  MongoCollection<BsonDocument> collection() {
    return reader.getDatabase(BindingOptions.from(properties).database()).getCollection(table, BsonDocument.class);
  }

  @Override
  public void close() throws DBException {
    for (MongoDbClient db : new ArrayList<>(open)) {
      cleanup(db);
    }
    try {
      collection().drop();
    } finally {
      reader.close();
    }
  }
}
