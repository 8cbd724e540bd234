package dev.ycsbpack.mongodb.wire;

import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.configuration.CodecRegistries;
import site.ycsb.ByteIterator;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * The measured JVM of bench/point-read.sh: point reads by {@code _id} (all fields, into a YCSB field map) through
 * the candidate paths, against the same server, with everything around the read the same in every arm.
 *
 * <ul>
 *   <li>{@code command}: what {@code MongoDbClient.read} does today: {@link PointRead#command} sent with
 *   {@code runCommand}, the reply decoded by {@link PointRead.ReplyCodec} into the field map.
 *   <li>{@code driver}: the driver's {@code find(filter).first()} on a {@code MongoCollection<Fields>}
 *   ({@link FieldsCodec} decodes each document straight into the field map), the filter a per-thread
 *   {@code BsonDocument} reused with its {@code _id} replaced (the driver sends a BsonDocument as it is).
 *   <li>{@code driver-raw}: the same find on a {@code MongoCollection<RawBsonDocument>} (the reply's document
 *   kept as bytes), its fields then read into the map with {@link FieldsCodec#readDocument}.
 * </ul>
 *
 * <p>Compiled into the binding's wire package against a distribution's {@code lib/*} (it uses the package-private
 * {@code PointRead} and {@code FieldsCodec} as the binding does). ARMS is one arm or several, comma-separated; with
 * several, the arms take turns in one JVM: each thread first runs WARMUP operations (unmeasured, the arms in turn,
 * so the JIT compiles every path), then PAIRS rounds of one block of BLOCK operations (shared by the threads) for each arm, the
 * arms' order within a round rotating, all threads starting and ending each block together. Taking turns in one JVM
 * puts the arms under the same machine load a few seconds apart, with the same JIT state, which separate JVMs on a
 * shared machine do not. Printed per block: {@code arm round ops wall_ms worker_cpu_ms process_cpu_ms jit_cpu_ms}:
 * the worker threads' own CPU (ThreadMXBean, so neither JIT nor GC nor the driver's monitor threads), the whole
 * process's CPU, and the JIT compiler threads' CPU. Updates (1 - READ_PROPORTION) are the driver's {@code updateOne}
 * of one field in the read arms; the arms {@code update-command} ({@link CommandWrites}, what {@code MongoDbClient.update}
 * sends) and {@code update-driver} ({@code updateOne} with a {@code BsonDocument} filter and update, what it sent
 * before issue 19) compare the update paths, their reads both the {@code command} arm's.
 *
 * <p>Usage: java -cp DIR:DIST/lib/* dev.ycsbpack.mongodb.wire.PointReadPaths URL TABLE ARMS RECORDS WARMUP BLOCK PAIRS
 * THREADS READ_PROPORTION
 */
public final class PointReadPaths {
  private static final int FIELDS = 10;
  private static final List<String> ARMS =
      List.of("command", "driver", "driver-raw", "update-command", "update-driver");

  private PointReadPaths() {
  }

  /** The command line of this bench and of {@link SelectionPaths}: see the class comment's usage. */
  record Args(String url, String table, List<String> arms, int records, int warmup, int block, int pairs,
              int threads, double readProportion) {
    static Args parse(String[] args, Collection<String> known) {
      List<String> arms = List.of(args[2].split(","));
      if (!known.containsAll(arms)) {
        throw new IllegalArgumentException("arms: " + known + ", not " + arms);
      }
      return new Args(args[0], args[1], arms, Integer.parseInt(args[3]), Integer.parseInt(args[4]),
          Integer.parseInt(args[5]), Integer.parseInt(args[6]), Integer.parseInt(args[7]),
          Double.parseDouble(args[8]));
    }

    /** Runs the arms in turn ({@link #alternate}) with this command line's counts. */
    void alternate(ThreadSetUp setUp) throws InterruptedException {
      PointReadPaths.alternate(arms, warmup, block, pairs, threads, setUp);
    }
  }

  public static void main(String[] commandLine) throws Exception {
    Args args = Args.parse(commandLine, ARMS);
    String table = args.table();
    double readProportion = args.readProportion();
    try (MongoClient client = MongoClients.create(args.url())) {
      MongoDatabase plain = client.getDatabase("ycsb");
      // as MongoDbClient.init: the binding's decoders first
      MongoDatabase database = plain.withCodecRegistry(CodecRegistries.fromRegistries(
          CodecRegistries.fromCodecs(FieldsCodec.INSTANCE, PointRead.ReplyCodec.INSTANCE,
              WriteReply.Codec.INSTANCE), plain.getCodecRegistry()));
      ScrambledZipfianGenerator keys = new ScrambledZipfianGenerator(args.records());
      args.alternate(() -> {
        Reader reader = new Reader(client, database, table);
        return (arm, operations) -> reader.run(arm, keys, operations, readProportion);
      });
    }
  }

  /** One thread's way of running a number of operations through a named arm. */
  interface ArmRunner {
    void run(String arm, int operations);
  }

  /** Makes one thread's {@link ArmRunner}, on that thread. */
  interface ThreadSetUp {
    ArmRunner start() throws Exception;
  }

  /**
   * Runs the arms in turn on {@code threads} threads: WARMUP operations unmeasured (the arms in turn), then PAIRS
   * rounds of one block of BLOCK operations per arm, the order rotating, all threads starting and ending each block
   * together; prints {@code arm round ops wall_ms worker_cpu_ms process_cpu_ms jit_cpu_ms} per block.
   */
  static void alternate(List<String> arms, int warmup, int block, int pairs, int threads, ThreadSetUp setUp)
      throws InterruptedException {
    ThreadMXBean threadBean = ManagementFactory.getThreadMXBean();
    LongAdder workerCpu = new LongAdder();
    long[] window = new long[3];
    String[] current = new String[2];
    CyclicBarrier start = new CyclicBarrier(threads, () -> {
      workerCpu.reset();
      window[0] = System.nanoTime();
      window[1] = processCpuNanos();
      window[2] = jitCpuMillis();
    });
    CyclicBarrier end = new CyclicBarrier(threads, () -> System.out.printf("%s %s %d %d %d %d %d%n", current[0],
        current[1], (long) block / threads * threads, (System.nanoTime() - window[0]) / 1_000_000,
        workerCpu.sum() / 1_000_000, (processCpuNanos() - window[1]) / 1_000_000, jitCpuMillis() - window[2]));
    List<Thread> workers = new ArrayList<>();
    Throwable[] failure = new Throwable[1];
    for (int t = 0; t < threads; t++) {
      boolean leader = t == 0;
      Thread worker = new Thread(() -> {
        try {
          ArmRunner runner = setUp.start();
          for (int w = 0; w < 10; w++) {
            for (String arm : arms) {
              runner.run(arm, warmup / threads / 10 / arms.size());
            }
          }
          for (int round = 1; round <= pairs; round++) {
            for (int i = 0; i < arms.size(); i++) {
              String arm = arms.get((i + round) % arms.size());
              if (leader) {
                current[0] = arm;
                current[1] = String.valueOf(round);
              }
              start.await();
              long cpu = threadBean.getCurrentThreadCpuTime();
              runner.run(arm, block / threads);
              workerCpu.add(threadBean.getCurrentThreadCpuTime() - cpu);
              end.await();
            }
          }
        } catch (Throwable e) {
          synchronized (failure) {
            failure[0] = e;
          }
          start.reset();
          end.reset();
        }
      });
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    if (failure[0] != null) {
      throw new IllegalStateException("a worker failed", failure[0]);
    }
  }

  /** One thread's reads and updates through one arm's path. */
  private static final class Reader {
    private final MongoDatabase database;
    private final MongoCollection<BsonDocument> documents;
    private final MongoCollection<FieldsCodec.Fields> fields;
    private final MongoCollection<RawBsonDocument> raw;
    private final String table;
    private final ReadPreference readPreference;
    private final ReadConcern readConcern;
    private final BsonDocument filter = new BsonDocument();
    private final CommandWrites updates;

    Reader(MongoClient client, MongoDatabase database, String table) {
      this.database = database;
      // as MongoDbClient.init, retryWrites on
      this.updates = new CommandWrites(client, database, true, null, WriteLimits.UNANNOUNCED); // updates only
      this.table = table;
      this.documents = database.getCollection(table, BsonDocument.class);
      this.fields = database.getCollection(table, FieldsCodec.Fields.class);
      this.raw = database.getCollection(table, RawBsonDocument.class);
      this.readPreference = database.getReadPreference();
      this.readConcern = database.getReadConcern();
    }

    void run(String arm, ScrambledZipfianGenerator keys, int operations, double readProportion) {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      for (int i = 0; i < operations; i++) {
        String key = "user" + Utils.fnvhash64(keys.nextValue()); // YCSB's key names (insertorder=hashed)
        if (random.nextDouble() < readProportion) {
          Map<String, ByteIterator> result = new HashMap<>();
          if (!read(arm.startsWith("update-") ? "command" : arm, key, result)) {
            throw new IllegalStateException("missing " + key + ": load the table first");
          }
        } else {
          byte[] value = new byte[100];
          random.nextBytes(value);
          BsonDocument set =
              new BsonDocument("$set", new BsonDocument("field" + random.nextInt(FIELDS), new BsonBinary(value)));
          if (arm.equals("update-command")) {
            updates.update(table, key, set); // what MongoDbClient.update sends with an acknowledged write concern
          } else {
            documents.updateOne(new BsonDocument("_id", new BsonString(key)), set);
          }
        }
      }
    }

    private boolean read(String arm, String key, Map<String, ByteIterator> result) {
      switch (arm) {
        case "command" -> {
          PointRead.Reply reply = database.runCommand(PointRead.command(table, key, null, readConcern),
              readPreference, PointRead.Reply.class);
          if (reply.document == null) {
            return false;
          }
          result.putAll(reply.document);
          return true;
        }
        case "driver" -> {
          filter.put("_id", new BsonString(key));
          FieldsCodec.Fields doc = fields.find(filter).first();
          if (doc == null) {
            return false;
          }
          result.putAll(doc);
          return true;
        }
        default -> {
          filter.put("_id", new BsonString(key));
          RawBsonDocument doc = raw.find(filter).first();
          if (doc == null) {
            return false;
          }
          FieldsCodec.readDocument(doc.asBsonReader(), result);
          return true;
        }
      }
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** CPU (utime + stime) of this JVM's C1/C2 compiler threads, from /proc/self/task/N/stat. */
  private static long jitCpuMillis() {
    long ticks = 0;
    try (var tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        String stat;
        try {
          stat = Files.readString(task.resolve("stat"));
        } catch (java.io.IOException e) {
          continue; // the thread ended
        }
        String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
          String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
        }
      }
    } catch (java.io.IOException e) {
      return -1;
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  }
}
