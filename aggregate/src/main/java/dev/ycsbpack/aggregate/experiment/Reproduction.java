package dev.ycsbpack.aggregate.experiment;

import dev.ycsbpack.common.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What makes a folder a reproduction: {@code reproduction.json} at the top of the bundle or experiment folder that
 * {@code bin/ycsb-experiment reproduce} wrote, naming the result it re-ran and what the user changed. {@code publish}
 * reads it to show an original beside its reproductions; {@code reproduce} writes it before anything runs.
 *
 * @param original the re-run result's folder as the user gave it (relative to where the command ran, never with a
 *        secret), e.g. {@code site/results/rc-1} or {@code runs/b1}
 * @param originalId the original's run id or experiment name from its manifest, which identifies it wherever it is
 *        copied
 * @param overrides each option the user changed against the original's plan, as typed with secrets masked, in the
 *        order given (e.g. {@code -p mongodb.url=mongodb://***@db2:27017}, {@code --hosts h1,h2})
 */
public record Reproduction(String original, String originalId, List<String> overrides) {
  /** The file's name at the top of a reproduction's folder. */
  public static final String FILE = "reproduction.json";

  public Reproduction {
    Objects.requireNonNull(original, "original");
    Objects.requireNonNull(originalId, "originalId");
    overrides = List.copyOf(overrides);
  }

  /** The reproduction record of {@code folder}; empty when it is not a reproduction (or the file is unreadable). */
  public static Optional<Reproduction> read(Path folder) {
    return FolderJson.read(folder, FILE, Reproduction.class, r -> r.original() != null && r.originalId() != null);
  }

  /** Writes this record into {@code folder}, whole or not at all. */
  public void write(Path folder) throws IOException {
    AtomicFiles.write(folder.resolve(FILE), FolderJson.json(this) + "\n", AtomicFiles.Mode.SHARED);
  }
}
