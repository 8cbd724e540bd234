package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ClientControl;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reads the coordinator's commands on stdin ({@link ClientControl}) and stops the client when the coordinator is
 * gone: stdin closed (the coordinator or its SSH connection died) or no heartbeat for the timeout (a cut link, where
 * nothing closes). Without this, an orphaned JVM keeps loading the database: it ignores SIGPIPE, and sshd sends a
 * non-tty command no SIGHUP.
 */
final class ControlChannel {
  private final StartGate gate;
  private final long timeoutNanos;
  private final Consumer<String> stop;
  private volatile long lastBeat = System.nanoTime();

  private ControlChannel(StartGate gate, int timeoutSeconds, Consumer<String> stop) {
    this.gate = gate;
    this.timeoutNanos = TimeUnit.SECONDS.toNanos(timeoutSeconds);
    this.stop = stop;
  }

  /**
   * Starts reading {@code in} and watching the heartbeat, on daemon threads.
   *
   * @param stop called once with the reason when the client must stop
   */
  static ControlChannel start(InputStream in, StartGate gate, int timeoutSeconds, Consumer<String> stop) {
    ControlChannel c = new ControlChannel(gate, timeoutSeconds, stop);
    Thread reader = new Thread(() -> c.read(in), "ycsbpack-control");
    reader.setDaemon(true);
    reader.start();
    Thread watchdog = new Thread(c::watch, "ycsbpack-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    return c;
  }

  private void read(InputStream in) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        lastBeat = System.nanoTime();
        long go = ClientControl.goTime(line);
        if (go >= 0) {
          releaseAt(go);
          continue;
        }
        switch (line.trim()) {
          case ClientControl.STOP -> {
            stop.accept(ClientControl.STOPPED);
            return;
          }
          default -> {
          } // heartbeats (and anything else) only prove the coordinator is there
        }
      }
      stop.accept(ClientControl.LOST + ": its control input closed");
    } catch (IOException e) {
      stop.accept(ClientControl.LOST + ": its control input failed (" + e.getMessage() + ")");
    }
  }

  /**
   * Releases the gate at {@code epochMs} of this machine's clock (0: now). The reader only hands the moment over:
   * each client thread waits for it on its own timer, so it wakes once (not woken by a release thread that itself
   * had to wake first), and heartbeats keep being read meanwhile.
   */
  private void releaseAt(long epochMs) {
    long target = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, epochMs - System.currentTimeMillis()));
    gate.releaseAt(target);
  }

  private void watch() {
    while (true) {
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        return;
      }
      StartGate.reportStarted();
      if (System.nanoTime() - lastBeat > timeoutNanos) {
        stop.accept(ClientControl.LOST + ": no heartbeat for " + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos) + " s");
        return;
      }
    }
  }
}
