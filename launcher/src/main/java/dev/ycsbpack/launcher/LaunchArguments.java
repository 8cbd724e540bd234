package dev.ycsbpack.launcher;

import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * {@code bin/ycsb load|run BINDING [options]}, checked before YCSB sees it.
 *
 * <p>YCSB 0.17's {@code Client} prints its usage and exits 0 on a bad flag, a missing {@code -P} file or a
 * malformed {@code -p}; here each of those is an error that names the problem. The flags and their
 * precedence are upstream's: {@code -P} files in order, then every {@code -p} over every {@code -P}.
 */
final class LaunchArguments {
  /** Property naming the real binding class when {@link StartGateDB} stands in front of it. */
  static final String REAL_DB = "ycsbpack.db";
  static final int DEFAULT_CONTROL_TIMEOUT = 15;

  final boolean load;
  final String bindingClass;
  /** Arguments for {@code site.ycsb.Client}. */
  final List<String> clientArgs;
  /** The properties the run will see, merged the way {@code Client} merges them. */
  final Properties properties;
  /** {@code --out}: the client folder to write, or null. */
  final Path out;
  /** {@code --control stdin}: started by the coordinator, gated and watched. */
  final boolean controlled;
  /** Seconds without a heartbeat after which a controlled client stops itself. */
  final int controlTimeoutSeconds;

  private LaunchArguments(boolean load, String bindingClass, List<String> clientArgs, Properties properties, Path out,
                          boolean controlled, int controlTimeoutSeconds) {
    this.load = load;
    this.bindingClass = bindingClass;
    this.clientArgs = clientArgs;
    this.properties = properties;
    this.out = out;
    this.controlled = controlled;
    this.controlTimeoutSeconds = controlTimeoutSeconds;
  }

  static LaunchArguments parse(String[] args) throws UsageException {
    if (args.length < 2) {
      throw new UsageException("expected a command and a binding, e.g. bin/ycsb load mongodb -P workloads/workloada"
          + " (bin/ycsb --help for the usage)");
    }
    boolean load;
    switch (args[0]) {
      case "load":
        load = true;
        break;
      case "run":
        load = false;
        break;
      default:
        throw new UsageException("unknown command '" + Text.shown(args[0]) + "'; use load or run (or --help)");
    }
    String bindingClass = Bindings.className(args[1]);

    Properties fromFiles = new Properties();
    Properties fromFlags = new Properties();
    List<String> clientArgs = new ArrayList<>(List.of(load ? "-load" : "-t"));
    Path out = null;
    boolean controlled = false;
    int controlTimeout = DEFAULT_CONTROL_TIMEOUT;
    for (int i = 2; i < args.length; i++) {
      String flag = args[i];
      switch (flag) {
        case "--out":
          out = Path.of(value(args, ++i, flag, "a folder for the client's results"));
          break;
        case "--control":
          String channel = value(args, ++i, flag, "a channel");
          if (!channel.equals("stdin")) {
            throw new UsageException("--control " + Text.shown(channel) + ": the only channel is stdin");
          }
          controlled = true;
          break;
        case "--control-timeout":
          controlTimeout = Integer.parseInt(positiveInt(value(args, ++i, flag, "seconds"), flag, 1));
          break;
        case "-P":
          String file = value(args, ++i, flag, "a properties file");
          loadFile(file, fromFiles);
          clientArgs.add(flag);
          clientArgs.add(file);
          break;
        case "-p":
          String pair = value(args, ++i, flag, "NAME=VALUE");
          int eq = pair.indexOf('=');
          if (eq <= 0) {
            throw new UsageException("-p " + Text.shown(pair) + ": expected NAME=VALUE");
          }
          fromFlags.setProperty(pair.substring(0, eq), pair.substring(eq + 1));
          clientArgs.add(flag);
          clientArgs.add(pair);
          break;
        case "-threads":
          fromFlags.setProperty("threadcount", positiveInt(value(args, ++i, flag, "a thread count"), flag, 1));
          clientArgs.add(flag);
          clientArgs.add(args[i]);
          break;
        case "-target":
          fromFlags.setProperty("target", positiveInt(value(args, ++i, flag, "operations per second"), flag, 0));
          clientArgs.add(flag);
          clientArgs.add(args[i]);
          break;
        case "-l":
          fromFlags.setProperty("label", value(args, ++i, flag, "a label"));
          clientArgs.add(flag);
          clientArgs.add(args[i]);
          break;
        case "-s":
          fromFlags.setProperty("status", "true");
          clientArgs.add(flag);
          break;
        case "-load":
        case "-t":
          if (flag.equals("-load") != load) {
            throw new UsageException(flag + " contradicts the '" + args[0] + "' command; drop it");
          }
          break;
        case "-db":
          throw new UsageException("-db is set by the binding name ('" + args[1] + "'); drop -db");
        default:
          throw new UsageException("unknown option '" + Text.shown(flag) + "' (bin/ycsb --help lists the options)");
      }
    }
    Properties merged = new Properties();
    merged.putAll(fromFiles);
    merged.putAll(fromFlags);
    merged.setProperty("db", bindingClass);
    merged.setProperty("dotransactions", String.valueOf(!load));
    if (!merged.containsKey("workload")) {
      throw new UsageException("no workload given: pass -P with a workload file (e.g. -P workloads/workloada)"
          + " or -p workload=site.ycsb.workloads.CoreWorkload");
    }
    if (out != null) {
      for (Map.Entry<String, String> e : ClientFolderWriter.properties(out, merged).entrySet()) {
        merged.setProperty(e.getKey(), e.getValue());
        clientArgs.add("-p");
        clientArgs.add(e.getKey() + "=" + e.getValue());
      }
    }
    if (out != null || controlled) {
      // StartGateDB stands in front of the binding: it holds the threads at the start gate and notes when the
      // first measured operation began; YCSB's DBWrapper still times the operations around it.
      clientArgs.addAll(0, List.of("-db", StartGateDB.class.getName(), "-p", REAL_DB + "=" + bindingClass));
    } else {
      clientArgs.addAll(0, List.of("-db", bindingClass));
    }
    return new LaunchArguments(load, bindingClass, clientArgs, merged, out, controlled, controlTimeout);
  }

  private static String value(String[] args, int i, String flag, String what) throws UsageException {
    if (i >= args.length) {
      throw new UsageException(flag + " needs " + what);
    }
    return args[i];
  }

  private static String positiveInt(String value, String flag, int min) throws UsageException {
    try {
      int n = Integer.parseInt(value);
      if (n >= min) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(flag + " " + Text.shown(value) + ": expected a whole number, " + min + " or more");
  }

  private static void loadFile(String file, Properties into) throws UsageException {
    Path path = Path.of(file);
    if (Files.isDirectory(path)) {
      throw new UsageException("-P " + Text.shown(file) + ": is a directory; expected a workload file such as "
          + Text.shown(path.resolve("workloada").toString()));
    }
    if (!Files.isRegularFile(path)) {
      throw new UsageException("-P " + Text.shown(file) + ": no such file");
    }
    try {
      into.putAll(PropertiesFiles.read(path)); // read as YCSB reads it: the pack's one charset rule
    } catch (IOException e) {
      throw new UsageException("-P " + Text.shown(file) + ": cannot read it: " + Text.shown(e.getMessage()));
    }
  }
}
