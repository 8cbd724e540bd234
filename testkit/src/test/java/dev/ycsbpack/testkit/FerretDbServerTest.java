package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
  void earlyExitReportsTheServerLog(@TempDir Path dir) {
    // A PostgreSQL URL that pgx cannot even parse makes the wrapper exit at once.
    IOException e = assertThrows(IOException.class, () -> FerretDbServer.startPostgres("postgres://[broken"));
    assertTrue(e.getMessage().contains("exited early"), e.getMessage());
    assertTrue(e.getMessage().contains("cannot start FerretDB"), e.getMessage());
  }
}
