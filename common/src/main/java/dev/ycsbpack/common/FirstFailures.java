package dev.ycsbpack.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The line a binding prints on stderr the first time it counts a kind of failure
 * ({@code mongodb binding: first INSERT-BATCH failure counted as Return=DUPLICATE_KEY: ...}), and finding those lines
 * again in a client folder's {@code stderr.txt}: a client's verdict says "see the errors above", and the coordinator,
 * which has only the folder, shows these as the cause.
 */
public final class FirstFailures {
  private static final Pattern LINE = Pattern.compile("^[\\w .-]+: first \\S+ failure counted as Return=\\S+: ");
  /** Characters of each line shown as a cause; the whole line stays in the client folder. */
  static final int SHOWN = 300;

  private FirstFailures() {
  }

  /** The line for the first {@code operation} failure counted as {@code status}. */
  public static String line(String source, String operation, String status, String detail) {
    return source + ": first " + operation + " failure counted as Return=" + status + ": " + detail
        + " (later failures of this kind are counted, not printed)";
  }

  /**
   * The first-failure lines of a client's stderr file, at most {@code max}, each cut to 300 characters with control
   * characters escaped; none when the file is missing or unreadable.
   */
  public static List<String> in(Path stderr, int max) {
    List<String> found = new ArrayList<>();
    try (Stream<String> lines = Files.lines(stderr, StandardCharsets.UTF_8)) {
      lines.filter(l -> LINE.matcher(l).find()).limit(max).forEach(l -> found.add(Text.shown(l, SHOWN)));
    } catch (IOException | java.io.UncheckedIOException e) {
      return List.of();
    }
    return found;
  }
}
