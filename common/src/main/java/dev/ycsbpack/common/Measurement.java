package dev.ycsbpack.common;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of YCSB's text exporter, {@code [METRIC], MEASUREMENT, VALUE}: the one parser of that line shape for the
 * launcher's verdict, aggregate and the tests.
 *
 * @param metric      the section, e.g. {@code OVERALL}, {@code READ}, {@code INSERT-BATCH}
 * @param measurement e.g. {@code Operations}, {@code 99thPercentileLatency(us)}, {@code Return=OK}
 * @param value       the value as printed (a number for every exporter of YCSB 0.17.0)
 */
public record Measurement(String metric, String measurement, String value) {
  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], ([^,]+), (.+?)\\s*$");

  /** The measurement on this line, or empty when the line is not one (YCSB and bindings print stray lines). */
  public static Optional<Measurement> parse(String line) {
    if (line == null || !line.startsWith("[")) {
      return Optional.empty();
    }
    Matcher m = LINE.matcher(line);
    return m.matches() ? Optional.of(new Measurement(m.group(1), m.group(2).trim(), m.group(3))) : Optional.empty();
  }

  /**
   * A measurement line of YCSB's own vocabulary: a section name (an operation, {@code OVERALL}, a GC's), a measurement
   * name without spaces and a number, nothing else. What such a line says is the same whatever secrets the run was
   * given, so a short secret value found in it is a coincidence ({@link Redactor#redactFixedFormat}).
   */
  private static final Pattern FIXED = Pattern.compile(
      "\\[[A-Za-z0-9 _%()/.-]+\\], [A-Za-z0-9_%()/.=-]+, -?(?:[0-9]+(?:\\.[0-9]+)?(?:E-?[0-9]+)?|NaN|Infinity)\\s*");

  /** True for a line of YCSB's measurement format made of its own words and a number (see {@link #FIXED}). */
  public static boolean isFixedFormat(String line) {
    return line != null && line.startsWith("[") && FIXED.matcher(line).matches();
  }

  /** True when the line starts like a measurement ({@code [X], }), whether or not the rest parses. */
  public static boolean looksLikeOne(String line) {
    return line != null && line.startsWith("[") && line.contains("], ");
  }

  /** The value as a number, or NaN when it is not one. */
  public double number() {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
