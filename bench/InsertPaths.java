package dev.ycsbpack.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import dev.ycsbpack.mongodb.wire.Documents;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import org.bson.BsonDocument;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The batched-insert path's document building, two ways taking turns in one JVM against one server (issue 19):
 * <ul>
 *   <li>{@code encoded}: {@link Documents#encoded} (the BSON bytes written by the binding, a RawBsonDocument), what
 *   MongoDbClient.insert builds;
 *   <li>{@code document}: a BsonDocument of BsonBinary values the driver's codec writes ({@code _id}, then
 *   {@link Documents#putFields}), what it built before;
 *   <li>{@code encoded-before}: the same bytes as {@code encoded}, written as the binding did before session 9 (each
 *   field name character by character), and each stored document's {@code _id} looked up after its batch, as
 *   MongoDbClient.flush then did for every document.
 * </ul>
 * Both send unordered insertMany batches of BATCH documents of 10 fields x 100 random bytes (YCSB's shape). After
 * WARMUP documents (the arms in turn), PAIRS rounds of one block of BLOCK documents per arm, the order rotating; each
 * block into a fresh collection, dropped after it (outside the timing). Per block one line: arm, round, documents,
 * wall ms, CPU ms of the inserting threads (ThreadMXBean), CPU ms of the whole JVM.
 *
 * <p>Field names are one set of strings, as YCSB's workload keeps them. Usage: java -cp DIR:DIST/lib/*
 * dev.ycsbpack.mongodb.InsertPaths URL THREADS BATCH WARMUP BLOCK PAIRS [ARMS, default encoded,document]
 */
public final class InsertPaths {
  private static List<String> ARMS = List.of("encoded", "document");
  private static final String[] FIELDS = {"field0", "field1", "field2", "field3", "field4", "field5", "field6",
      "field7", "field8", "field9"};
  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);

  private InsertPaths() {
  }

  public static void main(String[] args) throws Exception {
    String url = args[0];
    int threads = Integer.parseInt(args[1]);
    int batch = Integer.parseInt(args[2]);
    int warmup = Integer.parseInt(args[3]);
    int block = Integer.parseInt(args[4]);
    int pairs = Integer.parseInt(args[5]);
    if (args.length > 6) {
      ARMS = List.of(args[6].split(","));
    }
    ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    try (MongoClient client = MongoClients.create(url)) {
      MongoDatabase database = client.getDatabase("ycsb");
      LongAdder workerCpu = new LongAdder();
      long[] window = new long[2];
      String[] current = {"warmup", "0"};
      CyclicBarrier start = new CyclicBarrier(threads, () -> {
        workerCpu.reset();
        window[0] = System.nanoTime();
        window[1] = os.getProcessCpuTime();
      });
      CyclicBarrier end = new CyclicBarrier(threads, () -> {
        long wall = (System.nanoTime() - window[0]) / 1_000_000;
        long process = (os.getProcessCpuTime() - window[1]) / 1_000_000;
        if (!current[0].startsWith("warmup")) {
          System.out.printf("%s %s %d %d %d %d%n", current[0], current[1], (long) block / threads / batch * batch
              * threads, wall, workerCpu.sum() / 1_000_000, process);
        }
        database.getCollection(collection(current[0], current[1])).drop();
      });
      List<Thread> workers = new ArrayList<>();
      Throwable[] failure = new Throwable[1];
      for (int t = 0; t < threads; t++) {
        boolean leader = t == 0;
        int thread = t;
        Thread worker = new Thread(() -> {
          try {
            for (int round = -1; round <= pairs; round++) {
              for (int i = 0; i < ARMS.size(); i++) {
                String arm = ARMS.get((i + Math.max(round, 0)) % ARMS.size());
                int documents = round <= 0 ? warmup / 2 / ARMS.size() / threads : block / threads;
                if (leader) {
                  current[0] = round <= 0 ? "warmup" + arm : arm;
                  current[1] = String.valueOf(round);
                }
                start.await();
                long cpu = threadBean.getCurrentThreadCpuTime();
                insert(database.getCollection(collection(current[0], current[1]), BsonDocument.class), arm,
                    thread, documents / batch, batch);
                workerCpu.add(threadBean.getCurrentThreadCpuTime() - cpu);
                end.await();
              }
            }
          } catch (Throwable e) {
            failure[0] = e;
            start.reset();
            end.reset();
          }
        });
        workers.add(worker);
        worker.start();
      }
      for (Thread w : workers) {
        w.join();
      }
      if (failure[0] != null) {
        throw new IllegalStateException("a worker failed", failure[0]);
      }
    }
  }

  private static String collection(String arm, String round) {
    return "insertpaths_" + arm + "_" + round;
  }

  private static void insert(com.mongodb.client.MongoCollection<BsonDocument> collection, String arm, int thread,
                             int batches, int batch) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int b = 0; b < batches; b++) {
      List<BsonDocument> docs = new ArrayList<>(batch);
      for (int d = 0; d < batch; d++) {
        String key = "user" + thread + "_" + b + "_" + d;
        Map<String, ByteIterator> values = new LinkedHashMap<>();
        for (int f = 0; f < 10; f++) {
          byte[] bytes = new byte[100];
          random.nextBytes(bytes);
          values.put(FIELDS[f], new ByteArrayByteIterator(bytes));
        }
        docs.add(switch (arm) {
          case "encoded" -> Documents.encoded(key, values);
          case "encoded-before" -> encodedBefore(key, values);
          default -> Documents.putFields(new BsonDocument(Documents.ID, new org.bson.BsonString(key)), values);
        });
      }
      collection.insertMany(docs, UNORDERED);
      if (arm.equals("encoded-before")) {
        for (BsonDocument doc : docs) {
          if (doc.get(Documents.ID) == null) { // what flush did for each stored document
            throw new IllegalStateException("no _id");
          }
        }
      }
    }
  }

  /** Documents.encoded as it was before session 9: each field name written character by character. */
  private static org.bson.RawBsonDocument encodedBefore(String key, Map<String, ByteIterator> values) {
    org.bson.io.BasicOutputBuffer out = new org.bson.io.BasicOutputBuffer(64 + 128 * values.size());
    out.writeInt32(0);
    out.writeByte(org.bson.BsonType.STRING.getValue());
    out.writeCString(Documents.ID);
    out.writeString(key);
    for (Map.Entry<String, ByteIterator> field : values.entrySet()) {
      byte[] value = field.getValue().toArray();
      out.writeByte(org.bson.BsonType.BINARY.getValue());
      out.writeCString(field.getKey());
      out.writeInt32(value.length);
      out.writeByte(org.bson.BsonBinarySubType.BINARY.getValue());
      out.writeBytes(value);
    }
    out.writeByte(0);
    out.writeInt32(0, out.getPosition());
    return new org.bson.RawBsonDocument(out.getInternalBuffer(), 0, out.getPosition());
  }
}
