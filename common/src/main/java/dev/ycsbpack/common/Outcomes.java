package dev.ycsbpack.common;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What YCSB's {@code Return=} counts say about a run: for each operation, how many calls ended in each status.
 *
 * <p>The one classification of statuses every verdict uses ({@link ErrorBudget} weighs it):
 * <ul>
 *   <li>succeeded: {@code OK} and {@code BATCHED_OK};</li>
 *   <li>not found: {@code NOT_FOUND}, counted apart, because the server answered and some workloads expect a few
 *       (a read of a key another client has not inserted yet, a scan past the last key);</li>
 *   <li>failed: every other status ({@code ERROR}, {@code SERVICE_UNAVAILABLE}, {@code DUPLICATE_KEY},
 *       {@code WRITE_CONCERN_FAILED}, {@code FORBIDDEN}, ...).</li>
 * </ul>
 * Operations are the database calls YCSB counts a status for: a read-modify-write is one READ and one UPDATE. The
 * copies YCSB keeps beside them ({@code Intended-*}, {@code *-FAILED}, {@code CLEANUP}, the binding's
 * {@code INSERT-BATCH}) are not counted again.
 *
 * @param returns   operation to status to count, in output order
 * @param opsPerSec the run's attempted throughput ({@code [OVERALL] Throughput}), NaN when unknown
 */
public record Outcomes(Map<String, Map<String, Long>> returns, double opsPerSec) {
  public static final Set<String> SUCCEEDED = Set.of("OK", "BATCHED_OK");
  public static final String NOT_FOUND = "NOT_FOUND";
  private static final String RETURN = "Return=";

  public Outcomes {
    Map<String, Map<String, Long>> copy = new LinkedHashMap<>();
    returns.forEach((op, m) -> copy.put(op, Collections.unmodifiableMap(new LinkedHashMap<>(m))));
    returns = Collections.unmodifiableMap(copy);
  }

  /** No operation reported a status. */
  public static Outcomes none() {
    return new Outcomes(Map.of(), Double.NaN);
  }

  /** True for a section whose {@code Return=} counts are the operations' own (not a copy YCSB keeps beside them). */
  public static boolean counts(String operation) {
    return !operation.startsWith("Intended-") && !operation.endsWith("-FAILED") && !operation.equals("CLEANUP")
        && !operation.equals(InsertDocuments.BATCH_SECTION) && !operation.equals("OVERALL")
        && !operation.equals(InsertDocuments.SECTION);
  }

  /** The status a measurement counts ({@code Return=NOT_FOUND} gives {@code NOT_FOUND}), or empty. */
  public static Optional<String> status(Measurement m) {
    if (!m.measurement().startsWith(RETURN) || !counts(m.metric())) {
      return Optional.empty();
    }
    return Optional.of(m.measurement().substring(RETURN.length()));
  }

  /** These outcomes with {@code count} more calls of {@code operation} ending in {@code status}. */
  public Outcomes plus(String operation, String status, long count) {
    Map<String, Map<String, Long>> m = mutable();
    m.computeIfAbsent(operation, k -> new LinkedHashMap<>()).merge(status, count, Long::sum);
    return new Outcomes(m, opsPerSec);
  }

  /** Both runs' counts summed (the clients of one coordinated run); throughputs add up, as the clients ran at once. */
  public Outcomes plus(Outcomes other) {
    Map<String, Map<String, Long>> m = mutable();
    other.returns.forEach((op, s) -> s
        .forEach((status, n) -> m.computeIfAbsent(op, k -> new LinkedHashMap<>()).merge(status, n, Long::sum)));
    double tp = Double.isNaN(opsPerSec) ? other.opsPerSec
        : Double.isNaN(other.opsPerSec) ? opsPerSec : opsPerSec + other.opsPerSec;
    return new Outcomes(m, tp);
  }

  /** The same counts with this throughput. */
  public Outcomes withOpsPerSec(double value) {
    return new Outcomes(returns, value);
  }

  /** Calls with any status. */
  public long attempted() {
    return sum(s -> true);
  }

  /** Calls that ended OK or BATCHED_OK. */
  public long succeeded() {
    return sum(SUCCEEDED::contains);
  }

  /** Calls that ended NOT_FOUND. */
  public long notFound() {
    return sum(NOT_FOUND::equals);
  }

  /** Calls that failed: anything but OK, BATCHED_OK and NOT_FOUND. */
  public long failed() {
    return sum(Outcomes::isFailure);
  }

