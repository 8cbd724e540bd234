package dev.ycsbpack.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFolderTest {
  @TempDir
  Path dir;

  /** A folder under a file cannot be made: refused when the command line is checked, not after the run. */
  @Test
  void aFolderUnderAFileIsRefusedBeforeAnythingRuns() throws IOException {
    Path file = Files.writeString(dir.resolve("afile"), "x");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OutputFolder.check(file.resolve("sub/deeper"), "--out"));
    assertEquals("--out " + file.resolve("sub/deeper") + ": cannot be made, " + file + " is a file; give a new or "
        + "empty folder", e.getMessage());
    assertFalse(Files.exists(file.resolve("sub")));
  }

  @Test
  void aNewFolderUnderNewFoldersAndAnEmptyOneAreAccepted() throws IOException {
    OutputFolder.check(dir.resolve("new/deeper"), "--out");
    OutputFolder.check(dir, "--out");
    OutputFolder.claim(dir.resolve("new/deeper"), "--out");
    assertEquals(true, Files.isDirectory(dir.resolve("new/deeper")));
    Files.writeString(dir.resolve("new/deeper/x"), "");
    assertThrows(IllegalArgumentException.class, () -> OutputFolder.check(dir.resolve("new/deeper"), "--out"));
  }

  /** reproduce writes its record first; the run it wraps still claims the folder, and nothing else is let in. */
  @Test
  void aFolderHoldingOnlyAReproductionsRecordCountsAsEmpty() throws IOException {
    Files.writeString(dir.resolve(OutputFolder.REPRODUCTION), "{}");
    OutputFolder.claim(dir, "--out");
    Files.writeString(dir.resolve("manifest.json"), "{}");
    assertThrows(IllegalArgumentException.class, () -> OutputFolder.check(dir, "--out"));
  }
}
