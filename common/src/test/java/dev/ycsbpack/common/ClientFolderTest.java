package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientFolderTest {
  @TempDir
  Path tmp;

  @Test
  void verdictRoundTrips() throws IOException {
    ClientFolder f = new ClientFolder(tmp.resolve("client-1"));
    assertTrue(f.verdict().isEmpty());
    Verdict v = new Verdict(RunStatus.FAILED, "only 1500 of 3000 operations completed\nsecond line", 3000, 1500,
        "id-1", 1763900000123L, -1, Outcomes.none(), -1);
    f.writeVerdict(v);
    assertEquals(v, f.verdict().orElseThrow());
    Files.writeString(f.verdictFile(), "status=MAYBE\n");
    IOException e = assertThrows(IOException.class, f::verdict);
    assertTrue(e.getMessage().contains("status=MAYBE: expected COMPLETE or FAILED"), e.getMessage());
  }

  @Test
  void propertiesAreSortedRedactedAndStable() throws IOException {
    ClientFolder f = new ClientFolder(tmp.resolve("c"));
    Map<String, String> props = new TreeMap<>(Map.of("threadcount", "4", "mongodb.url",
        "mongodb://u:s3cr3t pass@h/db", "z.password", "hunter2", "a", "line1\nline2"));
    f.writeProperties(props, Redactor.of(props));
    String text = Files.readString(f.properties());
    assertFalse(text.contains("s3cr3t") || text.contains("hunter2"), text);
    assertFalse(text.matches("(?s).*\\d{4}.*GMT.*|(?s).*#.*\\d\\d:\\d\\d:\\d\\d.*"), "no date comment: " + text);
    Map<String, String> back = PropertiesFiles.read(f.properties());
    assertEquals("line1\nline2", back.get("a"));
    assertEquals(Redactor.MASK, back.get("z.password"));
    assertEquals(text, PropertiesFiles.format("the exact properties this client ran with (secrets masked)",
        back));
  }

  @Test
  void privateFilesAreOwnerOnlyAndWritesReplaceWhole() throws IOException {
    Path secret = tmp.resolve("staged.properties");
    AtomicFiles.write(secret, "mongodb.url=mongodb://u:p@h/\n", AtomicFiles.Mode.PRIVATE);
    assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
        Files.getPosixFilePermissions(secret));
    AtomicFiles.write(secret, "x=1\n", AtomicFiles.Mode.PRIVATE);
    assertEquals("x=1\n", Files.readString(secret));
    assertThrows(IOException.class, () -> AtomicFiles.write(secret, out -> {
      out.write("half");
      throw new IOException("disk full");
    }, AtomicFiles.Mode.PRIVATE));
    assertEquals("x=1\n", Files.readString(secret), "a failed write leaves the old file");
    try (var s = Files.list(tmp)) {
      assertEquals(1, s.count(), "no temporary file left behind");
    }
  }
}
