package dev.ycsbpack.experiment.run;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The warm-up rounds of {@code repeat} and {@code ab}: run exactly like the measured runs, each a bundle under
 * {@code DIR/warmup/}, recorded in the manifest as warm-up (order 0), and never counted in a spread or a comparison.
 * Each coordinated run starts its clients' JVMs anew, so what a warm-up round warms is what outlives one run: the
 * server (its cache, its plan cache, a Java server's JIT) and the hosts' file caches.
 */
public final class Warmup {
  /** The folder of the warm-up runs in the experiment's folder. */
  public static final String FOLDER = "warmup";
  /** Said wherever a warm-up run is named: it is never counted. */
  public static final String NOT_COUNTED = "not counted";
  private static final Pattern NAME = Pattern.compile("^warmup-(\\d+)(?:-(.+))?$");

  private Warmup() {
  }

  /** A warm-up run's name (and folder under {@link #FOLDER}): {@code warmup-1}, or with an arm {@code warmup-1-A}. */
  public static String name(int round, String arm) {
    return "warmup-" + round + (arm == null ? "" : "-" + arm);
  }

  /** The folder of the warm-up run {@code name} in the experiment folder {@code dir}. */
  public static Path folder(Path dir, String name) {
    return dir.resolve(FOLDER).resolve(name);
  }

  /** A warm-up run in words: {@code warm-up round 1, arm A}. */
  public static String words(String name) {
    Matcher m = NAME.matcher(name);
    if (!m.matches()) {
      return "warm-up run " + name;
    }
    return "warm-up round " + m.group(1) + (m.group(2) == null ? "" : ", arm " + m.group(2));
  }

  /**
   * What the result says about the warm-up: how many rounds ran and that they are not counted, or that none ran; empty
   * for an experiment that has no warm-up ({@code plan.warmupRounds()} null).
   */
  public static List<String> statement(ExperimentManifest.Plan plan, List<ExperimentManifest.Step> steps) {
    Integer rounds = plan.warmupRounds();
    if (rounds == null) {
      return List.of();
    }
    if (rounds == 0) {
      return List.of("no warm-up round was run (--warmup-rounds 0): the first measured runs met a cold server and "
          + "are counted");
    }
    List<ExperimentManifest.Step> runs = steps.stream().filter(s -> Boolean.TRUE.equals(s.warmup())).toList();
    String ran = String.join(", ", runs.stream().map(s -> s.name() + " " + s.verdict()
        + (s.figures() == null ? "" : String.format(Locale.ROOT, " %,.0f ops/s", s.figures().throughput())))
        .toList());
    return List.of("warm-up round" + (rounds == 1 ? "" : "s") + ": " + NOT_COUNTED + " (" + rounds + " round"
        + (rounds == 1 ? "" : "s") + " in " + FOLDER + "/: " + (ran.isEmpty() ? "none finished" : ran) + ")");
  }
}
