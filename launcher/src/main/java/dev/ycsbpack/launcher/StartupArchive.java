package dev.ycsbpack.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The run's side of bin/ycsb's class-data sharing archive. While a run lists its classes, the JVM appends each class
 * it loads to a pending list, whatever the run's fate; bin/ycsb makes an archive of that list at a later start only
 * if this run said it completed. Saying so is this class's one job: a marker file beside the pending list, written on
 * exit 0 (a list the archive dump refuses, or whose archive fails bin/ycsb's check of every byte, is dropped).
 */
final class StartupArchive {
  /** Set by bin/ycsb on a listing run: the pending class list's path. */
  static final String PENDING_PROPERTY = "ycsbpack.cds.pending";
  /** Appended to the pending list's path for the marker. */
  static final String COMPLETED_SUFFIX = ".ok";

  private StartupArchive() {
  }

  /**
   * Marks this listing run as completed. Best effort and silent: the archive only saves later runs' start-up, so
   * failing to mark it (a full disk, a removed cache) leaves it unused, never a run's status or output changed.
   */
  static void runCompleted() {
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
