package dev.ycsbpack.experiment.run;

import com.mongodb.client.MongoClient;
import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.telemetry.ServerStatusReader;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

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
   * The counters of a serverStatus reply, read by the telemetry's one reader ({@link ServerStatusReader}).
   * {@code mem.resident} is in MiB (the server's unit); the WiredTiger cache figures are bytes and pages.
   */
  public static ServerMemory.Snapshot snapshot(BsonDocument status) {
    ServerStatusReader.Reading r = ServerStatusReader.read(status);
    Long resident = whole(r.value("mem.resident"));
    return new ServerMemory.Snapshot(resident == null ? null : resident * 1024 * 1024,
        whole(r.value("wiredTiger.cache.bytes")), whole(r.value("wiredTiger.cache.maxBytes")),
        whole(r.value("wiredTiger.cache.pagesRead")), null);
  }

  /** A figure as the step keeps it: whole, as the server's integers are. */
  private static Long whole(Double figure) {
    return figure == null ? null : figure.longValue();
  }
}
