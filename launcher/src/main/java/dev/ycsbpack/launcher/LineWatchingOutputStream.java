package dev.ycsbpack.launcher;

import dev.ycsbpack.common.Redactor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Passes output through line by line, redacted, and shows each redacted line to its watchers (the verdict's summary,
 * the client folder).
 *
 * <p>Installed as {@code System.out} and {@code System.err} for the whole run: YCSB echoes its command line (with
 * {@code -p mongodb.url=...}), the driver logs, and stack traces may hold a URL; none of that must reach a terminal,
 * log or file with a secret in it. The redactor starts knowing the secrets on the command line and learns those of
 * the workload files once they are read (see {@link #useRedactor}).
 */
final class LineWatchingOutputStream extends OutputStream {
  private final OutputStream target;
  private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
  private volatile Redactor redactor;

  LineWatchingOutputStream(OutputStream target, Redactor redactor) {
    this.target = target;
    this.redactor = redactor;
  }

  /** From now on, redact with this one (it knows more secrets). */
  void useRedactor(Redactor r) {
    this.redactor = r;
  }

  /** Shows every later redacted line (with its line end) to {@code watcher}. */
  void addWatcher(Consumer<String> watcher) {
    watchers.add(watcher);
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
    target.flush();
  }

  @Override
  public void close() throws IOException {
    flush();
  }

  private void emitLine() throws IOException {
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    String shown = redactor.redact(text);
    for (Consumer<String> w : watchers) {
      w.accept(shown);
    }
    target.write(shown.getBytes(StandardCharsets.UTF_8));
  }
}
