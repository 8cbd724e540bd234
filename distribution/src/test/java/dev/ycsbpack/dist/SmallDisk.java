package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A 1 MiB tmpfs mounted for one test that fills a disk (mounting needs root: elsewhere the test is skipped, with the
 * reason); closing it unmounts it.
 */
final class SmallDisk implements AutoCloseable {
  private final Path mount;

  private SmallDisk(Path mount) {
    this.mount = mount;
  }

  /** Mounts the tmpfs at {@code mount}, made if missing, or skips the test. */
  static SmallDisk mountAt(Path mount) throws IOException, InterruptedException {
    Files.createDirectories(mount);
    Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString())
        .redirectErrorStream(true).start();
    String mounted = new String(m.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assumeTrue(m.waitFor() == 0, () -> "cannot mount a tmpfs (needs root): " + mounted);
    return new SmallDisk(mount);
  }

  /** Where it is mounted. */
  Path path() {
    return mount;
  }

  /** Writes {@code file} until the file system has no block left. */
  static void fillUp(Path file) throws IOException {
    byte[] chunk = new byte[4096];
    try (OutputStream o = Files.newOutputStream(file)) {
      for (int i = 0; i < 1_000_000; i++) { // bounded: 4 GB, far past any test's small file system
        o.write(chunk);
        o.flush();
      }
    } catch (IOException e) {
      if (!String.valueOf(e.getMessage()).contains("No space left")) {
        throw e;
      }
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    new ProcessBuilder("umount", "-l", mount.toString()).inheritIO().start().waitFor();
  }
}
