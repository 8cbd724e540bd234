package dev.ycsbpack.aggregate.telemetry;

import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.telemetry.Series;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;

/** A small run with known telemetry: one synthetic client and the series sampled beside it. */
public final class TelemetryRun {
  public static final long T = 1_790_000_000_000L;
  /** Each client: 20 one-second intervals, 100 READ and 50 UPDATE in each. */
  public static final int INTERVALS = 20;

  private TelemetryRun() {
  }

  /** A client folder from T to T + 20 s, as the synthetic YCSB client writes it. */
  public static Path client(Path dir) throws Exception {
    SyntheticClients.writeClient(dir, T, 1000, INTERVALS, List.of("READ", "UPDATE"), (op, k) -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(500, op.equals("READ") ? 100 : 50);
      return h;
    }, SyntheticClients.baseProperties());
    return dir;
  }

  /**
   * The server as sampled: just before the clients (T - 500), every 5 s, just after (T + 20 500). Its query counter
   * grows by the clients' 2 000 READs exactly; its update counter by 1 000 + 3 000 others' updates.
   */
  public static Series server() {
    return KnownSeries.of("server", T - 500, T + 5_000, T + 10_000, T + 15_000, T + 20_500)
        .identity("host", "db1:27017").identity("version", "7.0.14")
        .column("opcounters.query", "count", 100.0, 600.0, 1100.0, 1600.0, 2100.0)
        .column("opcounters.update", "count", 0.0, 1000.0, 2000.0, 3000.0, 4000.0)
        .column("mem.resident", "MiB", 90.0, 300.0, 100.0, 200.0, 95.0)
        .notReported("wiredTiger.cache.bytes", "bytes").build();
  }

  /**
   * The server sampled every 2 s from T - 1 s to T + 21 s, every chart's figure present but the lock queues (a
   * column of nulls) and replication lag (no column: a standalone): query rate 100 ops/s, update rate 50 ops/s (what
   * the client did), cache filling from 10% to 54%.
   */
  public static Series fullServer() {
    int n = 12;
    long[] t = new long[n];
    Double[] query = new Double[n];
    Double[] queryRate = new Double[n];
    Double[] update = new Double[n];
    Double[] updateRate = new Double[n];
    Double[] cache = new Double[n];
    Double[] max = new Double[n];
    Double[] dirty = new Double[n];
    Double[] pagesRead = new Double[n];
    Double[] resident = new Double[n];
    Double[] connections = new Double[n];
    for (int i = 0; i < n; i++) {
      t[i] = T - 1000 + 2000L * i;
      query[i] = 200.0 * i;
      queryRate[i] = i == 0 ? null : 100.0;
      update[i] = 100.0 * i;
      updateRate[i] = i == 0 ? null : 50.0;
      cache[i] = 1e8 * (1 + 0.4 * i);
      max[i] = 1e9;
      dirty[i] = 1e7 * i;
      pagesRead[i] = i == 0 ? null : 10.0 * i;
      resident[i] = 500.0 + 20 * i;
      connections[i] = 5.0;
    }
    return KnownSeries.of("server", t).identity("host", "db1:27017").identity("version", "7.0.14")
        .identity("process", "mongod").identity("storageEngine", "wiredTiger")
        .column("opcounters.query", "count", query).column("opcounters.query.rate", "ops/s", queryRate)
        .column("opcounters.update", "count", update).column("opcounters.update.rate", "ops/s", updateRate)
        .column("wiredTiger.cache.bytes", "bytes", cache).column("wiredTiger.cache.maxBytes", "bytes", max)
        .column("wiredTiger.cache.dirtyBytes", "bytes", dirty)
        .column("wiredTiger.cache.pagesRead.rate", "pages/s", pagesRead).column("mem.resident", "MiB", resident)
        .column("connections.current", "count", connections).notReported("globalLock.queue.total", "count")
        .note("replSetGetStatus: not reported by this server (NoReplicationEnabled: a standalone)").build();
  }

  /** The database machine, sampled with the server: CPU, run queue, one disk, one interface. */
  public static Series host() {
    int n = 12;
    long[] t = new long[n];
    Double[][] v = new Double[9][n];
    for (int i = 0; i < n; i++) {
      t[i] = T - 1000 + 2000L * i;
      Double[] row = i == 0 ? new Double[9]
          : new Double[] {40.0 + i, 10.0, 5.0, 2.5, 3.0, 1.0, 60.0 + i, 5e6, 1e6};
      for (int c = 0; c < 9; c++) {
        v[c][i] = row[c];
      }
    }
    return KnownSeries.of("host-db1", t).identity("role", "server").identity("name", "db1")
        .identity("clockOffsetMs", "3").column("cpu.user", "%", v[0]).column("cpu.system", "%", v[1])
        .column("cpu.iowait", "%", v[2]).column("cpu.steal", "%", v[3]).column("procs.running", "count", v[4])
        .column("procs.blocked", "count", v[5]).column("disk.sda.busy", "%", v[6])
        .column("disk.sda.writeBytes", "bytes/s", v[7]).column("net.eth0.rxBytes", "bytes/s", v[8]).build();
  }
}
