package dev.ycsbpack.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The rule for a result folder a command is told to write ({@code bin/ycsb --out}, {@code bin/ycsb-coordinator --out},
 * {@code bin/ycsb-experiment ... --out}, {@code bin/ycsb-aggregate publish --out}): new or empty, so no earlier result
 * is ever mixed into a new one or overwritten.
 */
public final class OutputFolder {
  /**
   * The one file a folder may hold and still count as empty: {@code bin/ycsb-experiment reproduce} writes its record
   * ({@code reproduction.json}, aggregate's {@code Reproduction}) into the folder before the run it wraps claims it,
   * so a reproduction that is stopped half-way still says what it re-ran.
   */
  public static final String REPRODUCTION = "reproduction.json";

  private OutputFolder() {
  }

  /**
   * Creates {@code dir} if needed, after checking that it is not a file and holds nothing.
   *
   * @param option the option that named it, for the message
   * @throws IllegalArgumentException one line naming the option, the folder and what is accepted
   */
  public static void claim(Path dir, String option) throws IOException {
    check(dir, option);
    Files.createDirectories(dir);
  }

  /**
   * Checks that {@code dir} could be claimed, writing nothing: a command checks its output folder with the rest of
   * its command line, and creates it only once the run is accepted, so a refused command leaves no folder behind.
   *
   * @throws IllegalArgumentException as {@link #claim}
   */
  public static void check(Path dir, String option) throws IOException {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new IllegalArgumentException(option + " " + Text.shownPath(dir.toString())
          + ": is a file; give a new or empty folder");
    }
    Path above = dir.toAbsolutePath().getParent();
    while (above != null && !Files.exists(above)) {
      above = above.getParent();
    }
    if (above != null && !Files.isDirectory(above)) {
      // refused now, not when the run's results are to be written
      throw new IllegalArgumentException(option + " " + Text.shownPath(dir.toString()) + ": cannot be made, "
          + Text.shownPath(above.toString()) + " is a file; give a new or empty folder");
    }
    if (Files.isDirectory(dir)) {
      try (Stream<Path> s = Files.list(dir)) {
        if (s.anyMatch(p -> !p.getFileName().toString().equals(REPRODUCTION))) {
          throw new IllegalArgumentException(option + " " + Text.shownPath(dir.toString())
              + ": the folder is not empty;"
              + " give a new or empty folder, so no earlier result is mixed into this one");
        }
      }
    }
  }
}
