package dev.ycsbpack.experiment.reproduce;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ycsbpack.aggregate.compare.Arms;
import dev.ycsbpack.aggregate.compare.Comparison;
import dev.ycsbpack.aggregate.compare.ComparisonWriters;
import dev.ycsbpack.aggregate.compare.ExperimentComparison;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.stats.Significance;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.EnvironmentFacts;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A reproduction against its original, written as {@code comparison.md} and {@code comparison.json} in the
 * reproduction's folder: first what the user changed, then how the environments differ (server, topology, storage
 * engine, client machines, JVM, driver, pack: from both sides' recorded environments and plans), then the figures by
 * the pack's comparison rules ({@link Comparison} for a bundle, {@link ExperimentComparison} step by step for an
 * experiment): the headline verdict, and the "ran apart" caveat, since a reproduction is always made apart from its
 * original.
 */
public final class ReproductionComparison {
  /** The comparison in Markdown, in the reproduction's folder. */
  public static final String MARKDOWN = "comparison.md";
  /** The same in JSON. */
  public static final String JSON = "comparison.json";
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReproductionComparison() {
  }

  /**
   * One environment difference: {@code key} as recorded, the original's value and the reproduction's.
   *
   * @param key          the fact ({@code server.version}, {@code cpu.count}, {@code pack})
   * @param original     its value in the original ({@code <unset>} when not recorded)
   * @param reproduction its value in the reproduction
   */
  public record Difference(String key, String original, String reproduction) {
    /** The line shown: {@code server.version: 7.0.14 (original) -> 8.0.3 (reproduction)}. */
    public String line() {
      return key + ": " + original + " (original) -> " + reproduction + " (reproduction)";
    }
  }

  /**
   * What was written.
   *
   * @param markdown     the comparison as written to {@link #MARKDOWN}
   * @param environment  the environment differences, in the order shown
   * @param headlines    each headline verdict's line (one for a bundle, one per step for an experiment)
   * @param notCompared  why no figures were compared, or null
   */
  public record Result(String markdown, List<Difference> environment, List<String> headlines, String notCompared) {
  }

  /** Compares the reproduction in {@code out} with {@code original} and writes both files into {@code out}. */
  public static Result write(Original original, Path out, ReproduciblePlan reproduced, List<String> overrides)
      throws IOException {
    List<Difference> env = new ArrayList<>();
    pack(env, original.plan(), reproduced);
    List<String> headlines = new ArrayList<>();
    String notCompared = null;
    StringWriter figures = new StringWriter();
    Object json;
    try {
      if (original.kind() == Original.Kind.BUNDLE) {
        Comparison c = bundle(original.dir(), out);
        env.addAll(environment(c));
        headlines.add(c.headline().line());
        ComparisonWriters.markdown(c, figures);
        StringWriter cj = new StringWriter();
        ComparisonWriters.json(c, cj);
        json = MAPPER.readTree(cj.toString());
      } else {
        ExperimentComparison ec = ExperimentComparison.of(original.dir(), out, Significance.Method.DEFAULT);
        Optional<Comparison> first = ec.steps().stream().map(ExperimentComparison.Step::comparison)
            .filter(java.util.Objects::nonNull).findFirst();
        first.ifPresent(c -> env.addAll(environment(c)));
        for (ExperimentComparison.Step s : ec.steps()) {
          headlines.add(s.label() + ": " + (s.comparison() == null ? "not compared: " + s.notCompared()
              : s.comparison().headline().line()));
        }
        ec.markdown(figures);
        json = Map.of("steps", headlines);
      }
    } catch (Arms.Unusable | InputException | RuntimeException e) {
      notCompared = String.valueOf(e.getMessage());
      json = Map.of("notCompared", notCompared);
    }
    String md = markdown(original, overrides, env, notCompared, figures.toString());
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("original", original.given());
    all.put("originalId", original.id());
    all.put("overrides", overrides);
    all.put("environment", env);
    all.put("figures", json);
    AtomicFiles.write(out.resolve(MARKDOWN), md, AtomicFiles.Mode.SHARED);
    AtomicFiles.write(out.resolve(JSON), MAPPER.writeValueAsString(all) + "\n", AtomicFiles.Mode.SHARED);
    return new Result(md, env, headlines, notCompared);
  }

