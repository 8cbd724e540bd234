package dev.ycsbpack.experiment.recipe;

import dev.ycsbpack.common.Text;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A size as people write it: {@code 16GiB}, {@code 512MiB}, {@code 64GB}, {@code 1073741824}. */
public final class ByteSize {
  private static final Pattern SIZE = Pattern.compile("([0-9]{1,12}(?:\\.[0-9]{1,6})?)\\s*([KMGT]i?B|B)?",
      Pattern.CASE_INSENSITIVE);
  private static final Map<String, Long> UNITS = Map.of("B", 1L, "KIB", 1L << 10, "MIB", 1L << 20, "GIB", 1L << 30,
      "TIB", 1L << 40, "KB", 1_000L, "MB", 1_000_000L, "GB", 1_000_000_000L, "TB", 1_000_000_000_000L);
  private static final long MAX = 1L << 50;

  private ByteSize() {
  }

  /**
   * The bytes of {@code value}.
   *
   * @throws IllegalArgumentException one line naming the option, the value and what is accepted
   */
  public static long parse(String option, String value) {
    Matcher m = value == null ? null : SIZE.matcher(value.strip());
    String unit = m != null && m.matches() ? (m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT)) : null;
    double bytes = unit == null ? 0 : Double.parseDouble(m.group(1)) * UNITS.get(unit);
    if (unit == null || bytes < 1 || bytes > MAX) {
      throw new IllegalArgumentException(option + " " + Text.shown(String.valueOf(value)) + ": expected a size from 1 "
          + "byte to 1 PiB, a number with B, KiB, MiB, GiB, TiB (powers of 1024) or KB, MB, GB, TB (powers of 1000),"
          + " e.g. 16GiB");
    }
    return (long) bytes;
  }
}
