package dev.ycsbpack.telemetry;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.ServerAddress;
import com.mongodb.client.MongoClient;
import com.mongodb.connection.ClusterConnectionMode;
import com.mongodb.connection.ServerMonitoringMode;
import com.mongodb.event.ConnectionCreatedEvent;
import com.mongodb.event.ConnectionPoolListener;
import com.mongodb.event.ServerHeartbeatStartedEvent;
import com.mongodb.event.ServerMonitorListener;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.telemetry.Series;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Samples one server's {@code serverStatus} (and, on a replica set member, {@code replSetGetStatus}) during a run, on a
 * client of its own with a pool of one connection, from a daemon thread: once at {@link #start}, every interval, and
 * once at {@link #stop}. It never fails or holds up the run: whatever goes wrong becomes a note of the series (and a
 * refusal or the first failure one line through {@code warn}), and {@link #stop} waits a bounded time.
 *
 * <p>Its cost is in the series' identity: {@code samplerCpuMs}, the CPU time of its sampling thread (the driver's
 * monitoring thread, one hello per heartbeat, is not included), and {@code samplerConnections}, every connection its
 * client opened: two on a healthy run, the pool's one and the monitor's one (polled, so no round-trip connection
 * beside it); one alone is not possible with the driver, which monitors every server outside its pool unless in
 * load-balanced mode.
 */
public final class ServerSampler {
  /** How long {@link #start} waits for the first sample and {@link #stop} for the last. */
  static final long WAIT_MS = 5_000;
  /** The server's code for a command the user's roles do not allow. */
  static final int UNAUTHORIZED = 13;
  private static final int COMMAND_NOT_FOUND = 59;
  private static final String FIGURES = "opcounters, document counts, network, connections, WiredTiger cache, "
      + "memory and lock queues";

  private final String source;
  private final Map<String, String> properties;
  private final ServerAddress direct;
  private final long intervalMs;
  private final Consumer<String> warn;
  private final ServerSeriesBuilder series = new ServerSeriesBuilder();
  private final CountDownLatch first = new CountDownLatch(1);
  private final CountDownLatch stopping = new CountDownLatch(1);
  private final AtomicInteger poolConnections = new AtomicInteger();
  private final Set<Object> monitorConnections = ConcurrentHashMap.newKeySet();
  private final Thread thread;
  private volatile long cpuNanos = -1;
  private boolean statusRefused;
  private boolean replAsked = true;
  private int failures;

  private ServerSampler(String source, Map<String, String> properties, ServerAddress direct, long intervalMs,
      Consumer<String> warn) {
    this.source = source;
    this.properties = Map.copyOf(properties);
    this.direct = direct;
    this.intervalMs = intervalMs;
    this.warn = warn;
    this.thread = new Thread(this::run, "telemetry-" + source);
    thread.setDaemon(true);
  }

  /**
   * Starts sampling the server the run's properties reach ({@code mongodb.url} and its TLS files); returns once the
   * first sample is taken, or after {@link #WAIT_MS} at most.
   *
   * @param source the series' name ({@code server}, or {@code server-HOST_PORT} for one of several mongos)
   * @param direct the one host to sample directly, or null for the deployment the URL reaches
   * @param intervalMs between samples, above 0
   * @param warn takes the one line of a refused command or of the first failure
   */
  public static ServerSampler start(String source, Map<String, String> properties, ServerAddress direct,
      long intervalMs, Consumer<String> warn) {
    if (intervalMs <= 0) {
      throw new IllegalArgumentException("a sampling interval is above 0 ms: " + intervalMs);
    }
    ServerSampler s = new ServerSampler(source, properties, direct, intervalMs, warn);
    s.thread.start();
    try {
      s.first.await(WAIT_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return s;
  }

  /** Takes the last sample and returns the series; waits {@link #WAIT_MS} at most for that sample. */
  public Series stop() {
    stopping.countDown();
    try {
      thread.join(WAIT_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      series.note("sampling: the last sample did not come within " + WAIT_MS / 1000 + " s; the series ends before "
          + "the run did");
      thread.interrupt();
    }
    if (failures > 1) {
      series.note("sampling: " + failures + " commands failed in all; the first is noted above");
    }
    return series.build(source, cost());
  }

  private Map<String, String> cost() {
    long cpu = cpuNanos;
    if (cpu < 0) {
      ThreadMXBean bean = ManagementFactory.getThreadMXBean();
      cpu = bean.isThreadCpuTimeSupported() ? bean.getThreadCpuTime(thread.getId()) : -1;
    }
    Map<String, String> m = new LinkedHashMap<>();
    m.put("intervalMs", Long.toString(intervalMs));
    m.put("samplerCpuMs", cpu < 0 ? "unknown" : Long.toString(TimeUnit.NANOSECONDS.toMillis(cpu)));
    m.put("samplerConnections", Integer.toString(poolConnections.get() + monitorConnections.size()));
    return m;
  }

  private void run() {
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    boolean cpu = bean.isCurrentThreadCpuTimeSupported();
    try (MongoClient client = OwnClient.create(properties, this::configure)) {
      sample(client);
      first.countDown();
      boolean last = false;
      while (!last) {
        last = stopping.await(intervalMs, TimeUnit.MILLISECONDS);
        sample(client);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      failed("cannot sample: " + e.getClass().getSimpleName() + ": " + e.getMessage());
    } finally {
      first.countDown();
      cpuNanos = cpu ? bean.getCurrentThreadCpuTime() : -1;
    }
  }

  /** One pooled connection, polled monitoring (one monitor connection, no second one for round trips), counted. */
  private void configure(MongoClientSettings.Builder b) {
    b.applyToConnectionPoolSettings(
        p -> p.maxSize(1).minSize(0).addConnectionPoolListener(new ConnectionPoolListener() {
          @Override
          public void connectionCreated(ConnectionCreatedEvent event) {
            poolConnections.incrementAndGet();
          }
        }));
    b.applyToServerSettings(s -> s.serverMonitoringMode(ServerMonitoringMode.POLL)
        .addServerMonitorListener(new ServerMonitorListener() {
          @Override
          public void serverHearbeatStarted(ServerHeartbeatStartedEvent event) {
            monitorConnections.add(event.getConnectionId());
          }
        }));
    b.applyToClusterSettings(c -> c.serverSelectionTimeout(WAIT_MS, TimeUnit.MILLISECONDS));
    b.applyToSocketSettings(s -> s.connectTimeout((int) WAIT_MS, TimeUnit.MILLISECONDS)
        .readTimeout((int) Math.max(WAIT_MS, intervalMs), TimeUnit.MILLISECONDS));
    if (direct != null) {
      b.applyToClusterSettings(c -> c.hosts(List.of(direct)).mode(ClusterConnectionMode.SINGLE));
    }
  }

  /** One instant: serverStatus, then replSetGetStatus while the server may be a replica set member. */
  private void sample(MongoClient client) {
    if (statusRefused) {
      return; // asked once: a role is not granted during a run
    }
    long t = System.currentTimeMillis();
    ServerStatusReader.Reading status = null;
    try {
      status = ServerStatusReader.read(command(client, "serverStatus"));
    } catch (MongoCommandException e) {
      if (e.getErrorCode() == UNAUTHORIZED) {
        statusRefused = true;
        replAsked = false;
        refused("serverStatus", FIGURES, e);
        return;
      }
      failed("serverStatus failed: " + reason(e));
    } catch (RuntimeException e) {
      failed("serverStatus failed: " + reason(e));
    }
    List<ReplSetStatusReader.Member> members = status != null && status.mongos() ? List.of() : members(client);
    series.add(t, status, members);
  }

  private List<ReplSetStatusReader.Member> members(MongoClient client) {
    if (!replAsked) {
      return List.of();
    }
    try {
      return ReplSetStatusReader.read(command(client, "replSetGetStatus"));
    } catch (MongoCommandException e) {
      replAsked = false;
      int code = e.getErrorCode();
      if (code == UNAUTHORIZED) {
        refused("replSetGetStatus", "replica set members' state and lag", e);
      } else if (code != ReplSetStatusReader.NO_REPLICATION_ENABLED && code != COMMAND_NOT_FOUND) {
        series.note("replSetGetStatus failed: " + reason(e) + "; replica set members' state and lag not sampled");
      }
      // 76 and 59: no replica set member (a standalone, a server without the command): nothing to say
    } catch (RuntimeException e) {
      failed("replSetGetStatus failed: " + reason(e));
    }
    return new ArrayList<>();
  }

  private static BsonDocument command(MongoClient client, String name) {
    return client.getDatabase("admin").runCommand(new BsonDocument(name, new BsonInt32(1)), BsonDocument.class);
  }

  private void refused(String command, String figures, MongoCommandException e) {
    String line = command + " refused by the server (" + reason(e) + "): " + figures + " not sampled; the "
        + "sampling user needs the clusterMonitor role";
    series.note(line);
    warn.accept(line);
  }

  /** The first failure's note, also through {@code warn}; later ones are counted ({@link #stop} says how many). */
  private void failed(String note) {
    if (failures++ == 0) {
      series.note(note);
      warn.accept("server telemetry: " + note + " (the run goes on)");
    }
  }

  private static String reason(RuntimeException e) {
    String text = e instanceof MongoCommandException c ? c.getErrorCodeName() + ", code " + c.getErrorCode() + ": "
        + c.getErrorMessage() : e.getClass().getSimpleName() + ": " + e.getMessage();
    return Redactor.shapeOnly().redact(String.valueOf(text)).replace('\n', ' ');
  }
}
