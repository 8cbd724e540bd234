package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.stats.RatioCi;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.aggregate.stats.Significance;
import java.util.Arrays;
import java.util.List;

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
 * @param metrics     per operation and metric, both sides' spreads, the change and the verdict
 */
public record ComparisonJson(String schema, List<String> a, List<String> b, Method method, List<String> warnings,
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

  /** One side's repetitions of one metric. */
  public record Arm(int n, Double median, Double min, Double max, Double relativeStdDev, boolean noisy,
                    boolean noiseKnown, List<Double> values) {
  }

  /**
   * One compared metric; {@code changePercent} is (median B - median A) / median A in percent; {@code ratio},
   * {@code ratioCiLow} and {@code ratioCiHigh} are median(B) / median(A) and its interval; {@code verdict} one of
   * {@link Significance.Kind}'s names, {@code statement} the sentence.
   */
  public record Metric(String operation, String metric, boolean higherIsBetter, Arm a, Arm b, Double changePercent,
                       Double ratio, Double ratioCiLow, Double ratioCiHigh, Double mannWhitneyP, String verdict,
                       String statement) {
  }

  static ComparisonJson of(Comparison c) {
    Significance.Method m = c.method();
    Method method = new Method(m.describe(), Significance.MIN_PER_SIDE, Significance.ALPHA,
        RatioCi.DEFAULT_LEVEL, m.resamples(), m.seed(), Spread.NOISY_RANGE);
    List<Metric> metrics = c.rows().stream().map(r -> {
      Significance v = r.verdict();
      return new Metric(r.operation(), r.metric(), r.higherIsBetter(), arm(r.a()), arm(r.b()),
          num(r.changePercent()), v == null || v.ci() == null ? null : v.ci().ratio(),
          v == null || v.ci() == null ? null : v.ci().low(), v == null || v.ci() == null ? null : v.ci().high(),
          v == null || v.test() == null ? null : v.test().p(), v == null ? null : v.kind().name(),
          v == null ? null : v.statement());
    }).toList();
    return new ComparisonJson(SCHEMA, c.aNames(), c.bNames(), method, c.warnings(), c.differences(), metrics);
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
