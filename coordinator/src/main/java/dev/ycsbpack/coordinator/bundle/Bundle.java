package dev.ycsbpack.coordinator.bundle;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.OutputFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The result bundle's folder: {@code manifest.json}, {@code clients/<name>/} (each a client folder), {@code merged/}
 * (aggregate's outputs) and, while running, {@code .staging/} (the clients' properties, owner-only, removed at the
 * end).
 */
public final class Bundle {
  public static final String MANIFEST = BundleLayout.MANIFEST;
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path dir;

  private Bundle(Path dir) {
    this.dir = dir;
  }

  /**
   * Creates the bundle folder.
   *
   * @throws IllegalArgumentException when it exists and is not empty (an earlier result must never be mixed in)
   */
  public static Bundle create(Path dir) throws IOException {
    OutputFolder.claim(dir, "--out");
    Bundle b = new Bundle(dir);
    Files.createDirectories(b.clients());
    Files.createDirectories(b.staging());
    try {
      Files.setPosixFilePermissions(b.staging(), java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: the files themselves are still created owner-only where possible
    }
    return b;
  }

  public Path dir() {
    return dir;
  }

  public Path clients() {
    return dir.resolve(BundleLayout.CLIENTS);
  }

  public Path merged() {
    return dir.resolve(BundleLayout.MERGED);
  }

  public Path staging() {
    return dir.resolve(".staging");
  }

  public void write(Manifest m) throws IOException {
    AtomicFiles.write(dir.resolve(MANIFEST), JSON.writeValueAsString(m) + "\n", AtomicFiles.Mode.SHARED);
  }

  public static Manifest read(Path bundleDir) throws IOException {
    return JSON.readValue(bundleDir.resolve(MANIFEST).toFile(), Manifest.class);
  }

  /** The file naming the coordinator process writing this bundle while it runs (in the staging folder). */
  private Path coordinatorFile() {
    return staging().resolve("coordinator.pid");
  }

  /**
   * Records this process as the bundle's coordinator ({@code PID START-INSTANT}), so a recovery can tell a killed
   * coordinator from one still running. Removed with the staging folder.
   */
  public void markCoordinator() throws IOException {
    ProcessHandle self = ProcessHandle.current();
    AtomicFiles.write(coordinatorFile(), self.pid() + " " + self.info().startInstant().map(Object::toString)
        .orElse("-") + "\n", AtomicFiles.Mode.SHARED);
    // room kept on the bundle's disk: a disk that fills during the run (the clients write here too) still takes the
    // manifest that says so, once the staging folder, this with it, is removed
    Files.write(staging().resolve("reserve"), new byte[RESERVE_BYTES]);
  }

  /** The space {@link #markCoordinator} keeps for a last manifest: several times a large one's size. */
  static final int RESERVE_BYTES = 256 * 1024;

  /**
   * The process id of the coordinator still running this bundle, when its record names a live process that started
   * at the recorded instant (a reused pid is not it); empty when it is gone or never recorded itself.
   */
  public java.util.Optional<Long> liveCoordinator() {
    try {
      String[] words = Files.readString(coordinatorFile()).strip().split(" ");
      long pid = Long.parseLong(words[0]);
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
          .filter(p -> words.length < 2 || words[1].equals("-")
              || p.info().startInstant().map(Object::toString).orElse("-").equals(words[1]))
          .map(ProcessHandle::pid);
    } catch (IOException | RuntimeException e) {
      return java.util.Optional.empty();
    }
  }

  /** Opens an existing bundle (to recover it). */
  public static Bundle open(Path dir) {
    return new Bundle(dir);
  }

  /** Removes the staging folder (its files are deleted by the supervisor; this removes what is left). */
  public void removeStaging() throws IOException {
    if (Files.isDirectory(staging())) {
      try (Stream<Path> s = Files.list(staging())) {
        for (Path p : (Iterable<Path>) s::iterator) {
          Files.deleteIfExists(p);
        }
      }
      Files.deleteIfExists(staging());
    }
  }
}
