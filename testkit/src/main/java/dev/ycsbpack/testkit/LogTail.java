package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The end of a server log, for putting into an exception message. */
final class LogTail {
  private LogTail() {
  }

  static String of(Path log, int maxLines) {
    try {
      // Lenient decoding: a crashing process may leave a torn multi-byte character behind.
      List<String> lines = List.of(new String(Files.readAllBytes(log), StandardCharsets.UTF_8).split("\n"));
      List<String> tail = lines.subList(Math.max(0, lines.size() - maxLines), lines.size());
      return "--- last " + tail.size() + " lines of " + log + " ---\n" + String.join("\n", tail);
    } catch (IOException e) {
      return "(log " + log + " unreadable: " + e.getMessage() + ")";
    }
  }
}
