package dev.ycsbpack.aggregate.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.stats.Significance;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The comparison's error rates measured, not assumed: many A/A comparisons from a source of known noise
 * ({@link SyntheticSides}) through the real {@link Comparison#of}, and the same source with a known shift for power.
 * 1,000 A/A comparisons at 5 repetitions per side and 500 at 10 (where Holm can let secondaries through), 500 with
 * the shift and 500 run apart. The bootstrap uses 500 resamples instead of the command's 10,000 to keep the test
 * under a minute on a loaded machine: the rule is the same, only the interval's ends are less precise (it has to
 * exclude 1 beside a p below 0.05, never alone).
 */
class CalibrationTest {
  static final int TRIALS = 1_000;
  static final Significance.Method METHOD = new Significance.Method(500, 1);

  /** What a batch of comparisons gave. */
  record Rates(int trials, int headlineDiffers, int secondaryDiffers, int anyRawDiffers, int headlineRawDiffers,
      int primaryUnstable, int primaryOutlier, int secondaryJudgeable, int apart) {
    double rate(int count) {
      return count / (double) trials;
    }

    String describe(String label) {
      return String.format(Locale.ROOT, "%s: headline DIFFERS %.1f%%, any secondary DIFFERS (Holm) %.1f%%, any "
          + "figure beyond noise without Holm %.1f%%, headline raw %.1f%%, primary flagged unstable %.1f%% "
          + "(outlier %.1f%%), "
          + "secondaries judgeable %.0f%%, headline APART %.1f%% (%d trials)", label,
          100 * rate(headlineDiffers), 100 * rate(secondaryDiffers), 100 * rate(anyRawDiffers),
          100 * rate(headlineRawDiffers), 100 * rate(primaryUnstable), 100 * rate(primaryOutlier),
          100 * rate(secondaryJudgeable),
          100 * rate(apart), trials);
    }
  }

  static Rates run(long seed, int n, double shift, SyntheticSides.Order order) {
    return run(seed, n, shift, order, TRIALS);
  }

  static Rates run(long seed, int n, double shift, SyntheticSides.Order order, int trials) {
    SyntheticSides source = new SyntheticSides(seed);
    int head = 0;
    int sec = 0;
    int raw = 0;
    int headRaw = 0;
    int unstable = 0;
    int judgeable = 0;
    int apart = 0;
    int outliers = 0;
    for (int t = 0; t < trials; t++) {
      List<List<Comparison.Named>> sides = source.draw(n, shift, order);
      Comparison c = Comparison.of(sides.get(0), sides.get(1), METHOD);
      Significance.Kind kind = c.headline().kind();
      head += kind == Significance.Kind.DIFFERS ? 1 : 0;
      apart += kind == Significance.Kind.APART ? 1 : 0;
      sec += c.rows().stream().anyMatch(r -> r.role() == Comparison.Role.SECONDARY && r.verdict() != null
          && r.verdict().kind() == Significance.Kind.DIFFERS) ? 1 : 0;
      // the same rows judged each at 5% on its own, as compare did before: what Holm protects against
      boolean anyRaw = false;
      for (Comparison.Row r : c.rows()) {
        if (r.role() != Comparison.Role.SHOWN && r.verdict() != null && r.verdict().ci() != null) {
          // the rule's two conditions on this row's own test and interval, before Holm, drift or stability
          boolean d = r.verdict().test().p() < Significance.ALPHA && r.verdict().ci().excludesOne();
          anyRaw |= d;
          if (d && r.role() == Comparison.Role.PRIMARY) {
            headRaw++;
          }
        }
      }
      raw += anyRaw ? 1 : 0;
      String flag = c.warnings().stream().filter(w -> w.startsWith("The primary figure")).findFirst().orElse("");
      unstable += flag.isEmpty() ? 0 : 1;
      outliers += flag.contains("(an outlier") ? 1 : 0;
      judgeable += c.secondaryNote() != null && !c.secondaryNote().contains("none can pass it") ? 1 : 0;
    }
    return new Rates(trials, head, sec, raw, headRaw, unstable, outliers, judgeable, apart);
  }

  @Test
  void identicalSidesAreCalledDifferentAtMostFivePercentOfTheTimeAtFiveAndTenRepetitions() {
    Rates five = run(11, 5, 1.0, SyntheticSides.Order.ABBA);
    System.out.println(five.describe("A/A, 5 per side, ABBA"));
    Rates ten = run(12, 10, 1.0, SyntheticSides.Order.ABBA, 500);
    System.out.println(ten.describe("A/A, 10 per side, ABBA"));
    for (Rates r : List.of(five, ten)) {
      assertTrue(r.rate(r.headlineDiffers()) <= 0.05, r.describe("headline false positives"));
      assertTrue(r.rate(r.secondaryDiffers()) <= 0.05, r.describe("secondary family-wise false positives"));
      assertTrue(r.rate(r.primaryUnstable()) <= 0.05, r.describe("A/A sides flagged unstable"));
    }
    // at 5 per side no secondary can pass Holm's threshold (and the note says so); at 10 they can
    assertEquals(0, five.secondaryJudgeable(), five.describe("5 per side"));
    assertEquals(ten.trials(), ten.secondaryJudgeable(), ten.describe("10 per side"));
    // the check can fail: judged each at 5% on its own, the same figures call some difference far more often
    assertTrue(ten.rate(ten.anyRawDiffers()) > 0.10, ten.describe("without Holm"));
    assertTrue(five.rate(five.anyRawDiffers()) > 0.10, five.describe("without Holm"));
  }

  @Test
  void aTwentyPercentThroughputShiftIsFoundAtFiveRepetitionsPerSide() {
    Rates shifted = run(13, 5, 1.2, SyntheticSides.Order.ABBA, 500);
    System.out.println(shifted.describe("B 20% more throughput, 5 per side, ABBA") + String.format(Locale.ROOT,
        "; power %.1f%%", 100 * shifted.rate(shifted.headlineDiffers())));
    assertTrue(shifted.rate(shifted.headlineDiffers()) >= 0.80, shifted.describe("power"));
  }

  @Test
  void sidesRunApartNeverGetADifferenceBeyondNoise() {
    Rates apart = run(14, 5, 1.0, SyntheticSides.Order.APART, 500);
    System.out.println(apart.describe("A/A, 5 per side, apart with drift between sessions"));
    // the drift between the sessions fools the spread within each side: judged as if interleaved, it would differ
    assertTrue(apart.rate(apart.headlineRawDiffers()) > 0.10, apart.describe("apart"));
    assertEquals(0, apart.headlineDiffers(), apart.describe("apart"));
    assertEquals(0, apart.secondaryDiffers(), apart.describe("apart"));
    assertTrue(apart.apart() > 0, apart.describe("apart"));
  }
}
