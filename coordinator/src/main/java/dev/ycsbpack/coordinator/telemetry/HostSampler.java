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
 * One machine's {@code /proc} during one run: a first contact while the clients start (its clock, and for ssh the
 * shared connection opened, so the release's reading does not pay for it), then a reading at each instant it is
 * asked for. At most one reading is under way: an instant that finds the last one still running is skipped, never
 * queued, and every reading ends within its limit.
 *
 * <p>A machine whose first contact fails outright (unreachable, a template that fails, no {@code /proc}, an answer
 * that is not /proc's) is said once and not asked again in the run: it never answered. A machine that answered, or
 * that was only slow, is asked again at the next instant after a failed reading: a loaded database machine must not
 * lose the rest of its series to one late answer. The first miss is said once; the series' notes count them all.
 */
final class HostSampler {
  /**
   * The most the first contact's clock and reading may each take: four readings' limit (it may open the host's ssh
   * connection; it runs while the clients start), at most 10 s.
   */
  static final Duration MAX_CONTACT = Duration.ofSeconds(10);
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss 'UTC'", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  private final WatchedHost host;
  private final Duration limit;
  private final Duration contactLimit;
  private final Consumer<String> say;
  private final List<HostSeries.Timed> readings = new ArrayList<>();
  private final AtomicBoolean busy = new AtomicBoolean();
  private final Map<String, String> identity = new LinkedHashMap<>();
  /** Why the machine is not asked at all: it never answered; null otherwise. */
  private volatile String failure;
  /** The first reading missed after the contact, as said: null while none was. */
  private volatile String firstMiss;
  private volatile String firstMissWhy;
  private int instants;
  private int missed;

  /**
   * @param limit the most one reading at an instant may take
   * @param say   where the one line of a failure goes (the coordinator's stderr)
   */
  HostSampler(WatchedHost host, Duration limit, Consumer<String> say) {
    this.host = host;
    this.limit = limit;
    this.contactLimit = limit.multipliedBy(4).compareTo(MAX_CONTACT) > 0 ? MAX_CONTACT : limit.multipliedBy(4);
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
        offset = host.proc().clock(contactLimit).map(ClockProbe.Offset::offsetMs).orElse(null);
      }
      synchronized (identity) {
        identity.put("clockOffsetMs", offset == null ? "not measured" : String.format(Locale.ROOT, "%.1f", offset));
      }
      try {
        identify(ProcText.parse(host.proc().read(contactLimit)));
      } catch (ProcException e) {
        if (!e.timedOut()) {
          failure = "host " + host.name() + ": /proc not readable (" + why(e) + "); its figures are not recorded";
          say.accept(failure);
        }
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
    synchronized (this) {
      instants++;
    }
    if (!busy.compareAndSet(false, true)) {
      miss(null);
      return;
    }
    try {
      pool.execute(() -> {
        try {
          readAndKeep();
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
    if (failure != null) {
      return;
    }
    synchronized (this) {
      instants++;
    }
    if (!awaitIdle(limit.plusSeconds(7))) { // a reading's own limit, plus the time to kill its transport
      miss(null);
      return;
    }
    readAndKeep();
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

  private void readAndKeep() {
    try {
      ProcReading r = ProcText.parse(host.proc().read(limit));
      long at = System.currentTimeMillis(); // stamped on receipt, on the coordinator's clock
      identify(r);
      synchronized (readings) {
        readings.add(new HostSeries.Timed(at, r));
      }
    } catch (ProcException e) {
      miss(why(e));
    } catch (RuntimeException e) {
      miss(String.valueOf(e));
    }
  }

  /** The machine's name, kernel and CPUs, from its first reading. */
  private void identify(ProcReading r) {
    synchronized (identity) {
      if (!identity.containsKey("cpus")) {
        r.facts().forEach(identity::put);
        identity.put("cpus", Integer.toString(r.stat().cpus()));
      }
    }
  }

  /** An instant without a reading: {@code why} it failed, or null when the one before was still under way. */
  private synchronized void miss(String why) {
    missed++;
    if (why != null && firstMiss == null) {
      firstMissWhy = why;
      firstMiss = CLOCK.format(Instant.now());
      say.accept("host " + host.name() + ": /proc not readable at " + firstMiss + " (" + why + "); each instant it"
          + " misses is not recorded");
    }
  }

  static String why(Exception e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? "no reason given" : m.strip();
  }

  /** The machine's series: what it answered, and why it has less (a failure, missed or skipped instants). */
  Series series() {
    List<HostSeries.Timed> kept;
    synchronized (readings) {
      kept = List.copyOf(readings);
    }
    List<String> notes = new ArrayList<>();
    synchronized (this) {
      if (failure != null) {
        notes.add(failure);
      } else if (kept.isEmpty() && firstMissWhy != null) {
        notes.add("host " + host.name() + ": /proc not readable (" + firstMissWhy + "); its figures are not recorded");
      } else if (missed > 0) {
        notes.add("host " + host.name() + ": " + missed + " of " + instants + " instants not read ("
            + (firstMissWhy == null ? "each came while the reading before it, limited to " + ProcSource.seconds(limit)
                + " s, was under way" : "the first at " + firstMiss + ": " + firstMissWhy)
            + "); their figures are "
            + "not recorded");
      }
    }
    Map<String, String> id;
    synchronized (identity) {
      id = new LinkedHashMap<>(identity);
    }
    return HostSeries.of(host.source(), id, kept, notes);
  }
}
