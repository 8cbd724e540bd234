package dev.ycsbpack.common;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code -s} status line of YCSB 0.17.0 ({@code StatusThread}), e.g.
 * {@code 2026-11-23 12:00:10:001 10 sec: 51234 operations; 5120.3 current ops/sec; est completion in 1 minute
 * [READ: ...]} (one line).
 * The coordinator's progress view reads these from every client.
 *
 * <p>The launcher pins the number format to {@code Locale.ROOT}, so the decimal separator is always a dot.
 *
 * @param seconds           seconds since the client's status thread started
 * @param operations        operations completed so far
 * @param currentOpsPerSec  throughput over the last interval; NaN when YCSB printed none (no operation yet)
 */
public record StatusLine(long seconds, long operations, double currentOpsPerSec) {
  private static final Pattern STATUS = Pattern
      .compile("(\\d+) sec: (\\d+) operations;(?: ([0-9.]+|NaN|Infinity|∞) current ops/sec;)?");

  /**
   * A whole {@code -s} status line as YCSB 0.17.0 prints it: its time stamp, numbers, its fixed words and the
   * operations' summaries ({@code [READ: Count=9, Max=1, ...]}), nothing else. What such a line says is the same
   * whatever secrets the run was given, so a short secret value found in it is a coincidence
   * ({@link Redactor#redactFixedFormat}).
   */
  private static final Pattern FIXED = Pattern.compile(
      "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3} \\d+ sec: \\d+ operations;"
          + "(?: (?:[0-9.]+|NaN|Infinity|∞) current ops/sec;)?(?: est completion in (?:[0-9]+ [a-z]+ ?)*)? ?"
          + "(?:\\[[A-Za-z0-9_-]+:[A-Za-z0-9 =.,∞-]*\\] ?)*\\s*");

  /** True for a whole status line of YCSB's own words and numbers (see {@link #FIXED}). */
  public static boolean isFixedFormat(String line) {
    return line != null && line.indexOf(" sec: ") > 0 && FIXED.matcher(line).matches();
  }

  /** The status on this line, or empty when it is not a status line. */
  public static Optional<StatusLine> parse(String line) {
    if (line == null || line.indexOf(" sec: ") < 0) {
      return Optional.empty();
    }
    Matcher m = STATUS.matcher(line);
    if (!m.find()) {
      return Optional.empty();
    }
    double current = m.group(3) == null ? Double.NaN : Double.parseDouble(m.group(3));
    return Optional.of(new StatusLine(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), current));
  }
}
