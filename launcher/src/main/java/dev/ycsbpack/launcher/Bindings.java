package dev.ycsbpack.launcher;

import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.mongodb.BindingOptions;
import dev.ycsbpack.mongodb.MongoDbClient;
import dev.ycsbpack.mongodb.OptionException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import site.ycsb.DBException;

/** The binding names {@code bin/ycsb} accepts, as in upstream's {@code bin/ycsb}, and their start-up checks. */
final class Bindings {
  /** Checks a binding's options and server before YCSB starts; failures are reported by the caller. */
  interface Preflight {
    /** Returns what the server says it is, for the client folder's environment record (empty if nothing). */
    Map<String, String> check(Properties properties) throws DBException;
  }

  /** Checks a binding's options without contacting any server ({@code --check}). */
  interface OptionCheck {
    void check(Properties properties);
  }

  /** The longest one operation may wait on the server before it fails, in ms; -1 when unbounded. */
  interface LongestWait {
    long ms(Properties properties);
  }

  /**
   * One binding the launcher knows.
   *
   * @param reads    property names the binding reads; a name ending in '.' stands for every name under it
   * @param afterRun what the binding learnt by the end of the run, for the environment record (collection counts)
   */
  private record Binding(String className, Preflight preflight, OptionCheck options, Set<String> reads,
      LongestWait longestWait, Supplier<Map<String, String>> afterRun) {
  }

  private static final Map<String, Binding> BINDINGS = new LinkedHashMap<>();

  static {
    // mongodb.* is the binding's own namespace, every name in it checked by the binding itself; the fork's datatype
    // and compressibility are refused by the binding, naming the fork
    BINDINGS.put("mongodb", new Binding(MongoDbClient.class.getName(), MongoDbClient::preflight, BindingOptions::from,
        Set.of("mongodb.", BindingOptions.UPSTREAM_BATCH_SIZE, "datatype", "compressibility"),
        p -> BindingOptions.from(p).longestOperationWaitMs(), MongoDbClient::afterRun));
    // YCSB's no-op binding: measures the harness itself, useful to check a workload file without a server.
    BINDINGS.put("basic",
        new Binding("site.ycsb.BasicDB", p -> Map.of(EnvironmentFacts.SERVER_PRODUCT, "none (YCSB BasicDB)"),
            p -> {
            }, Set.of("basicdb.verbose", "basicdb.simulatedelay", "basicdb.randomizedelay", "basicdb.count"),
            p -> 0, Map::of));
  }

  private Bindings() {
  }

  static String className(String name) throws UsageException {
    return binding(name).className();
  }

  /**
   * Runs the binding's check.
   *
   * @throws UsageException for a bad option (exit 2)
   * @throws DBException when the server cannot be used (exit 1)
   */
  static Map<String, String> preflight(String name, Properties properties) throws UsageException, DBException {
    try {
      return binding(name).preflight().check(properties);
    } catch (OptionException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * Runs only the binding's option checks: no server is contacted ({@code --check}).
   *
   * @throws UsageException for a bad option (exit 2)
   */
  static void checkOptions(String name, Properties properties) throws UsageException {
    try {
      binding(name).options().check(properties);
    } catch (OptionException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The binding's longest operation wait for these (already checked) properties; -1 when unbounded. */
  static long longestOperationWaitMs(String name, Properties properties) throws UsageException {
    try {
      return binding(name).longestWait().ms(properties);
    } catch (OptionException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * Whether any of the pack's bindings reads the property: a workload file may name another binding's options
   * (a {@code mongodb.url} in a file checked with {@code basic}), so these are never unknown.
   */
  static boolean reads(String property) {
    for (Binding b : BINDINGS.values()) {
      for (String r : b.reads()) {
        if (r.endsWith(".") ? property.startsWith(r) : property.equals(r)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The bindings' exact property names, for "did you mean". */
  static Set<String> names() {
    Set<String> out = new TreeSet<>();
    BINDINGS.values().forEach(b -> b.reads().stream().filter(r -> !r.endsWith(".")).forEach(out::add));
    return out;
  }

  /** The binding's facts after the run; empty for an unknown binding (which never ran). */
  static Map<String, String> afterRun(String name) {
    Binding b = BINDINGS.get(name);
    return b == null ? Map.of() : b.afterRun().get();
  }

  private static Binding binding(String name) throws UsageException {
    Binding b = BINDINGS.get(name);
    if (b == null) {
      throw new UsageException(
          "unknown binding '" + Text.shown(name) + "'; available: " + String.join(", ", BINDINGS.keySet()));
    }
    return b;
  }
}
