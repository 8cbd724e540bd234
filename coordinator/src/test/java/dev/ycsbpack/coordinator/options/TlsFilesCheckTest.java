package dev.ycsbpack.coordinator.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.TlsProperty;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RunOptions#checkTlsFiles}: the URL's own TLS file options are refused however they are written. */
class TlsFilesCheckTest {
  @TempDir
  Path dir;

  @Test
  void aUrlFileOptionIsRefusedEvenWhenItsNameOrValueIsPercentEncoded() {
    for (String url : new String[] {"mongodb://h/db?tlsCAFile=%2Fetc%2Fca.pem",
        "mongodb://h/db?appName=x;TLS%43AFile=ca.pem", "mongodb://u:p%3F@h/db?w=1&tlsCAFile=ca%20file.pem"}) {
      UsageError e = assertThrows(UsageError.class, () -> RunOptions.checkTlsFiles(Map.of("mongodb.url", url)), url);
      assertEquals("mongodb.url option tlsCAFile: the coordinator copies TLS files to every host only from properties;"
          + " give it as -p " + TlsProperty.CA_FILE.key() + "=FILE instead", e.getMessage(), url);
    }
    UsageError key = assertThrows(UsageError.class, () -> RunOptions.checkTlsFiles(Map.of("mongodb.url",
        "mongodb://h/?tlsCertificateKeyFile=%2Fk.pem")));
    assertEquals("mongodb.url option tlsCertificateKeyFile: the coordinator copies TLS files to every host only from"
        + " properties; give it as -p " + TlsProperty.CERTIFICATE_KEY_FILE.key() + "=FILE instead", key.getMessage());
  }

  @Test
  void otherOptionsAndReadableFilesPass() throws Exception {
    Path ca = Files.writeString(dir.resolve("ca.pem"), "x");
    // an option whose value merely mentions the name, and one whose name only starts like it
    RunOptions.checkTlsFiles(Map.of("mongodb.url", "mongodb://h/db?appName=tlsCAFile%3Dx&tlsCAFileX=1",
        TlsProperty.CA_FILE.key(), ca.toString()));
  }
}
