package dev.ycsbpack.common;

import java.io.IOException;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Folder trees for tests: a copy to damage (this class ships in common's test jar). */
public final class FileTrees {
  private FileTrees() {
  }

  /**
   * Copies the folder {@code from} with all below it to {@code to} (created; it must not hold the same names), each
   * file with {@code options}; returns {@code to}.
   */
  public static Path copy(Path from, Path to, CopyOption... options) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, options);
        }
      }
    }
    return to;
  }
}
