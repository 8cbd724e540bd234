package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A throwaway PostgreSQL cluster in a temp dir, reachable only on 127.0.0.1, with trust auth and a
 * {@code ferretdb} database.
 *
 * <p>A private cluster rather than the system one: it needs no root-owned paths, no password, and
 * can be thrown away with its directory, so tests cannot disturb (or be disturbed by) other data.
 */
public final class PrivatePostgres implements AutoCloseable {
  public static final String DATABASE = "ferretdb";
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(90);
  private static final int START_ATTEMPTS = 3;

  private final Path bin;
  private final Path dir;
  private final List<String> runAsPrefix;
  private int port;
  private boolean running;
  private boolean closed;

  private PrivatePostgres(Path bin, Path dir, List<String> runAsPrefix) {
    this.bin = bin;
    this.dir = dir;
    this.runAsPrefix = runAsPrefix;
  }

  /** Creates, starts and readies a new cluster; throws {@link MissingPrerequisiteException} if PostgreSQL is absent. */
  public static PrivatePostgres start() throws IOException {
    Path bin = PostgresBinaries.require();
    Path dir = Files.createTempDirectory("ycsbpack-pg-");
    PrivatePostgres pg;
    if (RootUser.isRoot()) {
      // initdb refuses to run as root, so the cluster belongs to an unprivileged account.
      String user = RootUser.unprivilegedAccount();
      chown(dir, user);
      pg = new PrivatePostgres(bin, dir, List.of(RootUser.runuser(), "-u", user, "--"));
    } else {
      pg = new PrivatePostgres(bin, dir, List.of());
    }
    try {
      pg.initdb();
      pg.startServer();
      pg.createDatabase();
      return pg;
    } catch (IOException | RuntimeException e) {
      pg.close();
      throw e;
    }
  }

  /** A URL for FerretDB's postgresql handler (pgx syntax). */
  public String url() {
    return "postgres://postgres@127.0.0.1:" + port + "/" + DATABASE;
  }

  public int port() {
    return port;
  }

  /** The cluster's directory: data/, server.log and the Unix socket live here. */
  public Path directory() {
    return dir;
  }

  private Path dataDir() {
    return dir.resolve("data");
  }

  private Path serverLog() {
    return dir.resolve("server.log");
  }

  private void initdb() throws IOException {
    // --no-sync and C locale: a test cluster needs neither durability on power loss nor
    // locale-aware collation, and both make initdb faster and independent of installed locales.
    runAsOwner(List.of(bin.resolve("initdb").toString(), "-D", dataDir().toString(), "-U", "postgres",
        "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"));
  }

  private void startServer() throws IOException {
    IOException last = null;
    for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
      port = FreePorts.pick();
      // -k: the socket goes into our own dir, so /var/run/postgresql need not exist or be writable.
      // fsync=off: tests only survive process crashes, never OS crashes, so fsync is wasted I/O.
      String serverOptions = "-p " + port + " -k '" + dir + "' -c listen_addresses=127.0.0.1"
          + " -c fsync=off -c full_page_writes=off";
      try {
        runAsOwner(List.of(bin.resolve("pg_ctl").toString(), "-D", dataDir().toString(), "-l",
            serverLog().toString(), "-w", "-t", "60", "-o", serverOptions, "start"));
        running = true;
        return;
      } catch (IOException e) {
        String log = LogTail.of(serverLog(), 20);
        last = new IOException("pg_ctl start failed on port " + port + ": " + e.getMessage() + "\n" + log, e);
        // Only a lost race for the port is worth another try.
        if (!log.contains("could not bind") && !log.contains("Address already in use")) {
          break;
        }
      }
    }
    throw last;
  }

  private void createDatabase() throws IOException {
    Commands.run(List.of(bin.resolve("createdb").toString(), "-h", "127.0.0.1", "-p", String.valueOf(port),
        "-U", "postgres", DATABASE), dir, COMMAND_TIMEOUT);
  }

  private void runAsOwner(List<String> command) throws IOException {
    List<String> full = new ArrayList<>(runAsPrefix);
    full.addAll(command);
    Commands.run(full, dir, COMMAND_TIMEOUT);
  }

  private static void chown(Path dir, String user) throws IOException {
    UserPrincipalLookupService lookup = dir.getFileSystem().getUserPrincipalLookupService();
    PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
    view.setOwner(lookup.lookupPrincipalByName(user));
    try {
      GroupPrincipal group = lookup.lookupPrincipalByGroupName(user);
      view.setGroup(group);
    } catch (IOException ignored) {
      // Accounts like nobody have no same-named group; owner alone gives initdb what it needs.
    }
  }

  /** Stops the server ({@code pg_ctl -m fast stop}) and deletes the directory. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (running) {
      try {
        runAsOwner(List.of(bin.resolve("pg_ctl").toString(), "-D", dataDir().toString(), "-m", "fast", "-w",
            "stop"));
      } catch (IOException e) {
        System.err.println("testkit: could not stop private PostgreSQL in " + dir + ": " + e.getMessage());
      }
      running = false;
    }
    Directories.deleteQuietly(dir);
  }

  @Override
  public String toString() {
    return "PrivatePostgres[" + url() + ", dir=" + dir + "]";
  }
}
