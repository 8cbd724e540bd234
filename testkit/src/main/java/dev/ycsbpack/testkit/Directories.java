package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removal of the temporary directories the servers run in. */
final class Directories {
  private Directories() {
  }

  /** Best effort: a leftover temp dir must not turn a passing test run into a failure. */
  static void deleteQuietly(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException ignored) {
          // Keep going; whatever is left is only disk space in the temp dir.
        }
      });
    } catch (IOException ignored) {
      // Same reasoning as above.
    }
  }
}
