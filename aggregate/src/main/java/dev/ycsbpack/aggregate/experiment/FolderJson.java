package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The JSON files an experiment's and a recipe's folder hold ({@link ExperimentManifest}, {@link RecipeSummary}): one
 * mapping for both, written indented, unknown fields ignored on reading so a newer file still reads.
 */
final class FolderJson {
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private FolderJson() {
  }

  /** {@code value} as its file holds it (indented JSON, no final newline). */
  static String json(Object value) throws JsonProcessingException {
    return JSON.writeValueAsString(value);
  }

  /**
   * The file {@code name} in {@code dir} read as {@code type}; empty when there is no such file, it cannot be read,
   * or what it holds is not {@code valid} (e.g. another schema).
   */
  static <T> Optional<T> read(Path dir, String name, Class<T> type, Predicate<T> valid) {
    Path f = dir.resolve(name);
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      T value = JSON.readValue(f.toFile(), type);
      return valid.test(value) ? Optional.of(value) : Optional.empty();
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
