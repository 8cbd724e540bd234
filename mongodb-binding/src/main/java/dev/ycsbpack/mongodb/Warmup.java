package dev.ycsbpack.mongodb;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.InsertManyOptions;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.mongodb.wire.Documents;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import site.ycsb.DBException;

/**
 * The unmeasured warm-up behind {@code mongodb.warmup=N}.
 *
 * <p>YCSB 0.17 has no warm-up phase, but it does not time {@code DB.init()}. So in init each client thread
 * inserts N documents of the workload's shape ({@code fieldcount} fields of {@code fieldlength} bytes) into a
 * scratch collection {@code <table>_warmup_<process>}, with the run's write concern and batch size: connection
 * set-up, JIT compilation and the server's first-write costs then fall outside the measurements.
 *
 * <p>{@code <process>} is a random token drawn once per JVM ({@link #PROCESS}): several client processes on one
 * database (a coordinated run) each warm up in a collection of their own, so neither their keys nor one's drop of
 * its scratch collection can touch another's warm-up, and no warm-up touches the measured collection.
 *
 * <p>Threads wait for each other at the end of their warm-up, and the last to finish drops the scratch
 * collection before any is released, so no measured operation overlaps a warm-up insert or the drop. Warm-up
 * time still counts in {@code [OVERALL] RunTime} and {@code Throughput}, which YCSB takes from thread start to
 * thread end.
 */
final class Warmup {
  static final String SUFFIX = "_warmup_";
  /** This JVM's warm-up: one per client process. */
  static final Warmup PROCESS = new Warmup(newToken());
  /** Waiting threads give up on the others after this long without a new arrival (a miscount, not a slow run). */
  static final long STALL_NANOS = TimeUnit.MINUTES.toNanos(5);

  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);

  private final String token;
  /** Numbers this process's warming threads, so their scratch keys never collide. */
  private final AtomicLong threads = new AtomicLong();
  private final Gate gate = new Gate();
  /** Documents this process's warm-up sent to the server: the server counts them, the measurements do not. */
  private final AtomicLong sent = new AtomicLong();

  /** {@code token} names this process's scratch collection: letters and digits, unique among the run's processes. */
  Warmup(String token) {
    this.token = token;
  }

  /** 64 random bits in hex: two processes drawing the same one is not a case to plan for. */
  static String newToken() {
    return Long.toHexString(new SecureRandom().nextLong() | Long.MIN_VALUE);
  }

  /** Documents this process's warm-up sent to the server so far (acknowledged or not). */
  long sent() {
    return sent.get();
  }

  /** The scratch collection of this process for the measured collection {@code table}. */
  String scratch(String table) {
    return table + SUFFIX + token;
  }

  /**
   * Runs this thread's warm-up inserts, then waits for the run's other threads.
   *
   * @throws DBException when a warm-up insert fails (after letting the other threads go on)
   */
  void run(MongoDatabase database, BindingOptions options, Properties props) throws DBException {
    String table = scratch(props.getProperty("table", "usertable"));
    MongoCollection<BsonDocument> scratch = database.getCollection(table, BsonDocument.class);
    RuntimeException failure = null;
    try {
      insert(scratch, options, props);
    } catch (RuntimeException e) {
      failure = e;
    }
    gate.arrive(clientThreads(props), () -> drop(database, table));
    if (failure != null) {
      throw new DBException("mongodb binding: a warm-up insert into " + table + " failed ("
          + options.redactor().redact(String.valueOf(failure.getMessage()))
          + "); the measured inserts would fail the same"
          + " way, so this thread does not start");
    }
  }

  private void insert(MongoCollection<BsonDocument> scratch, BindingOptions options, Properties props) {
    int fields = Integer.parseInt(props.getProperty("fieldcount", "10").trim());
    int length = Integer.parseInt(props.getProperty("fieldlength", "100").trim());
    String prefix = props.getProperty("fieldnameprefix", "field");
    String keyPrefix = "warmup" + threads.incrementAndGet() + "-";
    List<BsonDocument> batch = new ArrayList<>();
    for (int i = 0; i < options.warmup(); i++) {
      BsonDocument doc = new BsonDocument(Documents.ID, new BsonString(keyPrefix + i));
      for (int f = 0; f < fields; f++) {
        doc.put(prefix + f, new BsonBinary(printable(length)));
      }
      if (options.batchSize() == 1) {
        sent.incrementAndGet();
        scratch.insertOne(doc);
        continue;
      }
      batch.add(doc);
      if (batch.size() == options.batchSize() || i == options.warmup() - 1) {
        sent.addAndGet(batch.size());
        scratch.insertMany(batch, UNORDERED);
        batch = new ArrayList<>();
      }
    }
  }

  /** Bytes like YCSB's RandomByteIterator: printable ASCII. */
  private static byte[] printable(int length) {
    byte[] b = new byte[length];
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < length; i++) {
      b[i] = (byte) (' ' + random.nextInt(95));
    }
    return b;
  }

  /**
   * Acknowledged whatever the run's write concern, so the drop is done before measuring starts. A failed drop
   * only leaves a scratch collection behind, which is no reason to fail the run.
   */
  private static void drop(MongoDatabase database, String table) {
    try {
      database.getCollection(table).withWriteConcern(WriteConcern.W1).drop();
    } catch (RuntimeException e) {
      System.err.println("mongodb binding: warning: could not drop the warm-up collection " + table + " ("
          + Redactor.shapeOnly().redact(String.valueOf(e.getMessage())) + "); drop it yourself");
    }
  }

  /**
   * How many client threads YCSB 0.17's Client starts, each calling init(): {@code threadcount}, capped at the
   * number of operations ({@code operationcount} for a run, {@code insertcount} or else {@code recordcount} for
   * a load). With no count at all this is not YCSB's Client (which would start no thread), so the thread count.
   */
  /** YCSB's thread count for this run (the one count rule, in common), 1 when the properties cannot say. */
  static int clientThreads(Properties p) {
    try {
      return OperationCount.of(p).threads();
    } catch (IllegalArgumentException e) {
      return 1; // the launcher refuses such properties before YCSB starts; a bare harness gets one party
    }
  }

  /** Holds the threads of a run until all have warmed up; the last to arrive cleans up, then lets all go. */
  static final class Gate {
    private int arrived;
    private long round;
    private long lastArrival;

    synchronized void arrive(int parties, Runnable lastToArrive) {
      long myRound = round;
      lastArrival = System.nanoTime();
      if (++arrived >= parties) {
        try {
          lastToArrive.run();
        } finally {
          open();
        }
        return;
      }
      boolean interrupted = false;
      while (round == myRound) {
        if (System.nanoTime() - lastArrival > STALL_NANOS) {
          System.err.println("mongodb binding: warning: only " + arrived + " of " + parties + " client threads"
              + " finished their warm-up, and none arrived for " + TimeUnit.NANOSECONDS.toMinutes(STALL_NANOS)
              + " minutes; starting the measured operations anyway");
          open();
          break;
        }
        try {
          wait(1000);
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    private void open() {
      arrived = 0;
      round++;
      notifyAll();
    }
  }
}
