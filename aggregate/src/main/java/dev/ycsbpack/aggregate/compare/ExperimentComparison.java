package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.ClientFolders;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.LongStream;

/**
 * Two experiments with the same plan compared step by step: for each swept value (or write-concern cell), the
 * complete runs of that step in A against those in B, as {@code compare} compares any two sets (with each step's
 * repetitions, a verdict on noise; one run against one, "noise unknown").
 *
 * @param a     experiment A's folder, as given
 * @param b     experiment B's folder, as given
 * @param plan  what the steps are, in words
 * @param steps one per step of the plan, in its order
 */
public record ExperimentComparison(String a, String b, String plan, List<Step> steps) {

  /**
   * One step.
   *
   * @param label       the step in words ({@code threads 4}, {@code majority})
   * @param comparison  A's complete runs of it against B's; null when a side has none
   * @param notCompared why it was not compared, else null
   */
  public record Step(String label, Comparison comparison, String notCompared) {
  }

  /** Whether {@code dir} is an experiment's folder ({@code bin/ycsb-experiment}). */
  public static boolean isExperiment(Path dir) {
    return Files.isDirectory(dir) && ExperimentManifest.isExperiment(dir);
  }

  /**
   * Compares experiment {@code b} with {@code a}.
   *
   * @throws Arms.Unusable  the plans differ, or a step's runs cannot be compared as given
   * @throws InputException a step's merged result is there but unreadable
   */
  public static ExperimentComparison of(Path a, Path b, Significance.Method method)
      throws Arms.Unusable, InputException {
    return of(a, b, method, null);
  }

  /**
   * Compares experiment {@code b} with {@code a}, each step's headline on {@code primary} ({@code OP.FIGURE}, null
   * for each step's default).
   *
   * @throws Arms.Unusable  the plans differ, a step's runs cannot be compared as given, or a step lacks the primary
   * @throws InputException a step's merged result is there but unreadable
   */
  public static ExperimentComparison of(Path a, Path b, Significance.Method method, String primary)
      throws Arms.Unusable, InputException {
    ExperimentManifest ma = ExperimentManifest.read(a).orElseThrow();
    ExperimentManifest mb = ExperimentManifest.read(b).orElseThrow();
    if (!ma.plan().sameSteps(mb.plan())) {
      throw new Arms.Unusable("--a " + ClientFolders.shown(a) + " and --b " + ClientFolders.shown(b)
          + " have different plans (" + ma.plan().describeSteps() + " against " + mb.plan().describeSteps()
          + "); expected two experiments of the same steps (the same axis and values, or the same write concerns)");
    }
    List<Step> steps = new ArrayList<>();
    for (long x : xs(ma)) {
      String label = ma.plan().label(x);
      List<Path> ra = runs(a, ma, x);
      List<Path> rb = runs(b, mb, x);
      if (ra.isEmpty() || rb.isEmpty()) {
        steps.add(new Step(label, null, (ra.isEmpty() ? "A " + why(ma, x) : "")
            + (ra.isEmpty() && rb.isEmpty() ? "; " : "") + (rb.isEmpty() ? "B " + why(mb, x) : "")));
        continue;
      }
      List<Comparison.Named> x1 = Arms.read("--a " + label, ra);
      List<Comparison.Named> y1 = Arms.read("--b " + label, rb);
      Arms.shareOperations("--a " + label, x1, "--b " + label, y1);
      steps.add(new Step(label, Comparison.of(x1, y1, method, primary), null));
    }
    return new ExperimentComparison(a.toString(), b.toString(), ma.plan().describeSteps(), steps);
  }

  /**
   * The plan's steps, in the order they are compared: a matrix's cells 1..n, else the swept values (those the
   * manifest's steps add, after).
   */
  public static List<Long> xs(ExperimentManifest m) {
    ExperimentManifest.Plan p = m.plan();
    if (p.writeConcerns() != null && !p.writeConcerns().isEmpty()) {
      return LongStream.rangeClosed(1, p.writeConcerns().size()).boxed().toList();
    }
    Set<Long> xs = new LinkedHashSet<>(p.values() == null ? List.of() : p.values());
    steps(m).forEach(s -> xs.add(s.x()));
    return List.copyOf(xs);
  }

  /** The merged results of step {@code x}'s complete runs (one per repetition). */
  private static List<Path> runs(Path dir, ExperimentManifest m, long x) {
    List<Path> out = new ArrayList<>();
    for (ExperimentManifest.Step s : steps(m)) {
      if (s.x() != x || !RunJudgement.counts(s.verdict())) {
        continue;
      }
      Optional<Path> bundle = s.bundleIn(dir);
      if (bundle.isPresent() && Files.isRegularFile(bundle.get().resolve(BundleLayout.MERGED).resolve("merged.json"))) {
        out.add(bundle.get().resolve(BundleLayout.MERGED));
      }
    }
    return out;
  }

  /** Why an experiment has no complete run of step {@code x}: its steps' verdicts and reasons, or that none ran. */
  private static String why(ExperimentManifest m, long x) {
    List<String> said = new ArrayList<>();
    for (ExperimentManifest.Step s : steps(m)) {
      if (s.x() == x) {
        String v = RunStatus.inWords(s.verdict());
        said.add(RunJudgement.counts(s.verdict()) ? "COMPLETE but its merged result is missing"
            : v + (s.reason() == null || s.reason().isBlank() ? "" : ": " + s.reason()));
      }
    }
    return said.isEmpty() ? "never ran it" : "has no complete run of it (" + String.join("; ", said) + ")";
  }

  /** The swept steps: order 0 (the load, an unthrottled probe) measures no swept value and is not compared. */
  private static List<ExperimentManifest.Step> steps(ExperimentManifest m) {
    return m.steps() == null ? List.of() : m.steps().stream().filter(s -> s.order() != 0).toList();
  }

  /** The comparison as Markdown: per step, {@code compare}'s own table and wording. */
  public void markdown(Writer w) {
    PrintWriter out = new PrintWriter(w);
    out.println("## Experiments compared step by step: " + plan);
    out.println();
    out.println("- A (baseline): `" + a + "`");
    out.println("- B (contender): `" + b + "`");
    out.println();
    for (Step s : steps) {
      out.println("## " + s.label());
      out.println();
      if (s.comparison() == null) {
        out.println("Not compared: " + s.notCompared() + ".");
        out.println();
      } else {
        out.flush();
        ComparisonWriters.markdown(s.comparison(), w);
        out.println();
      }
    }
    out.flush();
  }
}
