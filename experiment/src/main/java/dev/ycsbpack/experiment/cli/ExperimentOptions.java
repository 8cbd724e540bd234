package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.options.HostOptions;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.PlanException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** The options every experiment command takes the same way: the load, clients per host, the folder (new or resumed). */
final class ExperimentOptions {
  @Option(names = "--load", description = "load the records once (a coordinated load, steps/00-load) before the first "
      + "run; without it the collection must already hold recordcount documents")
  boolean load;

  @Option(names = "--fresh", description = "with --load: drop the collection the load writes (table in the URL's "
      + "database) first, when it holds documents; without it such a collection is refused before anything runs")
  boolean fresh;

  @Option(names = "--clients-per-host", paramLabel = "K", defaultValue = "1",
      description = "clients started on each host (default: ${DEFAULT-VALUE})")
  int clientsPerHost;

  @Option(names = "--out", paramLabel = "DIR", description = "the experiment folder: a new or empty folder")
  Path out;

  @Option(names = "--resume", paramLabel = "DIR", description = "continue the experiment in DIR (same command, "
      + "--resume instead of --out): finished steps are not run again; a different plan is refused")
  Path resume;

  /**
   * Not an option: set by {@code run}, which prepares every experiment of a recipe before it runs any (so a refusal
   * of the last leaves nothing written); the command then hands its accepted launch here instead of running it.
   */
  Consumer<ExperimentLaunch.Launch> preparing;

  /** A command's checks and plan, first problem first, filling {@code overrides} (its -p) as soon as it reads them. */
  interface Preparation {
    ExperimentLaunch.Launch prepare(Map<String, String> overrides) throws UsageError, PlanException, IOException;
  }

  /**
   * Prepares the command's launch and {@link #launch}es it; a command line that cannot be run is one line, masked by
   * the redactor of its -p values, exit status 2.
   */
  int launch(Preparation command, PrintStream err) throws IOException {
    Map<String, String> overrides = new LinkedHashMap<>();
    ExperimentLaunch.Launch launch;
    try {
      launch = command.prepare(overrides);
    } catch (UsageError | PlanException | ArithmeticException e) {
      err.println("ycsb-experiment: error: " + Redactor.of(overrides).redact(String.valueOf(e.getMessage())));
      return ExperimentMain.USAGE;
    }
    return launch(launch, err);
  }

  /** Runs the accepted launch, or with {@link #preparing} set, hands it over; the exit status. */
  int launch(ExperimentLaunch.Launch launch, PrintStream err) throws IOException {
    if (preparing != null) {
      // a recipe's --fresh is for the experiments that load; the others read what those loaded
      preparing.accept(launch.withFresh(fresh && load));
      return 0;
    }
    if (fresh && !load) {
      err.println("ycsb-experiment: error: --fresh: it drops the collection before the experiment's own load; give "
          + "--load too (without --load the steps read the collection as it is)");
      return ExperimentMain.USAGE;
    }
    return ExperimentLaunch.execute(launch.withFresh(fresh), err);
  }

  /**
   * Where the experiment runs: the {@code --out} or {@code --resume} folder ({@link ExperimentLaunch#folder}), then the
   * hosts of {@code reach}, checked in that order.
   */
  Site site(HostOptions reach) throws UsageError, IOException {
    ExperimentManifest earlier = ExperimentLaunch.folder(out, resume);
    Path dir = dir();
    List<Host> hosts = reach.parse();
    int parallel = reach.parallel();
    return new Site(dir, earlier, reach, hosts, parallel);
  }

  /** The runs of the experiment's steps, on the site's hosts with {@code --clients-per-host} clients each. */
  StepPlanner planner(String binding, RunOptions runOptions, Site site) {
    return new StepPlanner(binding, runOptions, site.hosts(), clientsPerHost);
  }

  /** The experiment's folder: {@code --out}, or the one resumed. */
  Path dir() {
    return out != null ? out : resume;
  }
}
