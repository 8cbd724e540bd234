package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.coordinator.plan.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/ycsb-coordinator}: runs YCSB clients on several hosts together and brings back one result bundle.
 *
 * <p>Exit status: 0 complete; 1 the run failed (the bundle is marked FAILED with the reason); 2 the command cannot be
 * run (nothing was started).
 */
@Command(name = "ycsb-coordinator", mixinStandardHelpOptions = true,
    versionProvider = CoordinatorMain.Version.class,
    description = {"Runs YCSB clients on several hosts at once: splits the key ranges, threads, target",
        "and operations, starts every client together, watches them, stops them all if one",
        "fails, and merges their results.", ""},
    subcommands = {CoordinatorMain.Load.class, CoordinatorMain.Run.class, CheckCommand.class, RecoverCommand.class,
        CommandLine.HelpCommand.class},
    // every line under 80 columns: picocli wraps a longer one wherever column 80 falls, mid-word
    footer = {"", "Examples:",
        "  # load 1,000,000 records from two hosts, then run the 95/5 workload at",
        "  # 20,000 ops/s in total",
        "  bin/ycsb-coordinator load mongodb -P workloads/read95-update5 \\",
        "      -p recordcount=1000000 -p mongodb.url=mongodb://db1:27017/ycsb \\",
        "      -threads 16 --hosts client1,client2 --out results/load",
        "  bin/ycsb-coordinator run mongodb -P workloads/read95-update5 \\",
        "      -p recordcount=1000000 -p operationcount=10000000 \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb -threads 64 -target 20000 \\",
        "      --hosts client1,client2 --clients-per-host 2 --out results/run-1",
        "  # two clients on this machine, and what each would do",
        "  bin/ycsb-coordinator run mongodb -P workloads/read95-update5 \\",
        "      --hosts local,local --dry-run",
        "  # check the hosts: ssh, Java 17+, staging, clock offset",
        "  bin/ycsb-coordinator check --hosts client1,client2 \\",
        "      --ssh-config lab_ssh_config",
        "  # after a coordinator was killed: an INCOMPLETE result from its clients",
        "  bin/ycsb-coordinator recover results/run-1",
        "",
        "Exit status: 0 complete, 1 the run failed (bundle marked FAILED), 2 the command",
        "cannot be run.",
        "A password never appears in the output or the bundle, nor on any client's",
        "command line: properties reach the hosts as owner-only files over the",
        "transport's stdin and are deleted when the client ends. One typed on this",
        "command line (-p mongodb.tls.keyStorePassword=..., a mongodb.url with a",
        "password) is on this coordinator's own, where ps shows it: put secrets in an",
        "owner-only -P file instead, e.g. -P secrets.properties holding the line",
        "mongodb.tls.keyStorePassword=... (bin/ycsb alike)."})
public final class CoordinatorMain implements Runnable {
  static final int USAGE = ToolCommandLine.USAGE;
  /** The original arguments, for the manifest (redacted there). */
  private static List<String> commandLine = List.of();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "name a command: load, run, check or recover");
  }

  public static void main(String[] args) {
    commandLine = List.of(args);
    CommandLine cl = ToolCommandLine.create(new CoordinatorMain(), "ycsb-coordinator");
    System.exit(cl.execute(args));
  }

  static List<String> commandLine() {
    return commandLine;
  }

  /** The installed pack the coordinator runs from ({@code bin/ycsb-coordinator} sets it). */
  public static Path packHome() {
    String home = System.getProperty("ycsbpack.home");
    if (home == null || !Files.isDirectory(Path.of(home))) {
      throw new IllegalStateException("ycsbpack.home is not set: run the coordinator as bin/ycsb-coordinator");
    }
    return Path.of(home);
  }

  /** {@code --version}: the pack's version and build ({@link dev.ycsbpack.common.PackVersion}). */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"ycsb-coordinator " + dev.ycsbpack.common.PackVersion.current().shown()};
    }
  }

  @Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
      description = "Loads the records: each client inserts its own disjoint part of [insertstart, insertstart + "
          + "insertcount).")
  static final class Load extends PhaseCommand {
    @Override
    Phase phase() {
      return Phase.LOAD;
    }
  }

  @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
      description = "Runs the workload: operations and target split over the clients, reads over all loaded keys, "
          + "inserts to disjoint keys.")
  static final class Run extends PhaseCommand {
    @Override
    Phase phase() {
      return Phase.RUN;
    }
  }
}
