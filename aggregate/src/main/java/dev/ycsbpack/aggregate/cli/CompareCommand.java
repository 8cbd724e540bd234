package dev.ycsbpack.aggregate.cli;

import dev.ycsbpack.aggregate.compare.Arms;
import dev.ycsbpack.aggregate.compare.Comparison;
import dev.ycsbpack.aggregate.compare.ComparisonWriters;
import dev.ycsbpack.aggregate.compare.ExperimentComparison;
import dev.ycsbpack.aggregate.compare.RecipeComparison;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.stats.RatioCi;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code compare BASELINE CONTENDER} (one run each, whose noise is unknown) or {@code compare --a DIR... --b DIR...}
 * (two sets of repetitions, with each side's spread and a verdict on whether they differ beyond noise).
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compares two merged results (BASELINE CONTENDER), or two sets of repetitions (--a ... --b ...): "
        + "first the differences in configuration, environment and merge settings, then every metric with each "
        + "side's median, range, RSD and n, the change of the medians, and whether it exceeds run-to-run noise "
        + "(exact Mann-Whitney U and a bootstrap CI of the ratio of medians; at least 4 repetitions per side). One "
        + "run against one run says its noise is unknown. Two experiment folders of the same plan (--a EXP_A --b "
        + "EXP_B) are compared step by step, each step's runs as a set.",
        "",
        "Examples:",
        "  ycsb-aggregate compare run-41/merged run-42/merged",
        "  ycsb-aggregate compare --a a1/merged a2/merged a3/merged a4/merged --b b1/merged b2/merged b3/merged "
            + "b4/merged -o cmp.json",
        "  # two experiments of the same plan, step by step",
        "  ycsb-aggregate compare --a sweep-7.0 --b sweep-8.0"})
final class CompareCommand implements Callable<Integer> {
  @Parameters(arity = "0..2", paramLabel = "BASELINE CONTENDER",
      description = "two merged results (merged.json or its folder); or use --a and --b")
  List<Path> pair = new ArrayList<>();

  @Option(names = "--a", arity = "0..*", paramLabel = "DIR",
      description = "side A: one merged result per repetition (merged.json or its folder)")
  List<Path> a;

  @Option(names = "--b", arity = "0..*", paramLabel = "DIR", description = "side B, compared against A")
  List<Path> b;

  @Option(names = {"-o", "--out"}, paramLabel = "FILE",
      description = "also write the comparison to FILE (format from --format, else from its extension); the "
          + "Markdown table always goes to standard output")
  Path out;

  @Option(names = "--format", paramLabel = "FORMAT", description = "format of --out: md, csv or json")
  String format;

  @Option(names = "--seed", paramLabel = "N",
      description = "seed of the bootstrap resamples (default: ${DEFAULT-VALUE}); every output records it")
  String seed = Long.toString(Significance.Method.DEFAULT_SEED);

  @Option(names = "--resamples", paramLabel = "N",
      description = "bootstrap resamples, 1000 to 1000000 (default: ${DEFAULT-VALUE})")
  String resamples = Integer.toString(RatioCi.DEFAULT_RESAMPLES);

