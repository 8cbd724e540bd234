package dev.ycsbpack.common;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Facts about the machine a client runs on, for {@code environment.properties}: two results are comparable only when
 * the clients were alike, and a reader of a published number needs to know what produced it.
 */
public final class EnvironmentFacts {
  /**
   * The write concern the run's writes were under, as the binding sent it after URL and properties (e.g.
   * {@code w=majority, j=true}), or {@code server default} with the default the server reported, if it did. Under
   * {@code server.}, like the server's own facts, because every reader of those (manifest, report) must show it.
   */
  public static final String WRITE_CONCERN = "server.writeConcern";
  /** The read concern the run's reads were under, in the same words as {@link #WRITE_CONCERN}. */
  public static final String READ_CONCERN = "server.readConcern";
  /** The read preference the run's reads were sent with (mode, tag sets, maximum staleness). */
  public static final String READ_PREFERENCE = "server.readPreference";
  /** Which server answered, as the binding recognised it (MongoDB, FerretDB, mongo-java-server, ...). */
  public static final String SERVER_PRODUCT = "server.product";
  /** The server's version as it reported it. */
  public static final String SERVER_VERSION = "server.version";
  /** What {@link #SERVER_PRODUCT} holds for a real MongoDB. */
  public static final String MONGODB = "MongoDB";
  /** The pack version that ran the client ({@link PackVersion#shown}). */
  public static final String PACK_VERSION = "pack.version";
  /** The command line that ran, its secrets masked (what was run, for the report). */
  public static final String RUN_COMMAND = "run.command";
  /** The client JVM's CPU time at the end of its run, user + system, in ms. */
  public static final String PROCESS_CPU_MS = "process.cpu.ms";
  /** The client JVM's age at the end of its run, in ms. */
  public static final String PROCESS_UPTIME_MS = "process.uptime.ms";
  /**
   * The facts that record the run itself rather than how it was set up: they differ between any two runs (the
   * command line's folders, the CPU a run spent), so a comparison of how two results were run leaves them out.
   */
  public static final Set<String> OF_THE_RUN = Set.of(RUN_COMMAND, PROCESS_CPU_MS, PROCESS_UPTIME_MS);
  /** Every fact the binding learned from the server (and the write/read settings in force) starts with this. */
  public static final String SERVER_PREFIX = "server.";
  /** Every fact about the driver the binding ran starts with this. */
  public static final String DRIVER_PREFIX = "driver.";
  /** How the driver saw the deployment: {@code standalone}, {@code replica set}, {@code sharded (mongos)}, ... */
  public static final String TOPOLOGY = SERVER_PREFIX + "topology";
  /** The replica set's name, when the server is in one. */
  public static final String REPLICA_SET = SERVER_PREFIX + "replicaSet";
  /** The highest wire version of the first server the driver described. */
  public static final String MAX_WIRE_VERSION = SERVER_PREFIX + "maxWireVersion";
  /** The server's storage engine, when its {@code serverStatus} says. */
  public static final String STORAGE_ENGINE = SERVER_PREFIX + "storageEngine";
  /** The driver's artifact name. */
  public static final String DRIVER_NAME = DRIVER_PREFIX + "name";
  /** The driver's version. */
  public static final String DRIVER_VERSION = DRIVER_PREFIX + "version";
  /** The client machine's name: clients with one name ran on one machine. */
  public static final String HOST_NAME = "host.name";
  /** The CPUs the client's JVM could use. */
  public static final String CPU_COUNT = "cpu.count";
  /** The client JVM's {@code java.version}. */
  public static final String JAVA_VERSION = "java.version";
  /** The heap the client JVM was given ({@code Runtime.maxMemory}): what {@code -jvm-args -Xmx...} sets. */
  public static final String JVM_MAX_HEAP = "jvm.max.heap.bytes";
  /** The client JVM's own arguments, as it saw them. */
  public static final String JVM_ARGUMENTS = "jvm.arguments";

  private EnvironmentFacts() {
  }

