package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.ToolTop;
import dev.ycsbpack.cli.ToolVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/ycsb-experiment}: studies made of coordinated runs, one command each.
 *
 * <p>Exit status: 0 complete; 1 a step failed or the experiment was interrupted (the manifest says which and what
 * could still be answered); 2 the command cannot be run (nothing started, nothing written).
 */
@Command(name = "ycsb-experiment", mixinStandardHelpOptions = true,
    versionProvider = ToolVersion.class,
    description = {"Runs a study as a series of coordinated runs (each a normal bin/ycsb-coordinator bundle) and",
        "answers its question: where throughput stops growing, what latency at what load, which SLO holds.", ""},
    subcommands = {SweepCommand.class, WcMatrixCommand.class, RepeatCommand.class, AbCommand.class, RunCommand.class,
        ReproduceCommand.class,
        CommandLine.HelpCommand.class},
    footer = {"", "Examples:",
        "  # threads 1,2,4,...,64 over an already loaded collection, READ p99 objective",
        "  # (with 2 hosts, 1 thread cannot be split over the clients: dropped, noted)",
        "  bin/ycsb-experiment sweep mongodb -P workloads/read95-update5 \\",
        "      -p recordcount=1000000 -p operationcount=2000000 \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb --max-threads 64 \\",
        "      --slo 'READ.p99<=10ms' --hosts client1,client2 --out results/sweep-1",
        "  # load once, then threads 2,4,16 from two local clients",
        "  bin/ycsb-experiment sweep mongodb -P workloads/read95-update5 \\",
        "      -p recordcount=10000 -p operationcount=20000 -threads 2,4,16 --load \\",
        "      --hosts local,local --out results/sweep-2",
        "  # latency at rising offered load (intended latency), 32 threads in total",
        "  bin/ycsb-experiment sweep mongodb -P workloads/read95-update5 \\",
        "      -p recordcount=1000000 -p mongodb.url=mongodb://db1:27017/ycsb \\",
        "      -threads 32 -target 5000,10000,20000,40000 \\",
        "      --slo 'READ.p99<=10ms' --hosts client1,client2 --out results/latency-1",
        "  # latency at 25%%..90%% of the throughput an unthrottled probe step measures",
        "  bin/ycsb-experiment sweep mongodb -P workloads/read95-update5 \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb -threads 32 \\",
        "      -target 25%%,50%%,75%%,90%% --hosts client1,client2 --out results/latency-2",
        "  # one coordinated run 5 times: every figure's median, range and RSD;",
        "  # then compare two such folders",
        "  bin/ycsb-experiment repeat mongodb -P workloads/read95-update5 \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb -threads 16 --repeat 5 \\",
        "      --hosts client1,client2 --out results/rep-a",
        "  bin/ycsb-aggregate compare --a results/rep-a --b results/rep-b",
        "  # A against B in alternating rounds (ABBA), compared at the end",
        "  bin/ycsb-experiment ab mongodb -P workloads/read95-update5 \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb -threads 16 --rounds 6 \\",
        "      --a-p mongodb.w=1 --b-p mongodb.w=majority \\",
        "      --hosts client1,client2 --out results/ab-wc",
        "  # each write concern 3 times in rotating order; cells the deployment",
        "  # cannot satisfy are not run",
        "  bin/ycsb-experiment wc-matrix mongodb -P workloads/insert-latency \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb \\",
        "      --write-concerns 'w=1,j=true,w=2,majority,w=majority+j=true' \\",
        "      --load --hosts local --out results/wc-1",
        "  # a ready study of experiments/: the 6:1 query/update mix, clients 1 -> 128",
        "  bin/ycsb-experiment run experiments/clients-6to1 --hosts client1,client2 \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb --out results/6to1",
        "  # continue after Ctrl-C or a crash, without running finished steps again",
        "  bin/ycsb-experiment sweep mongodb -P workloads/read95-update5 ... \\",
        "      --resume results/sweep-1",
        "",
        "Exit status: 0 complete, 1 a step failed or the experiment was interrupted,",
        "2 the command cannot be run.",
        "See docs/experiments.md for the rules behind every answer."})
public final class ExperimentMain extends ToolTop {
  static final int USAGE = ToolCommandLine.USAGE;

  public static void main(String[] args) {
    ToolMain.exit(new ExperimentMain(), args);
  }
}
