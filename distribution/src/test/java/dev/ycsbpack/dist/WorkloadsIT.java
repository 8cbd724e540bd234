package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.WriteConcern;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import dev.ycsbpack.mongodb.MongoDbClient;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Utils;
import site.ycsb.measurements.Measurements;

/**
 * Every file of {@code workloads/} does what its name and header say, run at a small size through
 * {@code bin/ycsb} (or, for what can only be seen on the wire, through the binding in this JVM) against the
 * in-process server.
 *
 * <p>Statistical checks allow 4 binomial standard deviations: for n operations that each go one way with
 * probability p, the count k must satisfy |k - n*p| <= 4 * sqrt(n*p*(1-p)). A correct file fails such a
 * check about once in 16,000 runs; a file off by a few percent fails it every time at these sizes.
 */
class WorkloadsIT {
  private static final double SIGMAS = 4;

  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  // ---- headers ---------------------------------------------------------------------------------------------

  @Test
  void theFilesAreTheSevenOfTheIssueAndUpstreamsSixCoreWorkloads() {
    assertEquals(List.of("batch-insert", "hotset", "insert-latency", "mongodb30-ycsb", "read50-update50",
        "read6-update1", "read95-update5", "workloada", "workloadb", "workloadc", "workloadd", "workloade",
        "workloadf"), WorkloadFile.names());
    assertTrue(Files.isRegularFile(WorkloadFile.directory().resolve("README.md")), "the table of workloads");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void theCoreWorkloadsHaveUpstreamsValuesAndOnlyYcsbDefaultsBesides(String name) throws IOException {
    Properties upstream = new Properties();
    try (java.io.InputStream in = Files.newInputStream(Path.of(System.getProperty("repo.root"),
        "distribution/src/test/resources/upstream-0.17.0", name))) {
      upstream.load(in);
    }
    Properties ours = WorkloadFile.named(name).properties;
    for (String key : upstream.stringPropertyNames()) {
      assertEquals(upstream.getProperty(key), ours.getProperty(key), name + ": " + key);
    }
    Properties extra = new Properties();
    ours.stringPropertyNames().stream().filter(k -> !upstream.containsKey(k))
        .forEach(k -> extra.setProperty(k, ours.getProperty(k)));
    Properties defaults = new Properties();
    defaults.setProperty("fieldcount", "10");
    defaults.setProperty("fieldlength", "100");
    assertEquals(defaults, extra, name + ": besides upstream's values, only YCSB's defaults written out");
  }

  static Stream<String> workloadNames() {
    return WorkloadFile.names().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("workloadNames")
  void everyHeaderSaysWhatItMeasuresAndHowToRunIt(String name) {
    WorkloadFile f = WorkloadFile.named(name);
    for (String entry : WorkloadFile.REQUIRED_HEADER) {
      assertTrue(f.header.containsKey(entry) && f.header.get(entry).length() > 10,
          name + ": header entry '" + entry + ":' missing or empty; has " + f.header.keySet());
    }
    assertTrue(f.text.startsWith("# " + name + ": "), name + " starts by naming itself");
    assertTrue(f.text.contains("bin/ycsb load mongodb -P workloads/" + name + " "), name + ": a load example");
    assertTrue(f.header.get("Full size").contains("-p recordcount="), name + ": the full size is a -p away");
    assertEquals("site.ycsb.workloads.CoreWorkload", f.property("workload"));
    int[] claim = f.documentClaim();
    assertEquals(claim[0], Integer.parseInt(f.property("fieldcount")), name + ": header vs fieldcount");
    assertEquals(claim[1], Integer.parseInt(f.property("fieldlength")), name + ": header vs fieldlength");
  }

  // ---- document shape -------------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @MethodSource("workloadNames")
  void theLoadedDocumentsHaveTheShapeTheHeaderStates(String name) {
    WorkloadFile f = WorkloadFile.named(name);
    int[] claim = f.documentClaim();
    String prefix = f.properties.getProperty("fieldnameprefix", "field");
    YcsbRun.run(work, concat("load", "mongodb", "-P", f.path(), fresh.pointAt(),
        "-p", "recordcount=50", "-threads", "2")).assertSucceeded().assertNoFailedOperations();
    List<RawBsonDocument> docs = Servers.documents(fresh.target(), fresh.table());
    assertEquals(50, docs.size(), name);
    Set<String> expectedKeys = new HashSet<>(List.of("_id"));
    for (int i = 0; i < claim[0]; i++) {
      expectedKeys.add(prefix + i);
    }
    for (RawBsonDocument doc : docs) {
      assertEquals(expectedKeys, doc.keySet(), name + ": " + claim[0] + " fields besides _id");
      for (String field : doc.keySet()) {
        if (!field.equals("_id")) {
          assertEquals(claim[1], doc.getBinary(field).getData().length, name + ": " + field + " length");
        }
      }
      int bson = doc.getByteBuffer().remaining();
      assertTrue(Math.abs(bson - claim[2]) <= claim[2] * 0.05,
          name + ": header says about " + claim[2] + " bytes of BSON, a document has " + bson);
    }
  }

  // ---- operation mix --------------------------------------------------------------------------------------

  /** The read share each file's name and header promise (not read from the file's own proportions). */
  static Stream<Arguments> mixes() {
    return Stream.of(Arguments.of("read95-update5", 0.95), Arguments.of("read50-update50", 0.5),
        Arguments.of("read6-update1", 6.0 / 7.0), Arguments.of("mongodb30-ycsb", 0.95),
        Arguments.of("hotset", 1.0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mixes")
  void theOperationMixMatchesTheNameWithinFourStandardDeviations(String name, double readShare) {
    WorkloadFile f = WorkloadFile.named(name);
    int n = 2000;
    String[] common = concat("-P", f.path(), fresh.pointAt(), "-p", "recordcount=1000", "-threads", "2");
    YcsbRun.run(work, concat("load", "mongodb", common, "-p", "mongodb.batchsize=100")).assertSucceeded()
        .assertNoFailedOperations();
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", common, "-p", "operationcount=" + n))
        .assertSucceeded().assertNoFailedOperations();
    long reads = run.operations("READ");
    long updates = run.operations("UPDATE");
    assertEquals(n, reads + updates, "only reads and updates: " + run.describe());
    for (String other : List.of("INSERT", "SCAN", "DELETE", "READ-MODIFY-WRITE")) {
      assertEquals(0, run.operations(other), other + "\n" + run.describe());
    }
    assertWithin(reads, n, readShare, name + " reads");
    assertEquals(reads, run.count("READ", "Return=OK"), "every read found its document");
    assertEquals(updates, run.count("UPDATE", "Return=OK"), "every update matched its document");
  }

  // ---- key distribution -----------------------------------------------------------------------------------

  static Stream<Arguments> distributions() {
    return Stream.of(Arguments.of("read95-update5", true), Arguments.of("read50-update50", true),
        Arguments.of("mongodb30-ycsb", true), Arguments.of("read6-update1", false));
  }

  /**
   * Zipfian files send a large share of requests to a few keys; the uniform one spreads them evenly. Counted
   * from the keys YCSB's workload actually requests, printed by the {@code basic} binding.
   */
  @ParameterizedTest(name = "{0} zipfian={1}")
  @MethodSource("distributions")
  void keysFollowTheDistributionTheHeaderNames(String name, boolean zipfian) {
    WorkloadFile f = WorkloadFile.named(name);
    assertEquals(zipfian ? "zipfian" : "uniform", f.property("requestdistribution"));
    assertTrue(f.header.get("Keys").startsWith(zipfian ? "zipfian" : "uniform"), f.header.get("Keys"));
    int records = 1000;
    int n = 5000;
    Map<String, Integer> hits = keysRequested(f, records, n);
    int max = hits.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    double mean = (double) n / records;
    if (zipfian) {
      // the hottest key of YCSB's scrambled zipfian gets about 4% of requests: ~200 of 5000, against 5 on average
      assertTrue(max >= 10 * mean, name + ": hottest key has " + max + " requests; not skewed");
    } else {
      // Poisson(5) per key: reaching 25 on any of 1000 keys has a probability of about 1e-6
      assertTrue(max < 25, name + ": hottest key has " + max + " requests; not uniform");
      assertTrue(hits.size() >= 950, name + ": only " + hits.size() + " distinct keys of 1000 requested");
    }
  }

  // ---- hot set ---------------------------------------------------------------------------------------------

  static Stream<Arguments> hotSets() {
    return Stream.of(Arguments.of("default 10%", 0.10, new String[0]),
        Arguments.of("1%", 0.01, new String[] {"-p", "hotspotdatafraction=0.01"}),
        Arguments.of("100%", 1.0, new String[] {"-p", "requestdistribution=uniform"}));
  }

  /**
   * 99% of the reads go to the hot keys, the first fraction of the key numbers, as CoreWorkload names them
   * ("user" + FNV-1a hash of the key number, the default insertorder=hashed), counted from the keys read.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("hotSets")
  void hotSetReceives99PercentOfTheReads(String variant, double hotFraction, String[] options) {
    WorkloadFile f = WorkloadFile.named("hotset");
    int records = 1000;
    int n = 4000;
    Map<String, Integer> hits = keysRequested(f, records, n, options);
    Set<String> hot = new HashSet<>();
    Set<String> all = new HashSet<>();
    for (long k = 0; k < records; k++) {
      all.add("user" + Utils.hash(k));
      if (k < (long) (records * hotFraction)) {
        hot.add("user" + Utils.hash(k));
      }
    }
    assertTrue(all.containsAll(hits.keySet()), "every read is of a loaded key");
    long hotReads = hits.entrySet().stream().filter(e -> hot.contains(e.getKey())).mapToLong(Map.Entry::getValue)
        .sum();
    long touched = hits.keySet().stream().filter(hot::contains).count();
    if (hotFraction < 1) {
      assertWithin(hotReads, n, 0.99, variant + " hot-set reads");
      assertTrue(touched >= 0.9 * hot.size(), "reads spread over the hot set: " + touched + " of " + hot.size());
    } else {
      // everything is hot: the first 10% of the key numbers get 10% of the reads, like any other 10%
      Set<String> firstTenth = new HashSet<>();
      for (long k = 0; k < records / 10; k++) {
        firstTenth.add("user" + Utils.hash(k));
      }
      long inFirstTenth = hits.entrySet().stream().filter(e -> firstTenth.contains(e.getKey()))
          .mapToLong(Map.Entry::getValue).sum();
      assertWithin(inFirstTenth, n, 0.10, variant + ": reads of the first 10% of keys");
      assertTrue(hits.size() >= 950, "reads spread over all keys: " + hits.size());
    }
  }

  // ---- batch insert ---------------------------------------------------------------------------------------

  @Test
  void batchInsertLoadsExactlyRecordcountDocumentsInBatchesOf100ThenTheRunPhaseAddsOperationcount() {
    WorkloadFile f = WorkloadFile.named("batch-insert");
    assertEquals("100", f.property("mongodb.batchsize"));
    String[] common = concat("-P", f.path(), fresh.pointAt(), "-p", "recordcount=1000");
    // One thread, 1000 documents: ceil(1000/b) batches of which floor(1000/b) full ones both equal 10
    // only for b = 100.
    YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", common, "-threads", "1")).assertSucceeded()
        .assertNoFailedOperations();
    assertEquals(1000, load.operations("INSERT"), load::describe);
    assertEquals(10, load.operations(MongoDbClient.BATCH_MEASUREMENT), load::describe);
    assertEquals(10, load.count(MongoDbClient.BATCH_MEASUREMENT, "Return=OK"), load::describe);
    assertEquals(10, load.count("INSERT", "Return=OK"), "the inserts that filled a batch: " + load.describe());
    assertEquals(990, load.count("INSERT", "Return=BATCHED_OK"), load::describe);
    assertEquals(1000, fresh.countDocuments(), "exactly recordcount documents");

    // Run phase (insertproportion=1): 2 threads of 525 inserts, keys from recordcount up, each thread
    // sending 5 full batches and its last 25 documents at cleanup.
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", common, "-p", "operationcount=1050",
        "-threads", "2")).assertSucceeded().assertNoFailedOperations();
    assertEquals(1050, run.operations("INSERT"), run::describe);
    assertEquals(0, run.operations("READ") + run.operations("UPDATE"), run::describe);
    assertEquals(12, run.operations(MongoDbClient.BATCH_MEASUREMENT), run::describe);
    assertEquals(12, run.count(MongoDbClient.BATCH_MEASUREMENT, "Return=OK"), run::describe);
    assertEquals(2050, fresh.countDocuments(), "the load's documents plus every run insert");
  }

  // ---- insert latency -------------------------------------------------------------------------------------

  @Test
  void insertLatencyAtItsDefaultSizeMeasuresAtLeast200SingleInsertsOnOneThreadAfterAnUnmeasuredWarmUp() {
    WorkloadFile f = WorkloadFile.named("insert-latency");
    YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", "-P", f.path(), fresh.pointAt()))
        .assertSucceeded().assertNoFailedOperations();
    long measured = load.operations("INSERT");
    assertEquals(Long.parseLong(f.property("recordcount")), measured, load::describe);
    assertTrue(measured >= 200, "at least 200 measured inserts");
    assertEquals(measured, load.count("INSERT", "Return=OK"), "one at a time, each acknowledged");
    assertEquals(1, load.operations("CLEANUP"), "one client thread: " + load.describe());
    assertFalse(load.measurements.containsKey(MongoDbClient.BATCH_MEASUREMENT), "no batching");
    Map<String, String> insert = load.measurements.get("INSERT");
    for (String stat : List.of("AverageLatency(us)", "MinLatency(us)", "MaxLatency(us)",
        "50thPercentileLatency(us)", "90thPercentileLatency(us)", "95thPercentileLatency(us)",
        "99thPercentileLatency(us)", "99.9PercentileLatency(us)")) {
      assertTrue(insert.containsKey(stat), stat + " reported: " + load.describe());
    }
    // The warm-up ran (the binding announces it) and left nothing behind: not in the table, not in
    // [INSERT], and its scratch collection is gone.
    assertTrue(load.stderr.contains("warmup=200 inserts per thread"), load::describe);
    assertEquals(measured, fresh.countDocuments());
    assertTrue(
        Servers.collectionNames(fresh.target()).stream().noneMatch(n -> n.startsWith(fresh.table() + "_warmup_")),
        "scratch collection dropped");
  }

  // ---- write-concern layers -------------------------------------------------------------------------------

  /** What each layer file's name promises. */
  private static final Map<String, WriteConcern> LAYERS = Map.of(
      "w0", WriteConcern.UNACKNOWLEDGED,
      "w1", WriteConcern.W1,
      "journal", WriteConcern.ACKNOWLEDGED.withJournal(true),
      "w1-journal", WriteConcern.W1.withJournal(true),
      "w2", WriteConcern.W2,
      "w3", WriteConcern.W3,
      "majority", WriteConcern.MAJORITY);

  @Test
  void theWriteConcernLayersAreExactlyTheTestedOnesAndSetNothingElse() throws IOException {
    assertEquals(new TreeMap<>(LAYERS).keySet().stream().collect(Collectors.toList()),
        WorkloadFile.writeConcernLayers());
    for (String layer : LAYERS.keySet()) {
      Properties p = layer(layer);
      for (String key : p.stringPropertyNames()) {
        assertTrue(Set.of("mongodb.w", "mongodb.j", "mongodb.wtimeout").contains(key), layer + " sets " + key);
      }
    }
  }

  static Stream<String> layerNames() {
    return LAYERS.keySet().stream().sorted();
  }

  /**
   * insert-latency with a layer file on top, as {@code -P workloads/insert-latency -P workloads/writeconcern/X}
   * merges them, driving the binding in this JVM so the driver's command monitoring shows what is sent:
   * every warm-up and measured insert carries exactly the named write concern.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("layerNames")
  void eachWriteConcernLayerPutsItsConcernOnEveryInsert(String layer) throws Exception {
    WriteConcern expected = LAYERS.get(layer);
    Properties props = new Properties();
    try (Reader r = Files.newBufferedReader(WorkloadFile.named("insert-latency").path, StandardCharsets.UTF_8)) {
      props.load(r);
    }
    props.putAll(layer(layer));
    props.setProperty("mongodb.url", fresh.target().connectionString());
    props.setProperty("mongodb.database", Servers.DATABASE);
    props.setProperty("table", fresh.table());
    props.setProperty("dotransactions", "false");
    int warmups = Integer.parseInt(props.getProperty("mongodb.warmup"));
    Measurements.setProperties(new Properties());
    boolean acknowledged = !expected.equals(WriteConcern.UNACKNOWLEDGED);
    if (acknowledged || fresh.target().supportsUnacknowledgedWrites()) {
      List<BsonDocument> inserts = insertThroughTheBinding(props, fresh.table(), 5);
      assertEquals(warmups, inserts.stream().filter(c -> c.getString("insert").getValue()
          .startsWith(fresh.table() + "_warmup_")).count(), "warm-up inserts (into this process's scratch collection)");
      assertEquals(5, inserts.stream().filter(c -> c.getString("insert").getValue().equals(fresh.table())).count());
      for (BsonDocument c : inserts) {
        assertEquals(expected.asDocument(), c.getDocument("writeConcern"), layer + ": " + c.toJson());
      }
    } else {
      // This server drops the connection after a w=0 write (research/servers.md), so what follows the first
      // insert may or may not be sent: look at the first insert with the file's warm-up (a warm-up insert)
      // and without it (a measured insert), and at every other insert that was sent.
      List<BsonDocument> warm = new CopyOnWriteArrayList<>();
      insertIgnoringWhatThisServerBreaks(props, fresh.table(), warm);
      props.setProperty("mongodb.warmup", "0");
      List<BsonDocument> measured = new CopyOnWriteArrayList<>();
      insertIgnoringWhatThisServerBreaks(props, fresh.table(), measured);
      assertTrue(warm.get(0).getString("insert").getValue().startsWith(fresh.table() + "_warmup_"),
          "the warm-up comes first");
      assertEquals(fresh.table(), measured.get(0).getString("insert").getValue());
      for (BsonDocument c : concatLists(warm, measured)) {
        assertEquals(expected.asDocument(), c.getDocument("writeConcern"), layer + ": " + c.toJson());
      }
    }
  }

  private static void insertIgnoringWhatThisServerBreaks(Properties props, String table, List<BsonDocument> seen) {
    try {
      insertThroughTheBinding(props, table, 1, seen);
    } catch (DBException | RuntimeException brokenByTheServer) {
      // the commands were seen as sent before the server closed the connection
    }
  }

  private static List<BsonDocument> concatLists(List<BsonDocument> a, List<BsonDocument> b) {
    List<BsonDocument> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static Properties layer(String name) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(WorkloadFile.directory().resolve("writeconcern").resolve(name),
        StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return p;
  }

  private static List<BsonDocument> insertThroughTheBinding(Properties props, String table, int count)
      throws DBException {
    List<BsonDocument> seen = new CopyOnWriteArrayList<>();
    insertThroughTheBinding(props, table, count, seen);
    return seen;
  }

  /** One YCSB client thread: init (with its warm-up), {@code count} inserts, cleanup; insert commands seen. */
  private static void insertThroughTheBinding(Properties props, String table, int count, List<BsonDocument> seen)
      throws DBException {
    CommandListener listener = new CommandListener() {
      @Override
      public void commandStarted(CommandStartedEvent event) {
        if (event.getCommandName().equals("insert")) {
          // only valid during the callback: keep a copy of what matters
          BsonDocument c = event.getCommand();
          seen.add(new BsonDocument("insert", c.get("insert"))
              .append("writeConcern", c.getDocument("writeConcern", new BsonDocument()).clone()));
        }
      }
    };
    MongoDbClient db = new MongoDbClient(b -> b.addCommandListener(listener));
    db.setProperties(props);
    db.init();
    try {
      for (int i = 0; i < count; i++) {
        Map<String, ByteIterator> values = new HashMap<>();
        values.put("f0", new ByteArrayByteIterator("hat".getBytes(StandardCharsets.UTF_8)));
        values.put("f1", new ByteArrayByteIterator("1".getBytes(StandardCharsets.UTF_8)));
        db.insert(table, "user" + i, values);
      }
    } finally {
      db.cleanup();
    }
  }

  // ---- helpers --------------------------------------------------------------------------------------------

  /** Asserts |observed - n*p| <= 4 * sqrt(n*p*(1-p)); with p = 1 the count must be exactly n. */
  private static void assertWithin(long observed, long n, double p, String what) {
    double expected = n * p;
    double tolerance = SIGMAS * Math.sqrt(n * p * (1 - p));
    assertTrue(Math.abs(observed - expected) <= tolerance, String.format(
        "%s: %d of %d, expected %.1f +/- %.1f (4 binomial standard deviations)", what, observed, n, expected,
        tolerance));
  }

  /** Runs the file with the {@code basic} binding, which prints every operation with its key; counts keys. */
  private Map<String, Integer> keysRequested(WorkloadFile f, int records, int operations, String... options) {
    YcsbRun run = YcsbRun.run(work, concat("run", "basic", "-P", f.path(), "-p", "recordcount=" + records,
        "-p", "operationcount=" + operations, "-p", "basicdb.verbose=true", options)).assertSucceeded();
    Map<String, Integer> hits = new HashMap<>();
    int requests = 0;
    for (String line : run.stdout.split("\n")) {
      if (line.startsWith("READ ") || line.startsWith("UPDATE ")) {
        hits.merge(line.split(" ")[2], 1, Integer::sum);
        requests++;
      }
    }
    assertEquals(operations, requests, "one printed line per operation");
    return hits;
  }
}
