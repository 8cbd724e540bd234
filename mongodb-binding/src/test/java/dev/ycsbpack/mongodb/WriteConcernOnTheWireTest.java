package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.WriteConcern;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.StringByteIterator;

/**
 * Every write command the binding sends carries the configured write concern, as seen by the driver's
 * command monitoring on its way to a real server.
 *
 * <p>The test servers accept and ignore write concerns other than w=0, so this checks what is sent, not what
 * a replica set does with it; against MONGODB_URL the same commands reach a real MongoDB.
 */
class WriteConcernOnTheWireTest {
  private static final Set<String> WRITE_COMMANDS = Set.of("insert", "update", "delete");

  static Stream<Arguments> cases() {
    List<Object[]> configs = List.of(
        new Object[] {"mongodb.w=1", WriteConcern.W1},
        new Object[] {"mongodb.w=2", WriteConcern.W2},
        new Object[] {"mongodb.w=majority", WriteConcern.MAJORITY},
        new Object[] {"mongodb.w=tag:multiDC", new WriteConcern("multiDC")},
        new Object[] {"mongodb.j=true", WriteConcern.ACKNOWLEDGED.withJournal(true)},
        new Object[] {"mongodb.w=1,mongodb.j=true", WriteConcern.W1.withJournal(true)},
        new Object[] {"mongodb.w=majority,mongodb.wtimeout=1234",
            WriteConcern.MAJORITY.withWTimeout(1234, TimeUnit.MILLISECONDS)},
        new Object[] {"mongodb.writeConcern=journaled", WriteConcern.W1.withJournal(true)},
        new Object[] {"mongodb.w=0", WriteConcern.UNACKNOWLEDGED},
        // docs/migrating.md: none set, none sent (the server's default), as upstream with a URL of one's own and the
        // fork by default (the driver's ACKNOWLEDGED carries no w); the pack's acknowledged is w=1, as upstream's
        new Object[] {"mongodb.upsert=false", WriteConcern.ACKNOWLEDGED},
        new Object[] {"mongodb.writeConcern=acknowledged", WriteConcern.W1});
    return TestTargets.allAsStream()
        .flatMap(t -> configs.stream().map(c -> Arguments.of(TestTargets.named(t), c[0], c[1])));
  }

  @ParameterizedTest(name = "[{0}] {1}")
  @MethodSource("cases")
  void everyWriteCommandCarriesTheConfiguredWriteConcern(Target target, String options, WriteConcern expected)
      throws Exception {
    // The event's command document is only valid during the callback: keep a copy.
    List<BsonDocument> writes = new CopyOnWriteArrayList<>();
    CommandListener listener = new CommandListener() {
      @Override
      public void commandStarted(CommandStartedEvent event) {
        if (WRITE_COMMANDS.contains(event.getCommandName())) {
          BsonDocument command = event.getCommand();
          writes.add(new BsonDocument(event.getCommandName(), command.get(event.getCommandName()))
              .append("writeConcern", command.getDocument("writeConcern", new BsonDocument()).clone()));
        }
      }
    };
    String[] pairs = options.split(",");
    boolean unacknowledged = expected.getWObject() != null && expected.getWObject().equals(0);
    try (BindingHarness h = new BindingHarness(target, pairs)) {
      DB single = h.client(b -> b.addCommandListener(listener));
      Map<String, ByteIterator> v = new HashMap<>(Map.of("field0", new StringByteIterator("x")));
      single.insert(h.table, "a", v);
      single.update(h.table, "a", new HashMap<>(Map.of("field0", new StringByteIterator("y"))));
      single.delete(h.table, "a");
      if (!unacknowledged || target.supportsUnacknowledgedWrites()) {
        // A server that cannot take w=0 drops the connection after the first write (see servers.md); the
        // batched and upsert paths are then checked only where w=0 works.
        h.properties.setProperty("mongodb.batchsize", "2");
        h.properties.setProperty("mongodb.upsert", "true");
        DB batched = h.client(b -> b.addCommandListener(listener));
        batched.insert(h.table, "b1", new HashMap<>(Map.of("field0", new StringByteIterator("1"))));
        batched.insert(h.table, "b2", new HashMap<>(Map.of("field0", new StringByteIterator("2"))));
        h.properties.setProperty("mongodb.upsert", "false");
        DB inserts = h.client(b -> b.addCommandListener(listener));
        inserts.insert(h.table, "c1", new HashMap<>(Map.of("field0", new StringByteIterator("1"))));
        inserts.insert(h.table, "c2", new HashMap<>(Map.of("field0", new StringByteIterator("2"))));
      }
    }
    assertFalse(writes.isEmpty());
    Set<String> seen = new java.util.TreeSet<>();
    for (BsonDocument command : writes) {
      seen.add(command.getFirstKey());
      assertEquals(expected.asDocument(), command.getDocument("writeConcern"), command.toJson());
    }
    assertTrue(seen.containsAll(WRITE_COMMANDS), "insert, update and delete were all checked: " + seen);
    if (!unacknowledged || target.supportsUnacknowledgedWrites()) {
      assertTrue(writes.size() >= 5, "single, batched insertMany and bulk upsert paths: " + writes.size());
    }
  }
}
