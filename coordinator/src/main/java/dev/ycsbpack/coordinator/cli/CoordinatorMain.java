package dev.ycsbpack.coordinator.cli;

import dev.ycsbpack.cli.PackHome;
import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.ToolTop;
import dev.ycsbpack.cli.ToolVersion;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/ycsb-coordinator}: runs YCSB clients on several hosts together and brings back one result bundle.
 *
 * <p>Exit status: 0 complete; 1 the run failed (the bundle is marked FAILED with the reason); 2 the command cannot be
 * run (nothing was started).
 */
@Command(name = "ycsb-coordinator", mixinStandardHelpOptions = true,
    versionProvider = ToolVersion.class,
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
public final class CoordinatorMain extends ToolTop {
  static final int USAGE = ToolCommandLine.USAGE;

  public static void main(String[] args) {
    ToolMain.exit(new CoordinatorMain(), args);
  }

  /** The installed pack the coordinator runs from ({@code bin/ycsb-coordinator} sets it). */
  static Path packHome() {
    return PackHome.of("bin/ycsb-coordinator");
  }

  @Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
      description = "Loads the records: each client inserts its own disjoint part of [insertstart, insertstart + "
          + "insertcount).")
  static final class Load extends PhaseCommand {
  }

  @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
      description = "Runs the workload: operations and target split over the clients, reads over all loaded keys, "
          + "inserts to disjoint keys.")
  static final class Run extends PhaseCommand {
  }
}
