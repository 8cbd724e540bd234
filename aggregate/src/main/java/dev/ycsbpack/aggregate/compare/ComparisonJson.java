package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.stats.RatioCi;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.aggregate.stats.Significance;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare}'s JSON ({@value #SCHEMA}), as the records Jackson writes; documented in docs/aggregate.md. A value
 * that is not defined (a metric one side lacks, a change from zero, a test not run) is {@code null}, never NaN.
 *
 * @param schema      {@value #SCHEMA}
 * @param a           A's results as given, one per repetition (the baseline in {@code compare BASELINE CONTENDER})
 * @param b           B's results (the contender)
 * @param method      how verdicts are reached
 * @param warnings    what must be read first (e.g. a side incomplete or not MongoDB)
 * @param differences how the two were run differently: configuration, environment, merge settings
 * @param timing      when the sides ran: interleaved or not, and what is said about it
 * @param headline    the verdict on the primary figure
 * @param secondary   how the secondary figures are judged, or why none can be at these repetitions (null for one
 *                    run against one)
 * @param metrics     per operation and metric, both sides' spreads, the change and the verdict
 */
public record ComparisonJson(String schema, List<String> a, List<String> b, Method method, Timing timing,
    Headline headline, String secondary, List<String> warnings,
    List<Comparison.Difference> differences, List<Metric> metrics) {
  public static final String SCHEMA = "ycsb-aggregate/compare/v2";

  /**
   * The verdict rule's settings.
   *
   * @param statement       the rule in words
   * @param minPerSide      repetitions per side needed for any verdict
   * @param alpha           the Mann-Whitney p must be below this
   * @param confidenceLevel of the ratio's bootstrap interval
   * @param resamples       bootstrap resamples
   * @param seed            bootstrap seed (pass {@code --seed} to reproduce)
   * @param noisyRange      an arm is noisy when (max - min) / median exceeds this
   */
  public record Method(String statement, int minPerSide, double alpha, double confidenceLevel, int resamples,
      long seed, double noisyRange) {
  }

  /**
   * When the sides ran.
   *
   * @param order        {@code INTERLEAVED}, {@code PARTLY}, {@code APART} or {@code UNKNOWN}
   * @param labelChanges how often the side changes in time order
   * @param gapSeconds   for apart sides, from the earlier side's end to the later side's start
   * @param statement    what is said first when not interleaved, else null
   */
  public record Timing(String order, int labelChanges, double gapSeconds, String statement) {
  }

  /**
   * The headline.
   *
   * @param figure    the primary figure in words
   * @param keys      the figure as {@code --primary} names it (several when identical figures were collapsed)
   * @param kind      its verdict's kind ({@link Significance.Kind}), null when not judged
   * @param statement the quotable line
   * @param why       why this figure is primary
   */
  public record Headline(String figure, List<String> keys, String kind, String statement, String why) {
  }

  /** One side's repetitions of one metric. */
  public record Arm(int n, Double median, Double min, Double max, Double relativeStdDev, boolean noisy,
      boolean noiseKnown, List<Double> values) {
  }

  /**
   * One compared metric; {@code changePercent} is (median B - median A) / median A in percent; {@code ratio},
   * {@code ratioCiLow} and {@code ratioCiHigh} are median(B) / median(A) and its interval; {@code verdict} one of
   * {@link Significance.Kind}'s names, {@code statement} the sentence; {@code role} {@code primary},
   * {@code secondary} or {@code shown}; {@code holmP} a tested secondary's Holm-adjusted p; {@code keys} the figures
   * the row stands for.
   */
  public record Metric(String operation, String metric, boolean higherIsBetter, Arm a, Arm b, Double changePercent,
      Double ratio, Double ratioCiLow, Double ratioCiHigh, Double mannWhitneyP, String verdict,
      String statement, String role, Double holmP, List<String> keys) {
    /** One row of a comparison; what its verdict lacks (no verdict, no test, no interval) is null. */
    static Metric of(Comparison.Row r) {
      Significance v = r.verdict();
      RatioCi ci = v == null ? null : v.ci();
      Double p = v == null || v.test() == null ? null : v.test().p();
      return new Metric(r.operation(), r.metric(), r.higherIsBetter(), arm(r.a()), arm(r.b()),
          num(r.changePercent()), ci == null ? null : ci.ratio(), ci == null ? null : ci.low(),
          ci == null ? null : ci.high(), p, v == null ? null : v.kind().name(), v == null ? null : v.statement(),
          r.role().name().toLowerCase(Locale.ROOT), r.holmP(), r.keys());
    }
  }

  static ComparisonJson of(Comparison c) {
    Significance.Method m = c.method();
    Method method = new Method(m.describe(), Significance.MIN_PER_SIDE, Significance.ALPHA,
        RatioCi.DEFAULT_LEVEL, m.resamples(), m.seed(), Spread.NOISY_RANGE);
    List<Metric> metrics = c.rows().stream().map(Metric::of).toList();
    Comparison.Row primary = c.rows().stream().filter(r -> r.role() == Comparison.Role.PRIMARY).findFirst()
        .orElseThrow();
    Headline headline = new Headline(c.headline().figure(), primary.keys(), c.headline().kind() == null ? null
        : c.headline().kind().name(), c.headline().line(), c.headline().why());
    Timing timing = new Timing(c.timing().order().name(), c.timing().labelChanges(), c.timing().gapMs() / 1000.0,
        c.timing().statement());
    return new ComparisonJson(SCHEMA, c.aNames(), c.bNames(), method, timing, headline, c.secondaryNote(),
        c.warnings(), c.differences(), metrics);
  }

  private static Arm arm(double[] values) {
    if (values.length == 0) {
      return new Arm(0, null, null, null, null, false, false, List.of());
    }
    Spread s = Spread.of(values);
    return new Arm(s.n(), num(s.median()), num(s.min()), num(s.max()), num(s.relativeStdDev()), s.noisy(),
        s.noiseKnown(), Arrays.stream(values).boxed().toList());
  }

  private static Double num(double v) {
    return Double.isNaN(v) ? null : v;
  }
}
