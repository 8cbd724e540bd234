package dev.ycsbpack.coordinator.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reads the lines of every client's stdout and stderr on ONE thread, polling what each pipe holds (a process's pipe
 * tells how many bytes wait, so nothing blocks), instead of a blocking reader thread per stream: the coordinator's
 * threads then do not grow with the number of clients. A line is handed on when its newline arrives (or at the end
 * of the stream); UTF-8 never has a newline byte inside a character, so lines are decoded whole.
 */
final class LineReader {
  /** How long the thread sleeps when no stream had anything: a status line waits at most this long. */
  private static final long IDLE_MILLIS = 20;
  private static final int CHUNK = 8192;
  /** After its process ended, how long a stream must stay empty to count as ended. */
  private static final long END_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  private final List<Source> sources = new CopyOnWriteArrayList<>();
  private final Thread thread;
  private volatile boolean closed;

  LineReader(String name) {
    thread = new Thread(this::loop, name);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Reads {@code in} until its end, {@code lines} receiving each line and then {@code ended} once; {@code process}
   * tells when the end came.
   */
  void add(InputStream in, Process process, Consumer<String> lines, Runnable ended) {
    sources.add(new Source(in, process, lines, ended, new ByteArrayOutputStream()));
  }

  /**
   * Stops reading (the streams stay open; their processes own them); a stream not read to its end counts as ended
   * here, with its unterminated last line delivered, so nobody waits for it.
   */
  void close() {
    closed = true;
    thread.interrupt();
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    sources.forEach(Source::finish);
    sources.clear();
  }

  private void loop() {
    byte[] buffer = new byte[CHUNK];
    while (!closed) {
      boolean any = false;
      for (Source s : sources) {
        try {
          any |= s.poll(buffer);
        } catch (IOException e) {
          s.finish(); // the stream was closed under us: what was read is all there is
        }
        if (s.ended) {
          sources.remove(s);
        }
      }
      if (!any) {
        try {
          Thread.sleep(IDLE_MILLIS);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  private static final class Source {
    private final InputStream in;
    private final Process process;
    private final Consumer<String> lines;
    private final Runnable onEnd;
    private final ByteArrayOutputStream partial;
    private boolean ended;
    /** When the process was first seen gone with nothing to read, 0 before. */
    private long exitSeenNanos;

    Source(InputStream in, Process process, Consumer<String> lines, Runnable onEnd, ByteArrayOutputStream partial) {
      this.in = in;
      this.process = process;
      this.lines = lines;
      this.onEnd = onEnd;
      this.partial = partial;
    }

    /** Reads what is there; true when it read something. Never blocks. */
    boolean poll(byte[] buffer) throws IOException {
      int n = in.available();
      if (n <= 0) {
        // the end: the process is gone and, a moment later (when the JDK has taken in what its pipe still held),
        // nothing is left; a read() here could block on a pipe a grandchild still holds
        if (process.isAlive()) {
          exitSeenNanos = 0;
        } else if (exitSeenNanos == 0) {
          exitSeenNanos = System.nanoTime();
        } else if (System.nanoTime() - exitSeenNanos > END_NANOS) {
          finish();
        }
        return false;
      }
      int read = in.read(buffer, 0, Math.min(n, buffer.length));
      if (read < 0) {
        finish();
        return false;
      }
      for (int i = 0; i < read; i++) {
        if (buffer[i] == '\n') {
          emit();
        } else {
          partial.write(buffer[i]);
        }
      }
      return true;
    }

    void finish() {
      if (ended) {
        return;
      }
      if (partial.size() > 0) {
        emit();
      }
      ended = true;
      onEnd.run();
    }

    private void emit() {
      String line = partial.toString(StandardCharsets.UTF_8);
      partial.reset();
      lines.accept(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
    }
  }
}