  @Option(names = "--primary", paramLabel = "OP.FIGURE",
      description = "the figure the headline verdict judges, e.g. OVERALL.throughput, READ.p99, UPDATE.intended-p99, "
          + "READ.mean (default: overall throughput when unthrottled, the main operation's p99 when throttled)")
  String primary;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    String fmt = format;
    if (fmt == null) {
      String name = out == null ? "x.md" : out.getFileName().toString();
      fmt = name.substring(name.lastIndexOf('.') + 1);
    }
    fmt = fmt.toLowerCase(Locale.ROOT);
    if (!fmt.equals("md") && !fmt.equals("csv") && !fmt.equals("json")) {
      return usage(err, "unknown format '" + Text.shown(fmt) + "' (known: md, csv, json)");
    }
    Significance.Method method;
    try {
      method = new Significance.Method(number("--resamples", resamples, 1000, 1_000_000), seed());
    } catch (IllegalArgumentException e) {
      return usage(err, e.getMessage());
    }
    boolean sets = a != null || b != null;
    if (sets && !pair.isEmpty()) {
      return usage(err, "give either BASELINE CONTENDER or --a DIR... --b DIR..., not both (got "
          + Text.shown(pair.get(0).toString()) + " beside --a/--b)");
    }
    if (!sets && pair.size() != 2) {
      return usage(err, pair.isEmpty() ? "name what to compare: BASELINE CONTENDER (one result each), or --a DIR... "
          + "--b DIR... (repetitions of each side)"
          : "got only " + Text.shown(pair.get(0).toString())
              + "; expected BASELINE CONTENDER, or --a DIR... --b DIR...");
    }
    if (sets && (a == null || b == null)) {
      return usage(err, (a == null ? "--a" : "--b") + " is missing; expected --a DIR... --b DIR..., one merged "
          + "result per repetition on each side");
    }
    List<Path> given = sets ? concat(a, b) : pair;
    if (given.stream().anyMatch(RecipeComparison::isRecipe)) {
      return recipes(given, sets, fmt, method, stdout, err);
    }
    if (given.stream().anyMatch(ExperimentComparison::isExperiment)) {
      return experiments(given, sets, fmt, method, stdout, err);
    }
    String aName = sets ? "--a" : "BASELINE";
    String bName = sets ? "--b" : "CONTENDER";
    List<Path> aPaths = sets ? a : List.of(pair.get(0));
    List<Path> bPaths = sets ? b : List.of(pair.get(1));
    for (Path p : concat(aPaths, bPaths)) {
      Optional<String> pointer = BundleLayout.pointerForCompare(p);
      if (pointer.isPresent()) {
        return usage(err, pointer.get());
      }
    }
    Comparison c;
    try {
      List<Comparison.Named> x = Arms.read(aName, aPaths);
      List<Comparison.Named> y = Arms.read(bName, bPaths);
      Arms.shareOperations(aName, x, bName, y);
      c = Comparison.of(x, y, method, primary);
    } catch (Arms.Unusable e) {
      return usage(err, e.getMessage());
    } catch (InputException e) {
      err.println("ycsb-aggregate compare: refused: " + e.getMessage());
      return AggregateMain.REFUSED;
    }
    final String f = fmt;
    AtomicFiles.Body body = w -> {
      switch (f) {
        case "csv" -> ComparisonWriters.csv(c, w);
        case "json" -> ComparisonWriters.json(c, w);
        default -> ComparisonWriters.markdown(c, w);
      }
    };
    return show(w -> ComparisonWriters.markdown(c, w), body, stdout, err);
  }

  /** Two experiments, step by step; anything else with an experiment among it is refused. */
  private int experiments(List<Path> given, boolean sets, String fmt, Significance.Method method, PrintWriter stdout,
      PrintWriter err) {
    String aName = sets ? "--a" : "BASELINE";
    String bName = sets ? "--b" : "CONTENDER";
    if (given.size() != 2 || !ExperimentComparison.isExperiment(given.get(0))
        || !ExperimentComparison.isExperiment(given.get(1))) {
      Path exp = given.stream().filter(ExperimentComparison::isExperiment).findFirst().orElseThrow();
      return usage(err, Text.shown(exp.toString()) + " is an experiment's folder: compare it with one other "
          + "experiment of the same plan (" + aName + " EXP_A " + bName + " EXP_B), not with "
          + (given.size() != 2 ? given.size() - 1 + " other paths" : "a merged result"));
    }
    if (!fmt.equals("md")) {
      return usage(err, "--format " + Text.shown(fmt) + ": two experiments are compared in Markdown only (md)");
    }

    return shown(() -> ExperimentComparison.of(given.get(0), given.get(1), method, primary)::markdown, stdout, err);
  }

  /** Two folders of one recipe, experiment by experiment; a recipe's folder beside anything else is refused. */
  private int recipes(List<Path> given, boolean sets, String fmt, Significance.Method method, PrintWriter stdout,
      PrintWriter err) {
    String aName = sets ? "--a" : "BASELINE";
    String bName = sets ? "--b" : "CONTENDER";
    if (given.size() != 2 || !RecipeComparison.isRecipe(given.get(0)) || !RecipeComparison.isRecipe(given.get(1))) {
      Path r = given.stream().filter(RecipeComparison::isRecipe).findFirst().orElseThrow();
      return usage(err, Text.shown(r.toString()) + " is a recipe's folder: compare it with one other folder of the "
          + "same recipe (" + aName + " RECIPE_DIR_A " + bName + " RECIPE_DIR_B), or one of its experiments with "
          + "the same experiment of another run");
    }
    if (!fmt.equals("md")) {
      return usage(err, "--format " + Text.shown(fmt) + ": two recipe folders are compared in Markdown only (md)");
    }
    return shown(() -> RecipeComparison.of(given.get(0), given.get(1), method)::markdown, stdout, err);
  }

  /** A comparison of two folders, in Markdown; made only once its inputs are read and accepted. */
  private interface Compared {
    AtomicFiles.Body markdown() throws Arms.Unusable, InputException;
  }

  /**
   * Shows {@code compared} ({@link #show}); the exit status, 2 when the folders cannot be compared as given, 1 when an
   * input is refused.
   */
  private int shown(Compared compared, PrintWriter stdout, PrintWriter err) {
    AtomicFiles.Body markdown;
    try {
      markdown = compared.markdown();
    } catch (Arms.Unusable e) {
      return usage(err, e.getMessage());
    } catch (InputException e) {
      err.println("ycsb-aggregate compare: refused: " + e.getMessage());
      return AggregateMain.REFUSED;
    }
    return show(markdown, markdown, stdout, err);
  }

  /**
   * Prints the comparison's Markdown and, with {@code --out}, writes {@code file} (its chosen format) atomically; the
   * exit status.
   */
  private int show(AtomicFiles.Body markdown, AtomicFiles.Body file, PrintWriter stdout, PrintWriter err) {
    try {
      markdown.write(stdout);
      stdout.flush();
      if (out != null) {
        AtomicFiles.write(out, file, AtomicFiles.Mode.SHARED);
        err.println("wrote " + out);
      }
    } catch (IOException e) {
      err.println("ycsb-aggregate compare: cannot write " + out + " (" + e + "). Fix: check the folder.");
      return AggregateMain.WRITE_FAILED;
    }
    return AggregateMain.OK;
  }

  private static int usage(PrintWriter err, String line) {
    err.println("ycsb-aggregate compare: " + line);
    return AggregateMain.USAGE;
  }

  private long seed() {
    try {
      return Long.parseLong(seed.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--seed " + Text.shown(seed) + ": expected a whole number from "
          + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
    }
  }

  private static int number(String option, String value, int min, int max) {
    try {
      int n = Integer.parseInt(value.strip());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // refused below with the accepted range
    }
    throw new IllegalArgumentException(option + " " + Text.shown(value) + ": expected a whole number from "
        + String.format(Locale.ROOT, "%,d to %,d", min, max));
  }

  private static List<Path> concat(List<Path> x, List<Path> y) {
    List<Path> all = new ArrayList<>(x);
    all.addAll(y);
    return all;
  }
}
