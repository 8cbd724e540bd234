package dev.ycsbpack.experiment.ab;

import dev.ycsbpack.aggregate.compare.Arms;
import dev.ycsbpack.aggregate.compare.Comparison;
import dev.ycsbpack.aggregate.compare.ComparisonWriters;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.experiment.run.Warmup;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The end of an A/B experiment: arm A's complete measured runs against arm B's ({@link Comparison}, the same as
 * {@code bin/ycsb-aggregate compare --a ... --b ...}), written to {@code comparison.md} and {@code comparison.json}
 * in the experiment's folder, and the lines that sum it up. Warm-up runs are never among the compared runs.
 */
public final class ArmComparison {
  /** The comparison in Markdown, in the experiment's folder. */
  public static final String MARKDOWN = "comparison.md";
  /** The comparison as compare's JSON, in the experiment's folder. */
  public static final String JSON = "comparison.json";

  private ArmComparison() {
  }

  /**
   * What the experiment's end says and wrote.
   *
   * @param statements the lines printed and kept in the manifest
   * @param compared   the files written; null when no comparison could be made
   * @param markdown   the comparison as written to {@link #MARKDOWN}, to print; null when none
   */
  public record Result(List<String> statements, ExperimentManifest.Compared compared, String markdown) {
  }

  /**
   * Compares the arms' runs recorded in {@code steps} and writes the comparison into {@code dir}; an experiment that
   * was interrupted, or whose arms lack a complete run, is not compared, and the lines say why.
   *
   * @param status the experiment's status: COMPLETE, PARTIAL or INCOMPLETE
   */
  public static Result write(Path dir, ExperimentManifest.Plan plan, List<ExperimentManifest.Step> steps,
      String status) throws IOException {
    List<ExperimentManifest.Arm> arms = plan.arms();
    String a = arms.get(0).label();
    String b = arms.get(1).label();
    List<String> s = new ArrayList<>();
    s.add("arms: A = " + describe(arms.get(0)) + "; B = " + describe(arms.get(1))
        + (same(arms.get(0), arms.get(1)) ? " (the same command: an A/A experiment, so any difference called below"
            + " is a false positive)" : ""));
    s.add("order: " + plan.repeat() + " round" + (plan.repeat() == 1 ? "" : "s") + " in ABBA order (" + AbOrder.words(
        plan.repeat(), a, b) + "); each arm's runs are one side of the comparison");
    s.addAll(Warmup.statement(plan, steps));
    List<ExperimentManifest.Step> runsA = runs(steps, 1);
    List<ExperimentManifest.Step> runsB = runs(steps, 2);
    s.add(spread(a, runsA));
    s.add(spread(b, runsB));
    if (RunStatus.INCOMPLETE.is(status)) {
      s.add("no comparison yet: the experiment was interrupted; --resume runs the rounds left and compares the arms");
      return new Result(s, null, null);
    }
    if (runsA.isEmpty() || runsB.isEmpty()) {
      s.add("no comparison: arm " + (runsA.isEmpty() ? a : b) + " has no complete run");
      return new Result(s, null, null);
    }
    Comparison c;
    List<Comparison.Named> all = new ArrayList<>();
    try {
      List<Comparison.Named> x = named(dir, a, runsA);
      List<Comparison.Named> y = named(dir, b, runsB);
      all.addAll(x);
      all.addAll(y);
      c = Comparison.of(x, y, Significance.Method.DEFAULT, plan.primary());
    } catch (Arms.Unusable | InputException e) {
      s.add("no comparison: " + e.getMessage());
      return new Result(s, null, null);
    }
    StringWriter md = new StringWriter();
    md.write("# A/B experiment: A = " + a + ", B = " + b + "\n\n");
    md.write(RunJudgement.counts(status) ? "" : "**" + status + ": compared from the complete runs before the failure."
        + "**\n\n");
    // the file's first line says what was measured when it is not MongoDB (the pack's one rule for it); the terminal
    // gets the same line, and a mark on every answer line, from the experiment's own end (SweepRun)
    Optional<String> notMongoDb = EnvironmentFacts.notMongoDb(products(all));
    notMongoDb.ifPresent(mark -> md.write("- " + mark + "\n"));
    for (String line : s) {
      md.write("- " + line + "\n");
    }
    md.write("\n");
    ComparisonWriters.markdown(c, md);
    AtomicFiles.write(dir.resolve(MARKDOWN), md.toString(), AtomicFiles.Mode.SHARED);
    AtomicFiles.write(dir.resolve(JSON), w -> ComparisonWriters.json(c, w), AtomicFiles.Mode.SHARED);
    int fewest = Math.min(runsA.size(), runsB.size());
    if (fewest < Significance.MIN_PER_SIDE) {
      s.add("no verdict: a verdict needs >= " + Significance.MIN_PER_SIDE + " complete rounds (runs per arm); "
          + "this comparison has " + runsA.size() + " of A and " + runsB.size() + " of B, so it shows the spreads and"
          + " calls nothing better or worse");
    }
    s.add(c.headline().line());
    s.add("comparison: " + dir.resolve(MARKDOWN) + " (and " + JSON + "); every figure's verdict is there");
    return new Result(s, new ExperimentManifest.Compared(MARKDOWN, JSON), md.toString());
  }

