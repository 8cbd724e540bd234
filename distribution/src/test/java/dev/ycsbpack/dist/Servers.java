package dev.ycsbpack.dist;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import dev.ycsbpack.mongodb.BindingOptions;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.bson.RawBsonDocument;

/** Naming and reading back what a bin/ycsb run wrote; each test works in a collection of its own. */
final class Servers {
  static final String DATABASE = "ycsbpack_test";

  private Servers() {
  }

  static String newTable() {
    return "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  }

  /** The -p options that point bin/ycsb at a target and a fresh table. */
  static String[] pointAt(Target target, String table) {
    // a MONGODB_URL whose path names a database: that one (a different mongodb.database would be refused)
    String database = urlDatabase(target) != null ? urlDatabase(target) : DATABASE;
    return new String[] {"-p", "mongodb.url=" + target.connectionString(), "-p", "mongodb.database=" + database,
        "-p", "table=" + table};
  }

  /**
   * {@code -P} the distribution's {@code workloads/NAME}, then the {@code -p} options that point a tool at
   * {@code url}'s server, the test database and {@code table}: the start of every experiment test's command.
   */
  private static List<String> workloadAt(String workload, String url, String table) {
    return List.of("-P", YcsbRun.home().resolve("workloads/" + workload).toString(),
        "-p", "mongodb.url=" + url, "-p", "mongodb.database=" + DATABASE, "-p", "table=" + table);
  }

  /**
   * An experiment test's command line: {@code COMMAND mongodb}, {@link #workloadAt}, the test's own
   * {@code settings}, then what the test case adds.
   */
  static List<String> experiment(String command, String workload, String url, String table, List<String> settings,
      String... more) {
    List<String> a = new ArrayList<>(List.of(command, "mongodb"));
    a.addAll(workloadAt(workload, url, table));
    a.addAll(settings);
    a.addAll(List.of(more));
    return a;
  }

  static long countDocuments(Target target, String table) {
    return withDatabase(target, db -> db.getCollection(table).countDocuments());
  }

  static void drop(Target target, String table) {
    withDatabase(target, db -> {
      db.getCollection(table).drop();
      return null;
    });
  }

  /** Every document of {@code table} as stored (raw BSON, so its size can be checked). */
  static List<RawBsonDocument> documents(Target target, String table) {
    return withDatabase(target,
        db -> db.getCollection(table, RawBsonDocument.class).find().into(new ArrayList<>()));
  }

  static List<String> collectionNames(Target target) {
    return withDatabase(target, db -> db.listCollectionNames().into(new ArrayList<>()));
  }

  /** The binding's choice of database: the URL's path if it names one (not /admin), else mongodb.database. */
  private static <T> T withDatabase(Target target, Function<MongoDatabase, T> action) {
    try (MongoClient client = MongoClients.create(target.connectionString())) {
      String db = urlDatabase(target);
      return action.apply(client.getDatabase(db == null ? DATABASE : db));
    }
  }

  private static String urlDatabase(Target target) {
    return BindingOptions.benchmarkDatabase(new ConnectionString(target.connectionString()));
  }

  /** Flattens strings and string arrays into one argument list. */
  static String[] concat(Object... parts) {
    List<String> all = new ArrayList<>();
    for (Object part : parts) {
      if (part instanceof String[]) {
        all.addAll(List.of((String[]) part));
      } else {
        all.add((String) part);
      }
    }
    return all.toArray(new String[0]);
  }
}
