package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.compare.Arms;
import dev.ycsbpack.aggregate.compare.Primary;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.ab.AbSteps;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ab}: two arms of one command, each with its own properties, run in alternating rounds (ABBA) after an
 * uncounted warm-up, then A's runs compared with B's, so drift between them is spread over both instead of read as a
 * difference.
 */
@Command(name = "ab", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs two arms of one coordinated run, A and B, each with its own properties on top of the "
        + "command's (--a-p/--b-p), in alternating rounds: round 1 runs A then B, round 2 B then A, and so on (ABBA), "
        + "after a warm-up round that is run the same way and not counted. Each run is a normal bundle under "
        + "DIR/steps/. At the end A's runs are compared with B's (as bin/ycsb-aggregate compare --a ... --b ...) in "
        + "DIR/comparison.md and DIR/comparison.json, and printed. Interleaving spreads any drift of the server or "
        + "the machine over both arms, which two experiments run one after the other cannot. A verdict needs at "
        + "least " + Significance.MIN_PER_SIDE + " rounds. Identical arms (no --a-p/--b-p) are an A/A experiment: "
        + "a check of the noise.",
        "",
        "Example (w=1 against w=majority, 6 rounds, two client hosts):",
        "  bin/ycsb-experiment ab mongodb -P workloads/read95-update5 \\",
        "      -p mongodb.url=mongodb://db1:27017/ycsb -threads 16 \\",
        "      --a-label w1 --a-p mongodb.w=1 \\",
        "      --b-label majority --b-p mongodb.w=majority \\",
        "      --rounds 6 --hosts client1,client2 --out results/ab-wc", ""})
final class AbCommand extends ExperimentCommand {
  /** Arm labels name folders: letters, digits and a few marks, short. */
  private static final String LABEL = "[A-Za-z0-9][A-Za-z0-9._-]{0,31}";
  private static final int MAX_ROUNDS = 20;
  /** What makes two arms' loads the same: the collection they read. */
  private static final List<String> COLLECTION = List.of("mongodb.url", "mongodb.database", "table");
  @Parameters(index = "0", paramLabel = "BINDING", description = "the binding, as for bin/ycsb: mongodb (or basic)")
  String binding;