  /** The measured runs of arm {@code x} that completed, in the order they ran (never a warm-up run). */
  static List<ExperimentManifest.Step> runs(List<ExperimentManifest.Step> steps, long x) {
    return steps.stream().filter(st -> st.order() > 0 && st.x() == x
        && RunJudgement.measured(st.verdict(), st.figures() != null) && !Boolean.TRUE.equals(st.warmup())).toList();
  }

  private static List<Comparison.Named> named(Path dir, String label, List<ExperimentManifest.Step> runs)
      throws Arms.Unusable, InputException {
    List<Path> merged = runs.stream().map(st -> st.bundleIn(dir)).flatMap(Optional::stream)
        .map(p -> p.resolve(BundleLayout.MERGED)).toList();
    // each run named by its place in the experiment folder, as the steps are in the manifest
    return Arms.read("arm " + label, merged).stream()
        .map(n -> new Comparison.Named(dir.toAbsolutePath().normalize().relativize(Path.of(n.name())).toString(),
            n.result()))
        .toList();
  }

  /** The server products the compared runs' clients recorded (common to a run's clients, or each client's). */
  private static List<String> products(List<Comparison.Named> runs) {
    List<String> products = new ArrayList<>();
    for (Comparison.Named n : runs) {
      if (n.result().environment() == null) {
        continue;
      }
      String common = n.result().environment().common().get(EnvironmentFacts.SERVER_PRODUCT);
      if (common != null) {
        products.add(common);
      }
      n.result().environment().perClient().values().forEach(m -> {
        if (m.get(EnvironmentFacts.SERVER_PRODUCT) != null) {
          products.add(m.get(EnvironmentFacts.SERVER_PRODUCT));
        }
      });
    }
    return products;
  }

  private static String spread(String label, List<ExperimentManifest.Step> runs) {
    if (runs.isEmpty()) {
      return "arm " + label + ": no complete run";
    }
    Spread sp = Spread.of(runs.stream().mapToDouble(st -> st.figures().throughput()).toArray());
    return String.format(Locale.ROOT, "arm %s: throughput median %,.0f ops/s, %,.0f-%,.0f, RSD %s, n=%d%s", label,
        sp.median(), sp.min(), sp.max(), Double.isNaN(sp.relativeStdDev()) ? "-"
            : String.format(Locale.ROOT, "%.1f%%", 100 * sp.relativeStdDev()),
        sp.n(), sp.noisy() ? ", NOISY" : "");
  }

  private static String describe(ExperimentManifest.Arm arm) {
    List<String> own = new ArrayList<>();
    arm.workloadFiles().forEach(f -> own.add("-P " + f));
    arm.properties().forEach((k, v) -> own.add(k + "=" + v));
    return arm.label() + (own.isEmpty() ? " (the common command)" : " (" + String.join(" ", own) + ")");
  }

  private static boolean same(ExperimentManifest.Arm x, ExperimentManifest.Arm y) {
    return x.properties().equals(y.properties()) && x.workloadFiles().equals(y.workloadFiles());
  }
}
