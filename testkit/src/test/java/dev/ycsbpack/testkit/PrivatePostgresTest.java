package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PrivatePostgresTest {

  @Test
  void startsListeningAndStopsCleanly() throws IOException {
    if (!Prerequisites.ferretDbRequired()) {
      assumeTrue(PostgresBinaries.locate().isPresent(), "PostgreSQL server binaries not installed");
    }
    PrivatePostgres pg = PrivatePostgres.start();
    Path dir = pg.directory();
    int port = pg.port();
    try {
      assertEquals("postgres://postgres@127.0.0.1:" + port + "/ferretdb", pg.url());
      assertTrue(FreePorts.isListening(port), "PostgreSQL not listening on " + port);
      assertTrue(Files.exists(dir.resolve("data/PG_VERSION")));
    } finally {
      pg.close();
    }
    assertFalse(FreePorts.isListening(port), "PostgreSQL still listening after close()");
    assertFalse(Files.exists(dir), "cluster dir not deleted");
  }
}
