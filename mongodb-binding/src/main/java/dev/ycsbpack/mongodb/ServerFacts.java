package dev.ycsbpack.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;

/**
 * What the server says it is: version, storage engine, topology, and whether it is MongoDB at all. A published
 * number is meaningless without these, and a result measured on a stand-in (the embedded fake, FerretDB) must say
 * so; every command is optional, because stand-ins and restricted users refuse some of them.
 */
final class ServerFacts {
  /** What {@code server.product} holds for a real MongoDB. */
  static final String MONGODB = "MongoDB";

  private ServerFacts() {
  }

  /** The facts as {@code server.*} and {@code driver.*} entries; a command the server refuses leaves its facts out. */
  static Map<String, String> of(MongoClient client) {
    Map<String, String> m = new TreeMap<>();
    m.put("driver.name", "mongodb-driver-sync");
    m.put("driver.version", driverVersion());
    MongoDatabase admin = client.getDatabase("admin");
    Document build = run(admin, "buildInfo");
    Document status = run(admin, "serverStatus");
    if (build != null) {
      m.put("server.version", String.valueOf(build.get("version")));
      m.put("server.product", product(build, status));
    }
    Document hello = run(admin, "hello");
    if (hello == null) {
      hello = run(admin, "isMaster");
    }
    if (hello != null) {
      m.put("server.topology", topology(hello));
      if (hello.get("setName") != null) {
        m.put("server.replicaSet", String.valueOf(hello.get("setName")));
      }
      if (hello.get("maxWireVersion") != null) {
        m.put("server.maxWireVersion", String.valueOf(hello.get("maxWireVersion")));
      }
    }
    if (status != null && status.get("storageEngine") instanceof Document engine && engine.get("name") != null) {
      m.put("server.storageEngine", String.valueOf(engine.get("name")));
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
      return MONGODB;
    }
    return "an unknown MongoDB-compatible server";
  }

  private static String topology(Document hello) {
    if ("isdbgrid".equals(hello.get("msg"))) {
      return "sharded (mongos)";
    }
    if (hello.get("setName") != null) {
      return "replica set member";
    }
    return "standalone";
  }

  /** The driver's own version constant (internal to the driver, hence read reflectively and optional). */
  private static String driverVersion() {
    try {
      return String.valueOf(Class.forName("com.mongodb.internal.build.MongoDriverVersion").getField("VERSION").get(null));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      String v = MongoClient.class.getPackage().getImplementationVersion();
      return v == null ? "unknown" : v;
    }
  }
}
