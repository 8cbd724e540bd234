package dev.ycsbpack.dist;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.UUID;
import java.util.function.Function;
import org.bson.Document;

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
    return new String[] {"-p", "mongodb.url=" + target.connectionString(), "-p", "mongodb.database=" + DATABASE,
        "-p", "table=" + table};
  }

  static long countDocuments(Target target, String table) {
    return withCollection(target, table, MongoCollection::countDocuments);
  }

  static void drop(Target target, String table) {
    withCollection(target, table, c -> {
      c.drop();
      return null;
    });
  }

  /** The binding's choice of database: the URL's path if it names one, else mongodb.database. */
  private static <T> T withCollection(Target target, String table, Function<MongoCollection<Document>, T> action) {
    try (MongoClient client = MongoClients.create(target.connectionString())) {
      String db = new ConnectionString(target.connectionString()).getDatabase();
      return action.apply(client.getDatabase(db == null || db.isEmpty() ? DATABASE : db).getCollection(table));
    }
  }

  /** Flattens strings and string arrays into one argument list. */
  static String[] concat(Object... parts) {
    java.util.List<String> all = new java.util.ArrayList<>();
    for (Object part : parts) {
      if (part instanceof String[]) {
        all.addAll(java.util.List.of((String[]) part));
      } else {
        all.add((String) part);
      }
    }
    return all.toArray(new String[0]);
  }
}
