package dev.ycsbpack.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.mongodb.wire.DriverInternals;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;

/**
 * What the server says it is: version, storage engine, topology, and whether it is MongoDB at all. A published
 * number is meaningless without these, and a result measured on a stand-in (the embedded fake, FerretDB) must say
 * so; every command is optional, because stand-ins and restricted users refuse some of them.
 */
final class ServerFacts {

  private ServerFacts() {
  }

  /** The facts as {@code server.*} and {@code driver.*} entries; a command the server refuses leaves its facts out. */
  static Map<String, String> of(MongoClient client) {
    Map<String, String> m = new TreeMap<>();
    m.put(EnvironmentFacts.DRIVER_NAME, "mongodb-driver-sync");
    m.put(EnvironmentFacts.DRIVER_VERSION, DriverInternals.driverVersion());
    MongoDatabase admin = client.getDatabase("admin");
    Document build = run(admin, "buildInfo");
    Document status = run(admin, "serverStatus");
    if (build != null) {
      m.put(EnvironmentFacts.SERVER_VERSION, String.valueOf(build.get("version")));
      m.put(EnvironmentFacts.SERVER_PRODUCT, product(build, status));
    }
    // the driver already knows the topology from its handshake: no command needed (and none for a stand-in to refuse)
    ClusterDescription cluster = client.getClusterDescription();
    m.put(EnvironmentFacts.TOPOLOGY, switch (cluster.getType()) {
      case REPLICA_SET -> "replica set";
      case SHARDED -> "sharded (mongos)";
      case LOAD_BALANCED -> "load balanced";
      case STANDALONE -> "standalone";
      default -> "unknown";
    });
    for (ServerDescription d : cluster.getServerDescriptions()) {
      if (d.getSetName() != null) {
        m.put(EnvironmentFacts.REPLICA_SET, d.getSetName());
      }
      m.merge(EnvironmentFacts.MAX_WIRE_VERSION, Integer.toString(d.getMaxWireVersion()), (a, b) -> a);
    }
    if (status != null && status.get("storageEngine") instanceof Document engine && engine.get("name") != null) {
      m.put(EnvironmentFacts.STORAGE_ENGINE, String.valueOf(engine.get("name")));
    }
    return m;
  }

  private static Document run(MongoDatabase admin, String command) {
    try {
      return admin.runCommand(new Document(command, 1));
    } catch (RuntimeException e) {
      return null; // refused (not supported, or not authorized): that fact is unknown, not an error
    }
  }

  /** MongoDB, or the stand-in that answers in its name (a result measured on a stand-in must say so). */
  private static String product(Document build, Document status) {
    for (String key : build.keySet()) {
      if (key.toLowerCase(java.util.Locale.ROOT).startsWith("ferretdb")) {
        Object v = build.get("ferretdbVersion");
        return "FerretDB" + (v == null ? "" : " " + v);
      }
    }
    Object process = status == null ? null : status.get("process");
    if ("java".equals(process)) {
      return "mongo-java-server (an in-memory fake)";
    }
    if ("mongod".equals(process) || "mongos".equals(process) || build.get("gitVersion") != null) {
      return EnvironmentFacts.MONGODB;
    }
    return "an unknown MongoDB-compatible server";
  }
}
