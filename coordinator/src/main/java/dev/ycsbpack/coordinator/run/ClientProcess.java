package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.SettingsLine;
import dev.ycsbpack.common.StatusLine;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One running client as the coordinator sees it: the process it started ({@code bin/ycsb} locally, {@code ssh}
 * for a remote one), the control channel on its stdin, and what its stderr says (events, status lines, errors).
 */
public final class ClientProcess {
  /** Lines of output kept to explain a failure. */
  private static final int KEPT_LINES = 12;
  private static final Pattern FAILED_COUNT = Pattern.compile("\\[[A-Z-]*FAILED: Count=(\\d+)");

  private final ClientPlan plan;
  private final Process process;
  private final OutputStream control;
  private final Deque<String> lastLines = new ArrayDeque<>();
  private final long startNanos = System.nanoTime();
  private volatile long readyNanos = -1;
  private volatile boolean ready;
  private volatile long startedEpochMs = -1;
  private volatile int finishedStatus = -1;
  private volatile long lastReportNanos = System.nanoTime();
  /** When a status line last showed an operation that succeeded (or the clock was reset at the release). */
  private volatile long lastProgressNanos = System.nanoTime();
  private volatile long operations;
  private volatile double currentOpsPerSec;
  private volatile long errors;
  /** Counts down as each of stdout and stderr is read to its end. */
  private final CountDownLatch outputRead = new CountDownLatch(2);
  private final Redactor redactor;

  /** @param output reads its stdout and stderr (one thread for all clients) */
  ClientProcess(ClientPlan plan, Process process, Redactor redactor, LineReader output) {
    this.plan = plan;
    this.process = process;
    this.control = process.getOutputStream();
    this.redactor = redactor;
    output.add(process.getErrorStream(), process, line -> accept(line, true), outputRead::countDown);
    output.add(process.getInputStream(), process, line -> accept(line, false), outputRead::countDown);
  }

  public ClientPlan plan() {
    return plan;
  }

