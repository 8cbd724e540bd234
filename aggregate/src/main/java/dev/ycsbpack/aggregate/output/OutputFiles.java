package dev.ycsbpack.aggregate.output;

import dev.ycsbpack.aggregate.model.MergeResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Writes every requested output next to the others, all or nothing: each goes to a hidden temporary file first, and
 * only when all are written are they renamed into place. A failure leaves no half-written result.
 */
public final class OutputFiles {
  private OutputFiles() {
  }

  public static List<Path> write(Path dir, MergeResult result, List<ResultWriter> writers) throws IOException {
    Files.createDirectories(dir);
    List<Path> temps = new ArrayList<>();
    List<Path> finals = new ArrayList<>();
    try {
      for (ResultWriter w : writers) {
        Path tmp = tempFor(dir, w.fileName());
        temps.add(tmp);
        finals.add(dir.resolve(w.fileName()));
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE)) {
          w.write(result, out);
        }
      }
      for (int i = 0; i < temps.size(); i++) {
        move(temps.get(i), finals.get(i));
      }
      return finals;
    } finally {
      for (Path t : temps) {
        Files.deleteIfExists(t);
      }
    }
  }

  /**
   * A fresh hidden name beside the final file. Not Files.createTempFile: that makes the file private (0600) and the
   * results are meant to be shared; a plain create follows the umask like any other output.
   */
  private static Path tempFor(Path dir, String name) {
    return dir.resolve("." + name + "." + UUID.randomUUID() + ".tmp");
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
