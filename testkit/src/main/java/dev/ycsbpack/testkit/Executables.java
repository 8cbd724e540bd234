package dev.ycsbpack.testkit;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds system tools by absolute path. */
final class Executables {
  /** A CI job's PATH may lack the sbin directories where ip and sshd live. */
  private static final List<String> FALLBACK_DIRS = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

  private Executables() {
  }

  /** The first executable {@code name} on PATH or in the usual system directories. */
  static Optional<Path> locate(String name) {
    List<String> dirs = new ArrayList<>();
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(List.of(path.split(File.pathSeparator)));
    }
    dirs.addAll(FALLBACK_DIRS);
    for (String dir : dirs) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (candidate.isAbsolute() && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