  /** Failed calls / attempted calls; 0 when nothing was attempted. */
  public double errorRate() {
    long a = attempted();
    return a == 0 ? 0 : (double) failed() / a;
  }

  /** Failed calls by status, most frequent first. */
  public Map<String, Long> failuresByStatus() {
    Map<String, Long> by = new TreeMap<>();
    returns.values().forEach(s -> s.forEach((status, n) -> {
      if (isFailure(status)) {
        by.merge(status, n, Long::sum);
      }
    }));
    List<Map.Entry<String, Long>> sorted = new ArrayList<>(by.entrySet());
    sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed());
    Map<String, Long> out = new LinkedHashMap<>();
    sorted.forEach(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }

  /**
   * Per operation that returned any NOT_FOUND: how many of its calls did, highest rate first. Not-found is weighed
   * per operation because it depends on how the operation picks keys: 86% of reads not found is not diluted by
   * updates that all found their key.
   */
  public List<StatusShare> notFoundByOperation() {
    List<StatusShare> out = new ArrayList<>();
    returns.forEach((op, s) -> {
      long nf = s.getOrDefault(NOT_FOUND, 0L);
      if (nf > 0) {
        out.add(new StatusShare(op, nf, s.values().stream().mapToLong(Long::longValue).sum()));
      }
    });
    out.sort(Comparator.comparingDouble(StatusShare::rate).reversed());
    return out;
  }

  /** Successful calls per second: the attempted throughput scaled by the share that succeeded; NaN when unknown. */
  public double successfulOpsPerSec() {
    long a = attempted();
    return a == 0 || Double.isNaN(opsPerSec) ? Double.NaN : opsPerSec * succeeded() / a;
  }

  /** {@code return.<OP>.<STATUS>=count} and {@code throughput.attempted}: the form a verdict file holds. */
  public Map<String, String> toProperties() {
    Map<String, String> m = new LinkedHashMap<>();
    returns.forEach((op, s) -> s.forEach((status, n) -> m.put("return." + op + "." + status, Long.toString(n))));
    if (!Double.isNaN(opsPerSec)) {
      m.put("throughput.attempted", Double.toString(opsPerSec));
    }
    return m;
  }

  /**
   * Reads {@link #toProperties()} back; other keys are ignored. Operation names hold no dot (YCSB's are upper-case
   * words and dashes); the status is after the last dot.
   *
   * @throws IllegalArgumentException naming the key when a count is not a whole number
   */
  public static Outcomes fromProperties(Map<String, String> p) {
    Outcomes o = none();
    for (Map.Entry<String, String> e : new TreeMap<>(p).entrySet()) {
      String k = e.getKey();
      int dot = k.lastIndexOf('.');
      if (!k.startsWith("return.") || dot <= "return.".length()) {
        continue;
      }
      try {
        o = o.plus(k.substring("return.".length(), dot), k.substring(dot + 1), Long.parseLong(e.getValue().trim()));
      } catch (NumberFormatException x) {
        throw new IllegalArgumentException(k + "=" + Text.shown(e.getValue()) + ": expected a whole number");
      }
    }
    String tp = p.get("throughput.attempted");
    try {
      return tp == null ? o : o.withOpsPerSec(Double.parseDouble(tp.trim()));
    } catch (NumberFormatException x) {
      throw new IllegalArgumentException("throughput.attempted=" + Text.shown(tp) + ": expected a number");
    }
  }

  /**
   * One operation's count of some status against all its calls.
   *
   * @param operation e.g. {@code READ}
   * @param count     calls with the status
   * @param of        all its calls
   */
  public record StatusShare(String operation, long count, long of) {
    public double rate() {
      return of == 0 ? 0 : (double) count / of;
    }
  }

  private static boolean isFailure(String status) {
    return !SUCCEEDED.contains(status) && !NOT_FOUND.equals(status);
  }

  private long sum(java.util.function.Predicate<String> which) {
    long n = 0;
    for (Map<String, Long> s : returns.values()) {
      for (Map.Entry<String, Long> e : s.entrySet()) {
        if (which.test(e.getKey())) {
          n += e.getValue();
        }
      }
    }
    return n;
  }

  private Map<String, Map<String, Long>> mutable() {
    Map<String, Map<String, Long>> m = new LinkedHashMap<>();
    returns.forEach((op, s) -> m.put(op, new LinkedHashMap<>(s)));
    return m;
  }
}
