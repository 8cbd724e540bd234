package dev.ycsbpack.coordinator.telemetry;

import dev.ycsbpack.common.Polling;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One open session to a host for a run's readings: a small loop on the host answers each line the coordinator sends
 * with one {@link ProcFiles#command()}'s output and an end marker. A new session per reading would cost the host
 * sshd's session set-up each time (about ten times the {@code grep}, measured: see docs/coordinator.md); this costs
 * it once. A reading that does not end within its limit ends the session (the next reading opens a new one), so a
 * late answer is never taken for the next one's.
 */
final class ProcSession implements AutoCloseable {
  static final String END = "@@ycsbpack-proc-end";
  /** The end of the session's input ends the loop: nothing is left on the host when the coordinator goes. */
  static final String LOOP = "while read x; do " + ProcFiles.command().replaceFirst("^exec ", "") + "; echo " + END
      + "; done";
  private static final String EOF = "\u0000eof";
  /** How long a missing /proc/stat waits for the host's own words on it. */
  private static final long STDERR_CATCH_UP_MS = 500;

  private final RemoteShell shell;
  private Process process;
  private OutputStream in;
  private BlockingQueue<String> lines;
  private Deque<String> errors;
  private Thread errorReader;

  ProcSession(RemoteShell shell) {
    this.shell = shell;
  }

  /** One reading's answer within {@code limit}: the lines before the end marker, or all it said before it ended. */
  synchronized Map<ProcFile, String> read(Duration limit) throws ProcException {
    long deadline = System.nanoTime() + limit.toNanos();
    if (process == null) {
      try {
        open();
      } catch (IOException e) {
        throw new ProcException("cannot run " + shell.transport() + ": " + e.getMessage());
      }
    }
    try {
      in.write('\n');
      in.flush();
    } catch (IOException e) {
      // the loop ended (a transport that failed, a shell that answered once): its output ends with EOF below
    }
    return answer(new StringBuilder(), deadline, limit);
  }

  private Map<ProcFile, String> answer(StringBuilder text, long deadline, Duration limit) throws ProcException {
    try {
      while (true) {
        String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (line == null) {
          close();
          throw new ProcException("no answer within " + ProcSource.seconds(limit) + " s", true);
        }
        if (line.equals(END)) {
          return checked(ProcFiles.split(text.toString()), null);
        }
        if (line.equals(EOF)) {
          break;
        }
        text.append(line).append('\n');
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    String why = ended();
    return checked(ProcFiles.split(text.toString()), why);
  }

  /** The session ended: its stderr's telling line (the transport's or grep's), and the next reading opens anew. */
  private String ended() {
    Process p = process;
    try {
      if (p != null) {
        // its last lines first: ending the process closes its streams
        p.waitFor(2, TimeUnit.SECONDS);
        errorReader.join(2000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    close();
    synchronized (errors) {
      String stat = errors.stream().filter(l -> l.contains(ProcFile.STAT.path())).findFirst().orElse(null);
      if (stat != null) {
        return stat.strip();
      }
      return errors.isEmpty() ? "the session ended" + (p != null && !p.isAlive() ? " with exit status "
          + p.exitValue() : "") : errors.peekLast().strip();
    }
  }

  private Map<ProcFile, String> checked(Map<ProcFile, String> files, String why) throws ProcException {
    if (!files.containsKey(ProcFile.STAT)) {
      String stat = statError();
      throw new ProcException(stat != null ? stat.strip() : why != null ? why : "no " + ProcFile.STAT.path()
          + " in its answer");
    }
    return files;
  }

  /**
   * The host's stderr line naming {@code /proc/stat}, if it printed one. grep writes it before the loop echoes the end
   * marker, but the two streams are read by two threads, so the line may still be on its way: waited for briefly (this
   * runs only for an answer without /proc/stat, which already costs the host its figures).
   */
  private String statError() {
    return Polling.firstAnswer(STDERR_CATCH_UP_MS, 10, () -> {
      synchronized (errors) {
        return errors.stream().filter(l -> l.contains(ProcFile.STAT.path())).findFirst().orElse(null);
      }
    });
  }

  private void open() throws IOException {
    Process p = shell.start(LOOP);
    BlockingQueue<String> out = new LinkedBlockingQueue<>();
    Deque<String> err = new ArrayDeque<>();
    reader(p.getInputStream(), line -> out.add(line), () -> out.add(EOF), "host-telemetry-out");
    errorReader = reader(p.getErrorStream(), line -> {
      synchronized (err) {
        err.addLast(line);
        if (err.size() > 20) {
          err.removeFirst();
        }
      }
    }, () -> {
    }, "host-telemetry-err");
    process = p;
    in = p.getOutputStream();
    lines = out;
    errors = err;
  }

  private static Thread reader(InputStream stream, java.util.function.Consumer<String> each, Runnable atEnd,
      String name) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          each.accept(line);
        }
      } catch (IOException e) {
        // the session ended
      } finally {
        atEnd.run();
      }
    }, "coordinator-" + name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Ends the session: its input closes, which ends the loop on the host; the transport is ended too. */
  @Override
  public synchronized void close() {
    Process p = process;
    process = null;
    if (p != null) {
      try {
        in.close();
      } catch (IOException e) {
        // already gone
      }
      p.destroy();
    }
  }
}
