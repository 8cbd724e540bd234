package dev.ycsbpack.testkit;

import dev.ycsbpack.common.Redactor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/**
 * The MongoDB-wire servers every integration test should run against.
 *
 * <p>Servers start lazily, once per JVM, and are shared: each test uses a collection (or a database) of its own, so
 * sharing is safe and keeps a test run from paying process and cluster startup per test. A JVM
 * shutdown hook stops them.
 */
public final class TestTargets {
  public static final String MONGO_JAVA_SERVER = "mongo-java-server";
  public static final String FERRETDB_SQLITE = "ferretdb-sqlite";
  public static final String FERRETDB_POSTGRESQL = "ferretdb-postgresql";
  public static final String MONGODB_URL = "mongodb-url";

  /**
   * A server to test against.
   *
   * @param supportsUnacknowledgedWrites whether w=0 works; only a real mongod does (both test
   *     servers corrupt or drop the connection), so tests of w=0 must check this
   * @param enforcesWriteConcern whether e.g. w=2 on a standalone fails; the test servers accept and
   *     ignore every write concern
   */
  public record Target(String name, String connectionString, boolean supportsUnacknowledgedWrites,
      boolean enforcesWriteConcern) {
    public Target {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(connectionString, "connectionString");
    }

    /** Redacted, because JUnit puts this into test names and reports and MONGODB_URL may hold a password. */
    @Override
    public String toString() {
      return name + " (" + Redactor.shapeOnly().redact(connectionString) + ")";
    }
  }

  private static final List<AutoCloseable> started = new ArrayList<>();
  private static boolean shutdownHookInstalled;
  private static EmbeddedMongoServer embedded;
  private static List<Target> all;
  private static RuntimeException startFailure;
  private static boolean warned;

  private TestTargets() {
  }

  /** Just the in-process mongo-java-server: fast, no prerequisites. */
  public static synchronized Target inProcess() {
    if (embedded == null) {
      embedded = track(EmbeddedMongoServer.start());
    }
    return new Target(MONGO_JAVA_SERVER, embedded.connectionString(), false, false);
  }

  /**
   * mongo-java-server, FerretDB on SQLite, FerretDB on a private PostgreSQL, and {@code $MONGODB_URL}
   * when set.
   *
   * <p>Missing FerretDB/PostgreSQL binaries drop those targets with one warning on stderr, unless
   * {@link Prerequisites#ferretDbRequired()} (e.g. {@code CI=true}), in which case this throws.
   * A server that is installed but fails to start always throws.
   */
  public static synchronized List<Target> all() {
    if (startFailure != null) {
      // Rethrown rather than retried: a retry would cost every remaining test the full startup timeout.
      throw new IllegalStateException("test servers failed to start earlier in this JVM: " + startFailure.getMessage(),
          startFailure);
    }
    if (all == null) {
      try {
        all = List.copyOf(startAll());
      } catch (RuntimeException e) {
        startFailure = e;
        throw e;
      }
    }
    return all;
  }

  /** {@link #all()} for {@code @MethodSource}. */
  public static Stream<Target> allAsStream() {
    return all().stream();
  }

  /**
   * {@link #all()} for {@code @MethodSource}, each named by its server alone, so a case reads
   * {@code [mongo-java-server]} and keeps its name from run to run (the URL's port does not).
   */
  public static Stream<Named<Target>> allNamed() {
    return allAsStream().map(TestTargets::named);
  }

  /** {@code target} for JUnit arguments, named by its server alone (see {@link #allNamed()}). */
  public static Named<Target> named(Target target) {
    return Named.of(target.name(), target);
  }

  private static List<Target> startAll() {
    List<Target> targets = new ArrayList<>();
    targets.add(inProcess());
    targets.addAll(ferretDbTargets());
    String url = System.getenv("MONGODB_URL");
    if (url != null && !url.isBlank()) {
      targets.add(new Target(MONGODB_URL, url.trim(), true, true));
    }
    return targets;
  }

  private static List<Target> ferretDbTargets() {
    if (FerretDbBinary.locate().isEmpty()) {
      skipOrFail(() -> FerretDbBinary.require());
      return List.of();
    }
    List<Target> targets = new ArrayList<>();
    try {
      Path sqliteDir = Files.createTempDirectory("ycsbpack-ferretdb-sqlite-");
      AutoCloseable deleteSqliteDir = () -> Directories.deleteQuietly(sqliteDir);
      track(deleteSqliteDir);
      FerretDbServer sqlite = track(FerretDbServer.startSqlite(sqliteDir));
      targets.add(new Target(FERRETDB_SQLITE, sqlite.connectionString(), false, false));

      if (PostgresBinaries.locate().isEmpty()) {
        skipOrFail(() -> PostgresBinaries.require());
        return targets;
      }
      PrivatePostgres postgres = track(PrivatePostgres.start());
      FerretDbServer onPostgres = track(FerretDbServer.startPostgres(postgres.url()));
      targets.add(new Target(FERRETDB_POSTGRESQL, onPostgres.connectionString(), false, false));
      return targets;
    } catch (IOException e) {
      throw new UncheckedIOException("FerretDB test servers are installed but failed to start: " + e.getMessage(), e);
    }
  }

  /** {@code require} throws the {@link MissingPrerequisiteException} that explains what is missing. */
  private static void skipOrFail(Runnable require) {
    try {
      require.run();
    } catch (MissingPrerequisiteException e) {
      if (Prerequisites.ferretDbRequired()) {
        throw new MissingPrerequisiteException(e.getMessage()
            + " [not skipping: CI=true or REQUIRE_FERRETDB=true demands the FerretDB targets]");
      }
      if (!warned) {
        warned = true;
        System.err.println("testkit: WARNING: skipping FerretDB test targets: " + e.getMessage());
      }
    }
  }

  private static <T extends AutoCloseable> T track(T server) {
    if (!shutdownHookInstalled) {
      shutdownHookInstalled = true;
      Runtime.getRuntime().addShutdownHook(new Thread(TestTargets::stopAll, "testkit-stop-servers"));
    }
    started.add(server);
    return server;
  }

  private static void stopAll() {
    List<AutoCloseable> toStop;
    synchronized (TestTargets.class) {
      toStop = new ArrayList<>(started);
      started.clear();
    }
    // Reverse start order: FerretDB must go before the PostgreSQL it talks to.
    for (int i = toStop.size() - 1; i >= 0; i--) {
      try {
        toStop.get(i).close();
      } catch (Exception e) {
        System.err.println("testkit: failed to stop a test server: " + e);
      }
    }
  }
}
