package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.Reproduction;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.cli.PackHome;
import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.OutputFolder;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.coordinator.CoordinatorTool;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.experiment.reproduce.LoadFirst;
import dev.ycsbpack.experiment.reproduce.Original;
import dev.ycsbpack.experiment.reproduce.Replay;
import dev.ycsbpack.experiment.reproduce.ReplayCheck;
import dev.ycsbpack.experiment.reproduce.ReproductionComparison;
import dev.ycsbpack.experiment.reproduce.Request;
import dev.ycsbpack.experiment.reproduce.SentConcerns;
import dev.ycsbpack.experiment.reproduce.SiteRows;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code reproduce ORIGINAL}: runs a bundle's or an experiment's recorded plan again ({@code plan.json}) on the user's
 * hosts and server, changed only where the user says, into a new folder, then compares the two.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs a result again from its own plan (plan.json: the effective workload properties, threads, "
        + "target, clients, timeouts, an experiment's steps), not from its files, on your hosts and your server "
        + "(-p mongodb.url=...), changed only by the options you give (listed first, and in reproduction.json), into "
        + "a new folder; then compares it with the original: environment differences first, then the figures by "
        + "bin/ycsb-aggregate compare's rules. ORIGINAL is a coordinator bundle, an experiment's folder, or a "
        + "published site's row (its folder in the site, or SITE#ROW)."})
