package dev.ycsbpack.telemetry;

import java.util.List;

/**
 * One figure of a {@code serverStatus} reply that a server series keeps: its column name and unit (the telemetry
 * contract's), where the reply holds it, and, for a cumulative counter, the unit of the rate column the series adds
 * beside it.
 *
 * @param name the column's name, e.g. {@code opcounters.insert}
 * @param unit the column's unit
 * @param rateUnit the unit of {@code NAME.rate}, or null for a figure that is not a cumulative counter
 * @param least the smallest value that counts as reported: 1 for a size a server that keeps it cannot have at 0 (a
 *        server that lists resident memory 0 does not measure it), 0 for a counter, which may honestly be 0
 * @param path the keys leading to the figure in the reply
 */
public record ServerFigure(String name, String unit, String rateUnit, long least, List<String> path) {
  public ServerFigure {
    path = List.copyOf(path);
  }

  /** The group a "not reported" note names when none of its figures was reported: the name less its last part. */
  public String group() {
    return name.substring(0, name.lastIndexOf('.'));
  }

  /** The rate column's name, {@code NAME.rate}. */
  public String rateName() {
    return name + ".rate";
  }

  private static ServerFigure counter(String name, String unit, String rateUnit, String... path) {
    return new ServerFigure(name, unit, rateUnit, 0, List.of(path));
  }

  private static ServerFigure gauge(String name, String unit, long least, String... path) {
    return new ServerFigure(name, unit, null, least, List.of(path));
  }

  private static final String CACHE = "wiredTiger";

  /** Every figure, in the order of the series' columns (each counter followed by its rate). */
  public static final List<ServerFigure> ALL = List.of(
      counter("opcounters.insert", "count", "ops/s", "opcounters", "insert"),
      counter("opcounters.query", "count", "ops/s", "opcounters", "query"),
      counter("opcounters.update", "count", "ops/s", "opcounters", "update"),
      counter("opcounters.delete", "count", "ops/s", "opcounters", "delete"),
      counter("opcounters.getmore", "count", "ops/s", "opcounters", "getmore"),
      counter("opcounters.command", "count", "ops/s", "opcounters", "command"),
      counter("metrics.document.inserted", "count", "docs/s", "metrics", "document", "inserted"),
      counter("metrics.document.returned", "count", "docs/s", "metrics", "document", "returned"),
      counter("metrics.document.updated", "count", "docs/s", "metrics", "document", "updated"),
      counter("metrics.document.deleted", "count", "docs/s", "metrics", "document", "deleted"),
      counter("network.bytesIn", "bytes", "bytes/s", "network", "bytesIn"),
      counter("network.bytesOut", "bytes", "bytes/s", "network", "bytesOut"),
      gauge("connections.current", "count", 0, "connections", "current"),
      gauge("connections.available", "count", 0, "connections", "available"),
      gauge("wiredTiger.cache.bytes", "bytes", 1, CACHE, "cache", "bytes currently in the cache"),
      gauge("wiredTiger.cache.maxBytes", "bytes", 1, CACHE, "cache", "maximum bytes configured"),
      gauge("wiredTiger.cache.dirtyBytes", "bytes", 0, CACHE, "cache", "tracked dirty bytes in the cache"),
      counter("wiredTiger.cache.pagesRead", "count", "pages/s", CACHE, "cache", "pages read into cache"),
      counter("wiredTiger.cache.pagesWritten", "count", "pages/s", CACHE, "cache", "pages written from cache"),
      gauge("mem.resident", "MiB", 1, "mem", "resident"),
      gauge("mem.virtual", "MiB", 1, "mem", "virtual"),
      gauge("globalLock.queue.total", "count", 0, "globalLock", "currentQueue", "total"),
      gauge("globalLock.queue.readers", "count", 0, "globalLock", "currentQueue", "readers"),
      gauge("globalLock.queue.writers", "count", 0, "globalLock", "currentQueue", "writers"));
}
