package dev.ycsbpack.testkit;

import dev.ycsbpack.common.AtomicFiles;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * mongo-java-server with its in-memory backend, bound to 127.0.0.1 (or, from {@code bin/embedded-mongo --bind ADDRESS},
 * to another address: the distribution's network-namespace tests listen on 0.0.0.0; {@link #HELP}, for users, leaves
 * the option out).
 *
 * <p>Starts in a few hundred milliseconds and needs nothing installed, which is why it is the
 * default target. It does not support unacknowledged (w=0) writes: they are lost and the
 * connection is dropped.
 */
public final class EmbeddedMongoServer implements AutoCloseable {
  /**
   * The port of {@code bin/embedded-mongo} without {@code --port}: 0, any free port (printed when ready and
   * written to the url file), so it never collides with a MongoDB on 27017.
   */
  static final int DEFAULT_PORT = 0;
  static final String HELP = String.join("\n",
      "usage: bin/embedded-mongo [--port N] [--url-file FILE]",
      "",
      "Starts mongo-java-server (https://github.com/bwaldvogel/mongo-java-server), an in-memory server that",
      "speaks MongoDB's wire protocol, in its own JVM on 127.0.0.1. It is a fake, NOT MongoDB: fine to try",
      "the pack and its output, meaningless as a MongoDB benchmark. Data lives in memory and is gone when it stops.",
      "",
      "options:",
      "  --port N         port to listen on (default 0: any free port, printed when ready; MongoDB's is 27017)",
      "  --url-file FILE  once listening, write its connection string (mongodb://127.0.0.1:PORT) to FILE;",
      "                   the folder must exist; the file is removed when the server stops",
      "  -h, --help       this text",
      "  -V, --version    the pack's version and build",
      "",
      "It prints 'embedded mongo-java-server ready at mongodb://127.0.0.1:PORT' when it accepts connections,",
      "and runs until stopped: Ctrl-C, or kill PID (SIGTERM). If it cannot start (port in use, url file",
      "not writable) it prints one line and exits 1 (2 for a bad option).",
      "",
      "example:",
      "  bin/embedded-mongo --port 27018 &",
      "  bin/ycsb load mongodb -P workloads/workloada -p mongodb.url=mongodb://127.0.0.1:27018/ycsb",
      "");

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
    try {
      server.bind(address, port);
    } catch (Exception e) { // netty throws BindException undeclared
      // its event loop threads are not daemons: left running, they would keep the JVM alive
      server.shutdownNow();
      throw new IllegalStateException("cannot bind " + address + ":" + port, e);
    }
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

  /** A command line that cannot be served: {@link #code} is the exit status, the message its one stderr line. */
  static final class Exit extends Exception {
    private static final long serialVersionUID = 1L;
    final int code;

    Exit(int code, String message) {
      super(message);
      this.code = code;
    }
  }

  /**
   * Runs a server in its own JVM until SIGTERM/SIGINT, for the quick-start script.
   *
   * <p>{@code --url-file} is written only once the port is bound, and atomically, so a script can
   * poll for the file and then connect; it is removed again on shutdown so a stale file never
   * points at a dead server. When the server cannot start (port in use, a url file that cannot be written) it
   * prints one line and exits non-zero instead of leaving a JVM running.
   */
  public static void main(String[] args) throws InterruptedException {
    Started started;
    try {
      started = startFromCommandLine(args, System.out);
    } catch (Exit e) {
      if (e.getMessage() != null) {
        System.err.println("embedded-mongo: error: " + e.getMessage());
      }
      System.out.flush();
      System.exit(e.code);
      return;
    }
    EmbeddedMongoServer server = started.server;
    Path fileToRemove = started.urlFile;
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
    System.out.println("embedded mongo-java-server ready at " + server.connectionString()
        + " (in-memory fake, not MongoDB; stop it with Ctrl-C or kill " + ProcessHandle.current().pid() + ")");
    System.out.flush();
    stopped.await();
  }

  /** A server started from a command line, and the url file written for it (or null). */
  record Started(EmbeddedMongoServer server, Path urlFile) {
  }

  /**
   * Parses the command line, checks the url file's place, binds the port and writes the url file.
   *
   * @throws Exit code 0 after printing the help to {@code out}; 2 for a bad command line; 1 when the server
   *              cannot start (nothing is left running)
   */
  static Started startFromCommandLine(String[] args, PrintStream out) throws Exit {
    int port = DEFAULT_PORT;
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
          if (value == null || value.isEmpty()) {
            throw new Exit(2, "--bind needs an address, e.g. 0.0.0.0 (bin/embedded-mongo --help)");
          }
          bind = value;
          i++;
        }
        case "--url-file" -> {
          if (value == null || value.isEmpty()) {
            throw new Exit(2, "--url-file needs a path (bin/embedded-mongo --help)");
          }
          urlFile = Path.of(value).toAbsolutePath();
          i++;
        }
        case "-h", "--help", "help" -> {
          out.print(HELP);
          out.flush();
          throw new Exit(0, null);
        }
        case "-V", "--version" -> {
          out.println("embedded-mongo " + dev.ycsbpack.common.PackVersion.current().shown());
          out.flush();
          throw new Exit(0, null);
        }
        default -> throw new Exit(2, "unknown option " + shown(args[i]) + " (bin/embedded-mongo --help)");
      }
    }
    if (urlFile != null) {
      checkUrlFile(urlFile);
    }
    EmbeddedMongoServer server;
    try {
      server = start(bind, port);
    } catch (RuntimeException e) {
      throw new Exit(1, "cannot listen on " + shown(bind) + ":" + port + ": " + rootMessage(e)
          + (port != 0 ? " (is another server on that port? pick another --port, or --port 0 for any free one)"
              : ""));
    }
    if (urlFile != null) {
      try {
        AtomicFiles.write(urlFile, server.connectionString() + "\n", AtomicFiles.Mode.SHARED);
      } catch (IOException | RuntimeException e) {
        server.close();
        throw new Exit(1, "cannot write --url-file " + shown(urlFile.toString()) + ": " + rootMessage(e));
      }
    }
    return new Started(server, urlFile);
  }

  /** The url file must go in a folder that exists, and must not be a folder itself. */
  private static void checkUrlFile(Path urlFile) throws Exit {
    if (Files.isDirectory(urlFile)) {
      throw new Exit(2, "--url-file " + shown(urlFile.toString()) + " is a directory; give a file path inside it,"
          + " e.g. " + shown(urlFile.resolve("url").toString()));
    }
    Path dir = urlFile.getParent();
    if (dir != null && !Files.isDirectory(dir)) {
      throw new Exit(2, "--url-file " + shown(urlFile.toString()) + ": folder " + shown(dir.toString())
          + (Files.exists(dir) ? " is not a folder" : " does not exist; create it first (mkdir -p)"));
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    return shown(m);
  }

  /** At most 80 characters, control characters escaped: safe to echo on one line. */
  static String shown(String value) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < value.length() && i < 80; i++) {
      char c = value.charAt(i);
      sb.append(c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029 ? String.format("\\u%04x", (int) c) : c);
    }
    return value.length() > 80 ? sb + "..." : sb.toString();
  }

  private static int parsePort(String value) throws Exit {
    try {
      int port = Integer.parseInt(value);
      if (port >= 0 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new Exit(2, "--port " + (value == null ? "needs a number" : shown(value) + ": expected 0 to 65535")
        + " (0: any free port)");
  }
}
