package dev.ycsbpack.testkit;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;

/**
 * FerretDB v1.24.0 (the {@code testkit/ferretdb} wrapper) as a separate OS process.
 *
 * <p>A separate process is the point: it exercises the real wire path and lets tests kill the
 * server. The wrapper listens on port 0 and prints the port it got, which avoids the race of
 * picking a free port here and handing it over.
 */
public final class FerretDbServer implements AutoCloseable {
  private static final Pattern READY_LINE = Pattern.compile("ready at (mongodb://[^/\\s]+)/?");
  private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

  /** FerretDB's own command logs {@code Listening on TCP 127.0.0.1:40123...} at level info. */
  private static final Pattern COMMAND_READY = Pattern.compile("Listening on TCP (\\S+?)\\.\\.\\.");

  /**
   * How a server is started, kept for {@link #restart()}: the binary, its arguments after the listen address, its
   * extra environment (secrets go there, never into the argument list) and how its log announces the address.
   */
  private record Launch(NetworkNamespace namespace, Path binary, String listenFlag, List<String> args,
      Map<String, String> env, Pattern ready, String readyPrefix) {
  }

  private final Process process;
  private final Path workDir;
  private final Path log;
  private final Launch launch;
  private String connectionString;
  private boolean closed;

  private FerretDbServer(Process process, Path workDir, Path log, Launch launch) {
    this.process = process;
    this.workDir = workDir;
    this.log = log;
    this.launch = launch;
  }

  /** Starts FerretDB on the SQLite handler; {@code dataDir} is created if needed and is not deleted on close. */
  public static FerretDbServer startSqlite(Path dataDir) throws IOException {
    return startSqlite(dataDir, 0);
  }

  /**
   * Starts FerretDB on the SQLite handler listening on {@code port} of 127.0.0.1 (0: any free one). A server killed
   * and started again on the same folder and port is the same server to a client: its data survives.
   */
  public static FerretDbServer startSqlite(Path dataDir, int port) throws IOException {
    Files.createDirectories(dataDir);
    // FerretDB insists on a URI that names a directory, i.e. ends with '/'.
    return start(wrapper(List.of("-handler", "sqlite", "-sqlite-url", sqliteUri(dataDir))), "127.0.0.1:" + port);
  }

  /**
   * Starts FerretDB's own command on the SQLite handler with authentication on, as a server that authenticates:
   * SCRAM-SHA-256 and SCRAM-SHA-1 only, and one user {@code username} in {@code admin} with {@code password}
   * (any characters: the driver SASLpreps it, the server stores its SCRAM keys). Every command but the anonymous ones
   * (hello, ping, ...) needs an authenticated connection. The password reaches the server through its environment,
   * never its argument list.
   */
  public static FerretDbServer startSqliteAuthenticating(Path dataDir, String username, String password)
      throws IOException {
    return startSqliteAuthenticating(dataDir, username, password, null, "127.0.0.1:0");
  }

  /**
   * {@link #startSqliteAuthenticating(Path, String, String)} inside {@code namespace} (a test rig's server namespace;
   * null: this one), listening on {@code listenAddress} there. A server in another namespace is ready when it says it
   * listens: this process cannot reach it to ping it.
   */
  public static FerretDbServer startSqliteAuthenticating(Path dataDir, String username, String password,
      NetworkNamespace namespace, String listenAddress) throws IOException {
    Files.createDirectories(dataDir);
    Launch launch = new Launch(namespace, FerretDbBinary.requireAuthenticating(), "--listen-addr", List.of(
        "--handler=sqlite", "--sqlite-url=" + sqliteUri(dataDir), "--test-enable-new-auth",
        "--setup-database=admin", "--setup-username=" + username,
        // info: the level of the line that names the listening address
        "--log-level=info", "--telemetry=disable", "--debug-addr=-", "--state-dir=."),
        Map.of("FERRETDB_SETUP_PASSWORD", password), COMMAND_READY, "mongodb://");
    return start(launch, listenAddress);
  }

