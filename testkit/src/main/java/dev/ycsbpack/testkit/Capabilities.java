package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether this root can create network namespaces: root in an unprivileged container cannot. */
final class Capabilities {
  private static final int CAP_NET_ADMIN = 12;
  private static final int CAP_SYS_ADMIN = 21;

  private Capabilities() {
  }

  /** Null when both CAP_NET_ADMIN and CAP_SYS_ADMIN are effective, else a one-line reason. */
  static String missing() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("CapEff:")) {
          long caps = Long.parseUnsignedLong(line.substring("CapEff:".length()).strip(), 16);
          boolean ok = (caps & (1L << CAP_NET_ADMIN)) != 0 && (caps & (1L << CAP_SYS_ADMIN)) != 0;
          return ok ? null : "root without CAP_NET_ADMIN/CAP_SYS_ADMIN (an unprivileged container?)";
        }
      }
    } catch (IOException | NumberFormatException e) {
      // No /proc status: let the first ip command tell.
    }
    return null;
  }
}
