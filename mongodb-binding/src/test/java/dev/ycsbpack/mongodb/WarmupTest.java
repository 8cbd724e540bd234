package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.ycsbpack.common.PropertyPairs;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.DBException;
import site.ycsb.DBWrapper;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * {@code mongodb.warmup}: the warm-up inserts really reach the server, in the workload's document shape and
 * with the run's write concern, before the first measured operation, and YCSB's measurements never see them.
 */
class WarmupTest {
  /** Insert and drop commands as sent, copied inside the callback (the event's document is only valid there). */
  static final class Recorder implements CommandListener {
    final List<BsonDocument> inserts = new CopyOnWriteArrayList<>();
    final List<String> drops = new CopyOnWriteArrayList<>();

    @Override
    public void commandStarted(CommandStartedEvent event) {
      if (event.getCommandName().equals("insert")) {
        inserts.add(event.getCommand().clone());
      } else if (event.getCommandName().equals("drop")) {
        drops.add(event.getCommand().getString("drop").getValue());
      }
    }

    List<BsonDocument> insertsInto(String collection) {
      List<BsonDocument> into = new ArrayList<>();
      for (BsonDocument c : inserts) {
        if (c.getString("insert").getValue().equals(collection)) {
          into.add(c);
        }
      }
      return into;
    }

    static int documents(List<BsonDocument> commands) {
      return commands.stream().mapToInt(c -> c.getArray("documents").size()).sum();
    }
  }

  static Stream<org.junit.jupiter.api.Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  static Stream<Arguments> cases() {
    return TestTargets.allAsStream()
        .flatMap(t -> Stream.of(Arguments.of(TestTargets.named(t), 1), Arguments.of(TestTargets.named(t), 4)));
  }

  @ParameterizedTest(name = "[{0}] batchsize={1}")
  @MethodSource("cases")
  void warmUpInsertsReachTheServerBeforeMeasuringAndAreNotMeasured(Target target, int batchSize)
      throws Exception {
    Recorder recorder = new Recorder();
    try (BindingHarness h = new BindingHarness(target, "mongodb.warmup=7", "mongodb.w=1",
        "mongodb.batchsize=" + batchSize, "fieldcount=3", "fieldlength=5", "fieldnameprefix=f",
        "dotransactions=false", "recordcount=4")) {
      h.properties.setProperty("table", h.table);
      String scratch = Warmup.PROCESS.scratch(h.table);
      long insertsMeasuredBefore = measuredInserts();

      MongoDbClient db = new MongoDbClient(b -> b.addCommandListener(recorder));
      DBWrapper measured = new DBWrapper(db, new Tracer.Builder("test").conf(HTraceConfiguration.EMPTY).build());
      measured.setProperties(h.properties);
      measured.init();

      // Everything below happened inside init(), before the first measured operation.
      List<BsonDocument> warmups = recorder.insertsInto(scratch);
      assertEquals(7, Recorder.documents(warmups), "seven warm-up documents: " + warmups);
      assertEquals(batchSize == 1 ? 7 : 2, warmups.size(), "sent one by one, or in batches like the run's");
      for (BsonDocument command : warmups) {
        assertEquals(WriteConcern.W1.asDocument(), command.getDocument("writeConcern"), command.toJson());
        for (BsonValue v : command.getArray("documents")) {
          BsonDocument doc = v.asDocument();
          assertEquals(List.of("_id", "f0", "f1", "f2"), new ArrayList<>(doc.keySet()), doc.toJson());
          for (String f : List.of("f0", "f1", "f2")) {
            assertEquals(5, doc.getBinary(f).getData().length, doc.toJson());
          }
        }
      }
      assertEquals(List.of(scratch), recorder.drops, "the scratch collection was dropped");
      assertFalse(collectionNames(h).contains(scratch), "no scratch collection is left: " + collectionNames(h));
      assertTrue(recorder.insertsInto(h.table).isEmpty(), "nothing written to the measured table yet");

      for (int k = 0; k < 4; k++) {
        Status s = measured.insert(h.table, "user" + k, new HashMap<>(Map.of("f0", new StringByteIterator("x"))));
        assertTrue(s.isOk(), s.toString());
      }
      measured.cleanup();

      assertEquals(4, measuredInserts() - insertsMeasuredBefore, "only the four measured inserts are counted");
      assertEquals(4, h.collection().countDocuments(), "the measured table holds only measured documents");
      assertFalse(collectionNames(h).contains(scratch));
    }
  }

