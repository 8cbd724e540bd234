package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What PostgreSQL needs when the JVM runs as root (CI machines and containers often do). */
final class RootUser {
  private RootUser() {
  }

  static boolean isRoot() {
    try {
      // /proc/self is owned by the effective uid of the reading process.
      return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  /** {@code postgres} when the Debian package created it, otherwise the always-present {@code nobody}. */
  static String unprivilegedAccount() {
    try {
      for (String line : Files.readAllLines(Path.of("/etc/passwd"))) {
        if (line.startsWith("postgres:")) {
          return "postgres";
        }
      }
    } catch (IOException ignored) {
      // Fall through to nobody.
    }
    return "nobody";
  }

  /** runuser lives in sbin, which a CI job's PATH may lack. */
  static String runuser() {
    for (String candidate : new String[] {"/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"}) {
      if (Files.isExecutable(Path.of(candidate))) {
        return candidate;
      }
    }
    return "runuser";
  }
}
