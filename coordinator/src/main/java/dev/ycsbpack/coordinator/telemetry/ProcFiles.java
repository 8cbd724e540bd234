package dev.ycsbpack.coordinator.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code /proc} files one reading of a machine takes, and the one command that reads them all on a host: a single
 * {@code grep} (one process per reading, no agent), which prefixes each line with its file's path, so the answer
 * splits back into files whatever they hold. The huge {@code intr} line of {@code /proc/stat} (one counter per
 * interrupt) is left out: nothing here uses it, and it is most of the answer's bytes.
 */
public final class ProcFiles {
  public static final String UPTIME = "/proc/uptime";
  public static final String STAT = "/proc/stat";
  public static final String LOADAVG = "/proc/loadavg";
  public static final String MEMINFO = "/proc/meminfo";
  public static final String DISKSTATS = "/proc/diskstats";
  public static final String NET_DEV = "/proc/net/dev";
  /** The host's name and kernel, from /proc too: no {@code hostname} or {@code uname} process per reading. */
  public static final String HOSTNAME = "/proc/sys/kernel/hostname";
  public static final String OSRELEASE = "/proc/sys/kernel/osrelease";

  /** Every file of a reading, in the order the command reads them. */
  public static final List<String> ALL = List.of(UPTIME, STAT, LOADAVG, MEMINFO, DISKSTATS, NET_DEV, HOSTNAME,
      OSRELEASE);

  private ProcFiles() {
  }

  /**
   * The script a remote host runs for one reading. With two files or more, grep prefixes every line with
   * {@code PATH:} (POSIX); a missing file is a line on stderr and exit status 2, the others are still read.
   */
  public static String command() {
    return "exec grep -v '^intr ' " + String.join(" ", ALL);
  }

  /**
   * The answer of {@link #command()} split back into files: each file's lines (without the prefix), a file that
   * printed nothing absent. Lines that start with no file's prefix (a login banner, a shell's message) are dropped.
   */
  public static Map<String, String> split(String answer) {
    Map<String, StringBuilder> files = new LinkedHashMap<>();
    for (String line : answer.split("\n", -1)) {
      for (String f : ALL) {
        if (line.startsWith(f) && line.length() > f.length() && line.charAt(f.length()) == ':') {
          files.computeIfAbsent(f, k -> new StringBuilder()).append(line, f.length() + 1, line.length())
              .append('\n');
          break;
        }
      }
    }
    Map<String, String> out = new LinkedHashMap<>();
    files.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  /**
   * The same files of this machine, read directly (no process): those that cannot be read are absent, with the
   * reason of the first in {@code why} (the caller's message when {@code /proc/stat} itself is missing).
   */
  public static Map<String, String> readLocal(StringBuilder why) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String f : ALL) {
      try {
        out.put(f, Files.readString(Path.of(f), StandardCharsets.UTF_8));
      } catch (IOException | SecurityException e) {
        if (why.length() == 0) {
          why.append(f).append(": ").append(e instanceof java.nio.file.NoSuchFileException ? "no such file"
              : String.valueOf(e.getMessage()));
        }
      }
    }
    return out;
  }
}
