package dev.ycsbpack.aggregate.stats;

import java.util.Locale;

/**
 * Whether B differs from A in one figure by more than run-to-run noise, and a sentence a reader can quote. The rule
 * is research {@code experiments.md} §4.4: with at least {@value #MIN_PER_SIDE} repetitions per side, a difference
 * is claimed only when the exact two-sided {@link MannWhitney} p is below {@value #ALPHA} <em>and</em> the
 * {@link RatioCi bootstrap 95% CI} of median(B) / median(A) excludes 1; otherwise it is within noise. Fewer
 * repetitions are "too few to tell" (with 3 per side the smallest possible p is 0.10), and one run against one run
 * has unknown noise: no verdict ever calls a single run's change better or worse.
 *
 * <p>The direction word follows the figure: for latency lower is better, for throughput higher is better.
 *
 * @param kind           which of the outcomes
 * @param figure         what was compared, e.g. {@code READ p99}
 * @param higherIsBetter whether a higher value is the better one
 * @param a              A's repetitions
 * @param b              B's repetitions
 * @param test           the Mann–Whitney test; null unless both sides have {@value #MIN_PER_SIDE} or more
 * @param ci             the ratio's interval; null unless tested and every value is above 0
 * @param statement      the sentence, e.g. {@code B's READ p99 is 18% lower (95% CI 11–24%): better, beyond
 *                       run-to-run noise (Mann-Whitney p = 0.0079, n = 5 and 5)}
 */
