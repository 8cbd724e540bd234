package dev.ycsbpack.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JVM's side of the class-data sharing archive of bin/ycsb and bin/ycsb-aggregate (bin/lib/startup-archive.sh).
 * While a run lists its classes, the JVM appends each class it loads to a pending list, whatever the run's fate; the
 * script makes an archive of that list at a later start only if this run said it completed. Saying so is this class's
 * one job: a marker file beside the pending list, written by the tool's main class on exit 0 (a list the archive dump
 * refuses, or whose archive fails the script's check of every byte, is dropped).
 */
public final class StartupArchive {
  /** Set by the script on a listing run: the pending class list's path. */
  public static final String PENDING_PROPERTY = "ycsbpack.cds.pending";
  /** Appended to the pending list's path for the marker. */
  public static final String COMPLETED_SUFFIX = ".ok";

  private StartupArchive() {
  }

  /**
   * Marks this listing run as completed. Best effort and silent: the archive only saves later runs' start-up, so
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
