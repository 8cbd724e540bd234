package dev.ycsbpack.coordinator.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A host's clock against the coordinator's, measured with Cristian's algorithm over one open session: send a line,
 * read the host's time, and keep the sample with the shortest round trip. The one measurement of it, for a client
 * host's probe and a {@code --server-host}'s telemetry alike.
 */
public final class ClockProbe {
  private static final int SAMPLES = 8;

  private ClockProbe() {
  }

  /**
   * What was measured.
   *
   * @param offsetMs host clock minus coordinator clock, in ms
   * @param errorMs  bound on its error: half the best round trip
   */
  public record Offset(double offsetMs, double errorMs) {
  }

  /** The probe ran past its limit. */
  public static final class Timeout extends Exception {
    private static final long serialVersionUID = 1L;
  }

  /**
   * The host's offset; empty when it cannot be measured (no GNU {@code date} with {@code %N}, a transport failing).
   *
   * @throws Timeout when the host did not answer within {@code limit}
   */
  public static Optional<Offset> measure(RemoteShell shell, Duration limit) throws Timeout {
    String loop = "i=0; while [ $i -lt " + SAMPLES + " ]; do read x || exit 0; date +%s%N; i=$((i+1)); done";
    Process p;
    try {
      p = shell.start(loop);
      Processes.discard(p.getErrorStream());
    } catch (IOException e) {
      return Optional.empty();
    }
    // a host that hangs after connecting would block readLine for ever: the limit ends the probe
    AtomicBoolean timedOut = new AtomicBoolean();
    Process probe = p;
    CompletableFuture.delayedExecutor(limit.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
      if (probe.isAlive()) {
        timedOut.set(true);
        probe.destroyForcibly();
      }
    });
    Optional<Offset> result = samples(p);
    // the watchdog may fire while a finished probe is being closed: samples taken are a measurement all the same
    if (timedOut.get() && result.isEmpty()) {
      throw new Timeout();
    }
    return result;
  }

  private static Optional<Offset> samples(Process p) {
    double best = Double.MAX_VALUE;
    double offset = 0;
    long baseMillis = System.currentTimeMillis();
    long baseNanos = System.nanoTime();
    try (OutputStream in = p.getOutputStream();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (int i = 0; i < SAMPLES; i++) {
        long t0 = System.nanoTime();
        in.write('\n');
        in.flush();
        String line = out.readLine();
        long t1 = System.nanoTime();
        if (line == null || !line.strip().matches("\\d{19}")) {
          return Optional.empty();
        }
        double remoteMs = Long.parseLong(line.strip()) / 1e6;
        double midMs = baseMillis + ((t0 + t1) / 2.0 - baseNanos) / 1e6;
        double half = (t1 - t0) / 2e6;
        if (half < best) {
          best = half;
          offset = remoteMs - midMs;
        }
      }
    } catch (IOException e) {
      return Optional.empty();
    } finally {
      p.destroy();
      try {
        p.waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return Optional.of(new Offset(offset, best));
  }
}
