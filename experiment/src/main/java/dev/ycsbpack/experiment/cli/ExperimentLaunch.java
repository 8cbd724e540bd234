package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.cli.PackHome;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.CommandWords;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.InterruptHook;
import dev.ycsbpack.common.OutputFolder;
import dev.ycsbpack.common.PackVersion;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.TlsSettings;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.coordinator.run.ClientCheck;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.run.FreshInserts;
import dev.ycsbpack.experiment.run.RecordCount;
import dev.ycsbpack.experiment.run.StepRunner;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What every experiment command does once its own options have become a plan of steps: the {@code --out} or
 * {@code --resume} folder, bin/ycsb's own check of the clients' command, the loaded collection's count, and the run
 * with its Ctrl-C handling. One place, so a sweep and a write-concern matrix refuse and run the same way.
 */
final class ExperimentLaunch {
  private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(120);

  private ExperimentLaunch() {
  }

  /**
   * An accepted plan, ready to run.
   *
   * @param facts added to the manifest's environment (a recipe's name and digest)
   * @param fresh drop the collection the load writes before the load ({@code --fresh})
   */
  record Launch(Site site, Study study, Redactor redactor, Map<String, String> facts, boolean fresh) {
    /** A launch with no facts of its own, that drops nothing. */
    Launch(Site site, Study study, Redactor redactor) {
      this(site, study, redactor, Map.of(), false);
    }

    /** This launch with {@code more} facts in its environment. */
    Launch withFacts(Map<String, String> more) {
      Map<String, String> f = new TreeMap<>(facts);
      f.putAll(more);
      return new Launch(site, study, redactor, f, fresh);
    }

    /** This launch, dropping the load's collection first or not. */
    Launch withFresh(boolean drop) {
      return new Launch(site, study, redactor, facts, drop);
    }

    /** Whether its own load is still to run: a new experiment that loads, or one resumed before its load finished. */
    boolean loadsNow() {
      return study.load() && (site.earlier() == null || site.earlier().steps().stream()
          .noneMatch(s -> s.name().equals("00-load") && RunJudgement.counts(s.verdict())));
    }
  }

