package dev.ycsbpack.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbpack.aggregate.experiment.ServerMemory;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ServerMemoryTest {
  private static BsonDocument status(long resident, long inUse, long max, long pages) {
    return BsonDocument.parse("{ok: 1, mem: {bits: 64, resident: " + resident + "}, wiredTiger: {cache: {"
        + "'bytes currently in the cache': " + inUse + ", 'maximum bytes configured': " + max
        + ", 'pages read into cache': " + pages + "}}}");
  }

  @Test
  void reportedFiguresAreTheEndsSizesAndThePagesReadDuringTheStep() {
    ServerMemory m = ServerMemory.between(ServerStatus.snapshot(status(100, 10, 1000, 40)),
        ServerStatus.snapshot(status(300, 700, 1000, 100)));
    assertEquals(Map.of(ServerMemory.RESIDENT, 300L * 1024 * 1024, ServerMemory.CACHE_IN_USE, 700L,
        ServerMemory.CACHE_MAXIMUM, 1000L, ServerMemory.PAGES_READ, 60L), m.figures());
    assertNull(m.reason());
  }

  @Test
  void whatAServerDoesNotReportIsSaidSoNeverZero() {
    // mongo-java-server's and FerretDB's kind of answer: no wiredTiger section, no (or a zero) resident size
    ServerMemory.Snapshot few = ServerStatus.snapshot(BsonDocument.parse("{ok: 1, mem: {resident: 0}}"));
    ServerMemory m = ServerMemory.between(few, few);
    m.figures().values().forEach(v -> assertEquals(ServerMemory.NOT_REPORTED, v));
    assertEquals(4, m.figures().size());
    // a counter that went backwards (a restarted server) says nothing about the step
    ServerMemory restarted = ServerMemory.between(ServerStatus.snapshot(status(1, 1, 1, 50)),
        ServerStatus.snapshot(status(1, 1, 1, 5)));
    assertEquals(ServerMemory.NOT_REPORTED, restarted.figures().get(ServerMemory.PAGES_READ));
    // a step that read nothing into the cache did read 0 pages: a counter may honestly stay put
    ServerMemory none = ServerMemory.between(ServerStatus.snapshot(status(1, 1, 1, 0)),
        ServerStatus.snapshot(status(1, 1, 1, 0)));
    assertEquals(0L, none.figures().get(ServerMemory.PAGES_READ));
    ServerMemory refused = ServerMemory.between(ServerMemory.Snapshot.unknown("serverStatus failed: not authorized"),
        ServerMemory.Snapshot.unknown("serverStatus failed: not authorized"));
    assertEquals("serverStatus failed: not authorized", refused.reason());
    refused.figures().values().forEach(v -> assertEquals(ServerMemory.NOT_REPORTED, v));
  }
}