  private static String sqliteUri(Path dataDir) {
    // FerretDB insists on a URI that names a directory, i.e. ends with '/'.
    String uri = "file:" + dataDir.toAbsolutePath().toUri().getRawPath();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  private static Launch wrapper(List<String> handlerArgs) {
    List<String> args = new java.util.ArrayList<>(List.of("-log-level", "warn"));
    args.addAll(handlerArgs);
    return new Launch(null, FerretDbBinary.require(), "-listen-addr", List.copyOf(args), Map.of(), READY_LINE, "");
  }

  /** Starts FerretDB on the PostgreSQL handler; the database in {@code pgUrl} must already exist. */
  public static FerretDbServer startPostgres(String pgUrl) throws IOException {
    return start(wrapper(List.of("-handler", "postgresql", "-postgresql-url", pgUrl)), "127.0.0.1:0");
  }

  /**
   * A new FerretDB on this one's address and storage, after {@link #kill()}: clients keep their connection string
   * and see a server restart (on SQLite the data survives it).
   */
  public FerretDbServer restart() throws IOException {
    if (process.isAlive()) {
      throw new IllegalStateException("kill() the server before restarting it");
    }
    return start(launch, connectionString.substring("mongodb://".length()));
  }

  /** SIGKILL, as a crash: no clean shutdown. Waits up to 10 s for the process to be gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static FerretDbServer start(Launch launch, String listenAddress) throws IOException {
    Path workDir = Files.createTempDirectory("ycsbpack-ferretdb-");
    Path log = workDir.resolve("ferretdb.log");
    List<String> command = new java.util.ArrayList<>(List.of(launch.binary().toString(), launch.listenFlag(),
        listenAddress));
    command.addAll(launch.args());
    ProcessBuilder builder = new ProcessBuilder(launch.namespace() == null ? command
        : launch.namespace().command(command))
        .directory(workDir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    builder.environment().putAll(launch.env());
    Process process = builder.start();
    FerretDbServer server = new FerretDbServer(process, workDir, log, launch);
    try {
      server.awaitReady();
      return server;
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  private void awaitReady() throws IOException {
    long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
    while (connectionString == null) {
      Matcher m = launch.ready().matcher(Files.readString(log, StandardCharsets.UTF_8));
      if (m.find()) {
        connectionString = launch.readyPrefix() + m.group(1);
      } else {
        checkStillRunning();
        checkDeadline(deadline, "print its ready line");
        sleep(20);
      }
    }
    if (launch.namespace() != null) {
      return;
    }
    // Listening is not enough: with the postgresql handler FerretDB accepts connections even when
    // PostgreSQL is down or the database is missing, and only ping reveals that.
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(connectionString))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(1, TimeUnit.SECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(1, TimeUnit.SECONDS).readTimeout(5, TimeUnit.SECONDS))
        .build();
    RuntimeException lastPingError = null;
    try (MongoClient client = MongoClients.create(settings)) {
      while (true) {
        try {
          Document reply = client.getDatabase("admin").runCommand(new Document("ping", 1));
          if (reply.get("ok", Number.class).doubleValue() == 1.0) {
            return;
          }
        } catch (RuntimeException e) {
          lastPingError = e;
        }
        checkStillRunning();
        if (System.nanoTime() > deadline) {
          throw new IOException("FerretDB at " + connectionString + " did not answer ping within "
              + STARTUP_TIMEOUT.toSeconds() + " s: " + lastPingError + "\n" + LogTail.of(log, 30));
        }
        sleep(200);
      }
    }
  }

  private void checkStillRunning() throws IOException {
    if (!process.isAlive()) {
      throw new IOException("FerretDB exited early with code " + process.exitValue() + "\n" + LogTail.of(log, 30));
    }
  }

  private void checkDeadline(long deadline, String what) throws IOException {
    if (System.nanoTime() > deadline) {
      throw new IOException("FerretDB did not " + what + " within " + STARTUP_TIMEOUT.toSeconds() + " s\n"
          + LogTail.of(log, 30));
    }
  }

  private static void sleep(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for FerretDB", e);
    }
  }

  /** e.g. {@code mongodb://127.0.0.1:40123}. */
  public String connectionString() {
    return connectionString;
  }

  /** The port it listens on. */
  public int port() {
    return new ConnectionString(connectionString).getHosts().stream().findFirst()
        .map(h -> Integer.parseInt(h.substring(h.lastIndexOf(':') + 1))).orElseThrow();
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** The server's combined stdout/stderr; deleted by {@link #close()}. */
  public Path logFile() {
    return log;
  }

  /** SIGTERM, up to 10 s for a clean exit, then SIGKILL; deletes the log dir. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    process.destroy();
    try {
      if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    Directories.deleteQuietly(workDir);
  }

  @Override
  public String toString() {
    return "FerretDbServer[pid=" + process.pid() + ", " + connectionString + "]";
  }
}
