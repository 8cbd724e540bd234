package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.RecipeSummary;
import dev.ycsbpack.aggregate.format.Fmt;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.common.RunJudgement;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Two folders of one recipe ({@code bin/ycsb-experiment run RECIPE}, e.g. {@code experiments/mongodb-26-vs-30} run on
 * two server versions) compared experiment by experiment: first one table of every step's throughput in A and in B
 * with the verdict {@code compare} gives that figure, then each experiment's step-by-step comparison
 * ({@link ExperimentComparison}). Nothing is judged here that {@link Comparison} does not judge.
 *
 * @param a           recipe folder A, as given
 * @param b           recipe folder B, as given
 * @param recipe      the recipe both ran
 * @param experiments each experiment of the recipe compared, in the recipe's order
 * @param names       their folder names, in the same order
 * @param loads       per experiment, A's load against B's ({@code steps/00-load}, one run each), null when it has
 *                    none on a side
 */
public record RecipeComparison(String a, String b, String recipe, List<ExperimentComparison> experiments,
    List<String> names, List<Comparison> loads) {
  /** Whether {@code dir} is a recipe's folder: its {@code recipe.json}. */
  public static boolean isRecipe(Path dir) {
    return Files.isDirectory(dir) && RecipeSummary.read(dir).isPresent();
  }

  /**
   * Compares recipe folder {@code b} with {@code a}.
   *
   * @throws Arms.Unusable  they ran different recipes, or an experiment's steps cannot be compared
   * @throws InputException a step's merged result is there but unreadable
   */
  public static RecipeComparison of(Path a, Path b, Significance.Method method) throws Arms.Unusable,
      InputException {
    RecipeSummary ra = RecipeSummary.read(a).orElseThrow();
    RecipeSummary rb = RecipeSummary.read(b).orElseThrow();
    if (!ra.recipe().equals(rb.recipe()) || !ra.experiments().equals(rb.experiments())) {
      throw new Arms.Unusable("--a " + ClientFolders.shown(a) + " and --b " + ClientFolders.shown(b) + " ran "
          + "different recipes (" + ra.recipe() + ": " + String.join(", ", ra.experiments()) + " against "
          + rb.recipe() + ": " + String.join(", ", rb.experiments()) + "); expected two folders of one recipe");
    }
    List<ExperimentComparison> out = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Comparison> loads = new ArrayList<>();
    for (String e : ra.experiments()) {
      Path ea = a.resolve(e);
      Path eb = b.resolve(e);
      if (!ExperimentComparison.isExperiment(ea) || !ExperimentComparison.isExperiment(eb)) {
        throw new Arms.Unusable("experiment " + e + " of recipe " + ra.recipe() + " has no manifest in "
            + (ExperimentComparison.isExperiment(ea) ? "--b " + ClientFolders.shown(b) : "--a "
                + ClientFolders.shown(a))
            + "; expected both folders to hold every experiment (a stopped recipe is "
            + "continued with bin/ycsb-experiment run ... --resume)");
      }
      out.add(ExperimentComparison.of(ea, eb, method));
      names.add(e);
      Optional<Path> la = load(ea);
      Optional<Path> lb = load(eb);
      loads.add(la.isEmpty() || lb.isEmpty() ? null : Comparison.of(Arms.read("--a " + e + " load", List.of(la.get())),
          Arms.read("--b " + e + " load", List.of(lb.get())), method));
    }
    return new RecipeComparison(a.toString(), b.toString(), ra.recipe(), List.copyOf(out), List.copyOf(names),
        java.util.Collections.unmodifiableList(loads));
  }

  /** The merged result of an experiment's own load ({@code steps/00-load}), when it completed. */
  private static Optional<Path> load(Path dir) {
    ExperimentManifest m = ExperimentManifest.read(dir).orElseThrow();
    return (m.steps() == null ? List.<ExperimentManifest.Step>of() : m.steps()).stream()
        .filter(s -> s.order() == 0 && s.name().endsWith("-load") && RunJudgement.counts(s.verdict()))
        .map(s -> s.bundleIn(dir)).flatMap(Optional::stream).map(p -> p.resolve(BundleLayout.MERGED))
        .filter(p -> Files.isRegularFile(p.resolve("merged.json"))).findFirst();
  }

  /** The comparison as Markdown: the A-vs-B table of every step's throughput, then each experiment's sections. */
  public void markdown(Writer w) {
    PrintWriter out = new PrintWriter(w);
    out.println("# Recipe " + recipe + ": A against B, experiment by experiment");
    out.println();
    out.println("- A (baseline): `" + a + "`");
    out.println("- B (contender): `" + b + "`");
    out.println();
    out.println("| experiment | step | A ops/s (median) | B ops/s (median) | B/A | throughput: compare's verdict |");
    out.println("|---|---|---|---|---|---|");
    for (int i = 0; i < experiments.size(); i++) {
      if (loads.get(i) != null) {
        row(out, names.get(i), "load (steps/00-load)", loads.get(i), null);
      }
      for (ExperimentComparison.Step s : experiments.get(i).steps()) {
        row(out, names.get(i), s.label(), s.comparison(), s.notCompared());
      }
    }
    out.println();
    out.flush();
    for (ExperimentComparison e : experiments) {
      e.markdown(w);
    }
    out.flush();
  }

  private static void row(PrintWriter out, String experiment, String step, Comparison c, String notCompared) {
    Comparison.Row r = c == null ? null : throughput(c);
    Spread sa = r == null ? null : r.aSpread();
    Spread sb = r == null ? null : r.bSpread();
    out.println("| " + experiment + " | " + step + " | " + ops(sa) + " | " + ops(sb) + " | "
        + (sa == null || sb == null || !(sa.median() > 0) ? "n/a" : String.format(java.util.Locale.ROOT, "%.3fx",
            sb.median() / sa.median()))
        + " | " + (c == null ? "not compared: " + notCompared
            : r == null || r.verdict() == null ? "n/a: no throughput on a side" : r.verdict().statement())
            .replace("|", "\\|")
        + " |");
  }

  private static Comparison.Row throughput(Comparison c) {
    return c.rows().stream().filter(r -> r.operation().equals("OVERALL") && r.metric().startsWith("throughput"))
        .findFirst().orElse(null);
  }

  private static String ops(Spread s) {
    return s == null ? "n/a" : Fmt.grouped(Math.round(s.median()));
  }
}