public record Significance(Kind kind, String figure, boolean higherIsBetter, Spread a, Spread b, MannWhitney test,
    RatioCi ci, String statement) {
  /** Fewest repetitions per side for any verdict but "too few" (§4.2: n = 4 is the first with p &lt; 0.05). */
  public static final int MIN_PER_SIDE = 4;
  /** Significance level of the Mann–Whitney condition. */
  public static final double ALPHA = 0.05;

  /** The outcomes. */
  public enum Kind {
    /** p below {@link #ALPHA} and the ratio's CI excludes 1: B is better or worse, beyond noise. */
    DIFFERS,
    /** Tested, and the difference is not larger than run-to-run noise. */
    WITHIN_NOISE,
    /** A side has fewer than {@link #MIN_PER_SIDE} repetitions (but not one against one). */
    TOO_FEW,
    /** One run against one run: nothing is known about the noise. */
    NOISE_UNKNOWN,
    /** Enough repetitions, but a value is 0 or less, so the ratio of medians is not defined. */
    NOT_TESTED,
    /**
     * Would differ, but the sides ran apart in time (not interleaved): drift between the sessions is not run-to-run
     * noise and cannot be ruled out.
     */
    APART,
    /** Would differ, but a side's repetitions hold an outlier or a trend ({@link Stability}). */
    UNSTABLE,
    /** Shown, never tested: the sample cannot support it (a max, or a percentile with too few operations above). */
    UNSUPPORTED
  }

  /**
   * How verdicts are reached: the bootstrap's resamples and seed (the level is fixed at 95%).
   *
   * @param resamples bootstrap resamples, at least 100
   * @param seed      the bootstrap's seed, recorded with every result so it can be reproduced
   */
  public record Method(int resamples, long seed) {
    /** Seed unless told otherwise: fixed, so the same inputs give the same intervals run after run. */
    public static final long DEFAULT_SEED = 1L;
    /** 10,000 resamples, seed {@value #DEFAULT_SEED}. */
    public static final Method DEFAULT = new Method(RatioCi.DEFAULT_RESAMPLES, DEFAULT_SEED);

    public Method {
      if (resamples < 100) {
        throw new IllegalArgumentException("a bootstrap needs at least 100 resamples, got " + resamples);
      }
    }

    /** One line naming the method and its settings, for the top of every output. */
    public String describe() {
      return String.format(Locale.ROOT, "a difference is claimed only with at least %d repetitions per side, an "
          + "exact two-sided Mann-Whitney p below %s and a bootstrap %d%% CI of the ratio of medians that excludes 1 "
          + "(%,d resamples, seed %d); an arm is noisy when (max - min) / median exceeds %d%%; %s", MIN_PER_SIDE,
          ALPHA, Math.round(RatioCi.DEFAULT_LEVEL * 100), resamples, seed, Math.round(Spread.NOISY_RANGE * 100),
          Stability.RULE);
    }
  }

  /**
   * Judges B against A.
   *
   * @param figure         what is compared, e.g. {@code READ p99}, used in the sentence
   * @param higherIsBetter true for throughput, false for latency and errors
   * @param a              A's repetitions (at least one, finite)
   * @param b              B's repetitions
   * @param method         the bootstrap's settings
   */
  public static Significance of(String figure, boolean higherIsBetter, double[] a, double[] b, Method method) {
    Spread sa = Spread.of(a);
    Spread sb = Spread.of(b);
    String counts = "n = " + sa.n() + " and " + sb.n();
    if (sa.n() == 1 && sb.n() == 1) {
      return new Significance(Kind.NOISE_UNKNOWN, figure, higherIsBetter, sa, sb, null, null, "noise unknown: one run "
          + "each, so " + change(sa, sb) + " cannot be told from run-to-run noise (at least " + MIN_PER_SIDE
          + " repetitions per side needed)");
    }
    if (sa.n() < MIN_PER_SIDE || sb.n() < MIN_PER_SIDE) {
      return new Significance(Kind.TOO_FEW, figure, higherIsBetter, sa, sb, null, null,
          "too few repetitions to tell (n="
              + sa.n() + " and " + sb.n() + "; at least " + MIN_PER_SIDE + " per side needed)");
    }
    MannWhitney test = MannWhitney.test(a, b);
    if (!RatioCi.allPositive(a) || !RatioCi.allPositive(b)) {
      return new Significance(Kind.NOT_TESTED, figure, higherIsBetter, sa, sb, test, null, "not tested: a ratio of "
          + "medians needs values above 0 (" + counts + ")");
    }
    RatioCi ci = RatioCi.bootstrap(a, b, method.resamples(), RatioCi.DEFAULT_LEVEL, method.seed());
    String stats = "Mann-Whitney p = " + p(test.p()) + ", " + counts;
    if (test.p() < ALPHA && ci.excludesOne()) {
      boolean higher = ci.ratio() > 1;
      double point = Math.abs(ci.ratio() - 1) * 100;
      double lo = higher ? (ci.low() - 1) * 100 : (1 - ci.high()) * 100;
      double hi = higher ? (ci.high() - 1) * 100 : (1 - ci.low()) * 100;
      String word = higher == higherIsBetter ? "better" : "worse";
      return new Significance(Kind.DIFFERS, figure, higherIsBetter, sa, sb, test, ci, "B's " + figure + " is "
          + pct(point) + "% " + (higher ? "higher" : "lower") + " (95% CI " + pct(lo) + "–" + pct(hi) + "%): "
          + word + ", beyond run-to-run noise (" + stats + ")");
    }
    return new Significance(Kind.WITHIN_NOISE, figure, higherIsBetter, sa, sb, test, ci,
        "no difference beyond run-to-run "
            + "noise (B's " + figure + " " + signed((ci.ratio() - 1) * 100) + ", 95% CI " + signed((ci.low() - 1) * 100)
            + " to " + signed((ci.high() - 1) * 100) + "; " + stats + ")");
  }

  /**
   * The same figure and numbers with another outcome: a difference this rule would claim, withheld for {@code why}
   * (e.g. the sides ran apart). The sentence keeps the effect and its interval, then says why it is not a verdict.
   */
  public Significance withheld(Kind kind, String why) {
    return new Significance(kind, figure, higherIsBetter, a, b, test, ci, effect() + ": " + why);
  }

  /** This outcome with another sentence (e.g. a secondary figure's, with its Holm-adjusted p). */
  public Significance restated(Kind kind, String statement) {
    return new Significance(kind, figure, higherIsBetter, a, b, test, ci, statement);
  }

  /** A figure shown but never tested, and why (e.g. too few operations above a percentile). */
  public static Significance untested(String figure, boolean higherIsBetter, double[] a, double[] b, String why) {
    return new Significance(Kind.UNSUPPORTED, figure, higherIsBetter, Spread.of(a), Spread.of(b), null, null,
        "shown, not tested: " + why);
  }

  /**
   * The effect in words with its interval and test: {@code B's READ p99 is 18% lower (95% CI 11–24%; Mann-Whitney
   * p = 0.0079, n = 5 and 5)}; for a tested figure only.
   */
  public String effect() {
    String counts = "n = " + a.n() + " and " + b.n();
    if (ci == null || test == null) {
      return "B's " + figure + " " + change(a, b).replace("a change of ", "") + " (" + counts + ")";
    }
    boolean higher = ci.ratio() > 1;
    double point = Math.abs(ci.ratio() - 1) * 100;
    String range = "95% CI " + signed((ci.low() - 1) * 100) + " to " + signed((ci.high() - 1) * 100);
    String moved = ci.ratio() == 1 ? "unchanged" : pct(point) + "% " + (higher ? "higher" : "lower");
    return "B's " + figure + " is " + moved + " (" + range + "; Mann-Whitney p = " + p(test.p()) + ", " + counts + ")";
  }

  /** p as the statements print it. */
  public static String formatP(double p) {
    return p(p);
  }

  /** (median B / median A − 1) in percent; NaN when A's median is 0. */
  public double changePercent() {
    return a.median() == 0 ? Double.NaN : (b.median() / a.median() - 1) * 100;
  }

  /** Whether this verdict claims a difference ({@link Kind#DIFFERS}) and B is the better side. */
  public boolean bBetter() {
    return kind == Kind.DIFFERS && (ci.ratio() > 1) == higherIsBetter;
  }

  private static String change(Spread a, Spread b) {
    if (a.median() == b.median()) {
      return "an equal value";
    }
    return a.median() == 0 ? "the change from 0" : "a change of " + signed((b.median() / a.median() - 1) * 100);
  }

  /** Whole percent from 10 up, one decimal below: "18", "4.5". */
  private static String pct(double v) {
    return String.format(Locale.ROOT, Math.abs(v) >= 10 ? "%.0f" : "%.1f", v);
  }

  private static String signed(double v) {
    return (v >= 0 ? "+" : "-") + pct(Math.abs(v)) + "%";
  }

  private static String p(double p) {
    return p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.2g", p);
  }
}
