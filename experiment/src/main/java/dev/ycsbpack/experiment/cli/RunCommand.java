package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.cli.UsageLine;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.recipe.ByteSize;
import dev.ycsbpack.experiment.recipe.Recipe;
import dev.ycsbpack.experiment.recipe.RecipeWorkloads;
import dev.ycsbpack.experiment.study.RecipeAnswer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Unmatched;

/**
 * {@code run}: a ready study from {@code experiments/}. Each experiment of the recipe is its command ({@code sweep}
 * or {@code wc-matrix}) with a command line made of the recipe's defaults, the experiment's own settings and the
 * user's options, parsed and run by that command itself (its options, checks, steps and folder), into
 * {@code DIR/EXPERIMENT/}. Every experiment is prepared before the first runs, so a command line that cannot be run
 * is refused with nothing written.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Runs a recipe: a ready study of experiments/ (what it measures, the seed study it follows, its",
        "defaults). Every other option is the recipe's command's (sweep or wc-matrix: --hosts, -P, -p, -jvm-args,",
        "-threads, --out DIR, --resume DIR, ...) and overrides the recipe's defaults; each experiment of the recipe",
        "gets its own folder DIR/NAME/."})
final class RunCommand implements Callable<Integer> {
  /** The recipe's own bytes, kept in the folder: what --resume compares. */
  static final String COPY = "recipe.properties";

  @Parameters(index = "0", paramLabel = "RECIPE", description = "experiments/NAME (a file, or a name of the pack's "
      + "experiments/ folder)")
  String recipe;

  @Option(names = "--ram", paramLabel = "SIZE", description = "the server's RAM (e.g. 16GiB), for a recipe that "
      + "sizes its data from it (experiments/larger-than-ram)")
  String ram;

  @Unmatched
  List<String> rest = new ArrayList<>();

  /** A recipe whose every experiment is prepared: the recipe, its folder, and the experiments' launches in order. */
  private record Prepared(Recipe recipe, Path dir, List<ExperimentLaunch.Launch> launches) {
  }

  @Override
  public Integer call() throws IOException {
    PrintStream err = System.err;
    Prepared prepared;
    try {
      prepared = prepare();
    } catch (UsageError e) {
      err.println("ycsb-experiment: error: " + Redactor.shapeOnly().redact(String.valueOf(e.getMessage())));
      return ExperimentMain.USAGE;
    }
    if (prepared == null) {
      return ExperimentMain.USAGE; // the command said why, in one line
    }
    List<ExperimentLaunch.Launch> launches = prepared.launches();
    // every experiment's checks before the first runs (nothing written on a refusal); an experiment after one that
    // loads counts its records just before it runs, when they are there
    for (int i = 0; i < launches.size(); i++) {
      Integer refused = ExperimentLaunch.check(launches.get(i), !loadsBefore(launches, i), err);
      if (refused != null) {
        return refused;
      }
    }
    return run(prepared, err);
  }

  /** The recipe read and every experiment prepared by its command; null when a command refused (it said why). */
  private Prepared prepare() throws UsageError, IOException {
    Path home = ExperimentLaunch.home();
    Path file = locate(home, recipe);
    Recipe r;
    try {
      r = Recipe.read(file);
      RecipeWorkloads.check(r, recipe, home);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
    Long ramBytes = ram(r);
    ExperimentCommand user = parse(r.command(), List.of(), rest);
    ExperimentOptions given = user.options();
    if (given.load) {
      throw new UsageError("--load: recipe " + r.name() + " loads its records itself (in the experiments it says);"
          + " leave --load out");
    }
    Path dir = folder(given, r);
    checkUserProperties(r, user.options().runOptions.overrides());
    List<ExperimentLaunch.Launch> launches = new ArrayList<>();
    for (Recipe.Experiment e : r.experiments()) {
      ExperimentLaunch.Launch l = prepare(r, e, home, dir, given.resume != null, List.of());
      if (l == null) {
        return null;
      }
      if (e.dataPerRam() != null) {
        Map<String, String> merged = l.study().steps().get(l.study().load() ? 1 : 0).plan().properties();
        long records = records(e, ram, ramBytes, merged);
        l = prepare(r, e, home, dir, given.resume != null, List.of("-p", "recordcount=" + records));
        if (l == null) {
          return null;
        }
      }
      launches.add(l.withFacts(Map.of("recipe.name", r.name(), "recipe.sha256", r.sha256(), "recipe.experiment",
          e.name())));
    }
    return new Prepared(r, dir, launches);
  }

  /** Refuses the user's {@code -p} of a property an experiment of the recipe sets itself. */
  private static void checkUserProperties(Recipe r, Map<String, String> userProperties) throws UsageError {
    for (Recipe.Experiment e : r.experiments()) {
      for (String k : new TreeSet<>(userProperties.keySet())) {
        if (e.fixed().containsKey(k) || (e.dataPerRam() != null && k.equals("recordcount"))) {
          throw new UsageError("-p " + k + ": recipe " + r.name() + "'s experiment " + e.name() + " sets it itself"
              + (k.equals("recordcount") && e.dataPerRam() != null ? " from --ram" : " (it is what sets the "
                  + "experiments apart)")
              + "; leave it out, or copy the recipe and change it there");
        }
      }
    }
  }

  /** Runs the prepared experiments in order, each checked; stops at the first that does not complete. */
  private int run(Prepared prepared, PrintStream err) throws IOException {
    Recipe r = prepared.recipe();
    Path dir = prepared.dir();
    List<ExperimentLaunch.Launch> launches = prepared.launches();
    Files.createDirectories(dir);
    if (!Files.exists(dir.resolve(COPY))) {
      Files.writeString(dir.resolve(COPY), r.text());
    }
    List<Recipe.Experiment> experiments = r.experiments();
    System.out.println("ycsb-experiment: recipe " + r.name() + ": " + r.title() + " (" + experiments.size()
        + " experiment" + (experiments.size() == 1 ? "" : "s") + ", into " + dir + ")");
    for (int i = 0; i < launches.size(); i++) {
      Recipe.Experiment e = experiments.get(i);
      System.out.println("ycsb-experiment: recipe " + r.name() + ": experiment " + (i + 1) + " of "
          + experiments.size() + ": " + e.name() + ": " + e.about() + overridden(r.options(), rest));
      Integer counted = loadsBefore(launches, i) ? ExperimentLaunch.checkCount(launches.get(i), err) : null;
      int status = counted != null ? counted : ExperimentLaunch.runChecked(launches.get(i), err);
      if (status != 0) {
        answer(r, dir, e.name(), counted != null ? "the count before experiment " + e.name() + " was refused"
            : "experiment " + e.name() + " did not complete");
        // a count refused (the line above) before the experiment began: it has no folder or manifest to point to
        err.println("ycsb-experiment: recipe " + r.name() + (counted != null ? " stopped before experiment " + e.name()
            + " ran (nothing of it was written)"
            : " stopped at experiment " + e.name() + " (see "
                + dir.resolve(e.name()).resolve(ExperimentBundle.MANIFEST) + ")")
            + "; continue with --resume " + dir);
        return status;
      }
    }
    answer(r, dir, null, null);
    System.out.println("ycsb-experiment: recipe " + r.name() + ": COMPLETE: " + String.join(", ",
        experiments.stream().map(e -> dir.resolve(e.name()).toString()).toList()));
    return 0;
  }

  /**
   * Writes the recipe's answer table (recipe.json, report.html, each experiment's report) and prints it; a table that
   * cannot be written is said so on stderr and never changes the recipe's exit status.
   */
  private static void answer(Recipe r, Path dir, String stoppedAt, String reason) {
    try {
      RecipeSummary s = RecipeAnswer.write(r, dir, stoppedAt, reason);
      System.out.println("ycsb-experiment: recipe " + r.name() + ": answer" + (stoppedAt == null ? ""
          : " so far (the recipe stopped at experiment " + stoppedAt + ")") + ", also in "
          + dir.resolve(RecipeSummary.FILE) + " and " + dir.resolve(ExperimentBundle.REPORT) + ":");
      s.table().lines().forEach(l -> System.out.println("  " + Redactor.shapeOnly().redact(l)));
    } catch (IOException | RuntimeException e) {
      System.err.println("ycsb-experiment: recipe " + r.name() + ": its answer table could not be written: "
          + Redactor.shapeOnly().redact(String.valueOf(e.getMessage())));
    }
  }

  /**
   * The recipe's options the command line gives again, as given ({@code " (the recipe's words; run with -threads
   * 1,2)"}), or "": an experiment's words ("at 1 to 128 threads") say the recipe's values, not the ones that run.
   */
  static String overridden(List<String> recipeOptions, List<String> given) {
    List<String> again = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      String flag = given.get(i);
      if (flag.startsWith("-") && recipeOptions.contains(flag)) {
        int value = recipeOptions.indexOf(flag) + 1;
        boolean takesValue = value < recipeOptions.size() && !recipeOptions.get(value).startsWith("-");
        again.add(takesValue && i + 1 < given.size() ? flag + " " + Text.shown(given.get(i + 1)) : flag);
      }
    }
    return again.isEmpty() ? "" : " (the recipe's words; run with " + String.join(" ", again) + ")";
  }

  /** Whether an experiment before the {@code i}th loads records (so the {@code i}th's count waits for it). */
  private static boolean loadsBefore(List<ExperimentLaunch.Launch> launches, int i) {
    return launches.subList(0, i).stream().anyMatch(l -> l.study().load());
  }

  /** The recipe file: a path as given, else a name in the pack's experiments/ folder. */
  static Path locate(Path home, String given) throws UsageError, IOException {
    Path asGiven = Path.of(given);
    Path inPack = home.resolve("experiments").resolve(asGiven.getFileName() == null ? "" : asGiven.getFileName()
        .toString());
    for (Path p : List.of(asGiven, home.resolve(asGiven), inPack)) {
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    List<String> known = new ArrayList<>();
    if (Files.isDirectory(home.resolve("experiments"))) {
      try (Stream<Path> s = Files.list(home.resolve("experiments"))) {
        s.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).filter(n -> !n.endsWith(".md")).sorted()
            .forEach(known::add);
      }
    }
    throw new UsageError("RECIPE " + Text.shown(given) + ": no such recipe; expected a file, or one of the pack's "
        + "experiments/: " + (known.isEmpty() ? "(none found)" : String.join(", ", known)));
  }

  private Long ram(Recipe r) throws UsageError {
    if (r.sizedByRam() && ram == null) {
      throw new UsageError("--ram: recipe " + r.name() + " sizes its data from the server's RAM; give --ram SIZE, "
          + "e.g. --ram 16GiB");
    }
    if (!r.sizedByRam() && ram != null) {
      throw new UsageError("--ram " + Text.shown(ram) + ": recipe " + r.name() + " does not size its data from the "
          + "RAM; leave --ram out (only experiments/larger-than-ram takes it)");
    }
    try {
      return ram == null ? null : ByteSize.parse("--ram", ram);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
  }

  /** The recipe's folder, as {@code --out} (new or empty) or {@code --resume} (the same recipe's) names it. */
  static Path folder(ExperimentOptions given, Recipe r) throws UsageError, IOException {
    if (given.resume == null || given.out != null) {
      ExperimentLaunch.folder(given.out, given.resume); // refuses neither or both, and an --out folder in use
      return given.out;
    }
    Path copy = given.resume.resolve(COPY);
    if (!Files.isRegularFile(copy)) {
      throw new UsageError("--resume " + Text.shown(given.resume.toString()) + ": not a recipe's experiment folder "
          + "(no " + COPY + " of bin/ycsb-experiment run); give the --out folder of an earlier run of this recipe");
    }
    String then = Recipe.read(copy).sha256();
    if (!then.equals(r.sha256())) {
      throw new UsageError("--resume " + Text.shown(given.resume.toString()) + ": the recipe " + r.name() + " has "
          + "changed since this folder was started (sha256 " + then.substring(0, 12) + " then, "
          + r.sha256().substring(0, 12) + " now); resume with the recipe kept in "
          + copy + ", or start a new folder with --out");
    }
    if (r.experiments().stream().allMatch(e -> ExperimentBundle.read(given.resume.resolve(e.name()))
        .map(m -> RunJudgement.counts(m.status())).orElse(false))) {
      // nothing is left to run: resuming would only rewrite every experiment's end time
      throw new UsageError("--resume " + Text.shown(given.resume.toString()) + ": every experiment of recipe "
          + r.name() + " is COMPLETE, nothing is left to run; give a new folder with --out to run it again");
    }
    return given.resume;
  }

  /** One experiment's command line, parsed and checked by its command; its launch, or null when refused. */
  private ExperimentLaunch.Launch prepare(Recipe r, Recipe.Experiment e, Path home, Path dir, boolean resume,
      List<String> derived) throws UsageError, IOException {
    List<String> recipeArgs = new ArrayList<>();
    r.workloads().forEach(w -> recipeArgs.addAll(List.of("-P", home.resolve(w).toString())));
    r.defaults().forEach((k, v) -> recipeArgs.addAll(List.of("-p", k + "=" + v)));
    recipeArgs.addAll(r.options());
    if (e.load()) {
      recipeArgs.add("--load");
    }
    // after the user's options: what sets this experiment apart (the user's -p of these keys is refused above)
    List<String> after = new ArrayList<>();
    e.fixed().forEach((k, v) -> after.addAll(List.of("-p", k + "=" + v)));
    after.addAll(derived);
    ExperimentCommand c = parse(r.command(), recipeArgs, Stream.concat(rest.stream(), after.stream()).toList());
    Path mine = dir.resolve(e.name());
    boolean started = resume && Files.isRegularFile(mine.resolve("manifest.json"));
    c.options().out = started ? null : mine;
    c.options().resume = started ? mine : null;
    List<ExperimentLaunch.Launch> accepted = new ArrayList<>();
    c.options().preparing = accepted::add;
    try {
      int status = c.call();
      return status == 0 && accepted.size() == 1 ? accepted.get(0) : null;
    } catch (Exception ex) {
      throw new IOException(ex.getMessage(), ex);
    }
  }

  /**
   * The recipe's command with {@code recipeArgs} then {@code userArgs}, parsed by that command's own options (a
   * later single-valued option wins, a later {@code -p} of the same name wins).
   */
  private static ExperimentCommand parse(String command, List<String> recipeArgs, List<String> userArgs)
      throws UsageError {
    CommandLine cl = new CommandLine(new ExperimentMain());
    cl.setOverwrittenOptionsAllowed(true);
    List<String> args = new ArrayList<>(List.of(command, "mongodb"));
    args.addAll(recipeArgs);
    args.addAll(userArgs);
    try {
      CommandLine.ParseResult parsed = cl.parseArgs(args.toArray(String[]::new));
      CommandLine.ParseResult sub = parsed.subcommand();
      if (sub.isUsageHelpRequested() || sub.isVersionHelpRequested()) {
        throw new UsageError("--help and --version: ask bin/ycsb-experiment run --help, or the recipe's command ("
            + command + " --help)");
      }
      return (ExperimentCommand) sub.commandSpec().userObject();
    } catch (CommandLine.ParameterException ex) {
      throw new UsageError(UsageLine.of(ex, "ycsb-experiment", args) + " (in the options of the recipe's command, "
          + command + ")");
    }
  }

  /** {@code recordcount} for an experiment sized from the RAM: its share of the RAM over the document's payload. */
  private static long records(Recipe.Experiment e, String ram, long ramBytes, Map<String, String> merged)
      throws UsageError {
    long fields = number(merged, "fieldcount", 10);
    long length = number(merged, "fieldlength", 100);
    long payload = Math.max(1, fields * length);
    double n = Math.ceil(e.dataPerRam() * ramBytes / payload);
    if (n < 1 || n > Integer.MAX_VALUE) {
      throw new UsageError(String.format(Locale.ROOT, "--ram %s: experiment %s would hold %.0f records of %d bytes; "
          + "expected 1 to %d", Text.shown(ram), e.name(), n, payload, Integer.MAX_VALUE));
    }
    return (long) n;
  }

  private static long number(Map<String, String> merged, String key, long dflt) throws UsageError {
    String v = merged.get(key);
    try {
      return v == null ? dflt : Long.parseLong(v.trim());
    } catch (NumberFormatException ex) {
      throw new UsageError("-p " + key + "=" + Text.shown(v) + ": expected a whole number");
    }
  }
}
