package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.options.ClientsPerHostOption;
import dev.ycsbpack.coordinator.options.HostOptions;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.experiment.answer.Slo;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options every experiment command takes the same way: the workload and the hosts (the coordinator's), the load,
 * clients per host, the folder (new or resumed).
 */
final class ExperimentOptions {
  /** The most runs of each value or cell {@code --repeat} asks for. */
  static final int MAX_REPEAT = 20;

  /** The workload and the supervision of every step, as the coordinator's {@code run} takes them. */
  @Mixin
  RunOptions runOptions;

  /** The hosts every step runs on, as the coordinator's {@code run} takes them. */
  @Mixin
  HostOptions hostOptions;

  @Option(names = "--load", description = "load the records once (a coordinated load, steps/00-load) before the first "
      + "run; without it the collection must already hold recordcount documents")
  boolean load;

  @Option(names = "--fresh", description = "with --load: drop the collection the load writes (table in the URL's "
      + "database) first, when it holds documents; without it such a collection is refused before anything runs")
  boolean fresh;

  @Mixin
  ClientsPerHostOption perHost;

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

  /** Refuses a {@code --repeat} (of sweep, wc-matrix and repeat) outside 1 to {@value #MAX_REPEAT}. */
  static void checkRepeat(int repeat) throws UsageError {
    if (repeat < 1 || repeat > MAX_REPEAT) {
      throw new UsageError("--repeat " + repeat + ": expected a whole number from 1 to " + MAX_REPEAT);
    }
  }

  /**
   * Where the experiment runs: the {@code --out} or {@code --resume} folder ({@link ExperimentLaunch#folder}), then the
   * hosts, checked in that order.
   */
  Site site() throws UsageError, IOException {
    ExperimentManifest earlier = ExperimentLaunch.folder(out, resume);
    Path dir = dir();
    List<Host> hosts = hostOptions.parse();
    int parallel = hostOptions.parallel();
    return new Site(dir, earlier, hostOptions, hosts, parallel);
  }

  /** The runs of the experiment's steps, on the site's hosts with {@code --clients-per-host} clients each. */
  StepPlanner planner(String binding, Site site) {
    return new StepPlanner(binding, runOptions, site.hosts(), clientsPerHost());
  }

  /**
   * The steps a command's runs follow: its own load first with {@code --load} (with {@code overrides} and
   * {@code threads} in total), else none yet.
   */
  List<SweepRun.Planned> loadStep(StepPlanner planner, Map<String, String> overrides, long threads, Site site)
      throws PlanException {
    List<SweepRun.Planned> steps = new ArrayList<>();
    if (load) {
      steps.add(planner.load(overrides, threads, site.stepsDir()));
    }
    return steps;
  }

  /**
   * The launch of a checked command: its {@code plan} refused when it resumes a folder planned otherwise, its
   * {@code steps} run with {@code slos} weighed, everything shown through {@code redactor}.
   */
  ExperimentLaunch.Launch accepted(Site site, String binding, ExperimentManifest.Plan plan,
      List<SweepRun.Planned> steps, List<Slo> slos, Redactor redactor) throws UsageError {
    ExperimentLaunch.checkSamePlan(site.earlier(), plan, resume);
    return new ExperimentLaunch.Launch(site, new Study(binding, runOptions, plan, steps, slos, load), redactor);
  }

  /** {@code --clients-per-host}: the clients each step starts on each host, unless the step places them itself. */
  int clientsPerHost() {
    return perHost.value();
  }

  /** The {@code -P} files as the experiment's manifest records them. */
  List<String> workloadFiles() {
    return runOptions.workloadFiles.stream().map(Path::toString).toList();
  }

  /** The experiment's folder: {@code --out}, or the one resumed. */
  Path dir() {
    return out != null ? out : resume;
  }
}
