package dev.ycsbpack.experiment.run;

import com.mongodb.client.MongoClient;
import dev.ycsbpack.aggregate.experiment.ServerMemory;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/** Asks a server for {@code serverStatus} and reduces the answer to the {@link ServerMemory.Snapshot} a step keeps. */
public final class ServerStatus {
  private ServerStatus() {
  }

  /** serverStatus through {@code client}, as a snapshot; what went wrong, in the driver's words, when it failed. */
  public static ServerMemory.Snapshot read(MongoClient client) {
    try {
      return snapshot(client.getDatabase("admin").runCommand(new BsonDocument("serverStatus", new BsonInt32(1)),
          BsonDocument.class));
    } catch (RuntimeException e) {
      return ServerMemory.Snapshot.unknown("serverStatus failed: " + e.getClass().getSimpleName() + ": "
          + e.getMessage());
    }
  }

  /**
   * The counters of a serverStatus reply. {@code mem.resident} is in MiB (the server's unit); the WiredTiger cache
   * figures are bytes and pages.
   */
  public static ServerMemory.Snapshot snapshot(BsonDocument status) {
    Long resident = number(status, 1, "mem", "resident");
    return new ServerMemory.Snapshot(resident == null ? null : resident * 1024 * 1024,
        number(status, 1, "wiredTiger", "cache", "bytes currently in the cache"),
        number(status, 1, "wiredTiger", "cache", "maximum bytes configured"),
        number(status, 0, "wiredTiger", "cache", "pages read into cache"), null);
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
