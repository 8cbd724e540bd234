package dev.ycsbpack.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The one rule on failed and not-found operations ({@link Outcomes}), used by {@code bin/ycsb}'s verdict, the merged
 * result of {@code bin/ycsb-aggregate} and the coordinator's summary.
 *
 * <ul>
 *   <li>A run fails when more than {@code ycsbpack.maxerrorrate} percent of all its operations failed (default
 *       {@value #DEFAULT_MAX_ERROR_PERCENT}%): past that, the latency and throughput describe a server that was
 *       partly down, not one that served the workload.</li>
 *   <li>A run fails when more than {@code ycsbpack.maxnotfoundrate} percent of any one operation's calls returned
 *       NOT_FOUND (default {@value #DEFAULT_MAX_NOT_FOUND_PERCENT}%): a not-found read is a short call that finds
 *       nothing, so a run mostly of them (a run with a larger recordcount than was loaded) measures index misses.
 *       Upstream workloads see a few legitimately (workload D/E reading keys still being inserted by another
 *       client, deletes of keys already deleted); a tenth is far above that and far below a wrong recordcount.</li>
 *   <li>Below both, any failed or not-found operation makes every output lead with {@link #lead}.</li>
 * </ul>
 *
 * @param maxErrorPercent    failed operations allowed, in percent of all (0 to 100; 100 never fails)
 * @param maxNotFoundPercent NOT_FOUND allowed per operation, in percent of its calls (0 to 100)
 */
public record ErrorBudget(double maxErrorPercent, double maxNotFoundPercent) {
  public static final String MAX_ERROR_RATE = "ycsbpack.maxerrorrate";
  public static final String MAX_NOT_FOUND_RATE = "ycsbpack.maxnotfoundrate";
  public static final double DEFAULT_MAX_ERROR_PERCENT = 1;
  public static final double DEFAULT_MAX_NOT_FOUND_PERCENT = 10;
  /** How many statuses a message names, most frequent first. */
  private static final int TOP_STATUSES = 3;

  public ErrorBudget {
    check(MAX_ERROR_RATE, maxErrorPercent);
    check(MAX_NOT_FOUND_RATE, maxNotFoundPercent);
  }

  /** The defaults. */
  public static ErrorBudget defaults() {
    return new ErrorBudget(DEFAULT_MAX_ERROR_PERCENT, DEFAULT_MAX_NOT_FOUND_PERCENT);
  }

  /**
   * The budget the properties set (each unset one at its default).
   *
   * @throws IllegalArgumentException one line naming the property, its value and what it accepts
   */
  public static ErrorBudget of(Map<String, String> properties) {
    return new ErrorBudget(percent(properties, MAX_ERROR_RATE, DEFAULT_MAX_ERROR_PERCENT),
        percent(properties, MAX_NOT_FOUND_RATE, DEFAULT_MAX_NOT_FOUND_PERCENT));
  }

  /** Why these outcomes fail the run, or empty when they are within the budget. */
  public Optional<String> breach(Outcomes o) {
    List<String> why = new ArrayList<>();
    if (100.0 * o.errorRate() > maxErrorPercent) {
      why.add(failedPart(o) + ", over " + MAX_ERROR_RATE + "=" + plain(maxErrorPercent) + "%");
    }
    for (Outcomes.StatusShare nf : o.notFoundByOperation()) {
      if (100.0 * nf.rate() > maxNotFoundPercent) {
        why.add(String.format(Locale.ROOT, "%,d of %,d %s operations returned NOT_FOUND (%s), over %s=%s%% (%s)",
            nf.count(), nf.of(), nf.operation(), percent(nf.rate()), MAX_NOT_FOUND_RATE, plain(maxNotFoundPercent),
            notFoundHint(o)));
        break; // the worst operation is enough to say why
      }
    }
    return why.isEmpty() ? Optional.empty() : Optional.of(String.join("; and ", why));
  }

  /**
   * Why so many operations may have found nothing. A run that inserts in batches ({@code BATCHED_OK} inserts) reads
   * keys it inserted itself while they wait, unsent, in a client thread's buffer: the server has no such document yet
   * (YCSB picks the keys to read among those whose insert returned, and a buffered insert returns at once).
   */
  private static String notFoundHint(Outcomes o) {
    boolean batchedInserts = o.returns().getOrDefault("INSERT", Map.of()).getOrDefault("BATCHED_OK", 0L) > 0;
    return batchedInserts
        ? "this run inserts in batches (mongodb.batchsize): a read of a key it inserted finds nothing "
            + "until that key's batch is sent; or were fewer records loaded than this recordcount says?"
        : "were fewer records loaded than this recordcount says?";
  }

  /**
   * What a merged result leads with: {@code FAILED: } and the {@link #breach} when the counts exceed this budget, else
   * the {@link #lead} line; empty when every operation succeeded.
   */
  public Optional<String> headline(Outcomes o) {
    Optional<String> breach = breach(o);
    return breach.isPresent() ? breach.map(b -> "FAILED: " + b) : lead(o);
  }

  /**
   * The line every output leads with when any operation failed or found nothing, e.g. {@code ERRORS: 12 of 4,000
   * operations failed (0.30%: SERVICE_UNAVAILABLE 12); NOT FOUND: 40 of 3,800 READ (1.05%); 3,964 successful ops/s of
   * 3,976 attempted}; empty when every operation succeeded. Independent of the budget: a run within it leads with the
   * same line.
   */
  public static Optional<String> lead(Outcomes o) {
    List<String> parts = new ArrayList<>();
    if (o.failed() > 0) {
      parts.add("ERRORS: " + failedPart(o));
    }
    List<Outcomes.StatusShare> nf = o.notFoundByOperation();
    if (!nf.isEmpty()) {
      List<String> ops = new ArrayList<>();
      nf.forEach(s -> ops.add(String.format(Locale.ROOT, "%,d of %,d %s (%s)", s.count(), s.of(), s.operation(),
          percent(s.rate()))));
      parts.add("NOT FOUND: " + String.join(", ", ops));
    }
    if (parts.isEmpty()) {
      return Optional.empty();
    }
    if (!Double.isNaN(o.opsPerSec())) {
      parts.add(String.format(Locale.ROOT, "%,.1f successful ops/s of %,.1f attempted", o.successfulOpsPerSec(),
          o.opsPerSec()));
    }
    return Optional.of(String.join("; ", parts));
  }

  /** A rate (0..1) as a percentage, two decimals, and never "0.00%" for a non-zero rate. */
  public static String percent(double rate) {
    if (rate > 0 && rate < 0.0001) {
      return "<0.01%";
    }
    return String.format(Locale.ROOT, "%.2f%%", 100 * rate);
  }

  private static String failedPart(Outcomes o) {
    List<String> top = new ArrayList<>();
    Map<String, Long> by = o.failuresByStatus();
    by.entrySet().stream().limit(TOP_STATUSES)
        .forEach(e -> top.add(String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue())));
    if (by.size() > TOP_STATUSES) {
      top.add((by.size() - TOP_STATUSES) + " more statuses");
    }
    return String.format(Locale.ROOT, "%,d of %,d operations failed (%s: %s)", o.failed(), o.attempted(),
        percent(o.errorRate()), String.join(", ", top));
  }

  private static double percent(Map<String, String> p, String key, double fallback) {
    String v = p.get(key);
    if (v == null) {
      return fallback;
    }
    String s = v.strip();
    if (s.endsWith("%")) {
      s = s.substring(0, s.length() - 1).strip();
    }
    double d = s.matches("\\d{1,3}(\\.\\d+)?|\\.\\d+") ? Double.parseDouble(s) : Double.NaN;
    if (!(d <= 100)) {
      throw new IllegalArgumentException(refusal(key, v));
    }
    return d;
  }

  private static void check(String key, double percent) {
    if (!(percent >= 0 && percent <= 100)) {
      throw new IllegalArgumentException(refusal(key, Double.toString(percent)));
    }
  }

  private static String refusal(String key, String value) {
    return "invalid " + key + "=" + Text.shown(value) + ": use a percentage from 0 to 100, e.g. 1, 0.5 or 2% (0 fails "
        + "the run on any such operation, 100 never)";
  }

  private static String plain(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }
}
