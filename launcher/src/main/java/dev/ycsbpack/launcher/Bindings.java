package dev.ycsbpack.launcher;

import dev.ycsbpack.common.Text;
import dev.ycsbpack.mongodb.MongoDbClient;
import dev.ycsbpack.mongodb.OptionException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import site.ycsb.DBException;

/** The binding names {@code bin/ycsb} accepts, as in upstream's {@code bin/ycsb}, and their start-up checks. */
final class Bindings {
  /** Checks a binding's options and server before YCSB starts; failures are reported by the caller. */
  interface Preflight {
    /** Returns what the server says it is, for the client folder's environment record (empty if nothing). */
    Map<String, String> check(Properties properties) throws DBException;
  }

  private static final class Binding {
    final String className;
    final Preflight preflight;
    /** What the binding learnt by the end of the run, for the environment record (collection counts). */
    final Supplier<Map<String, String>> afterRun;

    Binding(String className, Preflight preflight, Supplier<Map<String, String>> afterRun) {
      this.className = className;
      this.preflight = preflight;
      this.afterRun = afterRun;
    }
  }

  private static final Map<String, Binding> BINDINGS = new LinkedHashMap<>();

  static {
    BINDINGS.put("mongodb", new Binding(MongoDbClient.class.getName(), MongoDbClient::preflight,
        MongoDbClient::afterRun));
    // YCSB's no-op binding: measures the harness itself, useful to check a workload file without a server.
    BINDINGS.put("basic", new Binding("site.ycsb.BasicDB", p -> Map.of("server.product", "none (YCSB BasicDB)"),
        Map::of));
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

  /** The binding's facts after the run; empty for an unknown binding (which never ran). */
  static Map<String, String> afterRun(String name) {
    Binding b = BINDINGS.get(name);
    return b == null ? Map.of() : b.afterRun.get();
  }

  private static Binding binding(String name) throws UsageException {
    Binding b = BINDINGS.get(name);
    if (b == null) {
      throw new UsageException("unknown binding '" + Text.shown(name) + "'; available: " + String.join(", ", BINDINGS.keySet()));
    }
    return b;
  }
}
