import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.model.Updates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * A plain driver loop doing YCSB's work with no harness: the baseline arms of bench/client-cpu.sh.
 *
 * <p>One source, compiled twice by the script: against mongodb-driver-sync 5.x and against the legacy
 * mongo-java-driver 3.8.0 (the driver upstream YCSB 0.17.0's binding ships with); both have this API. Reads
 * decode to {@code Document} and copy each field's bytes into a map, as a binding must hand YCSB its fields.
 *
 * <ul>
 *   <li>{@code run}: READ_PROPORTION reads by {@code _id} (all fields), the rest {@code $set} of one 100-byte
 *   field; keys from YCSB's scrambled zipfian over RECORDS, named as YCSB names them (insertorder=hashed).
 *   <li>{@code load}: OPERATIONS documents (_id + 10 fields of 100 bytes), unordered insertMany of BATCH,
 *   keys 0 to OPERATIONS-1 named as YCSB's load names them (insertorder=hashed).
 *   <li>{@code drop}: drops TABLE (between rounds, outside every measurement).
 * </ul>
 *
 * <p>Timed like YCSB's RunTime plus the connect that upstream's binding does inside it: from creating the
 * client to closing it. Usage: java -cp ... DriverLoop URL TABLE run|load|drop RECORDS OPERATIONS THREADS
 * READ_PROPORTION BATCH
 */
public class DriverLoop {
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;

  public static void main(String[] args) throws Exception {
    String url = args[0];
    String table = args[1];
    String mode = args[2];
    if (mode.equals("drop")) {
      MongoClient client = MongoClients.create(url);
      client.getDatabase("ycsb").getCollection(table).drop();
      client.close();
      return;
    }
    int records = Integer.parseInt(args[3]);
    int operations = Integer.parseInt(args[4]);
    int threads = Integer.parseInt(args[5]);
    double readProportion = Double.parseDouble(args[6]);
    int batch = Integer.parseInt(args[7]);

    long start = System.nanoTime();
    // not try-with-resources: 3.8's MongoClient is not AutoCloseable
    MongoClient client = MongoClients.create(url);
    try {
      MongoCollection<Document> collection = client.getDatabase("ycsb").getCollection(table);
      ScrambledZipfianGenerator keys = new ScrambledZipfianGenerator(records);
      List<Thread> workers = new ArrayList<>();
      int first = 0;
      for (int t = 0; t < threads; t++) {
        int share = operations / threads + (t < operations % threads ? 1 : 0);
        int from = first;
        first += share;
        Thread worker = new Thread(mode.equals("load")
            ? () -> load(collection, from, share, batch)
            : () -> run(collection, keys, share, readProportion));
        workers.add(worker);
        worker.start();
      }
      for (Thread worker : workers) {
        worker.join();
      }
    } finally {
      client.close();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("driver-loop, Throughput(ops/sec), %.1f%n", operations / seconds);
  }

  private static void run(MongoCollection<Document> collection, ScrambledZipfianGenerator keys, int operations,
                          double readProportion) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < operations; i++) {
      String key = key(keys.nextValue());
      if (random.nextDouble() < readProportion) {
        Document doc = collection.find(Filters.eq("_id", key)).first();
        if (doc == null) {
          throw new IllegalStateException("missing " + key + ": load the table first");
        }
        Map<String, byte[]> fields = new HashMap<>();
        for (Map.Entry<String, Object> field : doc.entrySet()) {
          if (!field.getKey().equals("_id")) {
            fields.put(field.getKey(), ((Binary) field.getValue()).getData());
          }
        }
      } else {
        collection.updateOne(Filters.eq("_id", key),
            Updates.set("field" + random.nextInt(FIELDS), new Binary(bytes(random))));
      }
    }
  }

  private static void load(MongoCollection<Document> collection, int from, int count, int batch) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    InsertManyOptions unordered = new InsertManyOptions().ordered(false);
    List<Document> docs = new ArrayList<>(batch);
    for (int k = from; k < from + count; k++) {
      Document doc = new Document("_id", key(k));
      for (int f = 0; f < FIELDS; f++) {
        doc.append("field" + f, new Binary(bytes(random)));
      }
      docs.add(doc);
      if (docs.size() == batch || k == from + count - 1) {
        collection.insertMany(docs, unordered);
        docs = new ArrayList<>(batch);
      }
    }
  }

  private static byte[] bytes(ThreadLocalRandom random) {
    byte[] value = new byte[FIELD_LENGTH];
    random.nextBytes(value);
    return value;
  }

  /** YCSB's CoreWorkload.buildKeyName with insertorder=hashed (its default). */
  private static String key(long keynum) {
    return "user" + fnvhash64(keynum);
  }

  /** site.ycsb.Utils.fnvhash64, copied so the legacy arm needs nothing but the YCSB core jar's generators. */
  private static long fnvhash64(long val) {
    long hashval = 0xCBF29CE484222325L;
    for (int i = 0; i < 8; i++) {
      long octet = val & 0x00ff;
      val = val >> 8;
      hashval = hashval ^ octet;
      hashval = hashval * 1099511628211L;
    }
    return Math.abs(hashval);
  }
}
