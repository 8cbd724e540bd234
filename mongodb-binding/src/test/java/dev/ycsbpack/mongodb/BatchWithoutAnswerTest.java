package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.testkit.TestTargets.Target;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * A batch whose answer never comes, as under a silent network partition: mongo-java-server stores it, and the reply
 * is held back by a {@link WireProxy} past the client's socket read timeout. Its documents are of unknown fate: not
 * acknowledged, not refused, and, with YCSB's default of no insertion retries, not sent again in {@code cleanup()},
 * which then ends at once (a load's thread whose unbatched insert timed out ends the same way).
 */
class BatchWithoutAnswerTest {
  private static final int READ_TIMEOUT_MS = 1_000;

  private static Map<String, ByteIterator> value(String v) {
    return new HashMap<>(Map.of("field0", new StringByteIterator(v)));
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void documentsOfABatchThatGotNoAnswerAreOfUnknownFateAndAreNotSentAgainAtTheEndWithoutRetries() throws Exception {
    AtomicBoolean silent = new AtomicBoolean();
    List<Integer> insertSizes = new CopyOnWriteArrayList<>();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      proxy.onRequest(r -> {
        if (r.command().equals("insert")) {
          insertSizes.add(r.body().isArray("documents") ? r.body().getArray("documents").size()
              : r.sequenceDocuments());
        }
        return WireDecision.forward();
      });
      proxy.onReply((request, reply) -> {
        if (silent.get() && request.command().equals("insert")) {
          sleep(3 * READ_TIMEOUT_MS); // the answer is lost: the client gives up first
          return WireDecision.reset();
        }
        return WireDecision.forward();
      });
      Target target = new Target("proxy", proxy.connectionString() + "/?socketTimeoutMS=" + READ_TIMEOUT_MS
          + "&serverSelectionTimeoutMS=5000", false, false);
      try (BindingHarness h = new BindingHarness(target, "mongodb.batchsize=5")) {
        InsertAcknowledgements counts = InsertAcknowledgements.of(Measurements.getMeasurements());
        long counted0 = counts.countedValue();
        long ack0 = counts.acknowledged();
        long notAck0 = counts.notAcknowledged();
        long unsettled0 = counts.unsettled();
        MongoDbClient db = h.client();
        for (int k = 0; k < 4; k++) {
          assertSame(Status.BATCHED_OK, db.insert(h.table, "user" + k, value("v" + k)));
        }
        silent.set(true);
        Status trigger = db.insert(h.table, "user4", value("v4"));
        assertFalse(trigger.isOk(), "the insert that sent the batch got no answer: " + trigger);
        assertEquals(4, counts.unsettled() - unsettled0, "user0..user3 pending: counted, fate not known yet");
        // still silent: a re-send at the end would wait out the read timeout, and show in insertSizes

        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        try {
          h.cleanup(db);
        } finally {
          System.setErr(err);
        }

        assertEquals(List.of(5), insertSizes, "user0..user3 were not sent again at the end");
        assertTrue(said.toString(StandardCharsets.UTF_8).contains("their fate is unknown (FateUnknown under "
            + "[INSERT-DOCUMENTS])"), said.toString(StandardCharsets.UTF_8));
        long acknowledged = counts.acknowledged() - ack0;
        long unknown = counts.unsettled() - unsettled0;
        assertEquals(4, counts.countedValue() - counted0, "user0..user3 were counted done");
        assertEquals(0, acknowledged);
        assertEquals(0, counts.notAcknowledged() - notAck0, "nothing was refused");
        assertEquals(4, unknown, "user0..user3: sent, never answered");
        String exported = export(counts);
        assertTrue(exported.contains("[INSERT-DOCUMENTS], FateUnknown, " + counts.unsettled()), exported);
        // the server did store the silent batch: the count lies within what the counts allow, with the failed
        // insert of user4, whose document is of unknown fate too, as an unbatched insert's would be
        long stored = h.collection().countDocuments();
        assertEquals(5, stored, "user0..user4");
        assertTrue(acknowledged <= stored && stored <= acknowledged + unknown + 1, stored + " stored");
      }
    }
  }

  private static String export(InsertAcknowledgements counts) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(out)) {
      counts.exportMeasurements(exporter);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
