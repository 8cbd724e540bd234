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
    ConnectionString url = new ConnectionString(properties.getOrDefault("mongodb.url", "mongodb://localhost:27017"));
    String db = url.getDatabase() != null ? url.getDatabase() : properties.getOrDefault("mongodb.database", "ycsb");
    String table = properties.getOrDefault("table", "usertable");
    MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(url)
        .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS)).build();
    try (MongoClient client = MongoClients.create(settings)) {
      long n = client.getDatabase(db).getCollection(table).countDocuments();
      return new Result(db + "." + table, n);
    }
  }

  /** The collection ({@code database.collection}) and its documents. */
  public record Result(String collection, long documents) {
  }
}
