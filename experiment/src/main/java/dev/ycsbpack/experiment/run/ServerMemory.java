package dev.ycsbpack.experiment.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.mongodb.client.MongoClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The server's memory and cache figures around one step, from {@code serverStatus}: resident memory, the WiredTiger
 * cache's bytes in use and its configured maximum (at the step's end), and the pages read into the cache during the
 * step (the counter's growth from the step's start to its end). A server that does not report a figure
 * (mongo-java-server, FerretDB, a non-WiredTiger engine, a user without the {@code serverStatus} privilege) gets
 * {@link #NOT_REPORTED} for it, never a zero: a zero would read as "no memory used".
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

  /** One serverStatus answer, reduced to the four counters (absent ones null). */
  public record Snapshot(Long resident, Long cacheInUse, Long cacheMaximum, Long pagesRead, String reason) {
    /**
     * The counters of a serverStatus reply. {@code mem.resident} is in MiB (the server's unit); the WiredTiger cache
     * figures are bytes and pages.
     */
    public static Snapshot of(BsonDocument status) {
      Long resident = number(status, 1, "mem", "resident");
      return new Snapshot(resident == null ? null : resident * 1024 * 1024,
          number(status, 1, "wiredTiger", "cache", "bytes currently in the cache"),
          number(status, 1, "wiredTiger", "cache", "maximum bytes configured"),
          number(status, 0, "wiredTiger", "cache", "pages read into cache"), null);
    }

    /** Nothing known: {@code reason} says why. */
    public static Snapshot unknown(String reason) {
      return new Snapshot(null, null, null, null, reason);
    }

    /**
     * The number at {@code path}, or null when absent or below {@code least}: a server that lists a size it does not
     * keep (resident memory 0) has not reported it, while a counter may honestly still be 0.
     */
    private static Long number(BsonDocument d, long least, String... path) {
      BsonValue v = d;
      for (String key : path) {
        if (!(v instanceof BsonDocument doc) || !doc.containsKey(key)) {
          return null;
        }
        v = doc.get(key);
      }
      return v.isNumber() && v.asNumber().longValue() >= least ? v.asNumber().longValue() : null;
    }
  }

  /** serverStatus through {@code client}, as a snapshot; what went wrong, in the driver's words, when it failed. */
  public static Snapshot read(MongoClient client) {
    try {
      return Snapshot.of(client.getDatabase("admin").runCommand(new BsonDocument("serverStatus",
          new org.bson.BsonInt32(1)), BsonDocument.class));
    } catch (RuntimeException e) {
      return Snapshot.unknown("serverStatus failed: " + e.getClass().getSimpleName() + ": " + e.getMessage());
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
    figures.forEach((name, v) -> parts.add(LABELS.getOrDefault(name, name) + " " + (v instanceof Long n
        ? (name.equals(PAGES_READ) ? String.format(Locale.ROOT, "%,d", n) : bytes(n)) : v)));
    return String.join("; ", parts) + (reason == null ? "" : " (" + reason + ")");
  }

  private static final Map<String, String> LABELS = Map.of(RESIDENT, "resident", CACHE_IN_USE, "cache in use",
      CACHE_MAXIMUM, "cache maximum", PAGES_READ, "pages read into cache");

  private static String bytes(long n) {
    return n >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", n / (double) (1L << 20));
  }

  private static Object shown(Long v) {
    return v == null ? NOT_REPORTED : v;
  }
}
