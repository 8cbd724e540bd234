package dev.ycsbpack.experiment.run;

import com.mongodb.ConnectionString;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.common.TlsSettings;
import dev.ycsbpack.common.UntrustedCertificate;
import dev.ycsbpack.common.UrlOptions;
import dev.ycsbpack.telemetry.OwnClient;
import java.util.Map;

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
    try (MongoClient client = client(properties)) {
      long n = client.getDatabase(database(properties)).getCollection(table(properties)).countDocuments();
      return new Result(collection(properties), n);
    }
  }

  /**
   * Drops the collection ({@code --fresh}); its name and the documents it held.
   *
   * @throws RuntimeException the driver's, when the server cannot be reached or refuses
   */
  public static Result drop(Map<String, String> properties) {
    try (MongoClient client = client(properties)) {
      var collection = client.getDatabase(database(properties)).getCollection(table(properties));
      long n = collection.countDocuments();
      // acknowledged by a majority whatever the URL's write concern, as the binding's mongodb.dropOnLoad drops
      collection.withWriteConcern(WriteConcern.MAJORITY).drop();
      return new Result(collection(properties), n);
    }
  }

  /** The collection counted, {@code database.collection}. */
  public static String collection(Map<String, String> properties) {
    return database(properties) + "." + table(properties);
  }

  private static String table(Map<String, String> properties) {
    return properties.getOrDefault("table", "usertable");
  }

  /** The binding's database: the URL's, else {@code mongodb.database}, else {@code ycsb}. */
  public static String database(Map<String, String> properties) {
    ConnectionString url = new ConnectionString(UrlOptions.without(url(properties), TlsFiles.URL_OPTION_KEYS));
    return url.getDatabase() != null ? url.getDatabase() : properties.getOrDefault("mongodb.database", "ycsb");
  }

  /**
   * A client of the binding's URL and TLS files (as the binding reads them), the pack's own ({@link OwnClient}): it
   * gives up selecting a server after 10 s (the caller closes it).
   *
   * @throws TlsSettings.Refusal a TLS file or password that cannot be used: one line naming the property
   */
  public static MongoClient client(Map<String, String> properties) {
    return OwnClient.create(properties);
  }

  /**
   * Why a count through {@link #client} failed, in one line: the TLS trust named by its property when the server's
   * certificate was not trusted (the driver's timeout message buries that in its cluster description), else the
   * driver's message.
   */
  public static String failure(RuntimeException e, Map<String, String> properties) {
    if (!(e instanceof TlsSettings.Refusal) && UntrustedCertificate.is(e)) {
      return UntrustedCertificate.sentence("", TlsSettings.from(properties::get, UrlOptions.of(url(properties)))
          .trusted());
    }
    return String.valueOf(e.getMessage());
  }

  private static String url(Map<String, String> properties) {
    return OwnClient.url(properties);
  }

  /** The collection ({@code database.collection}) and its documents. */
  public record Result(String collection, long documents) {
  }
}
