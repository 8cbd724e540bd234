package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.common.telemetry.TelemetryFiles;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.telemetry.ServerSampling;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The machines' {@code /proc} during one coordinated run: each {@link WatchedHost} is contacted while the clients
 * start, read just before they are released ({@link #release}), every status interval after, and just after they end
 * ({@link #stop}), which writes {@code telemetry/host-NAME.csv} and {@code .json} into the bundle. A machine that
 * cannot be read costs one line and its series' note; the run goes on as if it were not watched.
 */
public final class HostTelemetry {
  /** The most one reading may take, whatever the interval: a host slower than this is not answering. */
  static final Duration MAX_READING = Duration.ofSeconds(5);

  private final List<HostSampler> samplers;
  private final Duration interval;
  private final PrintStream log;
  private final ExecutorService pool;
  private final ScheduledExecutorService ticks;
  private volatile boolean released;

  private HostTelemetry(List<HostSampler> samplers, Duration interval, PrintStream log) {
    this.samplers = samplers;
    this.interval = interval;
    this.log = log;
    this.pool = samplers.isEmpty() ? null : Executors.newCachedThreadPool(r -> daemon(r, "host-telemetry"));
    this.ticks = samplers.isEmpty() ? null : Executors.newSingleThreadScheduledExecutor(r -> daemon(r,
        "host-telemetry-ticks"));
  }

  /**
   * Starts watching: every machine is contacted at once, in the background (the clients' launch does not wait).
   *
   * @param properties    the run's properties: {@code status.interval} is the sampling interval
   * @param clientOffsets each client host's clock offset, as its check measured it (ms)
   * @param log           where a machine's failure line goes
   * @param redactor      masks secrets in it (a template's token quoted in an error)
   */
  public static HostTelemetry start(HostWatch watch, Map<String, String> properties, Map<Host, Double> clientOffsets,
      PrintStream log, Redactor redactor) {
    Duration interval = interval(properties);
    List<HostSampler> samplers = new ArrayList<>();
    for (WatchedHost h : watch.hosts()) {
      samplers.add(new HostSampler(h, limit(interval), line -> log.println("ycsb-coordinator: "
          + redactor.redact(line))));
    }
    HostTelemetry t = new HostTelemetry(samplers, interval, log);
    for (HostSampler s : samplers) {
      Double known = s.host().host() instanceof Host.Local ? Double.valueOf(0) : clientOffsets.get(s.host().host());
      t.pool.execute(() -> s.contact(known));
    }
    return t;
  }

  /** The sampling interval: the server sampler's, so the server's and the machines' instants share one rule. */
  static Duration interval(Map<String, String> properties) {
    return Duration.ofMillis(ServerSampling.intervalMs(properties));
  }

  /** One reading's limit: half the interval, at most {@link #MAX_READING}: the next instant never queues behind it. */
  static Duration limit(Duration interval) {
    Duration half = interval.dividedBy(2);
    return half.compareTo(MAX_READING) > 0 ? MAX_READING : half;
  }

  /**
   * The clients are about to be released: a reading of every machine now (in the background: the release does not
   * wait for it), then one every interval.
   */
  public void release() {
    if (samplers.isEmpty() || released) {
      return;
    }
    released = true;
    samplers.forEach(s -> s.sample(pool));
    ticks.scheduleAtFixedRate(() -> samplers.forEach(s -> s.sample(pool)), interval.toMillis(), interval.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /**
   * The clients have ended: the last reading of every machine, then each machine's series written into
   * {@code dir/telemetry/}. Returns the series written; none when the clients were never released.
   */
  public List<Series> stop(Path dir) throws InterruptedException {
    if (samplers.isEmpty()) {
      return List.of();
    }
    ticks.shutdownNow();
    List<Series> out = new ArrayList<>();
    try {
      if (!released) {
        return List.of();
      }
      List<Thread> last = new ArrayList<>();
      for (HostSampler s : samplers) {
        Thread t = daemon(() -> {
          try {
            s.sampleNow();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }, "host-telemetry-last");
        t.start();
        last.add(t);
      }
      for (Thread t : last) {
        t.join();
      }
      for (HostSampler s : samplers) {
        Series series = s.series();
        try {
          TelemetryFiles.write(dir, series);
          out.add(series);
        } catch (IOException e) {
          log.println("ycsb-coordinator: warning: cannot write " + TelemetryFiles.json(dir, series.source()) + ": "
              + e.getMessage() + "; the figures of host " + s.host().name() + " are not in the bundle");
        }
      }
    } finally {
      samplers.forEach(s -> s.host().proc().close());
      pool.shutdownNow();
    }
    return out;
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, "coordinator-" + name);
    t.setDaemon(true);
    return t;
  }
}