  @Mixin
  FixedLoadOptions load;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "5", description = "rounds, each one run of A and one "
      + "of B, 1 to " + MAX_ROUNDS + " (default: ${DEFAULT-VALUE}; a verdict needs at least "
      + Significance.MIN_PER_SIDE + ")")
  String rounds;

  @Mixin
  WarmupOptions warmup;

  @Option(names = "--primary", paramLabel = "OP.FIGURE", description = "the figure the headline verdict judges, "
      + "declared before the runs (as bin/ycsb-aggregate compare --primary): OVERALL.throughput, or OP.FIGURE with "
      + "FIGURE one of throughput, mean, pNN, max, errors, error-rate, intended-mean, intended-pNN (default: overall "
      + "throughput when unthrottled, the main operation's p99 when throttled)")
  String primary;

  @Option(names = "--a-label", paramLabel = "NAME", defaultValue = "A",
      description = "arm A's name, in its folders and the result (default: ${DEFAULT-VALUE})")
  String aLabel;

  @Option(names = "--a-p", paramLabel = "NAME=VALUE", description = "a property of arm A only, over the command's "
      + "-P and -p (URL, write concern, workload options); repeatable")
  List<String> aProperties = new ArrayList<>();

  @Option(names = "--a-P", paramLabel = "FILE", description = "a property file of arm A only, after the command's -P "
      + "files; repeatable")
  List<Path> aFiles = new ArrayList<>();

  @Option(names = "--b-label", paramLabel = "NAME", defaultValue = "B",
      description = "arm B's name (default: ${DEFAULT-VALUE})")
  String bLabel;

  @Option(names = "--b-p", paramLabel = "NAME=VALUE", description = "a property of arm B only; repeatable")
  List<String> bProperties = new ArrayList<>();

  @Option(names = "--b-P", paramLabel = "FILE", description = "a property file of arm B only; repeatable")
  List<Path> bFiles = new ArrayList<>();

  @Mixin
  ExperimentOptions options;

  /**
   * What masks every line of this command: the secrets of both arms and the command once the arms are read; before,
   * what looks like a secret by its shape.
   */
  private Redactor redactor = Redactor.shapeOnly();

  /** One arm as given: its name, its own properties and files. */
  record Arm(String label, Map<String, String> properties, List<Path> files) {
  }

  /** {@link #redactor}: the arms' secrets too, once they are read. */
  @Override
  Redactor refusalRedactor(Map<String, String> overrides) {
    return redactor;
  }

  /** The command line checked and planned, first problem first; {@link #redactor} set once the arms are read. */
  @Override
  ExperimentLaunch.Launch prepare(Map<String, String> overrides) throws UsageError, PlanException, IOException {
    options.runOptions.readWorkload(binding, overrides);
    List<Arm> arms = List.of(arm("--a", aLabel, aProperties, aFiles), arm("--b", bLabel, bProperties, bFiles));
    redactor = redactor(overrides, arms);
    if (arms.get(0).label().equals(arms.get(1).label())) {
      throw new UsageError("--b-label " + Text.shown(bLabel) + ": the same name as arm A's; give the arms two names");
    }
    long threads = load.threads();
    long target = load.target();
    int roundCount = rounds();
    int warmupRounds = warmup.rounds();
    Site site = options.site();
    StepPlanner planner = options.planner(binding, site);
    List<Map<String, String>> armOverrides = arms.stream().map(a -> merged(overrides, a)).toList();
    if (options.load) {
      checkOneCollection(overrides, arms, armOverrides);
    }
    // the arms read one collection (checked above): loaded once, with arm A's properties over the command's
    List<SweepRun.Planned> steps = options.loadStep(planner, armOverrides.get(0), threads, site);
    steps.addAll(AbSteps.of(arms.stream().map(Arm::label).toList(), roundCount, warmupRounds, site.dir(),
        (arm, out) -> runPlan(planner, arms.get(arm), armOverrides.get(arm), threads, target, out)));
    List<RunPlan> firsts = new ArrayList<>();
    for (int x = 1; x <= 2; x++) {
      long arm = x;
      firsts.add(steps.stream().filter(p -> !p.load() && p.x() == arm).findFirst().orElseThrow().plan());
    }
    for (RunPlan p : firsts) {
      RunOptions.checkTlsFiles(p.properties());
    }
    Redactor shownBy = redactor;
    options.runOptions.checkJvmArgs(shownBy);
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan(SweepRun.AB, binding, "arm", List.of(1L, 2L),
        options.workloadFiles(), shared(firsts, shownBy),
        site.hostNames(), options.clientsPerHost(), threads, target, List.of(),
        options.load, roundCount, "none: every round runs", null, warmupRounds,
        arms.stream().map(a -> shown(a, shownBy)).toList(), null, primary());
    return options.accepted(site, binding, plan, steps, List.of(), shownBy);
  }

  /**
   * {@code --primary}'s form, checked before anything runs; whether both arms report that figure is known only from
   * their runs, and the comparison says so then.
   */
  private String primary() throws UsageError {
    try {
      return primary == null ? null : Primary.checkForm(primary);
    } catch (Arms.Unusable e) {
      throw new UsageError(e.getMessage());
    }
  }

  private int rounds() throws UsageError {
    int n;
    try {
      n = Integer.parseInt(rounds.trim());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1 || n > MAX_ROUNDS) {
      throw new UsageError("--rounds " + Text.shown(rounds) + ": expected a whole number from 1 to " + MAX_ROUNDS
          + " (a verdict needs at least " + Significance.MIN_PER_SIDE + ")");
    }
    return n;
  }

  /** One arm from its options ({@code --a} or {@code --b} is {@code option}). */
  static Arm arm(String option, String label, List<String> pairs, List<Path> files) throws UsageError {
    if (!label.matches(LABEL)) {
      throw new UsageError(option + "-label " + Text.shown(label) + ": expected a name of letters, digits, '.', '_' "
          + "or '-', up to 32, starting with a letter or digit (it names the arm's folders)");
    }
    Map<String, String> properties = new LinkedHashMap<>();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        // only the part before any '=' is shown: what follows may be a secret
        throw new UsageError(option + "-p " + Text.shown(eq < 0 ? pair : "=...") + ": expected NAME=VALUE");
      }
      properties.put(pair.substring(0, eq), pair.substring(eq + 1));
    }
    return new Arm(label, properties, List.copyOf(files));
  }

  /** The command's {@code -p} with the arm's own over them. */
  private static Map<String, String> merged(Map<String, String> common, Arm arm) {
    Map<String, String> m = new LinkedHashMap<>(common);
    m.putAll(arm.properties());
    return m;
  }

  /**
   * One run of an arm. An arm's own {@code threadcount} or {@code target} wins over the command's {@code -threads}
   * and {@code -target} (a request's totals would otherwise win over every property).
   */
  private static RunPlan runPlan(StepPlanner planner, Arm arm, Map<String, String> props, long threads, long target,
      Path out) throws PlanException {
    long t = arm.properties().containsKey("threadcount") ? 0 : threads;
    long g = arm.properties().containsKey("target") ? 0 : target;
    return planner.run(arm.files(), props, t, g, planner.hosts(), planner.clientsPerHost(), out);
  }

  /** {@code --load} loads one collection: refused when the arms read different ones. */
  private static void checkOneCollection(Map<String, String> common, List<Arm> arms,
      List<Map<String, String>> armOverrides) throws UsageError {
    for (String key : COLLECTION) {
      if (!Objects.equals(armOverrides.get(0).get(key), armOverrides.get(1).get(key))) {
        throw new UsageError("--load: the arms read different collections (their " + key + " differs); load each "
            + "first (bin/ycsb-coordinator load ...) and run ab without --load");
      }
    }
    if (!arms.get(0).files().equals(arms.get(1).files())) {
      throw new UsageError("--load: the arms have their own -P files (--a-P/--b-P), which may load differently; load "
          + "first (bin/ycsb-coordinator load ...) and run ab without --load");
    }
  }

  /** The redactor of everything the command prints or records: it knows the secrets of both arms and the command. */
  private static Redactor redactor(Map<String, String> common, List<Arm> arms) {
    Map<String, String> all = new LinkedHashMap<>(common);
    for (Arm a : arms) {
      // an arm's value of a name the command also gives is kept under its own key: both may be secrets
      a.properties().forEach((k, v) -> all.put(all.containsKey(k) && !all.get(k).equals(v) ? k + "#" + a.label() : k,
          v));
    }
    return ToolMain.redactor(all);
  }

  /** The properties both arms' runs share, as the manifest shows them (secrets masked). */
  private static Map<String, String> shared(List<RunPlan> firsts, Redactor redactor) {
    Map<String, String> a = firsts.get(0).properties();
    Map<String, String> b = firsts.get(1).properties();
    Map<String, String> shown = new TreeMap<>();
    a.forEach((k, v) -> {
      if (v.equals(b.get(k))) {
        shown.put(k, redactor.show(k, v));
      }
    });
    return shown;
  }

  private static ExperimentManifest.Arm shown(Arm a, Redactor redactor) {
    Map<String, String> p = new TreeMap<>();
    a.properties().forEach((k, v) -> p.put(k, redactor.show(k, v)));
    return new ExperimentManifest.Arm(a.label(), p, a.files().stream().map(Path::toString).toList());
  }
}
