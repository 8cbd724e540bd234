import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import site.ycsb.Utils;

/**
 * The baseline for bench/binding-overhead.sh: the same reads and updates as YCSB's 95/5 run with uniform
 * keys, written straight against the driver, with nothing measured per operation.
 *
 * <p>Timed like YCSB's RunTime: from creating the client to closing it, so the two throughputs compare the
 * same span. Usage: java -cp 'lib/*' PlainDriverLoop.java URL TABLE RECORDS OPERATIONS THREADS
 */
public class PlainDriverLoop {
  public static void main(String[] args) throws Exception {
    String url = args[0];
    String table = args[1];
    int records = Integer.parseInt(args[2]);
    int operations = Integer.parseInt(args[3]);
    int threads = Integer.parseInt(args[4]);

    long start = System.nanoTime();
    try (MongoClient client = MongoClients.create(url)) {
      MongoCollection<BsonDocument> collection =
          client.getDatabase("ycsb").getCollection(table, BsonDocument.class);
      List<Thread> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int share = operations / threads + (t < operations % threads ? 1 : 0);
        Thread worker = new Thread(() -> run(collection, records, share));
        workers.add(worker);
        worker.start();
      }
      for (Thread worker : workers) {
        worker.join();
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("plain-driver, Throughput(ops/sec), %.1f%n", operations / seconds);
  }

  private static void run(MongoCollection<BsonDocument> collection, int records, int operations) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    byte[] value = new byte[100];
    for (int i = 0; i < operations; i++) {
      // YCSB's key for record k with insertorder=hashed
      String key = "user" + Utils.fnvhash64(random.nextInt(records));
      if (random.nextDouble() < 0.95) {
        if (collection.find(Filters.eq("_id", key)).first() == null) {
          throw new IllegalStateException("missing " + key + ": load the table first");
        }
      } else {
        random.nextBytes(value);
        collection.updateOne(Filters.eq("_id", key),
            Updates.set("field" + random.nextInt(10), new BsonBinary(value)));
      }
    }
  }
}
