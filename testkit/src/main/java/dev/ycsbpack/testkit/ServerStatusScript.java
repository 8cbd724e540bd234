package dev.ycsbpack.testkit;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A {@link WireProxy} request rule that answers {@code serverStatus} (and {@code replSetGetStatus}) itself with known,
 * changing figures, and forwards everything else: the honest test of a telemetry sampler, since the test servers
 * report almost none of these figures. Answer {@code i} (0 for the first) holds the figures of {@link #figure}; with
 * {@link #countingTraffic()} its opcounters are the operations the proxy forwarded instead, as a server counts them
 * (inserted documents, find commands, update and delete statements, getMores), plus any {@link #extraQueries}.
 */
public final class ServerStatusScript implements Function<WireRequest, WireDecision> {
  /** The optime of the primary at answer 0 (epoch ms). */
  public static final long OPTIME_0 = 1_700_000_000_000L;

  private final boolean counting;
  private final long extraQueries;
  private final boolean refusing;
  private final boolean replicaSet;
  private final AtomicInteger answers = new AtomicInteger();
  private final AtomicInteger replAnswers = new AtomicInteger();
  private final AtomicLong inserts = new AtomicLong();
  private final AtomicLong queries = new AtomicLong();
  private final AtomicLong updates = new AtomicLong();
  private final AtomicLong deletes = new AtomicLong();
  private final AtomicLong getmores = new AtomicLong();

  private ServerStatusScript(boolean counting, long extraQueries, boolean refusing, boolean replicaSet) {
    this.counting = counting;
    this.extraQueries = extraQueries;
    this.refusing = refusing;
    this.replicaSet = replicaSet;
  }

  /** Answers with {@link #figure} alone; a standalone (replSetGetStatus fails with code 76). */
  public static ServerStatusScript fixed() {
    return new ServerStatusScript(false, 0, false, false);
  }

  /** Opcounters from the traffic the proxy forwarded; the other figures as {@link #fixed()}. */
  public static ServerStatusScript countingTraffic() {
    return new ServerStatusScript(true, 0, false, false);
  }

  /** Refuses serverStatus and replSetGetStatus as a server does a user without the clusterMonitor role (code 13). */
  public static ServerStatusScript refusing() {
    return new ServerStatusScript(false, 0, true, false);
  }

  /** As this, with {@code perAnswer} more queries counted at each answer than the traffic had: someone else's load. */
  public ServerStatusScript extraQueries(long perAnswer) {
    return new ServerStatusScript(counting, perAnswer, refusing, replicaSet);
  }

  /**
   * As this, a member of replica set {@code rs0}: replSetGetStatus answer {@code i} lists {@code a:27017} (primary,
   * optime {@code OPTIME_0 + 1000 i}) and {@code b:27017} (secondary, {@code 250 i} ms behind).
   */
  public ServerStatusScript replicaSet() {
    return new ServerStatusScript(counting, extraQueries, refusing, true);
  }

  /** serverStatus answers given so far. */
  public int answers() {
    return answers.get();
  }

  /**
   * Figure {@code name} (the telemetry contract's column name, e.g. {@code mem.resident}) of answer {@code i}, as
   * {@link #fixed()} answers it.
   */
  public static long figure(String name, int i) {
    return switch (name) {
      case "opcounters.insert" -> 1000 + 10L * i;
      case "opcounters.query" -> 2000 + 20L * i;
      case "opcounters.update" -> 300 + 3L * i;
      case "opcounters.delete" -> 40 + i;
      case "opcounters.getmore" -> 5;
      case "opcounters.command" -> 600 + 6L * i;
      case "metrics.document.inserted" -> 1000 + 10L * i;
      case "metrics.document.returned" -> 5000 + 50L * i;
      case "metrics.document.updated" -> 300 + 3L * i;
      case "metrics.document.deleted" -> 40 + i;
      case "network.bytesIn" -> 1_000_000 + 1000L * i;
      case "network.bytesOut" -> 2_000_000 + 3000L * i;
      case "connections.current" -> 5 + i;
      case "connections.available" -> 1000 - i;
      case "wiredTiger.cache.bytes" -> 1_048_576L * (i + 1);
      case "wiredTiger.cache.maxBytes" -> 1_073_741_824L;
      case "wiredTiger.cache.dirtyBytes" -> 4096L * i;
      case "wiredTiger.cache.pagesRead" -> 100L * i;
      case "wiredTiger.cache.pagesWritten" -> 50L * i;
      case "mem.resident" -> 200 + i;
      case "mem.virtual" -> 3000;
      case "globalLock.queue.total", "globalLock.queue.readers" -> i;
      case "globalLock.queue.writers" -> 0;
      default -> throw new IllegalArgumentException("no such figure: " + name);
    };
  }

  @Override
  public WireDecision apply(WireRequest r) {
    count(r);
    if (r.command().equals("serverStatus")) {
      return WireDecision.reply(refusing ? unauthorized() : status(answers.getAndIncrement()));
    }
    if (r.command().equals("replSetGetStatus")) {
      return WireDecision.reply(refusing ? unauthorized() : replicaSet ? members(replAnswers.getAndIncrement())
          : error(76, "NoReplicationEnabled", "not running with --replSet"));
    }
    return WireDecision.forward();
  }

  private void count(WireRequest r) {
    switch (r.command()) {
      case "insert" -> inserts.addAndGet(r.sequenceDocuments() + size(r.body().get("documents")));
      case "find" -> queries.incrementAndGet();
      case "update" -> updates.addAndGet(r.sequences().getOrDefault("updates", java.util.List.of()).size()
          + size(r.body().get("updates")));
      case "delete" -> deletes.addAndGet(r.sequences().getOrDefault("deletes", java.util.List.of()).size()
          + size(r.body().get("deletes")));
      case "getMore" -> getmores.incrementAndGet();
      default -> {
      }
    }
  }

  private static int size(BsonValue v) {
    return v != null && v.isArray() ? v.asArray().size() : 0;
  }

  private BsonDocument status(int i) {
    BsonDocument opcounters = new BsonDocument();
    if (counting) {
      opcounters.append("insert", new BsonInt64(inserts.get())).append("query",
          new BsonInt64(queries.get() + extraQueries * i)).append("update", new BsonInt64(updates.get()))
          .append("delete", new BsonInt64(deletes.get())).append("getmore", new BsonInt64(getmores.get()))
          .append("command", new BsonInt64(figure("opcounters.command", i)));
    } else {
      for (String k : new String[] {"insert", "query", "update", "delete", "getmore", "command"}) {
        opcounters.append(k, new BsonInt64(figure("opcounters." + k, i) + (k.equals("query") ? extraQueries * i : 0)));
      }
    }
    BsonDocument d = new BsonDocument("host", new BsonString("scripted-host:27017"))
        .append("version", new BsonString("7.0.99-scripted")).append("process", new BsonString("mongod"))
        .append("storageEngine", new BsonDocument("name", new BsonString("wiredTiger")))
        .append("opcounters", opcounters);
    BsonDocument document = new BsonDocument();
    for (String k : new String[] {"inserted", "returned", "updated", "deleted"}) {
      document.append(k, new BsonInt64(figure("metrics.document." + k, i)));
    }
    d.append("metrics", new BsonDocument("document", document));
    d.append("network", new BsonDocument("bytesIn", new BsonInt64(figure("network.bytesIn", i))).append("bytesOut",
        new BsonInt64(figure("network.bytesOut", i))));
    d.append("connections", new BsonDocument("current", new BsonInt32((int) figure("connections.current", i)))
        .append("available", new BsonInt32((int) figure("connections.available", i))));
    d.append("wiredTiger", new BsonDocument("cache", new BsonDocument("bytes currently in the cache",
        new BsonInt64(figure("wiredTiger.cache.bytes", i))).append("maximum bytes configured",
            new BsonInt64(figure("wiredTiger.cache.maxBytes", i)))
        .append("tracked dirty bytes in the cache",
            new BsonInt64(figure("wiredTiger.cache.dirtyBytes", i)))
        .append("pages read into cache",
            new BsonInt64(figure("wiredTiger.cache.pagesRead", i)))
        .append("pages written from cache",
            new BsonInt64(figure("wiredTiger.cache.pagesWritten", i)))));
    d.append("mem", new BsonDocument("bits", new BsonInt32(64)).append("resident",
        new BsonInt32((int) figure("mem.resident", i))).append("virtual",
            new BsonInt32((int) figure("mem.virtual", i))));
    d.append("globalLock", new BsonDocument("currentQueue", new BsonDocument("total",
        new BsonInt32((int) figure("globalLock.queue.total", i))).append("readers",
            new BsonInt32((int) figure("globalLock.queue.readers", i)))
        .append("writers",
            new BsonInt32((int) figure("globalLock.queue.writers", i)))));
    if (replicaSet) {
      d.append("repl", new BsonDocument("setName", new BsonString("rs0")));
    }
    return d.append("ok", new BsonDouble(1));
  }

  private static BsonDocument members(int i) {
    long primary = OPTIME_0 + 1000L * i;
    BsonArray members = new BsonArray();
    members.add(new BsonDocument("_id", new BsonInt32(0)).append("name", new BsonString("a:27017"))
        .append("state", new BsonInt32(1)).append("stateStr", new BsonString("PRIMARY"))
        .append("optimeDate", new BsonDateTime(primary)));
    members.add(new BsonDocument("_id", new BsonInt32(1)).append("name", new BsonString("b:27017"))
        .append("state", new BsonInt32(2)).append("stateStr", new BsonString("SECONDARY"))
        .append("optimeDate", new BsonDateTime(primary - 250L * i)));
    return new BsonDocument("set", new BsonString("rs0")).append("members", members).append("ok", new BsonDouble(1));
  }

  private static BsonDocument unauthorized() {
    return error(13, "Unauthorized", "not authorized on admin to execute command");
  }

  private static BsonDocument error(int code, String name, String message) {
    return new BsonDocument("ok", new BsonDouble(0)).append("errmsg", new BsonString(message))
        .append("code", new BsonInt32(code)).append("codeName", new BsonString(name));
  }
}
