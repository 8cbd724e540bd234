package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/** Runs the real CoreWorkload machinery with a recording DB: the keys the clients insert and read. */
class MultiClientWorkloadTest {
  /** Remembers the keys it saw, and answers reads of keys it stored. */
  static final class RecordingDB extends DB {
    final Set<String> stored;
    final List<String> inserted = new ArrayList<>();
    int readsFound;
    int readsMissing;

    RecordingDB(Set<String> stored) {
      this.stored = stored;
    }

    @Override
    public Status read(String t, String key, Set<String> f, Map<String, ByteIterator> r) {
      if (stored.contains(key)) {
        readsFound++;
        return Status.OK;
      }
      readsMissing++;
      return Status.NOT_FOUND;
    }

    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return Status.OK;
    }

    @Override
    public Status update(String t, String key, Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status insert(String t, String key, Map<String, ByteIterator> v) {
      inserted.add(key);
      return stored.add(key) ? Status.OK : Status.ERROR;
    }

    @Override
    public Status delete(String t, String key) {
      return Status.OK;
    }
  }

  private static Properties props(String distribution, int index, int count) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "400");
    p.setProperty("readproportion", "0.5");
    p.setProperty("insertproportion", "0.5");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", distribution);
    p.setProperty(MultiClientWorkload.INDEX, Integer.toString(index));
    p.setProperty(MultiClientWorkload.COUNT, Integer.toString(count));
    return p;
  }

  @Test
  void clientsInsertDisjointKeysAndReadOnlyKeysThatExist() throws Exception {
    for (String distribution : List.of("zipfian", "latest", "uniform")) {
      Measurements.setProperties(props(distribution, 0, 3));
      Set<String> stored = new HashSet<>();
      Properties load = props(distribution, 0, 1);
      MultiClientWorkload loader = new MultiClientWorkload();
      loader.init(load);
      RecordingDB loadDb = new RecordingDB(stored);
      for (int i = 0; i < 100; i++) {
        loader.doInsert(loadDb, loader.initThread(load, 0, 1));
      }
      assertEquals(100, stored.size());
      List<RecordingDB> dbs = new ArrayList<>();
      for (int c = 0; c < 3; c++) {
        Properties run = props(distribution, c, 3);
        MultiClientWorkload w = new MultiClientWorkload();
        w.init(run);
        RecordingDB db = new RecordingDB(stored);
        Object state = w.initThread(run, 0, 1);
        for (int i = 0; i < 400; i++) {
          assertTrue(w.doTransaction(db, state));
        }
        dbs.add(db);
      }
      Set<String> all = new HashSet<>();
      int inserts = 0;
      for (RecordingDB db : dbs) {
        inserts += db.inserted.size();
        all.addAll(db.inserted);
        assertEquals(0, db.readsMissing, distribution + ": every read finds a loaded or own inserted key");
      }
      assertTrue(inserts > 300, distribution + " inserted " + inserts);
      assertEquals(inserts, all.size(), distribution + ": no key inserted twice");
      assertEquals(100 + inserts, stored.size());
    }
  }

  /**
   * zipfian with inserts: two clients with unequal shares of 2,001 operations pick the same hottest key as one client
   * running all 2,001 would (YCSB sizes the scrambled key space from operationcount, and its scramble moves every hot
   * key when that size changes by one).
   */
  @Test
  void zipfianClientsWithUnequalSharesHaveTheHotSetOfASingleClient() throws Exception {
    Properties single = props("zipfian", 0, 1);
    single.setProperty("operationcount", "2001");
    long hottest = hottestKeyNumber(single);
    int[] shares = {1001, 1000};
    for (int c = 0; c < shares.length; c++) {
      Properties client = props("zipfian", c, shares.length);
      client.setProperty("operationcount", Integer.toString(shares[c]));
      client.setProperty(MultiClientWorkload.TOTAL_OPERATIONS, "2001");
      assertEquals(hottest, hottestKeyNumber(client), "client " + c + " (" + shares[c] + " operations)");
    }
  }

  /** The key number YCSB's key chooser draws most often in 20,000 draws (rank 0 is drawn about twice rank 1). */
  private static long hottestKeyNumber(Properties p) throws Exception {
    Measurements.setProperties(p);
    MultiClientWorkload w = new MultiClientWorkload();
    w.init(p);
    java.lang.reflect.Field f = site.ycsb.workloads.CoreWorkload.class.getDeclaredField("keychooser");
    f.setAccessible(true);
    site.ycsb.generator.NumberGenerator chooser = (site.ycsb.generator.NumberGenerator) f.get(w);
    Map<Long, Integer> draws = new HashMap<>();
    for (int i = 0; i < 20_000; i++) {
      draws.merge(chooser.nextValue().longValue(), 1, Integer::sum);
    }
    return draws.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
  }

  @Test
  void refusesAnIndexOutsideTheClients() {
    Measurements.setProperties(props("zipfian", 3, 3));
    assertThrows(WorkloadException.class, () -> new MultiClientWorkload().init(props("zipfian", 3, 3)));
  }
}
