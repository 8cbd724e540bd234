package dev.ycsbpack.launcher;

import dev.ycsbpack.common.Measurement;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.StatusLine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Passes output through line by line, redacted, and shows each redacted line to its watchers (the client folder), and
 * each line as printed to its raw watchers (the verdict's summary).
 *
 * <p>Installed as {@code System.out} and {@code System.err} for the whole run: YCSB echoes its command line (with
 * {@code -p mongodb.url=...}), the driver logs, and stack traces may hold a URL; none of that must reach a terminal,
 * log or file with a secret in it. The redactor starts knowing the secrets on the command line and learns those of
 * the workload files once they are read (see {@link #useRedactor}).
 *
 * <p>What a machine reads never goes through the redactor: the verdict parses the lines as printed (a raw watcher:
 * it keeps only numbers and YCSB's words, and what it prints goes back through here), and the control events
 * reach the coordinator through {@link #printUnredacted}. Only what is shown or written is redacted; a line of
 * YCSB's fixed formats (measurements, status) loses only long secrets, since a short one in it is a coincidence
 * ({@link Redactor#redactFixedFormat}).
 */
final class LineWatchingOutputStream extends OutputStream {
  private final OutputStream target;
  private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
  private final List<Consumer<String>> rawWatchers = new CopyOnWriteArrayList<>();
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
  private volatile Redactor redactor;
  /** Why the target failed (its reader is gone: a killed coordinator's pipe, a closed terminal), or null. */
  private volatile String lost;
  private volatile Consumer<String> onLost = why -> {
  };

  LineWatchingOutputStream(OutputStream target, Redactor redactor) {
    this.target = target;
    this.redactor = redactor;
  }

  /** From now on, redact with this one (it knows more secrets). */
  void useRedactor(Redactor r) {
    this.redactor = r;
  }

  /**
   * Calls {@code onLost} once, with the error, when the target fails. From then on the lines still reach the
   * watchers (the client folder, the verdict) and nothing more is written to the target: a client whose coordinator
   * was killed (its stdout a broken pipe) keeps YCSB's whole report in its folder. Before, the first failed write
   * threw out of the middle of YCSB's report, which reached the folder one line long.
   */
  void onTargetLost(Consumer<String> onLost) {
    this.onLost = onLost;
  }

  /** Why the target failed, or null while it works. */
  String lost() {
    return lost;
  }

  /** Shows every later redacted line (with its line end) to {@code watcher}. */
  void addWatcher(Consumer<String> watcher) {
    watchers.add(watcher);
  }

  /**
   * Shows every later line as printed, before redaction (with its line end), to {@code watcher}: for a reader that
   * only parses (the verdict's summary), which a mask inside a number or a section name would mislead. Whatever it
   * prints of it must go through a redacting stream.
   */
  void addRawWatcher(Consumer<String> watcher) {
    rawWatchers.add(watcher);
  }

  /**
   * Prints {@code line} (no line end) on a line of its own, not redacted, and shows it to the watchers: for a control
   * event of a coordinated client ({@link dev.ycsbpack.common.ClientControl.Event#line()}), fixed words and numbers
   * that hold no secret by construction, which the coordinator must read exactly as written (password 'READY' once
   * made {@code @ycsbpack READY} into {@code @ycsbpack *****} and the coordinator waited for it in vain). A partial
   * line printed before it is ended first, so the event starts its line.
   */
  synchronized void printUnredacted(String line) throws IOException {
    if (this.line.size() > 0) {
      this.line.write('\n');
      emitLine();
    }
    String text = line + "\n";
    for (Consumer<String> w : watchers) {
      w.accept(text);
    }
    toTarget(text.getBytes(StandardCharsets.UTF_8), true);
    if (lost != null) {
      throw new IOException(lost); // the caller learns the coordinator cannot read the event
    }
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n') {
      emitLine();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    int start = off;
    for (int i = off; i < off + len; i++) {
      if (b[i] == '\n') {
        line.write(b, start, i + 1 - start);
        emitLine();
        start = i + 1;
      }
    }
    line.write(b, start, off + len - start);
  }

  /** A flush passes on a partial line too, so interactive output is not held back. */
  @Override
  public synchronized void flush() throws IOException {
    if (line.size() > 0) {
      emitLine();
    }
    toTarget(null, true);
  }

  @Override
  public void close() throws IOException {
    flush();
  }

  private void emitLine() throws IOException {
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    for (Consumer<String> w : rawWatchers) {
      w.accept(text);
    }
    String shown = Measurement.isFixedFormat(text) || StatusLine.isFixedFormat(text)
        ? redactor.redactFixedFormat(text) : redactor.redact(text);
    for (Consumer<String> w : watchers) {
      w.accept(shown);
    }
    toTarget(shown.getBytes(StandardCharsets.UTF_8), false);
  }

  /** Writes (and flushes) to the target until it fails once; then only notes why, for {@link #onTargetLost}. */
  private void toTarget(byte[] bytes, boolean flush) {
    if (lost != null) {
      return;
    }
    try {
      if (bytes != null) {
        target.write(bytes);
      }
      if (flush) {
        target.flush();
      }
    } catch (IOException e) {
      lost = String.valueOf(e.getMessage());
      onLost.accept(lost);
    }
  }
}
