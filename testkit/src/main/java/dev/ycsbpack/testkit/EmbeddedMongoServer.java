package dev.ycsbpack.testkit;

import dev.ycsbpack.common.AtomicFiles;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CountDownLatch;

/**
 * mongo-java-server with its in-memory backend, bound to 127.0.0.1.
 *
 * <p>Starts in a few hundred milliseconds and needs nothing installed, which is why it is the
 * default target. It does not support unacknowledged (w=0) writes: they are lost and the
 * connection is dropped.
 */
public final class EmbeddedMongoServer implements AutoCloseable {
  private static final String USAGE = "usage: EmbeddedMongoServer [--port N] [--bind ADDRESS] [--url-file PATH]";

  private final MongoServer server;
  private final int port;
  private boolean closed;

  private EmbeddedMongoServer(MongoServer server, int port) {
    this.server = server;
    this.port = port;
  }

  /** Starts on a random free port. */
  public static EmbeddedMongoServer start() {
    return start(0);
  }

  /** Starts on {@code port}; 0 means a random free port. */
  public static EmbeddedMongoServer start(int port) {
    return start("127.0.0.1", port);
  }

  /** Starts on {@code address:port}; 0 means a random free port. */
  public static EmbeddedMongoServer start(String address, int port) {
    MongoServer server = new MongoServer(new MemoryBackend());
    server.bind(address, port);
    return new EmbeddedMongoServer(server, server.getLocalAddress().getPort());
  }

  /** e.g. {@code mongodb://127.0.0.1:40123}. */
  public String connectionString() {
    String host = server.getLocalAddress().getAddress().isAnyLocalAddress() ? "127.0.0.1"
        : server.getLocalAddress().getHostString();
    return "mongodb://" + host + ":" + port;
  }

  public int port() {
    return port;
  }

  public InetSocketAddress address() {
    return server.getLocalAddress();
  }

  /** Closes client connections and frees the port. Idempotent. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      server.shutdownNow();
    }
  }

  /**
   * Runs a server in its own JVM until SIGTERM/SIGINT, for the quick-start script.
   *
   * <p>{@code --url-file} is written only once the port is bound, and atomically, so a script can
   * poll for the file and then connect; it is removed again on shutdown so a stale file never
   * points at a dead server.
   */
  public static void main(String[] args) throws IOException, InterruptedException {
    int port = 0;
    String bind = "127.0.0.1";
    Path urlFile = null;
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "--port" -> {
          port = parsePort(value);
          i++;
        }
        case "--bind" -> {
          if (value == null) {
            exitWithUsage("--bind needs an address");
          }
          bind = value;
          i++;
        }
        case "--url-file" -> {
          if (value == null) {
            exitWithUsage("--url-file needs a path");
          }
          urlFile = Path.of(value).toAbsolutePath();
          i++;
        }
        case "-h", "--help" -> {
          System.out.println(USAGE);
          return;
        }
        default -> exitWithUsage("unknown option " + args[i]);
      }
    }

    EmbeddedMongoServer server = start(bind, port);
    Path fileToRemove = urlFile;
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      if (fileToRemove != null) {
        try {
          Files.deleteIfExists(fileToRemove);
        } catch (IOException ignored) {
          // The JVM is exiting; nothing useful is left to do with this.
        }
      }
      stopped.countDown();
    }, "embedded-mongo-shutdown"));

    if (urlFile != null) {
      AtomicFiles.write(urlFile, server.connectionString() + "\n", AtomicFiles.Mode.SHARED);
    }
    System.out.println("embedded mongo-java-server ready at " + server.connectionString());
    System.out.flush();
    stopped.await();
  }

  private static int parsePort(String value) {
    try {
      int port = Integer.parseInt(value);
      if (port < 0 || port > 65535) {
        exitWithUsage("--port must be 0..65535");
      }
      return port;
    } catch (NumberFormatException | NullPointerException e) {
      exitWithUsage("--port needs a number");
      return 0;
    }
  }

  private static void exitWithUsage(String problem) {
    System.err.println(problem);
    System.err.println(USAGE);
    System.exit(2);
  }
}
