package dev.ycsbpack.coordinator.hosts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Short helper commands (probes, uploads, fetches), each bounded in time: nothing the coordinator waits on can
 * hang.
 */
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

  /**
   * Waits for a started process, feeding it {@code stdin} (may be null; its input is closed after it), killing it
   * after {@code timeout}. The input is written on its own thread, so a process that does not read cannot hold the
   * caller past the timeout.
   */
  public static Result run(Process p, byte[] stdin, Duration timeout) throws IOException {
    Thread out = drain(p.getInputStream());
    Thread err = drain(p.getErrorStream());
    Thread feed = new Thread(() -> {
      try (OutputStream in = p.getOutputStream()) {
        if (stdin != null) {
          in.write(stdin);
        }
      } catch (IOException e) {
        // the command exited without reading its input; its status says why
      }
    }, "coordinator-feed");
    feed.setDaemon(true);
    feed.start();
    return finish(p, out, err, timeout);
  }

  /**
   * Copies {@code producer}'s stdout into {@code consumer}'s stdin (a stream copied in: the pack into a host, a client
   * folder out of one) and waits for both, killing them after {@code timeout}. The result is the consumer's, or the
   * producer's failure when the consumer succeeded without the producer having succeeded.
   *
   * @param producerName what the producer is, for a failure message
   */
  public static Result pipe(Process producer, String producerName, Process consumer, Duration timeout)
      throws IOException {
    Thread producerErr = drain(producer.getErrorStream());
    Thread copy = new Thread(() -> {
      try (InputStream from = producer.getInputStream(); OutputStream to = consumer.getOutputStream()) {
        from.transferTo(to);
      } catch (IOException e) {
        // one side ended; its exit status says why
      }
    }, "coordinator-copy");
    copy.setDaemon(true);
    copy.start();
    producer.getOutputStream().close();
    Thread out = drain(consumer.getInputStream());
    Thread err = drain(consumer.getErrorStream());
    Result r = finish(consumer, out, err, timeout);
    Result first = finish(producer, drain(InputStream.nullInputStream()), producerErr, Duration.ofSeconds(5));
    if (r.ok() && !first.ok()) {
      return new Result(first.exit(), r.stdout(), first.stderr() + "\n" + producerName + " failed with exit status "
          + first.exit());
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

  /** Reads a stream to its end and forgets it (a pipe nobody reads can block the process writing to it). */
  public static void discard(InputStream in) {
    Thread t = new Thread(() -> {
      try (in) {
        in.transferTo(OutputStream.nullOutputStream());
      } catch (IOException e) {
        // the process ended
      }
    }, "coordinator-discard");
    t.setDaemon(true);
    t.start();
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
