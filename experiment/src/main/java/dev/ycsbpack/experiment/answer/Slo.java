package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.common.Text;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One latency objective, {@code OPERATION.pNN<=LIMIT}, e.g. {@code READ.p99<=10ms}: the operation's merged percentile
 * (intended latency when the step ran under a target) must not exceed the limit.
 *
 * @param operation  YCSB's operation name, e.g. {@code READ}
 * @param percentile the percentile, one of {@link #PERCENTILES}
 * @param limitUs    the limit in microseconds
 * @param text       as given (for messages)
 */
public record Slo(String operation, double percentile, double limitUs, String text) {
  /** The operations YCSB's CoreWorkload measures. */
  public static final Set<String> OPERATIONS = Set.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE",
      "DELETE");
  /** The percentiles every step's merge reports (aggregate's defaults). */
  public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99);
  private static final Pattern SHAPE = Pattern.compile("([A-Za-z-]+)\\.p([0-9]+(?:\\.[0-9]+)?)<=([0-9]+(?:\\.[0-9]+)?)"
      + "(us|ms|s)");
  private static final String ACCEPTED = "expected OPERATION.pNN<=LIMIT with OPERATION one of "
      + "READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE, DELETE, pNN one of p50, p90, p95, p99, p99.9, p99.99 and a "
      + "limit in us, ms or s, e.g. READ.p99<=10ms";

  /** Parses one {@code --slo} value strictly; the message names the option, the value and what is accepted. */
  public static Slo parse(String value) {
    Matcher m = SHAPE.matcher(value == null ? "" : value.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("--slo " + Text.shown(String.valueOf(value)) + ": " + ACCEPTED);
    }
    String op = m.group(1).toUpperCase(Locale.ROOT);
    if (!OPERATIONS.contains(op)) {
      throw new IllegalArgumentException("--slo " + Text.shown(value) + ": unknown operation " + Text.shown(m.group(1))
          + "; " + ACCEPTED);
    }
    double p = Double.parseDouble(m.group(2));
    if (!PERCENTILES.contains(p)) {
      throw new IllegalArgumentException("--slo " + Text.shown(value) + ": percentile p" + m.group(2)
          + " is not reported; " + ACCEPTED);
    }
    double limit = Double.parseDouble(m.group(3));
    double us = switch (m.group(4)) {
      case "us" -> limit;
      case "ms" -> limit * 1_000;
      default -> limit * 1_000_000;
    };
    if (!(us > 0)) {
      throw new IllegalArgumentException("--slo " + Text.shown(value) + ": the limit must be above 0; " + ACCEPTED);
    }
    return new Slo(op, p, us, value.strip());
  }

  /** {@code READ.p99}. */
  public String metric() {
    return operation + ".p" + dev.ycsbpack.aggregate.format.Fmt.plain(percentile);
  }

  /** This objective's figure in a step, null when the step did not measure the operation. */
  public Double valueUs(Point p) {
    return p.valueUs(operation, percentile);
  }

  /** Whether a step met it; a step that did not measure the operation did not meet it. */
  public boolean met(Point p) {
    Double v = valueUs(p);
    return v != null && v <= limitUs;
  }

  static String formatUs(double us) {
    return us >= 1000 ? String.format(Locale.ROOT, "%.2f ms", us / 1000) : String.format(Locale.ROOT, "%.0f us", us);
  }
}
