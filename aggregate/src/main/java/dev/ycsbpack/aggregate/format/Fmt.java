package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.common.Text;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Number and label formatting shared by the outputs. */
public final class Fmt {
  private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'")
      .withZone(ZoneOffset.UTC);

  private Fmt() {
  }

  /** {@code 50} → {@code p50}, {@code 99.9} → {@code p99.9}. */
  public static String pLabel(double p) {
    return "p" + plain(p);
  }

  /** A percentile as a plain number: {@code 50}, {@code 99.9}. */
  public static String plain(double p) {
    if (p == Math.rint(p)) {
      return Long.toString((long) p);
    }
    return java.math.BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
  }

  /**
   * YCSB's own label (OneMeasurementHdrHistogram#ordinal): integers get an English ordinal suffix ({@code 50th},
   * {@code 1st}, {@code 11th}), other numbers are printed as they are ({@code 99.9}).
   */
  public static String ycsbOrdinal(double p) {
    if (p != Math.rint(p)) {
      return Double.toString(p);
    }
    long i = (long) p;
    String[] suffixes = {"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"};
    long mod100 = i % 100;
    if (mod100 == 11 || mod100 == 12 || mod100 == 13) {
      return i + "th";
    }
    return i + suffixes[(int) (i % 10)];
  }

  /** {@code v} with {@code decimals} decimals, exactly as {@code String.format(Locale.ROOT, "%.Nf", v)} writes it. */
  public static String fixed(double v, int decimals) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    return FixedDecimal.format(v, decimals);
  }

  public static String percent(double rate) {
    if (Double.isNaN(rate)) {
      return "n/a";
    }
    return FixedDecimal.format(rate * 100, 3) + "%";
  }

  public static String grouped(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  public static String time(long epochMs) {
    return UTC.format(Instant.ofEpochMilli(epochMs));
  }

  /** Longest text a single output line carries (every value in it is capped already; this bounds a list). */
  public static final int LINE_CAP = 100_000;

  /**
   * Text as one output line: control characters (a newline in a client folder's name, U+2028) escaped, so no value
   * can forge a line of the text, Markdown or CSV outputs.
   */
  public static String oneLine(String s) {
    return Text.shown(s, LINE_CAP);
  }

  /** {@code part / whole} as a percentage with one decimal, {@code n/a} when whole is 0. */
  public static String share(long part, long whole) {
    return whole == 0 ? "n/a" : FixedDecimal.format(100.0 * part / whole, 1) + "%";
  }

  public static String seconds(double s) {
    return fixed(s, s == Math.rint(s) ? 0 : 3) + " s";
  }
}