  @Test
  void threadsStartMeasuringOnlyAfterEveryThreadHasWarmedUpAndTheScratchCollectionIsGone() throws Exception {
    int threads = 3;
    int warmup = 20;
    Recorder recorder = new Recorder();
    Target target = TestTargets.inProcess();
    try (BindingHarness h = new BindingHarness(target, "mongodb.warmup=" + warmup, "threadcount=" + threads,
        "operationcount=300", "fieldcount=2", "fieldlength=4")) {
      h.properties.setProperty("table", h.table);
      String scratch = Warmup.PROCESS.scratch(h.table);
      Consumer<MongoClientSettings.Builder> listen = b -> b.addCommandListener(recorder);
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Future<String>> seenAtStart = new ArrayList<>();
      try {
        for (int t = 0; t < threads; t++) {
          long delayMs = t == threads - 1 ? 500 : 0;
          seenAtStart.add(pool.submit(() -> {
            Thread.sleep(delayMs); // the last thread is late: the early ones must wait for it
            MongoDbClient db = h.client(listen);
            // what a thread had seen when it was free to start measuring
            return Recorder.documents(recorder.insertsInto(scratch)) + " warm-up documents, "
                + recorder.drops.size() + " drop, scratch listed: "
                + collectionNames(h).contains(scratch);
          }));
        }
        for (Future<String> f : seenAtStart) {
          assertEquals(threads * warmup + " warm-up documents, 1 drop, scratch listed: false", f.get());
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  /**
   * Two client processes (two Warmup instances, as two JVMs have) warming up at once on one database, as every
   * coordinated run with mongodb.warmup does: neither fails on the other's keys or drop, and the measured collection
   * stays untouched.
   */
  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void twoClientProcessesWarmUpOnOneDatabaseWithoutCollidingOrTouchingTheMeasuredCollection(Target target)
      throws Exception {
    int threadsPerProcess = 2;
    try (BindingHarness h = new BindingHarness(target, "mongodb.warmup=30", "mongodb.batchsize=4",
        "threadcount=" + threadsPerProcess, "operationcount=100", "fieldcount=2", "fieldlength=8");
        MongoClient client = MongoClients.create(target.connectionString())) {
      h.properties.setProperty("table", h.table);
      BindingOptions options = BindingOptions.from(h.properties);
      com.mongodb.client.MongoDatabase database = client.getDatabase(options.database());
      List<Warmup> processes = List.of(new Warmup(Warmup.newToken()), new Warmup(Warmup.newToken()));
      assertFalse(processes.get(0).scratch(h.table).equals(processes.get(1).scratch(h.table)));
      ExecutorService pool = Executors.newFixedThreadPool(processes.size() * threadsPerProcess);
      try {
        List<Future<?>> threads = new ArrayList<>();
        for (Warmup process : processes) {
          for (int t = 0; t < threadsPerProcess; t++) {
            threads.add(pool.submit(() -> {
              process.run(database, options, h.properties);
              return null;
            }));
          }
        }
        for (Future<?> f : threads) {
          f.get(60, java.util.concurrent.TimeUnit.SECONDS); // a collision fails a thread with a DBException
        }
      } finally {
        pool.shutdownNow();
      }
      List<String> names = collectionNames(h);
      assertFalse(names.contains(h.table), "the measured collection was never created: " + names);
      for (Warmup process : processes) {
        assertFalse(names.contains(process.scratch(h.table)), "each scratch collection was dropped: " + names);
      }
    }
  }

  @Test
  void aFailingWarmUpStopsTheThreadWithAClearMessageAndLetsTheOthersGo() throws Exception {
    Target target = TestTargets.inProcess();
    // A 17 MB document is over MongoDB's 16 MB limit: the driver refuses it, on any server, before sending.
    try (BindingHarness h = new BindingHarness(target, "mongodb.warmup=1", "fieldcount=1",
        "fieldlength=" + 17_000_000)) {
      h.properties.setProperty("table", h.table);
      DBException e = assertThrows(DBException.class, h::client);
      assertTrue(e.getMessage().contains("warm-up insert into " + Warmup.PROCESS.scratch(h.table)), e.getMessage());
      assertFalse(collectionNames(h).contains(Warmup.PROCESS.scratch(h.table)), "the gate still cleaned up");
    }
  }

  @Test
  void theGateCountsTheThreadsYcsbStarts() {
    assertEquals(4, Warmup.clientThreads(PropertyPairs.of("threadcount=4", "operationcount=1000")));
    assertEquals(2, Warmup.clientThreads(PropertyPairs.of("threadcount=4", "operationcount=2")), "capped like Client");
    assertEquals(3, Warmup.clientThreads(PropertyPairs.of("threadcount=8", "dotransactions=false", "recordcount=3")));
    assertEquals(8, Warmup.clientThreads(PropertyPairs.of("threadcount=8", "dotransactions=false", "recordcount=3",
        "insertcount=100")));
    assertEquals(1, Warmup.clientThreads(PropertyPairs.of()));
    assertEquals(5, Warmup.clientThreads(PropertyPairs.of("threadcount=5")), "no count: not YCSB's Client");
  }

  private static List<String> collectionNames(BindingHarness h) {
    List<String> names = new ArrayList<>();
    try (MongoClient c = MongoClients.create(h.target.connectionString())) {
      c.getDatabase(BindingOptions.from(h.properties).database()).listCollectionNames().into(names);
    }
    return names;
  }

  /** [INSERT], Operations from YCSB's measurement singleton, as the final report would print it. */
  private static long measuredInserts() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (TextMeasurementsExporter exporter = new TextMeasurementsExporter(out)) {
      Measurements.getMeasurements().exportMeasurements(exporter);
    }
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      if (line.startsWith("[INSERT], Operations, ")) {
        return Long.parseLong(line.substring("[INSERT], Operations, ".length()).trim());
      }
    }
    return 0;
  }
}
