package dev.ycsbpack.coordinator.options;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.FlagValues;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.TlsFiles;
import dev.ycsbpack.common.UrlOptions;
import dev.ycsbpack.coordinator.run.Supervisor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The workload and the supervision of a coordinated run, as {@code load} and {@code run} take them, and as
 * {@code bin/ycsb-experiment} takes them for each of its steps: one parse of {@code -P}/{@code -p}, one set of
 * timeouts.
 */
public final class RunOptions {
  /** A minute between launches is already more than any start-up needs spreading. */
  private static final int MAX_LAUNCH_INTERVAL_MS = 60_000;

  @Option(names = "-P", paramLabel = "FILE", description = "workload/property file; repeatable, later files override "
      + "earlier ones")
  public List<Path> workloadFiles = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "property; overrides every -P file")
  List<String> properties = new ArrayList<>();

  @Option(names = "-jvm-args", paramLabel = "ARGS", description = "JVM arguments of every client, as for bin/ycsb: "
      + "blank-separated, each starting with '-', e.g. -jvm-args '-Xmx512m -XX:+UseG1GC' or -jvm-args='-Xmx512m'; "
      + "repeatable")
  public List<String> jvmArgs = new ArrayList<>();

  @Option(names = "--ready-timeout", paramLabel = "SECONDS", defaultValue = "" + Supervisor.DEFAULT_READY_SECONDS,
      description = "how long clients may take to start, connect and warm up (default: ${DEFAULT-VALUE})")
  int readyTimeout;

  @Option(names = "--stall-timeout", paramLabel = "SECONDS", defaultValue = "" + Supervisor.DEFAULT_STALL_SECONDS,
      description = "a client with no successful operation (or no output) this long counts as failed and stops the"
          + " run; clients stop themselves first after -p ycsbpack.stalltimeout (default: ${DEFAULT-VALUE})")
  int stallTimeout;

  @Option(names = "--control-timeout", paramLabel = "SECONDS",
      defaultValue = "" + ClientControl.DEFAULT_TIMEOUT_SECONDS,
      description = "a client that hears nothing from the coordinator this long stops itself (default: "
          + "${DEFAULT-VALUE})")
  public int controlTimeout;

  @Option(names = "--launch-interval", paramLabel = "MS", defaultValue = "" + Supervisor.DEFAULT_LAUNCH_INTERVAL_MS,
      description = "each launching worker (see --parallel) waits this long after launching a client, to spread the"
          + " connections a large run opens to sshd and the database over time (default: ${DEFAULT-VALUE})")
  int launchIntervalMs;

  @Option(names = "--quiet", description = "no progress output")
  public boolean quiet;

  @Option(names = "--no-telemetry", description = "sample nothing during the run: neither the server's serverStatus "
      + "(by default every status.interval, default 10 s, on one connection of the coordinator's: "
      + "BUNDLE/telemetry/server.csv and .json) nor the /proc of the --server-host machines and the client hosts "
      + "(BUNDLE/telemetry/host-NAME.csv and .json)")
  public boolean noTelemetry;

  /** Refuses a binding name that is not one. */
  public static void checkBinding(String binding) throws UsageError {
    if (!binding.matches("[A-Za-z0-9_-]+")) {
      throw new UsageError("BINDING " + Text.shown(binding) + ": expected a binding name such as mongodb");
    }
  }

  /**
   * The first checks of a command that runs the workload: its binding's name, its {@code -p} values (into
   * {@code overrides}, as soon as read, so the line refusing a later problem masks their secrets) and its timeouts.
   */
  public void readWorkload(String binding, Map<String, String> overrides) throws UsageError {
    checkBinding(binding);
    overrides.putAll(overrides());
    checkTimeouts();
  }

  /** The {@code -p} values in order, later ones winning. */
  public Map<String, String> overrides() throws UsageError {
    Map<String, String> overrides = new LinkedHashMap<>();
    putProperties(properties, overrides);
    return overrides;
  }

  /**
   * Puts each {@code -p NAME=VALUE} of {@code pairs} into {@code into}, later ones winning, each as soon as it is read
   * (so the line refusing a later one is masked by the secrets before it).
   */
  public static void putProperties(List<String> pairs, Map<String, String> into) throws UsageError {
    for (String pair : pairs) {
      Map.Entry<String, String> p;
      try {
        p = FlagValues.property(pair);
      } catch (IllegalArgumentException e) {
        throw new UsageError(e.getMessage());
      }
      into.put(p.getKey(), p.getValue());
    }
  }

  /**
   * Refuses JVM arguments that would break the coordinator's contract (see {@link JvmArgs}); {@code secrets} are the
   * run's property values, which must not reach a command line.
   */
  public void checkJvmArgs(Redactor secrets) throws UsageError {
    JvmArgs.check(jvmArgs, secrets);
  }

  /** Refuses a timeout below one second. */
  public void checkTimeouts() throws UsageError {
    checkPositive("--ready-timeout", readyTimeout);
    checkPositive("--stall-timeout", stallTimeout);
    checkPositive("--control-timeout", controlTimeout);
    if (launchIntervalMs < 0 || launchIntervalMs > MAX_LAUNCH_INTERVAL_MS) {
      throw new UsageError("--launch-interval " + launchIntervalMs + ": expected milliseconds from 0 to "
          + MAX_LAUNCH_INTERVAL_MS);
    }
  }

  /** The supervisor's settings from these options, with {@code parallel} hosts worked on at once (--parallel). */
  public Supervisor.Settings settings(int parallel) {
    return Supervisor.Settings.of(Duration.ofSeconds(readyTimeout), Duration.ofSeconds(stallTimeout), controlTimeout,
        parallel, Duration.ofMillis(launchIntervalMs));
  }

  /**
   * The TLS files are copied to every host (see Supervisor), so each must be readable here; the URL's own file options
   * would name a path on each host instead, which the coordinator cannot stage.
   */
  public static void checkTlsFiles(Map<String, String> properties) throws UsageError {
    Map<String, String> inUrl = UrlOptions.of(properties.getOrDefault("mongodb.url", ""));
    for (TlsFiles.UrlOption option : TlsFiles.URL_OPTIONS) {
      if (option.file() && inUrl.containsKey(option.key())) {
        throw new UsageError("mongodb.url option " + option.name() + ": the coordinator copies TLS files to every host"
            + " only from properties; give it as -p " + option.property().key() + "=FILE instead");
      }
    }
    for (String name : TlsFiles.FILE_PROPERTIES) {
      String file = properties.get(name);
      if (file != null && !Files.isReadable(Path.of(file.trim()))) {
        throw new UsageError(name + "=" + Text.shown(file) + ": no readable file here; the coordinator copies it"
            + " to every host, so give a path on this machine");
      }
    }
  }

  private static void checkPositive(String option, int value) throws UsageError {
    if (value < 1) {
      throw new UsageError(option + " " + value + ": expected 1 or more seconds");
    }
  }
}
