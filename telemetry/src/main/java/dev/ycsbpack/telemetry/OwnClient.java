package dev.ycsbpack.telemetry;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.common.TlsSettings;
import dev.ycsbpack.common.UrlOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;

/**
 * A client of the pack's own, beside the binding's: on the run's URL ({@code mongodb.url}) with its TLS files read as
 * the binding reads them (common's {@link TlsSettings}), for what the tools ask the server themselves (an
 * experiment's record count, the telemetry sampler). The one place such a client is made.
 */
public final class OwnClient {
  /** The binding's default URL. */
  public static final String DEFAULT_URL = "mongodb://localhost:27017";

  private OwnClient() {
  }

  /** The run's URL: {@code mongodb.url}, else the binding's default. */
  public static String url(Map<String, String> properties) {
    return properties.getOrDefault("mongodb.url", DEFAULT_URL);
  }

  /** The hosts the URL lists, as {@code host:port}. */
  public static List<String> hosts(Map<String, String> properties) {
    return new ConnectionString(UrlOptions.without(url(properties), TlsFiles.URL_OPTION_KEYS)).getHosts();
  }

  /**
   * A client that gives up selecting a server after 10 s and a reply after 30 s (the caller closes it).
   *
   * @throws TlsSettings.Refusal a TLS file or password that cannot be used: one line naming the property
   */
  public static MongoClient create(Map<String, String> properties) {
    return create(properties, b -> {
    });
  }

  /** As {@link #create(Map)}, with {@code more} applied last (a pool of one, a listener, a single host). */
  public static MongoClient create(Map<String, String> properties, Consumer<MongoClientSettings.Builder> more) {
    String url = url(properties);
    SSLContext tls = TlsSettings.from(properties::get, UrlOptions.of(url)).sslContext();
    MongoClientSettings.Builder settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(UrlOptions.without(url, TlsFiles.URL_OPTION_KEYS)))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS))
        .applyToSocketSettings(b -> b.readTimeout(30, TimeUnit.SECONDS));
    if (tls != null) {
      settings.applyToSslSettings(b -> b.enabled(true).context(tls));
    }
    more.accept(settings);
    return MongoClients.create(settings.build());
  }
}
