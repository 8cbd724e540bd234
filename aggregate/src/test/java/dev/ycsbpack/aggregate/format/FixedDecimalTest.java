package dev.ycsbpack.aggregate.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link FixedDecimal} against the JDK's own {@code String.format(Locale.ROOT, "%.Nf", v)}, digit for digit, over
 * millions of seeded doubles (bounded loops): the edges, ties and their neighbours, random bit patterns, decimals of
 * every magnitude, and the quotients the time series writes. Each case also says whether the fast path answered, so
 * the comparison is known to test it and not only the Formatter it falls back to.
 */
class FixedDecimalTest {
  private static final int DECIMALS = 3;

  private static String formatter(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  /** Compares every decimals the outputs use; returns how many of the comparisons the fast path answered. */
  private static int same(double v) {
    int fast = 0;
    for (int n = 0; n <= DECIMALS; n++) {
      assertEquals(formatter(v, n), FixedDecimal.format(v, n), () -> "v=" + v + " (bits "
          + Long.toHexString(Double.doubleToRawLongBits(v)) + ")");
      if (FixedDecimal.fast(v, n) != null) {
        fast++;
      }
    }
    return fast;
  }

  /** The comparisons {@link #same} made over many values, and how many of them the fast path answered. */
  private static final class Tally {
    int fast;
    int compared;

    void same(double v) {
      fast += FixedDecimalTest.same(v);
      compared += DECIMALS + 1;
    }

    @Override
    public String toString() {
      return "fast path answered " + fast + " of " + compared;
    }
  }

  @Test
  void theEdgesAreTheFormattersDigits() {
    double[] edges = {0.0, -0.0, 0.125, -0.125, 2.675, -2.675, 0.5, 1.5, 2.5, -2.5, 0.0005, 0.0004999, -0.0001,
        0.00049999999999999999, 9.9995, 999.9995, 1.0005, 1e-320, -1e-320, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MIN_NORMAL, 0x1p52 - 1, 0x1p52 - 0.5, 0x1p52, 0x1p53, 1e15 + 0.3, 1e300, -1e300, Double.MAX_VALUE,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 0.1, 0.2, 0.3, 1.005, 1.015, 1.025, 1.035,
        4.35, 4.45, 0.045, 1234.5675, 33.3333, 99.95, 99.995, 999999.9995};
    for (double v : edges) {
      same(v);
    }
    // known values, so a Formatter of another JDK would show here first
    assertEquals("0.13", FixedDecimal.format(0.125, 2));
    assertEquals("2.68", FixedDecimal.format(2.675, 2));
    assertEquals("-0.000", FixedDecimal.format(-0.0, 3));
    assertEquals("-0.000", FixedDecimal.format(-0.0001, 3));
    assertEquals("3", FixedDecimal.format(2.5, 0));
    assertEquals("Infinity", FixedDecimal.format(Double.POSITIVE_INFINITY, 3));
    assertNull(FixedDecimal.fast(2.675, 2), "a tie within an ulp is the Formatter's");
    assertNotNull(FixedDecimal.fast(2.6751, 2));
  }

  @Test
  void tiesAndTheirNeighboursAreTheFormattersDigits() {
    SplittableRandom random = new SplittableRandom(18);
    Tally tally = new Tally();
    for (int i = 0; i < 30_000; i++) {
      int n = random.nextInt(DECIMALS + 1);
      long k = random.nextInt(4) == 0 ? random.nextLong(1L << 40) : random.nextInt(100_000);
      double tie = (k + 0.5) / Math.pow(10, n);
      double v = tie;
      for (int step = 0; step < 4; step++) {
        tally.same(v);
        tally.same(-v);
        v = Math.nextUp(v);
      }
      v = tie;
      for (int step = 0; step < 4; step++) {
        v = Math.nextDown(v);
        tally.same(v);
        tally.same(-v);
      }
    }
    // the neighbours at other decimals and those a few ulps off are far enough for the fast path; exact ties not
    assertTrue(tally.fast > tally.compared / 2 && tally.fast < tally.compared, tally.toString());
  }

  @Test
  void randomDoublesAreTheFormattersDigits() {
    SplittableRandom random = new SplittableRandom(2026);
    Tally tally = new Tally();
    for (int i = 0; i < 100_000; i++) {
      same(Double.longBitsToDouble(random.nextLong())); // every bit pattern: tiny, huge, NaN, subnormal
      // decimals of every magnitude the outputs see, and beyond
      double v = random.nextDouble() * Math.pow(10, random.nextInt(-8, 17));
      double signed = random.nextBoolean() ? v : -v;
      if (Math.abs(v) < 1e12) { // what the outputs write; near 2^52 an ulp is a good part of a unit
        tally.same(signed);
      } else {
        same(signed);
      }
    }
    assertTrue(tally.fast > tally.compared * 0.99, tally.toString());
  }

  @Test
  void theTimeSeriesQuotientsAreTheFormattersDigits() {
    double[] seconds = {1.0, 0.999, 1.001, 0.5, 0.25, 0.125, 3.6, 10.0, 59.999, 60.0, 0.001, 7.0, 3.0};
    Tally tally = new Tally();
    for (double s : seconds) {
      for (long count = 0; count <= 20_000; count++) {
        tally.same(count / s);
      }
    }
    assertTrue(tally.fast > tally.compared * 0.99, tally.toString());
  }
}
