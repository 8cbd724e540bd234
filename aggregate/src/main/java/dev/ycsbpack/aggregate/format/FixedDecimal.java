package dev.ycsbpack.aggregate.format;

import java.util.Locale;

/**
 * {@code String.format(Locale.ROOT, "%.Nf", v)}'s exact text, without the {@link java.util.Formatter} for the values
 * the outputs write (a merge writes tens of thousands: the time series has two per row).
 *
 * <p>What the Formatter does (JDK 17, {@code FormattedFloatingDecimal}): it takes the decimal digits
 * {@code FloatingDecimal} gives for the double (a short decimal that reads back as the same double, so it lies within
 * half an ulp of the double's exact value) and rounds them HALF_UP at N decimals; a negative double, -0.0 included,
 * keeps its minus sign even when it rounds to zero. Rounding those digits and rounding the double's exact value give
 * the same result unless a tie (k + 0.5 units of the last decimal) lies within half an ulp of the exact value; so this
 * rounds the exact value (the significand times 10^N, shifted: integer arithmetic, nothing lost) and hands anything
 * within a whole ulp of a tie (twice the distance that matters, e.g. 2.675, stored as 2.67499999999999982..., which
 * the Formatter writes as 2.68) back to the Formatter, as it does values it does not cover (|v| of 2^52 or more,
 * infinities, more than three decimals). {@code FixedDecimalTest} compares the two over millions of doubles.
 */
final class FixedDecimal {
  private static final long[] SCALE = {1, 10, 100, 1000};
  /** Below this magnitude every double has a fraction part: the significand's shift is at least 1. */
  private static final double LIMIT = 0x1p52;

  private FixedDecimal() {
  }

  static String format(double v, int decimals) {
    String fast = fast(v, decimals);
    return fast != null ? fast : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  /** The text, or null when the Formatter must decide (see the class comment). */
  static String fast(double v, int decimals) {
    if (decimals < 0 || decimals >= SCALE.length || !(Math.abs(v) < LIMIT)) {
      return null; // NaN and the infinities fail the comparison too
    }
    long bits = Double.doubleToRawLongBits(v);
    int exponent = (int) (bits >>> 52) & 0x7FF;
    long significand = bits & 0xF_FFFF_FFFF_FFFFL;
    if (exponent != 0) {
      significand |= 1L << 52;
    }
    // |v| = significand / 2^shift exactly; one ulp is 1 / 2^shift
    int shift = exponent == 0 ? 1074 : 1075 - exponent;
    long scale = SCALE[decimals];
    long units;
    if (shift >= 64) {
      units = 0; // |v| * 10^N < 2^63 / 2^64: under half a unit by far more than an ulp
    } else {
      long scaled = significand * scale; // < 2^53 * 1000 < 2^63: exact
      long whole = scaled >>> shift;
      long fraction = scaled & ((1L << shift) - 1); // shift <= 63: the mask is right
      long fromTie = fraction - (1L << (shift - 1));
      // within one ulp of the tie, scaled (1/2^shift per ulp, times 10^N): the Formatter's digits decide
      if (Math.abs(fromTie) <= scale) {
        return null;
      }
      units = fromTie > 0 ? whole + 1 : whole;
    }
    return text(bits < 0, units, decimals, scale);
  }

  private static String text(boolean negative, long units, int decimals, long scale) {
    String integer = Long.toString(units / scale);
    char[] out = new char[(negative ? 1 : 0) + integer.length() + (decimals > 0 ? decimals + 1 : 0)];
    int at = 0;
    if (negative) {
      out[at++] = '-';
    }
    integer.getChars(0, integer.length(), out, at);
    at += integer.length();
    if (decimals > 0) {
      out[at] = '.';
      long fraction = units % scale;
      for (int i = out.length - 1; i > at; i--) {
        out[i] = (char) ('0' + fraction % 10);
        fraction /= 10;
      }
    }
    return new String(out);
  }
}
