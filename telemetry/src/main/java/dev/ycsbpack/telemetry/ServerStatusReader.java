package dev.ycsbpack.telemetry;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The one reader of a {@code serverStatus} reply: the figures of {@link ServerFigure#ALL} and the server's identity.
 * The sampler's series and an experiment step's memory figures both read a reply through it.
 */
public final class ServerStatusReader {
  private ServerStatusReader() {
  }

  /**
   * One reply, read.
   *
   * @param identity what the server said it is: {@code host}, {@code version}, {@code process}, {@code storageEngine}
   *        and {@code replicaSet}, each only when reported
   * @param values every figure of {@link ServerFigure#ALL} by name, null where not reported (never 0 for that)
   */
  public record Reading(Map<String, String> identity, Map<String, Double> values) {
    public Reading {
      identity = Collections.unmodifiableMap(new LinkedHashMap<>(identity));
      values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The figure named {@code name}, or null when not reported. */
    public Double value(String name) {
      return values.get(name);
    }

    /** Whether the server is a mongos (its {@code process} says so). */
    public boolean mongos() {
      String process = identity.get("process");
      return process != null && process.toLowerCase(Locale.ROOT).contains("mongos");
    }
  }

  /** Reads {@code status}, a {@code serverStatus} reply. */
  public static Reading read(BsonDocument status) {
    Map<String, String> identity = new LinkedHashMap<>();
    text(status, "host").ifPresent(v -> identity.put("host", v));
    text(status, "version").ifPresent(v -> identity.put("version", v));
    text(status, "process").ifPresent(v -> identity.put("process", v));
    text(status, "storageEngine", "name").ifPresent(v -> identity.put("storageEngine", v));
    text(status, "repl", "setName").ifPresent(v -> identity.put("replicaSet", v));
    Map<String, Double> values = new LinkedHashMap<>();
    for (ServerFigure f : ServerFigure.ALL) {
      values.put(f.name(), number(status, f.least(), f.path().toArray(new String[0])));
    }
    return new Reading(identity, values);
  }

  private static Optional<String> text(BsonDocument d, String... path) {
    BsonValue v = at(d, path);
    return v != null && v.isString() ? Optional.of(v.asString().getValue()) : Optional.empty();
  }

  /**
   * The number at {@code path}, or null when absent or below {@code least}: a server that lists a size it does not
   * keep (resident memory 0) has not reported it, while a counter may honestly still be 0.
   */
  private static Double number(BsonDocument d, long least, String... path) {
    BsonValue v = at(d, path);
    if (v == null || !v.isNumber()) {
      return null;
    }
    double x = v.isDouble() ? v.asDouble().getValue() : v.asNumber().longValue();
    return x >= least && Double.isFinite(x) ? x : null;
  }

  private static BsonValue at(BsonDocument d, String... path) {
    BsonValue v = d;
    for (String key : path) {
      if (!(v instanceof BsonDocument doc) || !doc.containsKey(key)) {
        return null;
      }
      v = doc.get(key);
    }
    return v;
  }
}
