package dev.ycsbpack.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The line a binding prints on stderr the first time it counts a kind of failure
 * ({@code mongodb binding: first INSERT-BATCH failure counted as Return=DUPLICATE_KEY: ...}), and finding those lines
 * again in a client folder's {@code stderr.txt}: a client's verdict says "see the errors above", and the coordinator,
 * which has only the folder, shows these as the cause.
 *
 * <p>It also keeps the text of this process's first failure ({@link #offer}): the binding knows the cause (the
 * driver's exception); the launcher, which decides the verdict, only sees a {@code Status}. This is the one hand-over
 * between them: a run stopped because its server is gone names the first error in its verdict. Both run in one JVM
 * on YCSB's classpath, which is why it lives in {@code common}.
 */
public final class FirstFailures {
  private static final Pattern LINE = Pattern.compile("^[\\w .-]+: first \\S+ failure counted as Return=\\S+: ");
  /** Characters of each line shown as a cause; the whole line stays in the client folder. */
  static final int SHOWN = 300;

  private static final AtomicReference<String> FIRST = new AtomicReference<>();

  private FirstFailures() {
  }

  /** Keeps {@code text} (already redacted) as this process's first failure if none was offered before. */
  public static void offer(String text) {
    if (FIRST.get() == null) {
      FIRST.compareAndSet(null, text);
    }
  }

  /** This process's first failure, as offered. */
  public static Optional<String> first() {
    return Optional.ofNullable(FIRST.get());
  }

  /** For tests that run several clients in one JVM. */
  public static void forget() {
    FIRST.set(null);
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