  /**
   * The not-MongoDB rule, one for every output (merged results, published pages, the coordinator's manifest): the
   * warning for clients that measured a server other than MongoDB (FerretDB, mongo-java-server), from their
   * {@link #SERVER_PRODUCT} values; empty when every client measured MongoDB or none recorded it.
   */
  public static Optional<String> notMongoDb(Collection<String> products) {
    List<String> others = products.stream().filter(p -> !MONGODB.equals(p)).distinct().toList();
    return others.isEmpty() ? Optional.empty() : Optional.of("NOT MongoDB: the clients measured "
        + String.join(" / ", others) + ". These numbers describe that server, not MongoDB.");
  }

  /**
   * Whether {@code key} is one of what answered the clients ({@link #SERVER_PREFIX} or {@link #DRIVER_PREFIX}): the
   * facts a run's summary (the coordinator's manifest, a comparison) quotes about the server and the driver.
   */
  public static boolean isServerFact(String key) {
    return key.startsWith(SERVER_PREFIX) || key.startsWith(DRIVER_PREFIX);
  }

  /** Host name, CPUs, memory, OS, kernel, JVM: what this JVM can see without running anything. */
  public static Map<String, String> local() {
    Map<String, String> m = new TreeMap<>();
    m.put(HOST_NAME, hostName());
    m.put(CPU_COUNT, Integer.toString(Runtime.getRuntime().availableProcessors()));
    cpuModel().ifPresent(v -> m.put("cpu.model", v));
    totalMemory().ifPresent(v -> m.put("memory.total.bytes", v));
    m.put(JVM_MAX_HEAP, Long.toString(Runtime.getRuntime().maxMemory()));
    m.put("os.name", System.getProperty("os.name", ""));
    m.put("os.version", System.getProperty("os.version", ""));
    m.put("os.arch", System.getProperty("os.arch", ""));
    m.put(JAVA_VERSION, System.getProperty("java.version", ""));
    m.put("java.vendor", System.getProperty("java.vendor", ""));
    m.put("java.vm.name", System.getProperty("java.vm.name", ""));
    m.put(JVM_ARGUMENTS, jvmArguments(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    return m;
  }

  /**
   * The JVM's arguments as one fact, each judged whole, as the JVM split them: one that may hold a secret (a secret
   * word anywhere in it, as in {@code -Dmongodb.password=...} or {@code -javaagent:a.jar=token=...}, or a URL with user
   * info) is shown as its name and {@link Redactor#MASK}, its whole value hidden. The shape rules alone read a value
   * only to a separator ({@code & ; ,}, quotes, white space), which a password given with {@code -jvm-args} or
   * {@code JAVA_TOOL_OPTIONS} may hold: its tail would be written to every client folder and report. An argument that
   * merely mentions a secret word loses its value too: hiding a little too much is the safe way to be wrong.
   */
  static String jvmArguments(List<String> arguments) {
    List<String> shown = new ArrayList<>(arguments.size());
    for (String a : arguments) {
      int eq = a.indexOf('=');
      if (SecretNames.isSecret(a) || Redactor.mayHoldUserInfo(a) || !Redactor.shapeOnly().redact(a).equals(a)) {
        shown.add(eq < 0 ? Redactor.MASK : a.substring(0, eq + 1) + Redactor.MASK);
      } else {
        shown.add(a);
      }
    }
    return String.join(" ", shown);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      String env = System.getenv("HOSTNAME");
      return env == null ? "unknown" : env;
    }
  }

  private static java.util.Optional<String> cpuModel() {
    return firstValue(Path.of("/proc/cpuinfo"), "model name");
  }

  private static java.util.Optional<String> totalMemory() {
    return firstValue(Path.of("/proc/meminfo"), "MemTotal").map(v -> {
      String[] parts = v.trim().split("\\s+");
      try {
        long kb = Long.parseLong(parts[0]);
        return Long.toString(kb * 1024);
      } catch (NumberFormatException e) {
        return v;
      }
    });
  }

  private static java.util.Optional<String> firstValue(Path file, String key) {
    try {
      List<String> lines = Files.readAllLines(file);
      for (String line : lines) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
          return java.util.Optional.of(line.substring(colon + 1).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or not readable: the fact is simply absent
    }
    return java.util.Optional.empty();
  }
}
