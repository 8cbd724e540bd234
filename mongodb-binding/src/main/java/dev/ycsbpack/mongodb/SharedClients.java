package dev.ycsbpack.mongodb;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import dev.ycsbpack.mongodb.wire.DriverRetries;
import dev.ycsbpack.mongodb.wire.WriteLimits;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import site.ycsb.DBException;

/**
 * One {@link MongoClient} per JVM and configuration, shared by all YCSB client threads.
 *
 * <p>YCSB creates one DB instance per thread; a client each would multiply pools and monitoring threads. The
 * first thread connects and checks the server answers {@code ping}; if it does not, every thread fails
 * {@code init()} at once with the same message, printed once, instead of each waiting out the server
 * selection timeout and printing its own stack trace.
 */
final class SharedClients {
  private static final Map<Key, Entry> ENTRIES = new HashMap<>();
  /** Options already announced: the banner is printed once per run, not once per reconnect. */
  private static final Set<BindingOptions> ANNOUNCED = new HashSet<>();

  private SharedClients() {
  }

  private static final class Key {
    final BindingOptions options;
    final Consumer<MongoClientSettings.Builder> customizer;

    Key(BindingOptions options, Consumer<MongoClientSettings.Builder> customizer) {
      this.options = options;
      this.customizer = customizer;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key && ((Key) o).options.equals(options) && ((Key) o).customizer == customizer;
    }

    @Override
    public int hashCode() {
      return options.hashCode() * 31 + System.identityHashCode(customizer);
    }
  }

  private static final class Entry {
    MongoClient client;
    DriverRetries retries;
    EffectiveConcerns concerns;
    WriteLimits writeLimits;
    DBException failure;
    int users;
  }

  /** A lease on the shared client; {@link #close()} releases it and closes the client after the last user. */
  static final class Lease implements AutoCloseable {
    private final Key key;
    final MongoClient client;
    /** The client's effective retry settings (URL, options and customizer applied). */
    final DriverRetries retries;
    /** The concerns in force, with the server's defaults as it reported them when the client connected. */
    final EffectiveConcerns concerns;
    /** What one write command may carry, as the server announced it when the client connected. */
    final WriteLimits writeLimits;
    private boolean closed;

    private Lease(Key key, Entry e) {
      this.key = key;
      this.client = e.client;
      this.retries = e.retries;
      this.concerns = e.concerns;
      this.writeLimits = e.writeLimits;
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        release(key);
      }
    }
  }

  static Lease acquire(BindingOptions options, Consumer<MongoClientSettings.Builder> customizer)
      throws DBException {
    Key key = new Key(options, customizer);
    synchronized (ENTRIES) {
      Entry e = ENTRIES.computeIfAbsent(key, k -> new Entry());
      if (e.failure != null) {
        throw e.failure;
      }
      if (e.client == null) {
        connect(key, e);
      }
      e.users++;
      return new Lease(key, e);
    }
  }

  private static void connect(Key key, Entry e) throws DBException {
    MongoClientSettings.Builder settings = key.options.settings();
    FirstContact contact = new FirstContact(key.options);
    settings.applyToClusterSettings(cluster -> cluster.addClusterListener(contact));
    key.options.fastPath().prepare(settings);
    if (key.customizer != null) {
      key.customizer.accept(settings);
    }
    MongoClientSettings built = settings.build();
    MongoClient client = key.options.fastPath().client(built);
    try {
      Preflight.ping(client, contact);
    } catch (DBException failure) {
      client.close();
      e.failure = failure;
      throw failure;
    }
    e.client = client;
    e.retries = DriverRetries.of(built);
    e.concerns = EffectiveConcerns.of(key.options, client);
    WriteLimits announced = WriteLimits.of(client.getDatabase("admin"));
    e.writeLimits = announced != null ? announced : WriteLimits.UNANNOUNCED;
    if (ANNOUNCED.add(key.options)) {
      System.err.println(key.options.describe(e.concerns));
      if (announced == null) {
        System.err.println("mongodb binding: the server answered neither hello nor isMaster, so its write limits are "
            + "the driver's defaults: a batch of inserts over " + WriteLimits.UNANNOUNCED.maxDocuments()
            + " documents goes through the driver's insertMany");
      }
      if (key.options.urlOverrides() != null) {
        System.err.println(key.options.urlOverrides());
      }
      String warning = key.options.tlsWarning();
      if (warning != null) {
        System.err.println(warning);
      }
    }
  }

  private static void release(Key key) {
    synchronized (ENTRIES) {
      Entry e = ENTRIES.get(key);
      if (e != null && --e.users == 0) {
        e.client.close();
        ENTRIES.remove(key);
      }
    }
  }

  /** A failed connect is remembered for the run; tests that restart servers forget it. */
  static void forgetFailures() {
    synchronized (ENTRIES) {
      ENTRIES.values().removeIf(e -> e.failure != null);
    }
  }
}
