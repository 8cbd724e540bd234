package dev.ycsbpack.aggregate.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SignificanceTest {
  private static final Significance.Method M = Significance.Method.DEFAULT;
  /** READ p99 in µs over five repetitions, and B's about 18% lower with the same small noise. */
  private static final double[] A_P99 = {10_000, 10_150, 9_900, 10_050, 9_950};
  private static final double[] B_P99 = {8_200, 8_330, 8_120, 8_240, 8_160};

  @Test
  void identicalInputsNeverGiveADifference() {
    Random r = new Random(5);
    for (int n = Significance.MIN_PER_SIDE; n <= 12; n++) {
      for (int trial = 0; trial < 20; trial++) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
          x[i] = 1000 + r.nextInt(500);
        }
        Significance v = Significance.of("READ p99", false, x, x.clone(), M);
        assertEquals(Significance.Kind.WITHIN_NOISE, v.kind(), v.statement());
        assertEquals(1.0, v.test().p(), 1e-12);
        assertTrue(v.statement().startsWith("no difference beyond run-to-run noise (B's READ p99 +0.0%, 95% CI "),
            v.statement());
      }
    }
  }

  @Test
  void clearlySeparatedLatencyIsCalledLowerAndBetterWithItsInterval() {
    Significance v = Significance.of("READ p99", false, A_P99, B_P99, M);
    assertEquals(Significance.Kind.DIFFERS, v.kind(), v.statement());
    assertTrue(v.bBetter());
    assertEquals(2.0 / 252, v.test().p(), 1e-12);
    // medians 10,000 and 8,200: 18% lower; the CI is read from the bootstrap, so check it against the record
    Matcher m = Pattern.compile("B's READ p99 is 18% lower \\(95% CI (\\d+)–(\\d+)%\\): better, beyond run-to-run "
        + "noise \\(Mann-Whitney p = 0\\.0079, n = 5 and 5\\)").matcher(v.statement());
    assertTrue(m.matches(), v.statement());
    assertEquals(Math.round((1 - v.ci().high()) * 100), Long.parseLong(m.group(1)));
    assertEquals(Math.round((1 - v.ci().low()) * 100), Long.parseLong(m.group(2)));
    assertTrue(Long.parseLong(m.group(1)) <= 18 && 18 <= Long.parseLong(m.group(2)), v.statement());
  }

  @Test
  void theDirectionWordFollowsTheFigure() {
    Significance slower = Significance.of("READ p99", false, B_P99, A_P99, M);
    assertTrue(slower.statement().startsWith("B's READ p99 is 22% higher (95% CI "), slower.statement());
    assertTrue(slower.statement().contains("): worse, beyond"), slower.statement());
    assertFalse(slower.bBetter());
    Significance faster = Significance.of("throughput", true, B_P99, A_P99, M);
    assertTrue(faster.statement().startsWith("B's throughput is 22% higher (95% CI "), faster.statement());
    assertTrue(faster.statement().contains("): better, beyond"), faster.statement());
    Significance lowerThroughput = Significance.of("throughput", true, A_P99, B_P99, M);
    assertTrue(lowerThroughput.statement().contains("18% lower") && lowerThroughput.statement().contains("worse"),
        lowerThroughput.statement());
  }

  @Test
  void overlappingNoisySamplesAreWithinNoise() {
    double[] a = {1000, 1300, 900, 1200, 1100};
    double[] b = {1050, 1250, 950, 1150, 1400};
    Significance v = Significance.of("UPDATE p95", false, a, b, M);
    assertEquals(Significance.Kind.WITHIN_NOISE, v.kind(), v.statement());
    assertTrue(v.statement().startsWith("no difference beyond run-to-run noise (B's UPDATE p95 +4.5%, 95% CI -"),
        v.statement());
    assertTrue(v.a().noisy() && v.b().noisy());
  }

  @Test
  void aDifferenceNeedsBothTheTestAndTheInterval() {
    // p = 0.048 but one wild value of B keeps the ratio's interval (seed 1) over 1: within noise
    double[] a = {17, 10, 10, 10, 13};
    double[] b = {15, 24, 19, 21, 11};
    Significance v = Significance.of("READ p99", false, a, b, M);
    assertTrue(v.test().p() < Significance.ALPHA && !v.ci().excludesOne(), v.toString());
    assertEquals(Significance.Kind.WITHIN_NOISE, v.kind(), v.statement());
    // the interval (seed 1) excludes 1 but p = 0.086: within noise too
    Significance w = Significance.of("READ p99", false, new double[] {11, 17, 12, 12}, new double[] {17, 22, 16, 23},
        M);
    assertTrue(w.test().p() >= Significance.ALPHA && w.ci().excludesOne(), w.toString());
    assertEquals(Significance.Kind.WITHIN_NOISE, w.kind(), w.statement());
  }

  @Test
  void fewerThanFourPerSideIsTooFewEvenWhenSeparated() {
    Significance v = Significance.of("READ p99", false, new double[] {100, 101, 102}, new double[] {50, 51, 52}, M);
    assertEquals(Significance.Kind.TOO_FEW, v.kind());
    assertEquals("too few repetitions to tell (n=3 and 3; at least 4 per side needed)", v.statement());
    assertNull(v.test());
    Significance lopsided = Significance.of("READ p99", false, new double[] {100, 101, 102, 103, 104},
        new double[] {50}, M);
    assertEquals("too few repetitions to tell (n=5 and 1; at least 4 per side needed)", lopsided.statement());
  }

  @Test
  void aSingleRunAgainstASingleRunHasUnknownNoiseAndIsNeverBetter() {
    Significance v = Significance.of("overall throughput", true, new double[] {1000}, new double[] {1190}, M);
    assertEquals(Significance.Kind.NOISE_UNKNOWN, v.kind());
    assertEquals("noise unknown: one run each, so a change of +19% cannot be told from run-to-run noise (at least 4 "
        + "repetitions per side needed)", v.statement());
    assertFalse(v.statement().contains("better") || v.statement().contains("worse"));
    assertFalse(v.bBetter());
    assertEquals(19.0, v.changePercent(), 1e-9);
  }

  @Test
  void theSeedMakesTheVerdictReproducible() {
    double[] a = {1000, 1040, 980, 1100, 1010, 955};
    double[] b = {900, 1000, 930, 1050, 960, 940};
    Significance one = Significance.of("READ p50", false, a, b, new Significance.Method(10_000, 99));
    Significance two = Significance.of("READ p50", false, a, b, new Significance.Method(10_000, 99));
    assertEquals(one, two);
    assertEquals(99, one.ci().seed());
  }

  @Test
  void zeroValuesAreNotTestedForARatio() {
    Significance v = Significance.of("READ errors", false, new double[] {0, 0, 0, 0}, new double[] {0, 1, 0, 0}, M);
    assertEquals(Significance.Kind.NOT_TESTED, v.kind());
    assertEquals("not tested: a ratio of medians needs values above 0 (n = 4 and 4)", v.statement());
  }

  @Test
  void theMethodLineNamesEverySetting() {
    assertEquals("a difference is claimed only with at least 4 repetitions per side, an exact two-sided Mann-Whitney"
        + " p below 0.05 and a bootstrap 95% CI of the ratio of medians that excludes 1 (10,000 resamples, seed 1); "
        + "an arm is noisy when (max - min) / median exceeds 10%; a side is unstable when one repetition lies more "
        + "than 10% from its median and farther from the others than their spread predicts (leave-one-out t test, p "
        + "< 0.01 / n: an outlier, e.g. a cold first run), or, in time order, it drifts by more than 10% against the "
        + "other side's runs (Mann-Kendall p < 0.01; a drift both share cancels when they are interleaved)",
        M.describe());
  }
}
