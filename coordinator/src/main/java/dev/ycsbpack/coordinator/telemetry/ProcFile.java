package dev.ycsbpack.coordinator.telemetry;

/**
 * One {@code /proc} file a reading of a machine takes, in the order {@link ProcFiles#command()} reads them: the one
 * list of them, so the command, the split of its answer and the check of what a reading lacks cannot disagree.
 */
public enum ProcFile {
  // @formatter:off (one constant a line: the formatter would run them together)
  UPTIME("/proc/uptime"),
  STAT("/proc/stat"),
  LOADAVG("/proc/loadavg"),
  MEMINFO("/proc/meminfo"),
  DISKSTATS("/proc/diskstats"),
  NET_DEV("/proc/net/dev"),
  /** The host's name and kernel, from /proc too: no {@code hostname} or {@code uname} process per reading. */
  HOSTNAME("/proc/sys/kernel/hostname"),
  OSRELEASE("/proc/sys/kernel/osrelease");
  // @formatter:on

  private final String path;

  ProcFile(String path) {
    this.path = path;
  }

  /** The file's absolute path, as the command names it and grep prefixes its lines. */
  public String path() {
    return path;
  }
}
