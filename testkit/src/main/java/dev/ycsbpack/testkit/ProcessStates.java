package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a process still runs, zombies counted as gone.
 *
 * <p>{@link ProcessHandle#isAlive()} is true for a zombie. A daemon such as sshd is reparented to
 * PID 1 and stays a zombie until PID 1 reaps it; in this project's containers PID 1 does that
 * only about once a second, so waiting for {@code isAlive()} to turn false makes every kill cost
 * a second.
 */
public final class ProcessStates {
  private ProcessStates() {
  }

  /** True while {@code pid} exists and is not a zombie (dead, waiting to be reaped). */
  public static boolean isRunning(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // "pid (comm) S ...": comm may contain spaces and parentheses, so look after the last ')'.
      int end = stat.lastIndexOf(')');
      return end < 0 || end + 2 >= stat.length() || stat.charAt(end + 2) != 'Z';
    } catch (IOException e) {
      // No such process (or no /proc): ask the JDK.
      return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
  }

  /** {@link #isRunning(long)}, also false if the PID now belongs to a different process. */
  public static boolean isRunning(ProcessHandle handle) {
    return handle.isAlive() && isRunning(handle.pid());
  }
}
