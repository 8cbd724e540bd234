package dev.ycsbpack.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JVM's side of the class-data sharing archive of bin/ycsb and bin/ycsb-aggregate (bin/lib/startup-archive.sh).
 * While a run archives, the JVM writes what it loaded to a pending file when it exits, whatever the exit status; the
 * script adopts that file at a later start only if this run said it completed. Saying so is this class's one job: a
 * marker file beside the pending archive, written by the tool's main class on exit 0 (before the JVM archives, so a
 * JVM killed while archiving leaves a marker and a cut archive, which the script's check of every byte rejects).
 */
public final class StartupArchive {
  /** Set by the script on an archiving run: the pending archive's path. */
  public static final String PENDING_PROPERTY = "ycsbpack.cds.pending";
  /** Appended to the pending archive's path for the marker. */
  public static final String COMPLETED_SUFFIX = ".ok";

  private StartupArchive() {
  }

  /**
   * Marks this archiving run as completed. Best effort and silent: the archive only saves later runs' start-up, so
   * failing to mark it (a full disk, a removed cache) leaves it unused, never a run's status or output changed.
   */
  public static void runCompleted() {
    String pending = System.getProperty(PENDING_PROPERTY);
    if (pending == null || pending.isEmpty()) {
      return;
    }
    try {
      Files.write(Path.of(pending + COMPLETED_SUFFIX), new byte[0]);
    } catch (IOException | RuntimeException e) {
      // unused archive, see above
    }
  }
}
