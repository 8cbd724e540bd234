package dev.ycsbpack.launcher;

import dev.ycsbpack.common.FirstFailures;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.Text;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * The no-progress rule: when no operation has succeeded for {@value #PROPERTY} seconds since the first operation
 * began (or since the last success), the server is taken to be gone and the run is stopped and failed, naming when
 * the server was last seen and what the errors were.
 *
 * <p>Without it a killed server makes every thread wait out the driver's server selection (30 s) per operation for
 * as long as the operation count lasts (hours), and a frozen one leaves the run at 0 ops/s and 0 errors forever.
 */
final class StallWatch {
  static final String PROPERTY = "ycsbpack.stalltimeout";
  /** The default's floor: long enough for a replica set election and a client's rediscovery of the new primary. */
  static final long MIN_DEFAULT_MS = 60_000;
  /** With {@code maxexecutiontime}, the default is a quarter of the window, but not under this. */
  static final long MIN_WINDOW_SHARE_MS = 5_000;
  private static final long MAX_SECONDS = 86_400L * 365;

  private final long timeoutMs;
  private final OperationProgress progress;
  private final LongSupplier firstOperationEpochMs;
  private final Consumer<String> stop;
  private volatile String failure;
  /** Wall-clock ms of the last poll that saw a new success (within one poll of the real last success); -1: none. */
  private volatile long lastSuccessEpochMs = -1;

  StallWatch(long timeoutMs, OperationProgress progress, LongSupplier firstOperationEpochMs, Consumer<String> stop) {
    this.timeoutMs = timeoutMs;
    this.progress = progress;
    this.firstOperationEpochMs = firstOperationEpochMs;
    this.stop = stop;
  }

  /**
   * The stall timeout in ms: the user's {@value #PROPERTY} (whole seconds, 1 or more), else the larger of 60 s and
   * twice the longest an operation may wait on the driver (server selection, socket read): a failover completes, and
   * an operation that cannot reach the server fails, well inside it. With {@code maxexecutiontime} it is at most a
   * quarter of the window (at least 5 s).
   *
   * @param longestOperationWaitMs from the binding; -1 when unbounded or unknown
   * @throws UsageException naming the property and what it accepts
   */
  static long timeoutMs(Properties p, long longestOperationWaitMs) throws UsageException {
    long ms = userTimeoutMs(p);
    if (ms > 0) {
      return ms;
    }
    ms = Math.max(MIN_DEFAULT_MS, 2 * Math.max(0, longestOperationWaitMs));
    long window = TimeUnit.SECONDS.toMillis(OperationCount.intProperty(p, "maxexecutiontime", 0));
    if (window > 0) {
      // a time-limited run that lost its server for a quarter of its window measured something else than asked
      ms = Math.min(ms, windowShareMs(window));
    }
    // no target term: YCSB's target is a whole number of operations per second, so even target=1 succeeds
    // several times within the 5 s floor
    return ms;
  }

  /**
   * The longest a time-limited run may go without a successful operation and still have measured its window: a
   * quarter of the window, at least 5 s. The default stall timeout of such a run, and {@link RunVerdict}'s rule on a
   * run whose successes stopped before its window ended (when the stall timeout was raised above it).
   */
  static long windowShareMs(long windowMs) {
    return Math.max(MIN_WINDOW_SHARE_MS, windowMs / 4);
  }

  /** The user's {@value #PROPERTY} in ms, or 0 when unset. */
  private static long userTimeoutMs(Properties p) throws UsageException {
    String value = p.getProperty(PROPERTY);
    if (value != null) {
      try {
        long seconds = Long.parseLong(value.trim());
        if (seconds >= 1 && seconds <= MAX_SECONDS) {
          return TimeUnit.SECONDS.toMillis(seconds);
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new UsageException("invalid " + PROPERTY + "=" + Text.shown(value) + ": expected whole seconds from 1 to "
          + MAX_SECONDS + " without any operation succeeding after which the run stops as FAILED");
    }
    return 0;
  }

  /** Watches on a daemon thread until the run stops (or the JVM exits). */
  void start() {
    Thread t = new Thread(this::watch, "ycsbpack-stall-watch");
    t.setDaemon(true);
    t.start();
  }

  /**
   * When the last successful operation ended, as wall-clock ms, to within one poll (at most 250 ms late); -1 when
   * none has been seen.
   */
  long lastSuccessEpochMs() {
    return lastSuccessEpochMs;
  }

  /** Why the run was stopped, or null while it has not stalled. */
  String failure() {
    return failure;
  }

  private void watch() {
    long pollMs = Math.max(10, Math.min(250, timeoutMs / 10));
    long seen = -1;
    long lastProgressNanos = 0;
    long firstEpochMs = -1;
    while (true) {
      try {
        Thread.sleep(pollMs);
      } catch (InterruptedException e) {
        return;
      }
      if (firstEpochMs < 0) {
        firstEpochMs = firstOperationEpochMs.getAsLong();
        if (firstEpochMs < 0) {
          continue; // the clock starts with the first measured operation, not during init or the start gate
        }
        lastProgressNanos = System.nanoTime();
        seen = progress.succeeded();
        if (seen > 0) {
          lastSuccessEpochMs = System.currentTimeMillis();
        }
        continue;
      }
      long now = System.nanoTime();
      long succeeded = progress.succeeded();
      if (succeeded != seen) {
        seen = succeeded;
        lastProgressNanos = now;
        lastSuccessEpochMs = System.currentTimeMillis();
      } else if (TimeUnit.NANOSECONDS.toMillis(now - lastProgressNanos) >= timeoutMs) {
        failure = reason(firstEpochMs, lastSuccessEpochMs, succeeded);
        stop.accept(failure);
        return;
      }
    }
  }

  private String reason(long firstEpochMs, long lastSuccessEpochMs, long succeeded) {
    String seconds = timeoutMs % 1000 == 0 ? String.format(Locale.ROOT, "%,d s", timeoutMs / 1000)
        : String.format(Locale.ROOT, "%.1f s", timeoutMs / 1000.0);
    String lastSeen = lastSuccessEpochMs < 0
        ? "no operation ever succeeded (the first began at " + Instant.ofEpochMilli(firstEpochMs) + ")"
        : String.format(Locale.ROOT, "the server was last seen at %s (the last successful operation, %.1f s into the "
            + "run; %,d succeeded)", Instant.ofEpochMilli(lastSuccessEpochMs),
            (lastSuccessEpochMs - firstEpochMs) / 1000.0, succeeded);
    Map<String, Long> failures = progress.failures();
    String errors = failures.isEmpty()
        ? "no operation had failed by then either (each was still waiting on the server; stopping them may count "
            + "some as errors)"
        : "errors so far: " + failures.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(", "));
    String first = FirstFailures.first().map(t -> "; first error: " + t).orElse("");
    return "no operation succeeded for " + seconds + " (" + PROPERTY + "): " + lastSeen + "; " + errors + first
        + "; the measurements are partial (they cover the run until it was stopped)";
  }
}
