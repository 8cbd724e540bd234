package dev.ycsbpack.common.telemetry;

import dev.ycsbpack.common.Outcomes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The server's own count of what the clients did: its {@code opcounters} over the sampled window against the
 * operations the clients counted. A large mismatch means someone else's load (another client on the server), a
 * proxy or driver retrying, or the clients talking to another database than the one sampled; it is a note in the
 * verdict's lead line and the report, never silent, and never a failure on its own (the clients' figures stay true).
 *
 * <p>Which client operations each counter counts, as a MongoDB server counts them: {@code insert} counts documents
 * (YCSB's INSERT, one document each, batched or not); {@code query} counts find commands (READ, SCAN, and the read
 * of READ-MODIFY-WRITE); {@code update} counts update statements (UPDATE and the write of READ-MODIFY-WRITE);
 * {@code delete} counts delete statements (DELETE). The window is the series' first sample to its last: the sampler
 * takes one just before the clients start and one just after they end.
 *
 * @param rows one per counter with client operations to compare, in the order insert, query, update, delete
 * @param note the line to show when any row differs beyond {@link #TOLERANCE} and {@link #SLACK}; empty otherwise,
 *        or when the server reported no opcounters (then {@link #notReported} is true)
 * @param notReported true when the server's series has no opcounters to compare
 * @param sources the series compared: one ({@code server}), or one per mongos of a sharded cluster, whose counters
 *        are summed (each mongos routes only its own clients' part of the load)
 */
public record OpcounterCheck(List<Row> rows, Optional<String> note, boolean notReported, List<String> sources) {
  /** A difference under this share of the clients' count is noise (an internal retry, a driver's own find). */
  public static final double TOLERANCE = 0.02;
  /** A difference under this many operations is noise whatever the share. */
  public static final long SLACK = 50;
  /**
   * The identity entry of a client folder's server series that holds the documents the binding's warm-up inserted
   * inside the series' window ({@code mongodb.warmup}), on the first series only, so the merge's check takes them
   * off as the verdict's does.
   */
  public static final String WARMUP_INSERTS = "warmupInserts";

  /**
   * One counter against the clients' operations it counts.
   *
   * @param counter the server's counter, e.g. {@code opcounters.query}
   * @param clientOperations the YCSB operations it counts, e.g. {@code READ+SCAN+READ-MODIFY-WRITE}
   * @param server the counter's increase over the window
   * @param clients the clients' count of those operations
   */
  public record Row(String counter, String clientOperations, long server, long clients) {
    /** True when the two differ beyond noise. */
    public boolean differs() {
      long diff = Math.abs(server - clients);
      return diff > SLACK && diff > TOLERANCE * Math.max(1, clients);
    }

    /** The server's count relative to the clients', e.g. {@code +12.5%}. */
    public String relative() {
      if (clients == 0) {
        return server == 0 ? "+0.0%" : "n/a";
      }
      return String.format(Locale.ROOT, "%+.1f%%", 100.0 * (server - clients) / clients);
    }
  }

  public OpcounterCheck {
    rows = List.copyOf(rows);
    sources = List.copyOf(sources);
  }

  /** True when several mongos' counters were summed. */
  public boolean summed() {
    return sources.size() > 1;
  }

  private record Mapping(String counter, List<String> operations) {
  }

  private static final List<Mapping> MAPPINGS = List.of(new Mapping("insert", List.of("INSERT")),
      new Mapping("query", List.of("READ", "SCAN", "READ-MODIFY-WRITE")),
      new Mapping("update", List.of("UPDATE", "READ-MODIFY-WRITE")), new Mapping("delete", List.of("DELETE")));

  /**
   * Compares {@code server}'s cumulative {@code opcounters.*} columns, from its first sample that reports them to its
   * last, with {@code clientOperations} (YCSB operation name → operations counted by all clients, failed ones
   * included, because a failed operation usually reached the server).
   */
  public static OpcounterCheck of(Series server, Map<String, Long> clientOperations) {
    return of(server, clientOperations, 0);
  }

  /**
   * As {@link #of(Series, Map)}, with {@code unmeasuredInserts} documents the clients inserted inside the window but
   * outside their measurements (the binding's warm-up, {@code mongodb.warmup}, when the window holds it) taken off
   * the server's insert counter before comparing.
   */
  public static OpcounterCheck of(Series server, Map<String, Long> clientOperations, long unmeasuredInserts) {
    return of(List.of(server), clientOperations, unmeasuredInserts);
  }

  /**
   * As {@link #of(Series, Map, long)} over {@code servers}, the deployment's one series or one per mongos: each
   * counter's increase summed over them, since each mongos counts only the operations routed through it. A counter
   * some of them do not report is not compared (a part of the sum would read as a mismatch).
   */
  public static OpcounterCheck of(List<Series> servers, Map<String, Long> clientOperations, long unmeasuredInserts) {
    if (servers.isEmpty()) {
      throw new IllegalArgumentException("an opcounter check needs a server series");
    }
    List<Row> rows = new ArrayList<>();
    boolean any = false;
    for (Mapping m : MAPPINGS) {
      long clients = 0;
      for (String op : m.operations()) {
        clients += clientOperations.getOrDefault(op, 0L);
      }
      Optional<Long> delta = sum(servers, "opcounters." + m.counter())
          .map(d -> m.counter().equals("insert") ? d - unmeasuredInserts : d);
      any |= delta.isPresent();
      if (delta.isPresent() && (clients > 0 || delta.get() > 0)) {
        rows.add(new Row("opcounters." + m.counter(), String.join("+", m.operations()), delta.get(), clients));
      }
    }
    List<String> sources = servers.stream().map(Series::source).toList();
    if (!any) {
      return new OpcounterCheck(List.of(), Optional.empty(), true, sources);
    }
    List<String> differing = new ArrayList<>();
    for (Row r : rows) {
      if (r.differs()) {
        differing.add(r.counter() + " " + r.server() + " vs " + r.clients() + " " + r.clientOperations() + " ("
            + r.relative() + ")");
      }
    }
    String who = servers.size() == 1 ? "the server" : "the " + servers.size() + " mongos (summed)";
    Optional<String> note = differing.isEmpty() ? Optional.empty()
        : Optional.of(who + " counted other operations than the clients: " + String.join("; ", differing)
            + " (another client, a retrying proxy, or another database?)");
    return new OpcounterCheck(rows, note, false, sources);
  }

  /** The warm-up inserts {@code servers} recorded ({@link #WARMUP_INSERTS}), summed; 0 when none did. */
  public static long recordedWarmupInserts(List<Series> servers) {
    long total = 0;
    for (Series s : servers) {
      String v = s.identity().get(WARMUP_INSERTS);
      try {
        total += v == null ? 0 : Long.parseLong(v);
      } catch (NumberFormatException e) {
        // a hand-edited file: nothing taken off rather than a wrong number
      }
    }
    return total;
  }

  /** A counter's increase summed over {@code servers}; empty unless every one of them reports it. */
  private static Optional<Long> sum(List<Series> servers, String column) {
    long total = 0;
    for (Series s : servers) {
      Optional<Long> d = delta(s.values(column));
      if (d.isEmpty()) {
        return Optional.empty();
      }
      total += d.get();
    }
    return Optional.of(total);
  }

  /**
   * The clients' operations as {@link #of} takes them, from their {@code Return=} counts (every status, failed ones
   * included): there a READ-MODIFY-WRITE is already one READ and one UPDATE, so no READ-MODIFY-WRITE key is given.
   */
  public static Map<String, Long> clientOperations(Outcomes outcomes) {
    Map<String, Long> out = new LinkedHashMap<>();
    outcomes.returns().forEach((op, statuses) -> out.put(op, statuses.values().stream().mapToLong(Long::longValue)
        .sum()));
    return out;
  }

  /** Last reported value minus the first; empty when fewer than two samples report it. */
  private static Optional<Long> delta(List<Double> values) {
    Double first = null;
    Double last = null;
    int reported = 0;
    for (Double v : values) {
      if (v != null) {
        first = first == null ? v : first;
        last = v;
        reported++;
      }
    }
    return reported < 2 ? Optional.empty() : Optional.of(Math.round(last - first));
  }
}