  /** The bundles' merged results, one run each. */
  private static Comparison bundle(Path original, Path out) throws Arms.Unusable, InputException, IOException {
    List<Comparison.Named> a = Arms.read("original", List.of(merged(original, "the original")));
    List<Comparison.Named> b = Arms.read("reproduction", List.of(merged(out, "the reproduction")));
    Arms.shareOperations("original", a, "reproduction", b);
    return Comparison.of(a, b, Significance.Method.DEFAULT);
  }

  /**
   * The folder holding {@code bundle}'s {@code merged.json}: a bundle's {@code merged/}, or a published site's row
   * itself, where {@code publish} puts the merged files beside the bundle's records.
   */
  private static Path merged(Path bundle, String which) throws Arms.Unusable {
    Path inBundle = bundle.resolve(BundleLayout.MERGED);
    if (Files.isRegularFile(inBundle.resolve(MERGED_JSON))) {
      return inBundle;
    }
    if (Files.isRegularFile(bundle.resolve(MERGED_JSON))) {
      return bundle;
    }
    throw new Arms.Unusable(which + " has no merged result (" + BundleLayout.MERGED + "/" + MERGED_JSON + ")");
  }

  private static final String MERGED_JSON = "merged.json";

  /** The pack's version and build from both plans, when they differ. */
  private static void pack(List<Difference> env, ReproduciblePlan a, ReproduciblePlan b) {
    String x = a.packVersion() + " (build " + a.packBuild() + ")";
    String y = b == null ? "<unset>" : b.packVersion() + " (build " + b.packBuild() + ")";
    if (!x.equals(y)) {
      env.add(new Difference("pack", x, y));
    }
  }

  /**
   * The environment's differences the comparison found (and the clients' count from the merge), server first, then
   * the client machines, JVM, driver and the rest.
   */
  static List<Difference> environment(Comparison c) {
    List<Difference> out = new ArrayList<>();
    for (Comparison.Difference d : c.differences()) {
      boolean merge = d.area().equals("merge") && (d.key().equals("server") || d.key().startsWith("clients"));
      if (d.area().equals("environment") || merge) {
        out.add(new Difference(merge && d.key().startsWith("clients") ? "client processes" : d.key(), d.baseline(),
            d.contender()));
      }
    }
    out.sort(Comparator.comparingInt(ReproductionComparison::rank));
    return out;
  }

  private static int rank(Difference d) {
    String k = d.key();
    if (k.startsWith(EnvironmentFacts.SERVER_PREFIX) || k.equals("server")) {
      return 0;
    }
    if (k.equals("client processes") || k.startsWith("cpu.") || k.startsWith("memory.") || k.startsWith("host.")
        || k.startsWith("os.")) {
      return 1;
    }
    if (k.startsWith("java.") || k.startsWith("jvm.")) {
      return 2;
    }
    return k.startsWith(EnvironmentFacts.DRIVER_PREFIX) ? 3 : 4;
  }

  private static String markdown(Original original, List<String> overrides, List<Difference> env, String notCompared,
      String figures) {
    StringBuilder md = new StringBuilder();
    md.append("# Reproduction of ").append(original.given()).append(" (").append(original.id()).append(")\n\n");
    md.append("## Overrides: what this run changed against the original's plan\n\n");
    overrides.forEach(o -> md.append("- `").append(o).append("`\n"));
    md.append("\n## Environment differences\n\n");
    if (env.isEmpty()) {
      md.append("None recorded: the server, client machines, JVM, driver and pack are as the original's.\n");
    }
    env.forEach(d -> md.append("- ").append(d.line()).append('\n'));
    md.append("\nA reproduction runs apart from its original, at another time and maybe on other machines: a "
        + "difference in the figures may come from drift or from the differences above, not from the plan. How far "
        + "apart they ran, and what that allows, is the first line of the figures.\n\n## Figures\n\n");
    md.append(notCompared == null ? figures : "Not compared: " + notCompared + "\n");
    return md.toString();
  }
}
