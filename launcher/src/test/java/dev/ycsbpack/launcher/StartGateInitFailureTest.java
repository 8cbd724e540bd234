package dev.ycsbpack.launcher;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

/** A client thread whose binding fails init() fails its client at once instead of leaving the others at the gate. */
class StartGateInitFailureTest {
  /** A binding whose init() fails, as a binding that cannot reach its server or warm up does. */
  public static final class FailingDB extends site.ycsb.DB {
    @Override
    public void init() throws DBException {
      throw new DBException("mongodb binding: a warm-up insert failed");
    }

    @Override
    public site.ycsb.Status read(String t, String k, java.util.Set<String> f,
        java.util.Map<String, site.ycsb.ByteIterator> r) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status scan(String t, String k, int n, java.util.Set<String> f,
        java.util.Vector<java.util.HashMap<String, site.ycsb.ByteIterator>> r) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status update(String t, String k, java.util.Map<String, site.ycsb.ByteIterator> v) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status insert(String t, String k, java.util.Map<String, site.ycsb.ByteIterator> v) {
      return site.ycsb.Status.ERROR;
    }

    @Override
    public site.ycsb.Status delete(String t, String k) {
      return site.ycsb.Status.ERROR;
    }
  }

  private static StartGateDB gated(String realDb) {
    StartGateDB db = new StartGateDB();
    Properties p = new Properties();
    p.setProperty(LaunchArguments.REAL_DB, realDb);
    p.setProperty("basicdb.verbose", "false");
    db.setProperties(p);
    return db;
  }

  @Test
  void theFailureIsReportedWhileTheOtherThreadStillWaits() throws Exception {
    CompletableFuture<String> stopped = new CompletableFuture<>();
    StartGate gate = StartGate.install(2, System.err::println, stopped::complete);
    CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
      try {
        gated(site.ycsb.BasicDB.class.getName()).init();
      } catch (DBException e) {
        throw new IllegalStateException(e);
      }
    });
    DBException e = assertThrows(DBException.class, () -> gated(FailingDB.class.getName()).init());
    String reason = stopped.get(5, TimeUnit.SECONDS);
    assertTrue(reason.contains("a client thread's binding failed to start (mongodb binding: a warm-up insert failed)"),
        reason);
    assertTrue(e.getMessage().contains("warm-up"), e::getMessage);
    assertTrue(!waiting.isDone(), "the healthy thread is still at the gate: only the client's stop can end it");
    gate.releaseAt(System.nanoTime());
    waiting.get(5, TimeUnit.SECONDS);
  }
}