final class ReproduceCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "ORIGINAL",
      description = "a bundle (bin/ycsb-coordinator --out), an experiment's folder, or a site's row (SITE/bundles/ROW "
          + "or SITE#ROW)")
  String original;

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "a property over the plan's (mongodb.url is "
      + "required: the original's is not part of its plan); repeatable")
  List<String> properties = new ArrayList<>();

  @Option(names = "-P", paramLabel = "FILE", description = "a property file over the plan's, under -p; repeatable")
  List<Path> files = new ArrayList<>();

  @Option(names = "-threads", paramLabel = "N", description = "replace the plan's -threads (a threads sweep's list)")
  String threads;

  @Option(names = "-target", paramLabel = "OPS", description = "replace the plan's -target (a target sweep's list)")
  String target;

  @Option(names = "--repeat", paramLabel = "R", description = "replace the plan's repetitions (an A/B's rounds)")
  Integer repeat;

  @Option(names = "--hosts", split = ",", paramLabel = "HOST", description = "your hosts (required)")
  List<String> hosts = new ArrayList<>();

  @Option(names = "--hosts-file", paramLabel = "FILE", description = "a file with one host per line; adds to --hosts")
  Path hostsFile;

  @Option(names = "--clients-per-host", paramLabel = "K",
      description = "clients on each host (default: the plan's clients spread evenly over your hosts)")
  Integer clientsPerHost;

  @Option(names = "--rsh", paramLabel = "TEMPLATE", description = "as for bin/ycsb-coordinator")
  String rsh;

  @Option(names = "--ssh-config", paramLabel = "FILE", description = "as for bin/ycsb-coordinator")
  Path sshConfig;

  @Option(names = "--remote-dir", paramLabel = "DIR", description = "as for bin/ycsb-coordinator")
  String remoteDir;

  @Option(names = "--out", paramLabel = "DIR", description = "the reproduction's folder: new or empty (required)")
  Path out;

  @Option(names = "--load", description = "a run phase's reproduction: load its records first with the plan's "
      + "properties (into OUT-load), when your collection is empty; without it, a collection short of recordcount is "
      + "refused")
  boolean load;

  @Option(names = "--allow-failed", description = "reproduce an original that did not complete (FAILED, PARTIAL)")
  boolean allowFailed;

  @Option(names = "--quiet", description = "no progress output")
  boolean quiet;

  /** A reproduction the checks accepted. */
  private record Accepted(Original original, Replay replay, List<String> overrides, String resent,
      List<String> loadFirst) {
  }

  @Override
  public Integer call() throws IOException {
    PrintStream err = System.err;
    Map<String, String> given = new LinkedHashMap<>();
    Accepted a;
    try {
      a = accept(given);
    } catch (UsageError e) {
      err.println("ycsb-experiment reproduce: error: " + Redactor.of(given).redact(String.valueOf(e.getMessage())));
      return ExperimentMain.USAGE;
    }
    PrintStream stdout = System.out;
    Original o = a.original();
    stdout.println("reproduce: " + o.given() + " (" + (o.kind() == Original.Kind.BUNDLE ? "bundle " : "experiment ")
        + o.id() + ", " + o.plan().kind() + " of " + o.plan().binding() + ", " + o.status() + ") with these changes "
        + "to its plan:");
    a.overrides().forEach(line -> stdout.println("  " + line));
    if (!a.resent().isEmpty()) {
      // the original's URL is not in its plan: the concerns it set are sent again on the user's, which the line says
      stdout.println("reproduce: the concerns the original sent, added to your mongodb.url: " + a.resent());
    }
    if (!a.loadFirst().isEmpty()) {
      Path loaded = LoadFirst.folder(out);
      stdout.println("reproduce: your collection is empty: loading the plan's records first (recordcount="
          + a.replay().properties().get("recordcount") + ") into " + loaded);
      int loadStatus = CoordinatorTool.run(a.loadFirst(), System.out, err);
      if (loadStatus != 0) {
        err.println("ycsb-experiment reproduce: FAILED: the load before the run ended with exit status " + loadStatus
            + " (its bundle: " + loaded + "); the run was not started");
        return loadStatus;
      }
    }
    boolean made = !Files.exists(out);
    Files.createDirectories(out);
    new Reproduction(original, o.id(), a.overrides()).write(out);
    List<String> args = a.replay().arguments();
    int status = o.kind() == Original.Kind.BUNDLE ? CoordinatorTool.run(args, System.out, err)
        : ToolMain.run(ToolCommandLine.create(new ExperimentMain()), args.toArray(String[]::new), System.out, err);
    if (status == ExperimentMain.USAGE) {
      // the run refused its command line and wrote nothing: neither does the reproduction
      Files.deleteIfExists(out.resolve(Reproduction.FILE));
      if (made) {
        Files.deleteIfExists(out);
      }
      return status;
    }
    ReproductionComparison.Result r = ReproductionComparison.write(o, out, ReproduciblePlan.read(out).orElse(null),
        a.overrides());
    stdout.println();
    stdout.print(r.markdown());
    stdout.println();
    stdout.println("reproduce: " + (status == 0 ? RunStatus.COMPLETE.label()
        : RunStatus.FAILED.label() + " (exit status " + status + ")") + "; "
        + r.environment().size() + " environment difference" + (r.environment().size() == 1 ? "" : "s")
        + "; the comparison: " + out.resolve(ReproductionComparison.MARKDOWN) + " (and "
        + ReproductionComparison.JSON + ")");
    r.headlines().forEach(h -> stdout.println("  " + h));
    return status;
  }

  /** The command line checked against the original, first problem first; {@code given} filled as soon as read. */
  private Accepted accept(Map<String, String> given) throws UsageError, IOException {
    if (original == null) {
      throw new UsageError("ORIGINAL: name the result to reproduce (a bundle, an experiment's folder or a site's "
          + "row)");
    }
    Map<String, String> user = userProperties(given);
    if (out == null) {
      throw new UsageError("--out: give a new or empty folder for the reproduction");
    }
    outputFolder(out, "--out");
    Original o = Original.open(SiteRows.folder(original), original, allowFailed);
    Request request = new Request(user, files.stream().map(Path::toString).toList(), threads, target, repeat,
        clientsPerHost, allHosts(), hostOptions());
    if (repeat != null && repeat < 1) {
      throw new UsageError("--repeat " + repeat + ": expected 1 or more");
    }
    ReproduciblePlan plan = o.plan();
    int perHost = request.clientsPerHost(plan);
    SentConcerns sent = o.sentConcerns();
    Replay replay = new Replay(plan, request.properties(plan, sent), request.arms(plan), threads, target, repeat,
        perHost, hostArguments(request), out, quiet);
    Path home;
    try {
      home = PackHome.of("bin/ycsb-experiment");
    } catch (IllegalStateException e) {
      throw new UsageError(e.getMessage());
    }
    ReplayCheck.check(home, replay, request.hosts().size());
    if (load) {
      outputFolder(LoadFirst.folder(out), "--load's folder");
    }
    List<String> loadFirst = LoadFirst.check(o, replay, load);
    return new Accepted(o, replay, request.listed(plan, perHost, sent), request.resent(plan, sent), loadFirst);
  }

  private static void outputFolder(Path dir, String what) throws UsageError, IOException {
    try {
      OutputFolder.check(dir, what);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
  }

  /** The user's {@code -P} files merged, then their {@code -p}; {@code given} gets the {@code -p} at once. */
  private Map<String, String> userProperties(Map<String, String> given) throws UsageError {
    Map<String, String> user = new LinkedHashMap<>();
    RunOptions.putProperties(properties, given);
    for (Path f : files) {
      try {
        user.putAll(PropertiesFiles.read(f));
      } catch (IOException e) {
        throw new UsageError("-P " + Text.shownPath(f.toString()) + ": cannot read it: " + e.getMessage());
      }
    }
    user.putAll(given);
    return user;
  }

  private List<String> allHosts() throws UsageError {
    List<String> all = new ArrayList<>(hosts);
    if (hostsFile != null) {
      try {
        Files.readAllLines(hostsFile).stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#"))
            .forEach(all::add);
      } catch (IOException e) {
        throw new UsageError("--hosts-file " + Text.shownPath(hostsFile.toString()) + ": cannot read it: "
            + e.getMessage());
      }
    }
    return all;
  }

  /** The host options other than the hosts, each as one {@code --option value} as typed, for the listing. */
  private List<String> hostOptions() {
    List<String> pairs = otherHostArguments();
    List<String> o = new ArrayList<>();
    for (int i = 0; i + 1 < pairs.size(); i += 2) {
      o.add(pairs.get(i) + " " + pairs.get(i + 1));
    }
    return o;
  }

  /** {@code --rsh}, {@code --ssh-config}, {@code --remote-dir} when given, as the run is given them. */
  private List<String> otherHostArguments() {
    List<String> a = new ArrayList<>();
    if (rsh != null) {
      a.addAll(List.of("--rsh", rsh));
    }
    if (sshConfig != null) {
      a.addAll(List.of("--ssh-config", sshConfig.toString()));
    }
    if (remoteDir != null) {
      a.addAll(List.of("--remote-dir", remoteDir));
    }
    return a;
  }

  /** The host options the run is given: the user's hosts, then the others. */
  private List<String> hostArguments(Request r) {
    List<String> a = new ArrayList<>(List.of("--hosts", String.join(",", r.hosts())));
    a.addAll(otherHostArguments());
    return a;
  }

}
