package dev.ycsbpack.launcher;

import dev.ycsbpack.mongodb.Redaction;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Passes output through line by line, hiding passwords in MongoDB URLs and showing each line to a watcher.
 *
 * <p>Installed as {@code System.out} and {@code System.err} for the whole run: YCSB echoes its command line
 * (with {@code -p mongodb.url=...}) and prints stack traces whose messages may hold a URL, and none of that
 * must reach a log with the password in it.
 */
final class LineWatchingOutputStream extends OutputStream {
  private final OutputStream target;
  private final Consumer<String> watcher;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

  LineWatchingOutputStream(OutputStream target, Consumer<String> watcher) {
    this.target = target;
    this.watcher = watcher;
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
    String shown = Redaction.redact(text);
    watcher.accept(shown);
    target.write(shown.getBytes(StandardCharsets.UTF_8));
  }
}
