package dev.ycsbpack.experiment.run;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The loaded collection's document count, asked once before the first step: a sweep over an empty or short collection
 * would measure reads that find nothing. The collection is the binding's: {@code table} (default {@code usertable}) in
 * the URL's database, else {@code mongodb.database}, else {@code ycsb} (the binding's {@code BindingOptions} rule; the
 * experiment does not depend on the binding, which runs on YCSB's classpath).
 */
public final class RecordCount {
  private RecordCount() {
  }

  /**
   * The collection's name and count.
   *
   * @throws RuntimeException the driver's, when the server cannot be reached or refuses the count
   */
  public static Result of(Map<String, String> properties) {
    String db = database(properties);
    String table = properties.getOrDefault("table", "usertable");
    try (MongoClient client = client(properties)) {
      long n = client.getDatabase(db).getCollection(table).countDocuments();
      return new Result(db + "." + table, n);
    }
  }

  /** The binding's database: the URL's, else {@code mongodb.database}, else {@code ycsb}. */
  public static String database(Map<String, String> properties) {
    ConnectionString url = url(properties);
    return url.getDatabase() != null ? url.getDatabase() : properties.getOrDefault("mongodb.database", "ycsb");
  }

  /** A client of the binding's URL that gives up selecting a server after 10 s (the caller closes it). */
  public static MongoClient client(Map<String, String> properties) {
    return MongoClients.create(MongoClientSettings.builder().applyConnectionString(url(properties))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS))
        .applyToSocketSettings(b -> b.readTimeout(30, TimeUnit.SECONDS)).build());
  }

  private static ConnectionString url(Map<String, String> properties) {
    return new ConnectionString(properties.getOrDefault("mongodb.url", "mongodb://localhost:27017"));
  }

  /** The collection ({@code database.collection}) and its documents. */
  public record Result(String collection, long documents) {
  }
}
