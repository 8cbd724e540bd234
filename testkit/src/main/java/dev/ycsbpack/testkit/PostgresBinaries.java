package dev.ycsbpack.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the directory holding {@code initdb}, {@code pg_ctl} and {@code createdb}.
 *
 * <p>Debian keeps server binaries in {@code /usr/lib/postgresql/VERSION/bin}, off PATH, so that
 * is searched first (newest version wins); PATH covers other distributions and macOS.
 */
public final class PostgresBinaries {
  private static final String[] REQUIRED = {"initdb", "pg_ctl", "createdb"};

  private PostgresBinaries() {
  }

  public static Optional<Path> locate() {
    return Stream.concat(debianVersionDirs(), pathDirs()).filter(PostgresBinaries::hasAll).findFirst();
  }

  public static Path require() {
    return locate().orElseThrow(() -> new MissingPrerequisiteException(
        "PostgreSQL server binaries (initdb, pg_ctl, createdb) not found in /usr/lib/postgresql/*/bin or on PATH; "
            + Prerequisites.INSTALL_HINT + " (installs Debian's 'postgresql' package)"));
  }

  private static Stream<Path> debianVersionDirs() {
    Path root = Path.of("/usr/lib/postgresql");
    if (!Files.isDirectory(root)) {
      return Stream.empty();
    }
    try (Stream<Path> versions = Files.list(root)) {
      return versions
          .filter(p -> p.getFileName().toString().matches("\\d+(\\.\\d+)?"))
          .sorted(Comparator.comparingDouble((Path p) -> Double.parseDouble(p.getFileName().toString())).reversed())
          .map(p -> p.resolve("bin"))
          .toList()
          .stream();
    } catch (IOException e) {
      return Stream.empty();
    }
  }

  private static Stream<Path> pathDirs() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Stream.empty();
    }
    return Stream.of(path.split(File.pathSeparator)).filter(s -> !s.isEmpty()).map(Path::of);
  }

  private static boolean hasAll(Path dir) {
    for (String name : REQUIRED) {
      if (!Files.isExecutable(dir.resolve(name))) {
        return false;
      }
    }
    return true;
  }
}
