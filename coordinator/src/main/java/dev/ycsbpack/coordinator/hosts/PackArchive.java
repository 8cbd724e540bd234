package dev.ycsbpack.coordinator.hosts;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The part of the installed pack a client host needs ({@code bin/}, {@code lib/} without the embedded test server,
 * {@code workloads/}) and its content digest. A host is staged under that digest, so the archive travels only when
 * the pack changed, and two versions never mix.
 *
 * @param home   the installed pack ({@code ycsb-mongodb-pack/})
 * @param digest SHA-256 over the relative paths and contents of the staged files
 * @param bytes  the staged files' total size before compression: what staging a host carries at most
 */
public record PackArchive(Path home, String digest, long bytes) {
  static final List<String> PARTS = List.of("bin", "lib", "workloads");
  static final String EXCLUDED = "lib/embedded";

  /** Computes the digest of the pack at {@code home}. */
  public static PackArchive of(Path home) throws IOException {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e); // every JDK has SHA-256
    }
    byte[] buffer = new byte[1 << 16];
    long bytes = 0;
    for (String part : PARTS) {
      Path root = home.resolve(part);
      if (!Files.isDirectory(root)) {
        throw new IOException(root + " is missing: run the coordinator from an unpacked ycsb-mongodb-pack");
      }
      List<Path> files;
      try (Stream<Path> s = Files.walk(root)) {
        files = s.filter(Files::isRegularFile).filter(p -> !home.relativize(p).toString().startsWith(EXCLUDED))
            .sorted().toList();
      }
      for (Path f : files) {
        sha.update(home.relativize(f).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        sha.update((byte) 0);
        bytes += Files.size(f);
        try (InputStream in = Files.newInputStream(f)) {
          int n;
          while ((n = in.read(buffer)) > 0) {
            sha.update(buffer, 0, n);
          }
        }
        sha.update((byte) (Files.isExecutable(f) ? 1 : 0));
      }
    }
    return new PackArchive(home, HexFormat.of().formatHex(sha.digest()).substring(0, 32), bytes);
  }

  /** The local command that writes the archive (tar.gz) to its stdout. */
  public List<String> tarCommand() {
    return List.of("tar", "czf", "-", "--exclude=" + EXCLUDED, "-C", home.toString(), "bin", "lib", "workloads");
  }
}
