package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code DIR/recipe.json} of a recipe's folder ({@code bin/ycsb-experiment run RECIPE --out DIR}, beside its
 * experiments' folders {@code DIR/NAME/}): what the recipe is and its answer table. Written when the recipe ends
 * (complete, or stopped at an experiment: then the table says which experiments have no figures and why). The one
 * definition of the file: the experiment module writes it through {@link #json}, {@code publish} reads it through
 * {@link #read}; unknown fields are ignored on reading.
 *
 * @param schema      {@link #SCHEMA}
 * @param recipe      the recipe's file name
 * @param title       its title
 * @param seed        the seed study it follows
 * @param status      {@code COMPLETE} (every experiment completed) or {@code STOPPED} (see {@code reason})
 * @param reason      why not COMPLETE, or null
 * @param experiments its experiments' folder names, in the order they ran
 * @param table       the answer table
 * @param writtenAt   ISO-8601 UTC
 */
@JsonPropertyOrder({"schema", "recipe", "status", "reason"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RecipeSummary(String schema, String recipe, String title, String seed, String status, String reason,
    List<String> experiments, StudyTable table, String writtenAt) {
  public static final String SCHEMA = "ycsb-recipe/v1";
  /** The file's name in the recipe's folder. */
  public static final String FILE = "recipe.json";

  /** The summary as its file holds it (indented JSON, no final newline). */
  public String json() throws JsonProcessingException {
    return FolderJson.json(this);
  }

  /** The summary in {@code dir}, empty when there is none of this schema or it cannot be read. */
  public static Optional<RecipeSummary> read(Path dir) {
    return FolderJson.read(dir, FILE, RecipeSummary.class, s -> SCHEMA.equals(s.schema()) && s.table() != null);
  }

  /** Whether the experiment folder {@code name} is one of this recipe's. */
  public boolean holds(String name) {
    return experiments != null && experiments.contains(name);
  }
}
