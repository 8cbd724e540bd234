package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoSecurityException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbpack.common.AwkwardStrings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FerretDbServerTest {

  @BeforeAll
  static void needsBinary() {
    if (!Prerequisites.ferretDbRequired()) {
      assumeTrue(FerretDbBinary.locate().isPresent(), "FerretDB wrapper not built");
    }
  }

  @Test
  void closeStopsTheProcessAndFreesThePort(@TempDir Path dir) throws IOException {
    FerretDbServer server = FerretDbServer.startSqlite(dir.resolve("data"));
    int port = Integer.parseInt(server.connectionString().replaceAll(".*:", ""));
    ProcessHandle handle = ProcessHandle.of(server.pid()).orElseThrow();
    assertTrue(FreePorts.isListening(port));
    Path logDir = server.logFile().getParent();

    server.close();

    assertFalse(handle.isAlive(), "FerretDB process still alive after close()");
    assertFalse(FreePorts.isListening(port), "port " + port + " still accepts connections");
    assertFalse(Files.exists(logDir), "log dir not removed");
  }

  @Test
  void theAuthenticatingServerChecksAScramPasswordItNeverHadOnItsCommandLine(@TempDir Path dir) throws IOException {
    if (!Prerequisites.ferretDbRequired()) {
      assumeTrue(FerretDbBinary.locateAuthenticating().isPresent(), "FerretDB's own command not built");
    }
    // non-ASCII and URL, shell and properties delimiters; no control characters: SASLprep (RFC 4013) forbids them in
    // any SCRAM-SHA-256 password, so no MongoDB server can have such a user
    String password = "pässwörd " + AwkwardStrings.HOSTILE.replaceAll("[\\t\\n\\r\\u2028]", "");
    try (FerretDbServer server = FerretDbServer.startSqliteAuthenticating(dir.resolve("data"), "u", password)) {
      String cmdline = Files.readString(Path.of("/proc/" + server.pid() + "/cmdline"), StandardCharsets.UTF_8);
      assertFalse(cmdline.contains(password) || cmdline.contains("pässwörd"), cmdline);
      assertTrue(cmdline.contains("--test-enable-new-auth"), cmdline);

      assertEquals(1, insertAndCount(server, MongoCredential.createScramSha256Credential("u", "admin",
          password.toCharArray())));
      MongoSecurityException wrong = assertThrows(MongoSecurityException.class, () -> insertAndCount(server,
          MongoCredential.createScramSha256Credential("u", "admin", (password + "x").toCharArray())));
      assertEquals(18, ((MongoCommandException) wrong.getCause()).getErrorCode(), wrong::toString);
      // and without credentials nothing but the anonymous commands: the server really authenticates
      assertThrows(MongoCommandException.class, () -> insertAndCount(server, null));
    }
  }

  private static long insertAndCount(FerretDbServer server, MongoCredential credential) {
    MongoClientSettings.Builder settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(server.connectionString()))
        .applyToClusterSettings(b -> b.serverSelectionTimeout(5, TimeUnit.SECONDS));
    if (credential != null) {
      settings.credential(credential);
    }
    try (MongoClient client = MongoClients.create(settings.build())) {
      MongoCollection<Document> c = client.getDatabase("db").getCollection("c");
      c.insertOne(new Document("_id", UUID.randomUUID().toString()));
      return c.countDocuments();
    }
  }

  @Test
  void earlyExitReportsTheServerLog(@TempDir Path dir) {
    // A PostgreSQL URL that pgx cannot even parse makes the wrapper exit at once.
    IOException e = assertThrows(IOException.class, () -> FerretDbServer.startPostgres("postgres://[broken"));
    assertTrue(e.getMessage().contains("exited early"), e.getMessage());
    assertTrue(e.getMessage().contains("cannot start FerretDB"), e.getMessage());
  }
}
