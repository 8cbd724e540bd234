package dev.ycsbpack.launcher;

import dev.ycsbpack.common.Text;
import dev.ycsbpack.mongodb.BindingOptions;
import dev.ycsbpack.mongodb.MongoDbClient;
import dev.ycsbpack.mongodb.OptionException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.DBException;

/** The binding names {@code bin/ycsb} accepts, as in upstream's {@code bin/ycsb}, and their start-up checks. */
final class Bindings {
  /** Checks a binding's options and server before YCSB starts; failures are reported by the caller. */
  interface Preflight {
    /** Returns what the server says it is, for the client folder's environment record (empty if nothing). */
    Map<String, String> check(Properties properties) throws DBException;
  }

  /** The longest one operation may wait on the server before it fails, in ms; -1 when unbounded. */
  interface LongestWait {
    long ms(Properties properties);
  }

  private static final class Binding {
    final String className;
    final Preflight preflight;
    final LongestWait longestWait;

    Binding(String className, Preflight preflight, LongestWait longestWait) {
      this.className = className;
      this.preflight = preflight;
      this.longestWait = longestWait;
    }
  }

  private static final Map<String, Binding> BINDINGS = new LinkedHashMap<>();

  static {
    BINDINGS.put("mongodb", new Binding(MongoDbClient.class.getName(), MongoDbClient::preflight,
        p -> BindingOptions.from(p).longestOperationWaitMs()));
    // YCSB's no-op binding: measures the harness itself, useful to check a workload file without a server.
    BINDINGS.put("basic", new Binding("site.ycsb.BasicDB", p -> Map.of("server.product", "none (YCSB BasicDB)"),
        p -> 0));
  }

  private Bindings() {
  }

  static String className(String name) throws UsageException {
    return binding(name).className;
  }

  /**
   * Runs the binding's check.
   *
   * @throws UsageException for a bad option (exit 2)
   * @throws DBException when the server cannot be used (exit 1)
   */
  static Map<String, String> preflight(String name, Properties properties) throws UsageException, DBException {
    try {
      return binding(name).preflight.check(properties);
    } catch (OptionException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The binding's longest operation wait for these (already checked) properties; -1 when unbounded. */
  static long longestOperationWaitMs(String name, Properties properties) throws UsageException {
    try {
      return binding(name).longestWait.ms(properties);
    } catch (OptionException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static Binding binding(String name) throws UsageException {
    Binding b = BINDINGS.get(name);
    if (b == null) {
      throw new UsageException("unknown binding '" + Text.shown(name) + "'; available: " + String.join(", ", BINDINGS.keySet()));
    }
    return b;
  }
}