  /**
   * The earlier manifest with {@code --resume}; null for a new {@code --out} folder.
   *
   * @throws UsageError neither or both given, a resumed folder that is no experiment, an --out folder not new or empty
   */
  static ExperimentManifest folder(Path out, Path resume) throws UsageError, IOException {
    if ((out == null) == (resume == null)) {
      throw new UsageError(out == null ? "--out: give a new or empty folder for the experiment (or --resume DIR to "
          + "continue one)" : "--out and --resume: give one; --resume continues the experiment in its own folder");
    }
    if (resume != null) {
      String shown = Text.shown(resume.toString());
      java.util.Optional<String> corrupt = ExperimentManifest.corruption(resume);
      if (corrupt.isPresent()) {
        throw new UsageError("--resume " + shown + ": " + Text.shown(resume.resolve(ExperimentManifest.FILE)
            .toString()) + " is corrupt, not valid JSON (" + Text.shown(corrupt.get(), 300) + "); it cannot be "
            + "resumed: start the experiment again with --out");
      }
      return ExperimentBundle.read(resume).orElseThrow(() -> new UsageError("--resume "
          + shown + ": not an experiment folder (no manifest.json of bin/ycsb-experiment);"
          + " give the --out folder of an earlier bin/ycsb-experiment run"));
    }
    try {
      OutputFolder.check(out, "--out");
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
    return null;
  }

  /**
   * The experiment's own load ({@code --load}): steps/00-load, a coordinated load before the first run. It loads every
   * record whatever {@code maxexecutiontime} the steps are given: a load cut by a time limit leaves a short collection
   * that every step after it would read as NOT_FOUND.
   */
  static SweepRun.Planned loadStep(String binding, RunOptions runOptions, Map<String, String> overrides, long threads,
      List<Host> hosts, int clientsPerHost, Path stepsDir) throws PlanException {
    Map<String, String> untimed = new LinkedHashMap<>(overrides);
    untimed.put("maxexecutiontime", "0"); // YCSB's "no limit", also over a -P file's value
    return new SweepRun.Planned("00-load", 0, StepRunner.plan(new RunRequest(Phase.LOAD, binding,
        runOptions.workloadFiles, untimed, Math.toIntExact(threads), 0, hosts, clientsPerHost,
        stepsDir.resolve("00-load"), runOptions.jvmArgs)), true, true);
  }

  /** The pack's folder (bin/, lib/, workloads/, experiments/), or why this is no installed pack. */
  static Path home() throws UsageError {
    try {
      return PackHome.of("bin/ycsb-experiment");
    } catch (IllegalStateException e) {
      throw new UsageError(e.getMessage());
    }
  }

  /** The pack's folder; null when this is no installed pack, said on {@code err}. */
  private static Path home(PrintStream err) {
    try {
      return home();
    } catch (UsageError e) {
      err.println("ycsb-experiment: error: " + e.getMessage());
      return null;
    }
  }

  /**
   * The refusal of resuming a finished experiment, or null: nothing is left to run, and running it would only
   * rewrite its end time. (A recipe resumes its finished experiments on purpose, to run the ones after them.)
   */
  static String finished(Path resume, ExperimentManifest earlier) {
    if (earlier == null || !RunJudgement.counts(earlier.status())) {
      return null;
    }
    return "--resume " + Text.shown(resume.toString()) + ": the experiment is COMPLETE (ended "
        + Text.shown(String.valueOf(earlier.endedAt())) + "), nothing is left to run; give a new folder with --out "
        + "to run it again";
  }

  /** Checks, counts and runs; the exit status. */
  static int execute(Launch l, PrintStream err) throws IOException {
    String finished = finished(l.site().dir(), l.site().earlier());
    if (finished != null) {
      err.println("ycsb-experiment: error: " + finished);
      return ExperimentMain.USAGE;
    }
    Integer refused = check(l, true, err);
    return refused != null ? refused : runChecked(l, err);
  }

  /**
   * What can refuse the launch before anything is written: bin/ycsb's check of the clients' command and, when
   * {@code countRecords}, the loaded collection's count; null when it passes, else the exit status (it said why).
   * A recipe checks every experiment this way before its first runs.
   */
  static Integer check(Launch l, boolean countRecords, PrintStream err) throws IOException {
    List<SweepRun.Planned> steps = l.study().steps();
    RunOptions runOptions = l.study().runOptions();
    Redactor redactor = l.redactor();
    Path home = home(err);
    if (home == null) {
      return ExperimentMain.USAGE;
    }
    if (l.study().binding().equals("mongodb")) {
      java.util.Optional<String> inserts = FreshInserts.refusal(steps.stream().filter(s -> !s.load())
          .map(SweepRun.Planned::plan).toList());
      if (inserts.isPresent()) {
        err.println("ycsb-experiment: error: " + inserts.get());
        return ExperimentMain.USAGE;
      }
    }
    // what bin/ycsb would refuse is refused before anything runs, with bin/ycsb's own line (one check: the steps
    // differ only in their thread shares or write-concern properties, which the experiment's own parse has checked)
    // an A/B experiment's arms differ in their own properties (URL, write concern...): each arm's first run too
    for (RunPlan p : Stream.concat(Stream.of(steps.get(0).plan(), steps.get(steps.size() - 1).plan()),
        armFirsts(l).stream()).distinct().toList()) {
      ClientCheck.Result check = ClientCheck.run(home, p, runOptions.controlTimeout, CHECK_TIMEOUT);
      if (!check.passed()) {
        boolean refused = check.exitStatus() == ExperimentMain.USAGE;
        err.println("ycsb-experiment: " + (refused ? "error: " : "FAILED: the check of the client command failed: ")
            + redactor.redact(check.line()));
        return refused ? ExperimentMain.USAGE : 1;
      }
    }
    Integer taken = checkLoadTarget(l, err);
    if (taken != null) {
      return taken;
    }
    return countRecords ? checkCount(l, err) : null;
  }

  /**
   * A new experiment's load into a collection that holds documents is refused (exit 2), unless {@code --fresh} drops
   * it when the experiment starts: the load would stop at the first duplicate key, after the run had begun. null
   * when the load may run. A resumed load is not checked: the collection holds its own first attempt's records.
   */
  static Integer checkLoadTarget(Launch l, PrintStream err) {
    if (!l.study().load() || l.site().earlier() != null || l.fresh() || !l.study().binding().equals("mongodb")) {
      return null;
    }
    Map<String, String> props = l.study().steps().get(0).plan().properties();
    RecordCount.Result r;
    try {
      r = RecordCount.of(props);
    } catch (TlsSettings.Refusal e) {
      err.println("ycsb-experiment: error: " + l.redactor().redact(e.getMessage()));
      return ExperimentMain.USAGE;
    } catch (RuntimeException e) {
      err.println("ycsb-experiment: FAILED: the look at the collection before the load could not count it: "
          + l.redactor().redact(RecordCount.failure(e, props)));
      return ExitCodes.FAILED;
    }
    if (r.documents() == 0) {
      return null;
    }
    // a recipe's experiment loads without the user's --load: name the experiment that does
    String who = l.facts().containsKey("recipe.experiment") ? "recipe " + Text.shown(l.facts().get("recipe.name"))
        + "'s experiment " + Text.shown(l.facts().get("recipe.experiment")) + " loads, but" : "--load:";
    err.println("ycsb-experiment: error: " + who + " the collection " + Text.shown(r.collection()) + " already holds "
        + String.format("%,d", r.documents()) + " documents, and a load into it would stop at the first duplicate "
        + "key; pass --fresh to drop it before the load, or -p table=OTHER to load another collection");
    return ExperimentMain.USAGE;
  }

  /**
   * {@code --fresh}: drops the collection the load writes, saying so; null when done (or nothing to drop), else the
   * exit status (it said why).
   */
  static Integer dropForLoad(Launch l, PrintStream err) {
    if (!l.fresh() || !l.loadsNow() || !l.study().binding().equals("mongodb")) {
      return null;
    }
    Map<String, String> props = l.study().steps().get(0).plan().properties();
    try {
      RecordCount.Result dropped = RecordCount.drop(props);
      err.println("ycsb-experiment: --fresh: dropped " + Text.shown(dropped.collection()) + " ("
          + String.format("%,d", dropped.documents()) + " documents) before the load");
      return null;
    } catch (RuntimeException e) {
      err.println("ycsb-experiment: FAILED: --fresh could not drop the collection before the load: "
          + l.redactor().redact(RecordCount.failure(e, props)));
      return ExitCodes.FAILED;
    }
  }

  /** The loaded collection's count, when the launch does not load it itself: null when it holds enough. */
  static Integer checkCount(Launch l, PrintStream err) {
    ExperimentManifest earlier = l.site().earlier();
    boolean load = l.study().load();
    boolean loadDone = earlier != null && earlier.steps().stream()
        .anyMatch(s -> s.name().equals("00-load") && RunJudgement.counts(s.verdict()));
    if ((!load || loadDone) && l.study().binding().equals("mongodb")) {
      if (l.study().plan().arms() != null) {
        for (RunPlan p : armFirsts(l)) { // each arm may read its own server or collection
          Integer refused = checkLoaded(p.properties(), l.redactor(), err);
          if (refused != null) {
            return refused;
          }
        }
        return null;
      }
      return checkLoaded(l.study().steps().get(load ? 1 : 0).plan().properties(), l.redactor(), err);
    }
    return null;
  }

  /** An A/B experiment's first run of each arm (x 1, 2, ...); empty for any other experiment. */
  private static List<RunPlan> armFirsts(Launch l) {
    List<RunPlan> firsts = new ArrayList<>();
    Study study = l.study();
    if (study.plan().arms() != null) {
      for (long x = 1; x <= study.plan().arms().size(); x++) {
        long arm = x;
        study.steps().stream().filter(s -> !s.load() && s.x() == arm).findFirst().ifPresent(s -> firsts.add(s.plan()));
      }
    }
    return firsts;
  }

  /**
   * The experiment's {@code plan.json}: its plan, and an A/B experiment's arms as their first runs started, so a
   * replay gives each arm exactly what it ran with.
   */
  static ReproduciblePlan recordedPlan(Launch l) {
    ExperimentManifest.Plan plan = l.study().plan();
    Map<String, Map<String, String>> runs = new LinkedHashMap<>();
    List<RunPlan> firsts = armFirsts(l);
    for (int i = 0; i < firsts.size(); i++) {
      runs.put(plan.arms().get(i).label(), inEffect(firsts.get(i)));
    }
    return ReproduciblePlan.ofExperiment(plan, runs, l.redactor());
  }

  /**
   * A run's properties without a {@code threadcount} or {@code target} the request's totals overrode ({@code -threads}
   * over an arm's file): recorded, it would replay as the arm's own and win.
   */
  private static Map<String, String> inEffect(RunPlan run) {
    Map<String, String> p = new TreeMap<>(run.properties());
    long threads = run.clients().stream().mapToLong(ClientPlan::threads).sum();
    long target = run.clients().stream().mapToLong(ClientPlan::target).sum();
    p.computeIfPresent("threadcount", (k, v) -> v.trim().equals(Long.toString(threads)) ? v : null);
    p.computeIfPresent("target", (k, v) -> v.trim().equals(Long.toString(target)) ? v : null);
    return p;
  }

  /** Runs a launch whose {@link #check} passed; the exit status. */
  static int runChecked(Launch l, PrintStream err) throws IOException {
    Site site = l.site();
    List<SweepRun.Planned> steps = l.study().steps();
    RunOptions runOptions = l.study().runOptions();
    Redactor redactor = l.redactor();
    ExperimentManifest earlier = site.earlier();
    Path dir = site.dir();
    Path home = home(err);
    if (home == null) {
      return ExperimentMain.USAGE;
    }
    if (l.study().plan().notes() != null) {
      l.study().plan().notes().forEach(n -> err.println("ycsb-experiment: note: " + n));
    }
    Integer notDropped = dropForLoad(l, err);
    if (notDropped != null) {
      return notDropped;
    }
    Files.createDirectories(dir);
    // the word after a secret option or sshpass's -p, in the arguments and inside --rsh, has no shape to mask it by
    String command = redactor.redact(String.join(" ", CommandWords.masked(ToolMain.arguments())));
    Map<String, String> environment = new TreeMap<>();
    environment.put(EnvironmentFacts.PACK_VERSION, PackVersion.current().shown());
    environment.put("experiment.command", command);
    environment.put("experiment.java", System.getProperty("java.version", ""));
    environment.putAll(l.facts());
    environment.putAll(EnvironmentFacts.local().entrySet().stream()
        .filter(e -> e.getKey().startsWith("host.") || e.getKey().startsWith("cpu."))
        .collect(Collectors.toMap(e -> "experiment." + e.getKey(), Map.Entry::getValue)));
    // the most clients any step puts on one host decides whether a host's clients can share one ssh connection
    int perHostMost = steps.stream().mapToInt(s -> (s.plan().clients().size() + s.plan().hosts().size() - 1)
        / s.plan().hosts().size()).max().orElse(1);
    StepRunner runner = new StepRunner(site.reach().sessions(site.hosts(), home, perHostMost), PackArchive.of(home),
        runOptions.settings(site.parallel()), redactor, command, err, runOptions.quiet, !runOptions.noTelemetry,
        site.reach().watch(site.hosts(), runOptions.noTelemetry));
    SweepRun run = new SweepRun(new ExperimentBundle(dir, recordedPlan(l)), l.study().plan(), steps, l.study().slos(),
        runner, environment, System.out);
    int status;
    try {
      status = InterruptHook.during("experiment-interrupt", () -> {
        // Ctrl-C: the running step is stopped the coordinator's way (every client stopped, its bundle FAILED), the
        // experiment is marked INCOMPLETE; exit status 1
        run.interrupt("interrupted: the experiment was stopped (Ctrl-C or a signal)");
        site.reach().closeConnections();
        err.println("ycsb-experiment: INCOMPLETE: interrupted; continue with --resume " + dir);
        err.flush();
        Runtime.getRuntime().halt(1);
      }, () -> run.run(earlier));
    } finally {
      site.reach().closeConnections();
    }
    return status;
  }

  /**
   * Refuses (exit 2) an empty or short collection; null when it holds recordcount documents. Only the mongodb
   * binding's collection can be counted (basic, the no-op DB, has none).
   */
  private static Integer checkLoaded(Map<String, String> props, Redactor redactor, PrintStream err) {
    long wanted;
    try {
      wanted = Long.parseLong(props.getOrDefault("recordcount", "0").trim());
    } catch (NumberFormatException e) {
      return null; // bin/ycsb --check has refused it already
    }
    RecordCount.Result r;
    try {
      r = RecordCount.of(props);
    } catch (TlsSettings.Refusal e) {
      err.println("ycsb-experiment: error: " + redactor.redact(e.getMessage()));
      return ExperimentMain.USAGE;
    } catch (RuntimeException e) {
      err.println("ycsb-experiment: FAILED: the record count check before the first step could not count the "
          + "collection: " + redactor.redact(RecordCount.failure(e, props)));
      return ExitCodes.FAILED;
    }
    if (r.documents() == 0 || r.documents() < wanted) {
      err.println("ycsb-experiment: error: the collection " + Text.shown(r.collection()) + " holds "
          + String.format("%,d", r.documents()) + " documents, " + (r.documents() == 0 ? "it is empty"
              : "fewer than recordcount=" + wanted)
          + ": every step reads the loaded records; load them first "
          + "(bin/ycsb-coordinator load ...) or add --load");
      return ExperimentMain.USAGE;
    }
    return null;
  }

  /** Refuses to resume {@code earlier} with another plan, naming what differs. */
  static void checkSamePlan(ExperimentManifest earlier, ExperimentManifest.Plan plan, Path resume) throws UsageError {
    if (earlier != null && !earlier.plan().equals(plan)) {
      throw new UsageError("--resume " + Text.shown(resume.toString()) + ": this command's plan differs from the "
          + "experiment's (" + difference(earlier.plan(), plan) + "); resume with the same command, or start a new"
          + " experiment with --out");
    }
  }

  private static String difference(ExperimentManifest.Plan a, ExperimentManifest.Plan b) {
    List<String> d = new ArrayList<>();
    if (!a.binding().equals(b.binding())) {
      d.add("binding");
    }
    if (!a.values().equals(b.values())) {
      d.add("swept values " + a.values() + " then, " + b.values() + " now");
    }
    if (!a.workloadFiles().equals(b.workloadFiles())) {
      d.add("-P files");
    }
    TreeMap<String, String> keys = new TreeMap<>();
    a.properties().forEach((k, v) -> {
      if (!v.equals(b.properties().get(k))) {
        keys.put(k, "");
      }
    });
    b.properties().keySet().stream().filter(k -> !a.properties().containsKey(k)).forEach(k -> keys.put(k, ""));
    if (!keys.isEmpty()) {
      d.add("properties " + String.join(", ", keys.keySet()));
    }
    if (!a.hosts().equals(b.hosts()) || a.clientsPerHost() != b.clientsPerHost()) {
      d.add("hosts");
    }
    if (a.target() != b.target() || a.threads() != b.threads()) {
      d.add("-threads/-target");
    }
    if (!a.slos().equals(b.slos())) {
      d.add("--slo");
    }
    if (!java.util.Objects.equals(a.primary(), b.primary())) {
      d.add("--primary");
    }
    if (a.repeat() != b.repeat()) {
      d.add(a.arms() != null ? "--rounds" : "--repeat");
    }
    if (!Objects.equals(a.writeConcerns(), b.writeConcerns())) {
      d.add("--write-concerns");
    }
    if (a.load() != b.load()) {
      d.add("--load");
    }
    if (!Objects.equals(a.warmupRounds(), b.warmupRounds())) {
      d.add("--warmup-rounds");
    }
    if (!Objects.equals(a.arms(), b.arms())) {
      d.add("the arms (--a-*/--b-*)");
    }
    return d.isEmpty() ? "the early-stop rule" : String.join("; ", d);
  }
}