  /** Sends one control line; false when the client can no longer be reached. */
  public synchronized boolean send(String line) {
    try {
      control.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      control.flush();
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Ends the control channel: the client stops by itself when its input closes. */
  public synchronized void closeControl() {
    try {
      control.close();
    } catch (IOException e) {
      // already closed
    }
  }

  public boolean ready() {
    return ready;
  }

  /**
   * Milliseconds from starting the client's process to its READY (JVM start, connect, warm-up, JIT settling), -1 if
   * not ready.
   */
  public long readyAfterMs() {
    return readyNanos < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(readyNanos - startNanos);
  }

  /** How long ago its process was launched. */
  public Duration sinceLaunch() {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  public long startedEpochMs() {
    return startedEpochMs;
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** The process's exit status; only when it is no longer {@link #alive()}. */
  public int exitStatus() {
    return process.exitValue();
  }

  /** The status the client itself reported on exit ({@code FINISHED n}), -1 when it reported none. */
  public int finishedStatus() {
    awaitOutputOfAnExitedProcess();
    return finishedStatus;
  }

  public long secondsSinceLastReport() {
    return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - lastReportNanos);
  }

  /**
   * Seconds since a status line last showed an operation that succeeded: status lines that only count failures (a
   * dead server) or nothing (a frozen one) keep a client talking but are not progress.
   */
  public long secondsWithoutProgress() {
    return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - lastProgressNanos);
  }

  /**
   * Starts the progress and silence clocks at the release: before it no operation can succeed, and a ready client
   * waits silently at the start gate for as long as the other clients take to launch (minutes at 64 hosts), which is
   * not a client that stopped reporting.
   */
  public void resetProgressClock() {
    long now = System.nanoTime();
    lastProgressNanos = now;
    lastReportNanos = now;
  }

  public long operations() {
    return operations;
  }

  public double currentOpsPerSec() {
    return currentOpsPerSec;
  }

  public long errors() {
    return errors;
  }

  /** The most telling recent line: a FAILED or error line if there is one, else the last line ("no output"). */
  public String lastError() {
    String telling = tellingLine();
    return telling == null ? "no output" : telling;
  }

  /**
   * The most telling recent line, or null when the client said nothing but YCSB's banner: a FAILED or error line if
   * there is one, else the last line. Start-up lines, YCSB's ({@code DBWrapper: report latency for each error is
   * false ...}, {@code Command line: ...}) and the binding's settings ({@code mongodb binding: url=...}), are never
   * picked: they say nothing of why a client ended.
   */
  public String tellingLine() {
    awaitOutputOfAnExitedProcess();
    return pickLastError();
  }

  /** YCSB 0.17's start-up lines and the binding's settings line on a client's output, whatever follows them. */
  static boolean isStartUpLine(String line) {
    String l = line.strip();
    return SettingsLine.is(l) || l.startsWith("DBWrapper:") || l.startsWith("YCSB Client ")
        || l.startsWith("Command line:")
        || l.startsWith("Loading workload") || l.startsWith("Starting test") || l.startsWith("Maximum execution time")
        || l.startsWith("maxExecutionTime") || l.isEmpty();
  }

  /**
   * One thread reads every client's output (see {@link LineReader}), so a process can be seen gone before its last
   * lines are read: what it said last (its FINISHED line, its reason) is waited for, briefly, before it is judged.
   */
  private void awaitOutputOfAnExitedProcess() {
    if (process.isAlive()) {
      return;
    }
    try {
      outputRead.await(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private synchronized String pickLastError() {
    String pick = null;
    String last = null;
    for (String l : lastLines) {
      if (isStartUpLine(l)) {
        continue;
      }
      last = l;
      if (l.contains(RunStatus.FAILED.label()) || l.contains("error") || l.contains("Exception")
          || l.contains("stopping")) {
        pick = l;
      }
    }
    return pick == null ? last : pick;
  }

  /** Waits up to {@code millis} for the process to end. */
  public boolean waitFor(long millis) throws InterruptedException {
    return process.waitFor(millis, TimeUnit.MILLISECONDS);
  }

  public void destroy(boolean forcibly) {
    if (forcibly) {
      process.destroyForcibly();
    } else {
      process.destroy();
    }
  }

  /**
   * One line of the client's output as it arrived: events and status lines are parsed from it as written (the client
   * prints events unredacted, fixed words and numbers; a status line keeps its short coincidences, see
   * {@link Redactor#redactFixedFormat}); only what is kept to be shown is redacted (again: the client did already).
   */
  private void accept(String line, boolean stderr) {
    lastReportNanos = System.nanoTime();
    if (stderr) {
      var event = ClientControl.parse(line);
      if (event.isPresent()) {
        switch (event.get().type()) {
          case READY -> {
            readyNanos = System.nanoTime();
            ready = true;
          }
          case STARTED -> startedEpochMs = event.get().value();
          case FINISHED -> finishedStatus = (int) event.get().value();
          default -> {
          }
        }
        return;
      }
      var status = StatusLine.parse(line);
      if (status.isPresent()) {
        long before = operations;
        currentOpsPerSec = Double.isNaN(status.get().currentOpsPerSec()) ? 0 : status.get().currentOpsPerSec();
        Matcher m = FAILED_COUNT.matcher(line);
        long failed = 0;
        while (m.find()) {
          failed += Long.parseLong(m.group(1));
        }
        errors += failed; // status sections count this interval only
        operations = status.get().operations();
        if (operations - before > failed) {
          lastProgressNanos = System.nanoTime();
        }
        return;
      }
    }
    String shown = redactor.redact(line);
    synchronized (this) {
      if (lastLines.size() == KEPT_LINES) {
        lastLines.removeFirst();
      }
      lastLines.addLast(shown.length() > 300 ? shown.substring(0, 300) + "..." : shown);
    }
  }
}
