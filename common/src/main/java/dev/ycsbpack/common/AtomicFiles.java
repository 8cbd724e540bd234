package dev.ycsbpack.common;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.UUID;

/**
 * Writes a file so that a reader sees the old content or the new one, never a part: the text goes to a hidden
 * temporary file beside the target, which is then renamed over it.
 *
 * <p>File modes, one rule for the whole pack: results are meant to be shared, so a {@link Mode#SHARED} file is created
 * like any other output (its mode follows the umask, typically 0644); a file that holds a secret (a staged properties
 * file with a connection string) is {@link Mode#PRIVATE}, 0600 from the moment it exists, so there is no instant in
 * which another user could open it.
 */
public final class AtomicFiles {
  /** Who may read the file. */
  public enum Mode {
    /** Follows the umask: results, reports, logs (secrets already redacted). */
    SHARED,
    /** Owner only (0600): anything that holds a secret. */
    PRIVATE
  }

  /** Text that writes itself. */
  @FunctionalInterface
  public interface Body {
    void write(Writer out) throws IOException;
  }

  private AtomicFiles() {
  }

  /** Replaces {@code file} with {@code text} (UTF-8) atomically. */
  public static void write(Path file, String text, Mode mode) throws IOException {
    write(file, out -> out.write(text), mode);
  }

  /** Replaces {@code file} with what {@code body} writes (UTF-8), atomically; on failure the old file stays. */
  public static void write(Path file, Body body, Mode mode) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = dir.resolve("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try {
      create(tmp, mode);
      try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        body.write(out);
      }
      move(tmp, file);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Creates an empty file that does not exist yet, with the mode's permissions from the start. */
  public static void create(Path file, Mode mode) throws IOException {
    if (mode == Mode.PRIVATE && supportsPosix(file)) {
      Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } else {
      Files.createFile(file);
    }
  }

  /** Renames {@code from} over {@code to}, atomically where the file system can. */
  public static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static boolean supportsPosix(Path file) {
    try {
      return Files.getFileStore(file.toAbsolutePath().getParent()).supportsFileAttributeView("posix");
    } catch (IOException e) {
      return false;
    }
  }
}
