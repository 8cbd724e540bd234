package dev.ycsbpack.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbpack.testkit.FerretDbBinary;
import dev.ycsbpack.testkit.FerretDbServer;
import dev.ycsbpack.testkit.Prerequisites;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;

/**
 * A batched load with YCSB's insertion retries survives a server crash and restart: FerretDB on SQLite (its data
 * survives the restart) is killed with SIGKILL mid-load and started again on the same port, while YCSB's own
 * {@link CoreWorkload#doInsert} drives the binding with its retry loop. Every document ends stored exactly once and
 * the {@code [INSERT-DOCUMENTS]} counts say so.
 */
class BatchedLoadRestartTest {
  private static final int RECORDS = 2000;
  private static final int THREADS = 2;

  @BeforeAll
  static void needsFerretDb() {
    if (!Prerequisites.ferretDbRequired()) {
      assumeTrue(FerretDbBinary.locate().isPresent(), "FerretDB wrapper not built");
    }
  }

  @Test
  @Timeout(value = 180, unit = TimeUnit.SECONDS)
  void aLoadWithRetriesStoresEveryDocumentOnceThroughAServerRestart(@TempDir Path dir) throws Exception {
    FerretDbServer server = FerretDbServer.startSqlite(dir.resolve("data"));
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try (MongoClient reader = MongoClients.create(server.connectionString() + "/?serverSelectionTimeoutMS=20000")) {
      Properties p = new Properties();
      p.setProperty("mongodb.url", server.connectionString() + "/ycsb?serverSelectionTimeoutMS=20000");
      p.setProperty("mongodb.batchsize", "50");
      p.setProperty("recordcount", String.valueOf(RECORDS));
      p.setProperty("threadcount", String.valueOf(THREADS));
      p.setProperty("fieldcount", "2");
      p.setProperty("fieldlength", "20");
      p.setProperty("core_workload_insertion_retry_limit", "10");
      p.setProperty("core_workload_insertion_retry_interval", "1");
      Measurements.setProperties(p);
      InsertAcknowledgements counts = InsertAcknowledgements.of(Measurements.getMeasurements());
      long counted0 = counts.countedValue();
      long ack0 = counts.acknowledged();
      long notAck0 = counts.notAcknowledged();
      CoreWorkload workload = new CoreWorkload();
      workload.init(p);
      List<Future<Integer>> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int id = t;
        threads.add(pool.submit(() -> {
          MongoDbClient db = new MongoDbClient();
          db.setProperties(p);
          db.init();
          Object state = workload.initThread(p, id, THREADS);
          int done = 0;
          for (int i = 0; i < RECORDS / THREADS; i++) {
            if (!workload.doInsert(db, state)) {
              break; // as YCSB's ClientThread: a load stops at an insert that failed for good
            }
            done++;
            Thread.sleep(1); // spread the load over the kill
          }
          db.cleanup();
          return done;
        }));
      }
      MongoCollection<BsonDocument> c = reader.getDatabase("ycsb").getCollection("usertable", BsonDocument.class);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (c.countDocuments() < RECORDS / 4 && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(c.countDocuments() < RECORDS, "the load was still running at the kill");
      server.kill();
      Thread.sleep(1500);
      server = server.restart();
      int done = 0;
      for (Future<Integer> f : threads) {
        done += f.get(150, TimeUnit.SECONDS);
      }
      assertEquals(RECORDS, done, "every insert succeeded, after retries");
      Set<String> ids = new HashSet<>();
      c.find().forEach(d -> ids.add(d.getString("_id").getValue()));
      assertEquals(RECORDS, c.countDocuments(), "stored exactly once each");
      assertEquals(RECORDS, ids.size(), "ids unique");
      assertEquals(RECORDS, counts.countedValue() - counted0, "Counted");
      assertEquals(RECORDS, counts.acknowledged() - ack0, "Acknowledged");
      assertEquals(0, counts.notAcknowledged() - notAck0, "NotAcknowledged");
    } finally {
      pool.shutdownNow();
      server.close();
    }
  }
}
