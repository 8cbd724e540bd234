package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.StudyTable;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.experiment.recipe.Recipe;
import java.util.ArrayList;
import java.util.List;

/**
 * A recipe's answer table, laid out as the recipe says ({@link Recipe#table()}), from its experiments' manifests,
 * marked NOT MongoDB when any experiment measured another server.
 */
public final class StudyTables {
  private StudyTables() {
  }

  /** The table of {@code recipe} from its experiments, in the recipe's order (one at least). */
  public static StudyTable of(Recipe recipe, List<StudyInput> experiments) {
    return of(recipe.table(), recipe.question(), experiments);
  }

  static StudyTable of(String layout, String question, List<StudyInput> experiments) {
    String mark = notMongo(experiments);
    return switch (layout) {
      case "cases" -> CasesTable.of(question, mark, experiments);
      case "write-concerns" -> WriteConcernTable.of(question, mark, experiments);
      default -> SweepTable.of(question, mark, experiments);
    };
  }

  /**
   * The pack's NOT MongoDB mark when an experiment's steps measured another server: the rule of
   * {@link EnvironmentFacts#notMongoDb} over the servers the experiments recorded, else an experiment's own note.
   */
  static String notMongo(List<StudyInput> experiments) {
    List<String> products = new ArrayList<>();
    for (StudyInput e : experiments) {
      if (e.manifest() != null && e.manifest().environment() != null) {
        String p = e.manifest().environment().get(EnvironmentFacts.SERVER_PRODUCT);
        if (p != null) {
          products.add(p);
        }
      }
    }
    String mark = EnvironmentFacts.notMongoDb(products).orElse(null);
    if (mark != null) {
      return mark;
    }
    return experiments.stream().filter(e -> e.manifest() != null && e.manifest().environment() != null)
        .map(e -> e.manifest().environment().get("note")).filter(n -> n != null && n.startsWith("NOT MongoDB"))
        .findFirst().orElse(null);
  }
}
