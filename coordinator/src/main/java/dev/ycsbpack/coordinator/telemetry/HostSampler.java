package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.coordinator.hosts.ClockProbe;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One machine's {@code /proc} during one run: a first contact before the clients are released (its clock, its name
 * and kernel, and for ssh the shared connection opened, so the release's reading does not pay for it), then a
 * reading at each instant it is asked for. At most one reading is under way: an instant that finds the last one still
 * running is skipped, never queued, and every reading ends within its limit.
 *
 * <p>The first failure (no answer, a transport failing, no {@code /proc}, an answer that is not /proc's) is said once,
 * and the machine is not asked again in this run: a host that stopped answering would otherwise cost a timeout at
 * every instant, and the line said could not stay true.
 */
final class HostSampler {
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  private final WatchedHost host;
  private final Duration limit;
  private final Consumer<String> say;
  private final List<HostSeries.Timed> readings = new ArrayList<>();
  private final AtomicBoolean busy = new AtomicBoolean();
  private final Map<String, String> identity = new LinkedHashMap<>();
  private volatile String failure;
  private volatile int skipped;

  /**
   * @param limit the most one reading (and the first contact's clock) may take
   * @param say   where the one line of a failure goes (the coordinator's stderr)
   */
  HostSampler(WatchedHost host, Duration limit, Consumer<String> say) {
    this.host = host;
    this.limit = limit;
    this.say = say;
    identity.put("role", host.role());
    identity.put("name", host.name());
  }

  WatchedHost host() {
    return host;
  }

  /**
   * The first contact, on the caller's thread: the clock offset ({@code knownOffsetMs} when the client hosts' check
   * measured it, else measured here) and one reading for the machine's identity, not kept as a sample.
   */
  void contact(Double knownOffsetMs) {
    busy.set(true);
    try {
      Double offset = knownOffsetMs;
      if (offset == null) {
        offset = host.proc().clock(limit).map(ClockProbe.Offset::offsetMs).orElse(null);
      }
      ProcReading first = read();
      if (first == null) {
        return;
      }
      synchronized (identity) {
        first.facts().forEach(identity::put);
        identity.put("cpus", Integer.toString(first.stat().cpus()));
        identity.put("clockOffsetMs", offset == null ? "not measured" : String.format(Locale.ROOT, "%.1f", offset));
      }
    } finally {
      busy.set(false);
    }
  }

  /** A reading now on {@code pool}, unless one is under way (the instant is then skipped) or the host failed. */
  void sample(Executor pool) {
    if (failure != null) {
      return;
    }
    if (!busy.compareAndSet(false, true)) {
      skipped++;
      return;
    }
    try {
      pool.execute(() -> {
        try {
          keep(read());
        } finally {
          busy.set(false);
        }
      });
    } catch (RuntimeException e) { // the pool is shut down: the run is over
      busy.set(false);
    }
  }

  /** A reading now, on the caller's thread, once the one under way (if any) has ended. */
  void sampleNow() throws InterruptedException {
    if (!awaitIdle(limit.plusSeconds(7))) { // a reading's own limit, plus the time to kill its transport
      skipped++;
      return;
    }
    if (failure == null) {
      keep(read());
    }
  }

  /** Waits until no reading is under way, at most {@code wait}; whether none is. */
  boolean awaitIdle(Duration wait) throws InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (busy.get()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      TimeUnit.MILLISECONDS.sleep(10);
    }
    return true;
  }

  private void keep(ProcReading r) {
    if (r != null) {
      long at = System.currentTimeMillis(); // stamped on receipt, on the coordinator's clock
      synchronized (readings) {
        readings.add(new HostSeries.Timed(at, r));
      }
    }
  }

  /** One reading, or null after saying the failure (once) and marking the host failed. */
  private ProcReading read() {
    if (failure != null) {
      return null;
    }
    try {
      return ProcText.parse(host.proc().read(limit));
    } catch (ProcException e) {
      fail(e.getMessage());
      return null;
    } catch (RuntimeException e) {
      fail(String.valueOf(e));
      return null;
    }
  }

  private synchronized void fail(String why) {
    if (failure != null) {
      return;
    }
    int kept;
    synchronized (readings) {
      kept = readings.size();
    }
    String reason = why == null || why.isBlank() ? "no reason given" : why.strip();
    failure = kept == 0 ? "host " + host.name() + ": /proc not readable (" + reason + "); its figures are not recorded"
        : "host " + host.name() + ": /proc not readable (" + reason + ") at " + CLOCK.format(Instant.now())
            + ", after " + kept + " readings; its later figures are not recorded";
    say.accept(failure);
  }

  /** The machine's series: what it answered, and why it has less (a failure, skipped instants). */
  Series series() {
    List<String> notes = new ArrayList<>();
    if (failure != null) {
      notes.add(failure);
    }
    List<HostSeries.Timed> kept;
    synchronized (readings) {
      kept = List.copyOf(readings);
    }
    if (skipped > 0 && !kept.isEmpty()) { // with no sample at all there is no gap to explain
      notes.add(skipped + " sampling instants skipped: the reading before each was still under way (each may take "
          + ProcSource.seconds(limit) + " s)");
    }
    Map<String, String> id;
    synchronized (identity) {
      id = new LinkedHashMap<>(identity);
    }
    return HostSeries.of(host.source(), id, kept, notes);
  }
}
