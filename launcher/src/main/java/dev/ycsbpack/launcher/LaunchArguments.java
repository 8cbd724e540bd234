package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.FlagValues;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.YcsbClasses;
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
 *
 * @param load                  true for {@code load}, false for {@code run}
 * @param bindingClass          the binding's class
 * @param clientArgs            arguments for {@code site.ycsb.Client}
 * @param properties            the properties the run will see, merged the way {@code Client} merges them
 * @param out                   {@code --out}: the client folder to write, or null
 * @param controlled            {@code --control stdin}: started by the coordinator, gated and watched
 * @param controlTimeoutSeconds seconds without a heartbeat after which a controlled client stops itself
 * @param check                 {@code --check} (the coordinator's, before it starts any client): every check of a
 *                              run, the binding's option checks included, then exit; no server is contacted and
 *                              nothing is written
 * @param telemetry             false with {@code --no-telemetry}: a client folder ({@code --out}, not under
 *                              {@code --control}) then gets no server series
 * @param notices               lines for stderr before the run (an old class name that was mapped)
 */
record LaunchArguments(boolean load, String bindingClass, List<String> clientArgs, Properties properties, Path out,
    boolean controlled, int controlTimeoutSeconds, boolean check, boolean telemetry, List<String> notices) {
  /** Property naming the real binding class when {@link StartGateDB} stands in front of it. */
  static final String REAL_DB = "ycsbpack.db";
  static final int DEFAULT_CONTROL_TIMEOUT = ClientControl.DEFAULT_TIMEOUT_SECONDS;
  /** Properties naming YCSB classes that may carry a pre-0.17 name. */
  static final List<String> CLASS_PROPERTIES = List.of("workload", "exporter");

  LaunchArguments {
    notices = List.copyOf(notices);
  }

  /**
   * The phase, the binding and the folder only: a record's own toString would print the properties and the client's
   * arguments, where {@code mongodb.url} and TLS passwords are.
   */
  @Override
  public String toString() {
    return "LaunchArguments[" + (load ? "load" : "run") + ", " + bindingClass + ", out=" + out + "]";
  }

  static LaunchArguments parse(String[] args) throws UsageException {
    if (args.length < 2) {
      throw new UsageException("expected a command and a binding, e.g. bin/ycsb load mongodb -P workloads/workloada"
          + " (bin/ycsb --help for the usage)");
    }
    boolean load = isLoad(args[0]);
    String bindingClass = Bindings.className(args[1]);
    Flags flags = new Flags(args, load);
    flags.readAll();
    List<String> clientArgs = flags.clientArgs;
    Properties merged = merged(flags, bindingClass, load);
    List<String> notices = new ArrayList<>();
    for (String name : CLASS_PROPERTIES) {
      currentClassName(merged, name, clientArgs, notices);
    }
    checkWorkloadClass(merged.getProperty("workload"));
    if (flags.out != null) {
      for (Map.Entry<String, String> e : ClientFolderWriter.properties(flags.out, merged).entrySet()) {
        merged.setProperty(e.getKey(), e.getValue());
        clientArgs.add("-p");
        clientArgs.add(e.getKey() + "=" + e.getValue());
      }
    }
    addStandIns(clientArgs, bindingClass, merged, flags.out != null || flags.controlled);
    return new LaunchArguments(load, bindingClass, clientArgs, merged, flags.out, flags.controlled,
        flags.controlTimeout, flags.check, !flags.noTelemetry, notices);
  }

  /** {@code load} or {@code run}. */
  private static boolean isLoad(String command) throws UsageException {
    return switch (command) {
      case "load" -> true;
      case "run" -> false;
      default -> throw new UsageException("unknown command '" + Text.shown(command) + "'; use load or run (or --help)");
    };
  }

  /**
   * The flags after the command and the binding, read in order: the pack's own, and YCSB's, which are passed on to
   * {@code Client} as given.
   */
  private static final class Flags {
    private final String[] args;
    private final boolean load;
    final Properties fromFiles = new Properties();
    final Properties fromFlags = new Properties();
    final List<String> clientArgs;
    Path out;
    boolean controlled;
    boolean check;
    boolean noTelemetry;
    int controlTimeout = DEFAULT_CONTROL_TIMEOUT;

    Flags(String[] args, boolean load) {
      this.args = args;
      this.load = load;
      this.clientArgs = new ArrayList<>(List.of(load ? "-load" : "-t"));
    }

    void readAll() throws UsageException {
      for (int i = 2; i < args.length; i++) {
        i = read(i);
      }
    }

    /** Reads the flag at {@code i} (and its value); the index of the last argument read. */
    private int read(int i) throws UsageException {
      String flag = args[i];
      switch (flag) {
        case "--out" :
          Path again = Path.of(value(args, ++i, flag, "a folder for the client's results"));
          if (out != null) {
            throw new UsageException("--out given twice (" + Text.shownPath(out.toString()) + ", "
                + Text.shownPath(again.toString()) + "); give one folder");
          }
          out = again;
          return i;
        case "--control" :
          String channel = value(args, ++i, flag, "a channel");
          if (!channel.equals("stdin")) {
            throw new UsageException("--control " + Text.shown(channel) + ": the only channel is stdin");
          }
          controlled = true;
          return i;
        case "--check" :
          check = true;
          return i;
        case "--no-telemetry" :
          noTelemetry = true;
          return i;
        case "--control-timeout" :
          controlTimeout = Integer.parseInt(positiveInt(value(args, ++i, flag, "seconds"), flag, 1));
          return i;
        default :
          return readYcsb(i);
      }
    }

    /** A flag of YCSB's {@code Client}, checked here and passed on. */
    private int readYcsb(int i) throws UsageException {
      String flag = args[i];
      switch (flag) {
        case "-P" :
          String file = value(args, ++i, flag, "a properties file");
          loadFile(file, fromFiles);
          clientArgs.add(flag);
          clientArgs.add(file);
          break;
        case "-p" :
          String pair = value(args, ++i, flag, "NAME=VALUE");
          Map.Entry<String, String> property = property(pair);
          fromFlags.setProperty(property.getKey(), property.getValue());
          clientArgs.add(flag);
          clientArgs.add(pair);
          break;
        case "-threads" :
          fromFlags.setProperty("threadcount", positiveInt(value(args, ++i, flag, "a thread count"), flag, 1));
          clientArgs.add(flag);
          clientArgs.add(args[i]);
          break;
        case "-target" :
          fromFlags.setProperty("target", positiveInt(value(args, ++i, flag, "operations per second"), flag, 0));
          clientArgs.add(flag);
          clientArgs.add(args[i]);
          break;
        case "-l" :
          fromFlags.setProperty("label", value(args, ++i, flag, "a label"));
          clientArgs.add(flag);
          clientArgs.add(args[i]);
          break;
        case "-s" :
          fromFlags.setProperty("status", "true");
          clientArgs.add(flag);
          break;
        case "-load" :
        case "-t" :
          if (flag.equals("-load") != load) {
            throw new UsageException(flag + " contradicts the '" + args[0] + "' command; drop it");
          }
          break;
        case "-db" :
          throw new UsageException("-db is set by the binding name ('" + args[1] + "'); drop -db");
        default :
          throw new UsageException("unknown option '" + Text.shown(flag) + "' (bin/ycsb --help lists the options)");
      }
      return i;
    }
  }

  /** The properties the run sees: every {@code -P} file in order, then every flag over them; a workload is named. */
  private static Properties merged(Flags flags, String bindingClass, boolean load) throws UsageException {
    Properties merged = new Properties();
    merged.putAll(flags.fromFiles);
    merged.putAll(flags.fromFlags);
    merged.setProperty("db", bindingClass);
    merged.setProperty("dotransactions", String.valueOf(!load));
    if (!merged.containsKey("workload")) {
      throw new UsageException("no workload given: pass -P with a workload file (e.g. -P workloads/workloada)"
          + " or -p workload=site.ycsb.workloads.CoreWorkload");
    }
    return merged;
  }

  private static void checkWorkloadClass(String workload) throws UsageException {
    if (!YcsbClasses.exists(workload)) {
      // YCSB loads the name as it is, trailing spaces (which .properties files keep) included
      throw new UsageException("invalid workload=" + Text.shown(workload) + ": no such class on the class path;"
          + " expected a workload class such as " + YcsbClasses.CORE_WORKLOAD + " (add your own jar with -cp)"
          + (YcsbClasses.exists(workload.trim()) ? "; remove the spaces around the name" : ""));
    }
  }

  /**
   * Puts the pack's stand-ins in front of the binding and the workload; {@code windowed} (with {@code --out} or
   * {@code --control}) the time limit becomes the measured window's.
   */
  private static void addStandIns(List<String> clientArgs, String bindingClass, Properties merged, boolean windowed) {
    // StartGateDB stands in front of the binding: it holds the threads at the start gate, notes when the first
    // measured operation began and how each ended; YCSB's DBWrapper still times the operations around it.
    clientArgs.addAll(0, List.of("-db", StartGateDB.class.getName(), "-p", REAL_DB + "=" + bindingClass));
    // StoppableWorkload lets a stop (time limit, stall) reach operations that block; last, so it wins over -P/-p
    clientArgs.addAll(List.of("-p", "workload=" + StoppableWorkload.class.getName(),
        "-p", StoppableWorkload.REAL_WORKLOAD + "=" + merged.getProperty("workload")));
    if (windowed && timeLimit(merged) > 0) {
      // YCSB's own timer would start before init(), the warm-up and the start gate: the window runs from the first
      // measured operation instead, and YCSB gets no time limit of its own
      clientArgs.addAll(List.of("-p", StoppableWorkload.WINDOW_SECONDS + "=" + timeLimit(merged),
          "-p", "maxexecutiontime=0"));
    }
  }

  /**
   * A YCSB class named by its pre-0.17 name ({@code com.yahoo.ycsb.}, as the mongodb-labs fork's workload files do)
   * runs as its 0.17 name, with a notice naming it; an old name with no 0.17 class is refused naming the package.
   */
  private static void currentClassName(Properties merged, String property, List<String> clientArgs,
      List<String> notices) throws UsageException {
    String value = merged.getProperty(property);
    if (value == null) {
      return;
    }
    java.util.Optional<String> renamed = YcsbClasses.renamed(value);
    if (renamed.isEmpty()) {
      return;
    }
    if (!YcsbClasses.exists(renamed.get())) {
      throw new UsageException("invalid " + property + "=" + Text.shown(value) + ": YCSB 0.17.0 renamed its package"
          + " com.yahoo.ycsb to site.ycsb, and has no class " + Text.shown(renamed.get()));
    }
    merged.setProperty(property, renamed.get());
    clientArgs.add("-p");
    clientArgs.add(property + "=" + renamed.get());
    notices.add("bin/ycsb: notice: " + property + "=" + Text.shown(value) + " is YCSB's name before 0.17;"
        + " running " + renamed.get() + " (write that name to drop this notice)");
  }

  /** maxexecutiontime when it is a valid time limit, else 0 (a bad value is refused by CoreProperties). */
  private static int timeLimit(Properties merged) {
    try {
      return (int) OperationCount.intProperty(merged, "maxexecutiontime", 0);
    } catch (IllegalArgumentException e) {
      return 0;
    }
  }

  private static String value(String[] args, int i, String flag, String what) throws UsageException {
    if (i >= args.length) {
      throw new UsageException(flag + " needs " + what);
    }
    return args[i];
  }

  private static Map.Entry<String, String> property(String pair) throws UsageException {
    try {
      return FlagValues.property(pair);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static String positiveInt(String value, String flag, int min) throws UsageException {
    try {
      return Integer.toString(FlagValues.wholeNumber(flag, value, min));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  private static void loadFile(String file, Properties into) throws UsageException {
    Path path = Path.of(file);
    if (Files.isDirectory(path)) {
      throw new UsageException("-P " + Text.shownPath(file) + ": is a directory; expected a workload file such as "
          + Text.shownPath(path.resolve("workloada").toString()));
    }
    if (!Files.isRegularFile(path)) {
      throw new UsageException("-P " + Text.shownPath(file) + ": no such file");
    }
    try {
      into.putAll(PropertiesFiles.read(path)); // read as YCSB reads it: the pack's one charset rule
    } catch (IOException e) {
      throw new UsageException("-P " + Text.shownPath(file) + ": cannot read it: " + Text.shown(e.getMessage()));
    }
  }
}
