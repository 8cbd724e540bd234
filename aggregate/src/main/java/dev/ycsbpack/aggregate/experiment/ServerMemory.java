package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server's memory and cache figures around one step, from {@code serverStatus}: resident memory, the WiredTiger
 * cache's bytes in use and its configured maximum (at the step's end), and the pages read into the cache during the
 * step (the counter's growth from the step's start to its end). A server that does not report a figure
 * (mongo-java-server, FerretDB, a non-WiredTiger engine, a user without the {@code serverStatus} privilege) gets
 * {@link #NOT_REPORTED} for it, never a zero: a zero would read as "no memory used". The experiment module's
 * {@code run.ServerStatus} asks the server.
 *
 * @param figures per figure name, a whole number (bytes or pages) or {@link #NOT_REPORTED}
 * @param reason  why nothing was reported at all (the server refused serverStatus, or could not be reached), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerMemory(Map<String, Object> figures, String reason) {
  public static final String NOT_REPORTED = "not reported by this server";
  public static final String RESIDENT = "residentBytes";
  public static final String CACHE_IN_USE = "cacheBytesInUse";
  public static final String CACHE_MAXIMUM = "cacheMaximumBytes";
  public static final String PAGES_READ = "pagesReadIntoCache";

  private static final Map<String, String> LABELS = Map.of(RESIDENT, "resident", CACHE_IN_USE, "cache in use",
      CACHE_MAXIMUM, "cache maximum", PAGES_READ, "pages read into cache");

  /**
   * One serverStatus answer, reduced to the four counters (bytes and pages; absent ones null).
   *
   * @param reason why nothing is known (serverStatus failed), or null
   */
  public record Snapshot(Long resident, Long cacheInUse, Long cacheMaximum, Long pagesRead, String reason) {
    /** Nothing known: {@code reason} says why. */
    public static Snapshot unknown(String reason) {
      return new Snapshot(null, null, null, null, reason);
    }
  }

  /** The figures of a step from the snapshots taken at its start and its end. */
  public static ServerMemory between(Snapshot before, Snapshot after) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put(RESIDENT, shown(after.resident()));
    f.put(CACHE_IN_USE, shown(after.cacheInUse()));
    f.put(CACHE_MAXIMUM, shown(after.cacheMaximum()));
    // a counter: what the step read into the cache is its growth (a restarted server resets it: then not known)
    Long pages = after.pagesRead() == null ? null : before.pagesRead() == null ? null
        : after.pagesRead() >= before.pagesRead() ? after.pagesRead() - before.pagesRead() : null;
    f.put(PAGES_READ, pages == null ? NOT_REPORTED : pages);
    return new ServerMemory(f, after.reason() != null ? after.reason() : before.reason());
  }

  /** One line for a report: each figure, or that the server does not report it. */
  public String describe() {
    List<String> parts = new ArrayList<>();
    figures.forEach((name, v) -> parts.add(LABELS.getOrDefault(name, name) + " " + (v instanceof Number n
        ? (name.equals(PAGES_READ) ? String.format(Locale.ROOT, "%,d", n.longValue()) : bytes(n.longValue())) : v)));
    return String.join("; ", parts) + (reason == null ? "" : " (" + reason + ")");
  }

  /** Bytes as a report shows them: {@code 1.2 GiB}, {@code 4.8 MiB}. */
  public static String bytes(long n) {
    return n >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", n / (double) (1L << 20));
  }

  private static Object shown(Long v) {
    return v == null ? NOT_REPORTED : v;
  }
}
