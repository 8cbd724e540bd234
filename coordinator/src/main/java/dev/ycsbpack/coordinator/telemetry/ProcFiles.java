package dev.ycsbpack.coordinator.telemetry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code /proc} files one reading of a machine takes, and the one command that reads them all on a host: a single
 * {@code grep} (one process per reading, no agent), which prefixes each line with its file's path, so the answer
 * splits back into files whatever they hold. The huge {@code intr} line of {@code /proc/stat} (one counter per
 * interrupt) is left out: nothing here uses it, and it is most of the answer's bytes.
 */
public final class ProcFiles {
  private ProcFiles() {
  }

  /**
   * The script a remote host runs for one reading. With two files or more, grep prefixes every line with
   * {@code PATH:} (POSIX); a missing file is a line on stderr and exit status 2, the others are still read.
   */
  public static String command() {
    return "exec grep -v '^intr ' "
        + Arrays.stream(ProcFile.values()).map(ProcFile::path).collect(Collectors.joining(" "));
  }

  /**
   * The answer of {@link #command()} split back into files: each file's lines (without the prefix), a file that
   * printed nothing absent. Lines that start with no file's prefix (a login banner, a shell's message) are dropped.
   */
  public static Map<ProcFile, String> split(String answer) {
    Map<ProcFile, StringBuilder> files = new LinkedHashMap<>();
    for (String line : answer.split("\n", -1)) {
      for (ProcFile f : ProcFile.values()) {
        String path = f.path();
        if (line.startsWith(path) && line.length() > path.length() && line.charAt(path.length()) == ':') {
          files.computeIfAbsent(f, k -> new StringBuilder()).append(line, path.length() + 1, line.length())
              .append('\n');
          break;
        }
      }
    }
    Map<ProcFile, String> out = new LinkedHashMap<>();
    files.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  /**
   * The same files of this machine, read directly (no process): those that cannot be read are absent, with the
   * reason of the first in {@code why} (the caller's message when {@code /proc/stat} itself is missing).
   */
  public static Map<ProcFile, String> readLocal(StringBuilder why) {
    Map<ProcFile, String> out = new LinkedHashMap<>();
    for (ProcFile f : ProcFile.values()) {
      try {
        out.put(f, Files.readString(Path.of(f.path()), StandardCharsets.UTF_8));
      } catch (IOException | SecurityException e) {
        if (why.length() == 0) {
          why.append(f.path()).append(": ").append(e instanceof java.nio.file.NoSuchFileException ? "no such file"
              : String.valueOf(e.getMessage()));
        }
      }
    }
    return out;
  }
}
