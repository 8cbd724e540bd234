package dev.ycsbpack.coordinator.hosts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Short helper commands (probes, uploads, fetches), each bounded in time: nothing the coordinator waits on can hang. */
public final class Processes {
  private Processes() {
  }

  /**
   * What a command did.
   *
   * @param exit   exit status; -1 when it was killed for taking too long
   * @param stdout its standard output
   * @param stderr its standard error
   */
  public record Result(int exit, String stdout, String stderr) {
    public boolean ok() {
      return exit == 0;
    }

    /** The last non-empty line of stderr, for a one-line message. */
    public String lastError() {
      String[] lines = stderr.strip().split("\n");
      String last = lines[lines.length - 1].strip();
      return last.isEmpty() ? "exit status " + exit : last;
    }
  }

  /** Runs {@code command}, feeding it {@code stdin} (may be null), killing it after {@code timeout}. */
  public static Result run(List<String> command, byte[] stdin, Duration timeout) throws IOException {
    Process p = new ProcessBuilder(command).start();
    Thread out = drain(p.getInputStream());
    Thread err = drain(p.getErrorStream());
    try (OutputStream in = p.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin);
      }
    } catch (IOException e) {
      // the command exited without reading its input; its status says why
    }
    return finish(p, out, err, timeout);
  }

  /** Runs {@code command} with its stdin fed from another process's stdout (e.g. tar into ssh). */
  public static Result pipe(List<String> producer, List<String> consumer, Duration timeout) throws IOException {
    List<Process> ps = ProcessBuilder.startPipeline(List.of(
        new ProcessBuilder(producer).redirectError(ProcessBuilder.Redirect.DISCARD), new ProcessBuilder(consumer)));
    Process first = ps.get(0);
    Process last = ps.get(1);
    first.getOutputStream().close();
    Thread out = drain(last.getInputStream());
    Thread err = drain(last.getErrorStream());
    Result r = finish(last, out, err, timeout);
    try {
      if (!first.waitFor(5, TimeUnit.SECONDS)) {
        first.destroyForcibly();
        return new Result(-1, r.stdout(), r.stderr() + "\n" + String.join(" ", producer) + " did not finish");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      first.destroyForcibly();
    }
    if (r.ok() && first.exitValue() != 0) {
      return new Result(first.exitValue(), r.stdout(), r.stderr() + "\n" + producer.get(0) + " failed with exit status "
          + first.exitValue());
    }
    return r;
  }

  private static Result finish(Process p, Thread out, Thread err, Duration timeout) throws IOException {
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        p.waitFor(5, TimeUnit.SECONDS);
        out.join(1000);
        err.join(1000);
        return new Result(-1, text(out), text(err) + "\ntimed out after " + timeout.toSeconds() + " s");
      }
      out.join(5000);
      err.join(5000);
      return new Result(p.exitValue(), text(out), text(err));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted", e);
    }
  }

  private static Thread drain(InputStream in) {
    Drain d = new Drain(in);
    d.setDaemon(true);
    d.start();
    return d;
  }

  private static String text(Thread t) {
    return ((Drain) t).text();
  }

  /** Reads a stream to its end, keeping at most 1 MiB (a probe's output is a few lines). */
  private static final class Drain extends Thread {
    private final InputStream in;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

    Drain(InputStream in) {
      super("coordinator-drain");
      this.in = in;
    }

    @Override
    public void run() {
      byte[] b = new byte[8192];
      try (in) {
        int n;
        while ((n = in.read(b)) > 0) {
          synchronized (buffer) {
            if (buffer.size() < (1 << 20)) {
              buffer.write(b, 0, n);
            }
          }
        }
      } catch (IOException e) {
        // the process ended; what was read is kept
      }
    }

    String text() {
      synchronized (buffer) {
        return buffer.toString(StandardCharsets.UTF_8);
      }
    }
  }
}
