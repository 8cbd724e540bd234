package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCredential;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.testkit.FerretDbServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password with non-ASCII and awkward characters against a server that authenticates (FerretDB's own command with
 * SCRAM-SHA-256, {@link FerretDbServer#startSqliteAuthenticating}): bin/ycsb and a coordinated run of two clients
 * both authenticate with it, and a wrong one fails; neither password is on any command line, in any output or in any
 * file of the bundle, whichever form (as typed, percent-encoded in the URL, its plain ASCII tail).
 */
class AuthenticationIT {
  private static final String USER = "ycsb\u00fcser";
  private static final String PASSWORD = Passwords.awkward("p\u00e4ssw\u00f6rd", AwkwardStrings.HOSTILE);
  private static FerretDbServer server;

  @TempDir
  static Path serverDir;
  @TempDir
  Path work;

  @BeforeAll
  static void startServer() throws IOException {
    server = FerretDbServer.startSqliteAuthenticating(serverDir.resolve("data"), USER, PASSWORD);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private static String url(String password) {
    return "mongodb://" + Passwords.inUserInfo(USER) + ":" + Passwords.inUserInfo(password) + "@"
        + server.connectionString().substring("mongodb://".length())
        + "/?authSource=admin&authMechanism=SCRAM-SHA-256";
  }

  /** The URL in a 0600 -P file, as a user keeps a secret off the command line. */
  private Path secrets(String password) throws IOException {
    Path file = work.resolve("secret-" + UUID.randomUUID() + ".properties");
    PropertiesFiles.write(file, null, Map.of("mongodb.url", url(password)), AtomicFiles.Mode.PRIVATE);
    return file;
  }

  private static List<String> common(Path secrets, String table, String... more) {
    List<String> a = new ArrayList<>(List.of("-P", YcsbRun.readMostly().toString(),
        "-P", secrets.toString(), "-p", "mongodb.database=" + Servers.DATABASE, "-p", "table=" + table,
        "-p", "recordcount=200", "-p", "operationcount=200", "-p", "fieldcount=2"));
    a.addAll(List.of(more));
    return a;
  }

  private static long count(String table) {
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(server.connectionString()))
        .credential(MongoCredential.createScramSha256Credential(USER, "admin", PASSWORD.toCharArray()))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS)).build();
    try (MongoClient client = MongoClients.create(settings)) {
      return client.getDatabase(Servers.DATABASE).getCollection(table).countDocuments();
    }
  }

  /** Runs the coordinator to its end, noting every live command line that holds a form of {@code password}. */
  private Coordinator coordinate(String password, List<String> leaks, String phase, List<String> args)
      throws Exception {
    List<String> a = new ArrayList<>(List.of(phase, "mongodb"));
    a.addAll(args);
    Coordinator c = Coordinator.start(work, List.of(), a);
    leaks.addAll(Passwords.onCommandLinesWhile(c.process, password));
    c.await();
    return c;
  }

  @Test
  void aNonAsciiPasswordAuthenticatesUnderBinYcsbAndTheCoordinator() throws Exception {
    Path secrets = secrets(PASSWORD);
    String single = Servers.newTable();
    YcsbRun load = YcsbRun.run(work, Stream.concat(Stream.of("load", "mongodb"), common(secrets, single).stream())
        .toArray(String[]::new));
    load.assertSucceeded();
    assertEquals(200, count(single));

    String table = Servers.newTable();
    List<String> leaks = new ArrayList<>();
    Path loadBundle = work.resolve("load");
    Coordinator c = coordinate(PASSWORD, leaks, "load", common(secrets, table, "-threads", "2", "--hosts",
        "local,local", "--quiet", "--out", loadBundle.toString()));
    assertEquals(0, c.exitCode(), c::describe);
    assertEquals(200, count(table));
    Path runBundle = work.resolve("run");
    Coordinator r = coordinate(PASSWORD, leaks, "run", common(secrets, table, "-threads", "2", "--hosts",
        "local,local", "--quiet", "--out", runBundle.toString()));
    assertEquals(0, r.exitCode(), r::describe);
    for (Path bundle : List.of(loadBundle, runBundle)) {
      JsonNode m = Coordinator.manifest(bundle);
      assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
      for (JsonNode client : m.get("clients")) {
        assertEquals("COMPLETE", client.get("verdict").asText(), m::toPrettyString);
      }
    }
    JsonNode run = Coordinator.manifest(runBundle);
    assertEquals(2, run.get("clients").size(), run::toPrettyString);

    assertEquals(List.of(), leaks, "the password on a command line");
    List<String> texts = new ArrayList<>(List.of(load.stdout, load.stderr, c.stdout(), c.stderr(), r.stdout(),
        r.stderr()));
    texts.addAll(Passwords.filesUnder(loadBundle));
    texts.addAll(Passwords.filesUnder(runBundle));
    Passwords.assertNowhere(PASSWORD, texts, "an output or a bundle file");
  }

  @Test
  void aWrongPasswordFailsAsAnAuthenticationFailureWithThePasswordNowhere() throws Exception {
    String wrong = Passwords.awkward("w\u00f6rng", AwkwardStrings.passwords(17, 12).get(11));
    Path secrets = secrets(wrong);
    String table = Servers.newTable();
    YcsbRun load = YcsbRun.run(work, Stream.concat(Stream.of("load", "mongodb"), common(secrets, table).stream())
        .toArray(String[]::new));
    assertNotEquals(0, load.exitCode, load::describe);
    assertTrue(load.stderr.contains("authentication failed"), load::describe);

    List<String> leaks = new ArrayList<>();
    Path bundle = work.resolve("wrong");
    Coordinator c = coordinate(wrong, leaks, "load", common(secrets, table, "-threads", "2", "--hosts",
        "local,local", "--quiet", "--out", bundle.toString()));
    assertNotEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue((c.stdout() + c.stderr() + m.get("reason").asText()).contains("authentication failed"), c::describe);
    assertEquals(0, count(table), "nothing stored");

    assertEquals(List.of(), leaks, "the password on a command line");
    List<String> texts = new ArrayList<>(List.of(load.stdout, load.stderr, c.stdout(), c.stderr()));
    texts.addAll(Passwords.filesUnder(bundle));
    Passwords.assertNowhere(wrong, texts, "an output or a bundle file");
  }
}
