package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.common.PackVersion;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated builders start from the defaults their records state ({@code @RecordBuilder.Initializer}), the same
 * the hand-written builders had: a default that is lost would write 0, false or null into a file without a word.
 */
class BuilderDefaultsTest {
  @Test
  void mergedJsonIsCompleteOfThisSchemaWithEmptyLists() {
    assertEquals(new MergedJson(List.of(), MergedJson.SCHEMA, true, null, null, null, null, List.of(), null, List.of(),
        List.of(), null, false, null, List.of(), null, null), MergedJson.builder().build());
  }

  @Test
  void aPlanIsOfThisSchemaAndPackWithOneClientPerHost() {
    assertEquals(new ReproduciblePlan(ReproduciblePlan.SCHEMA, null, null, PackVersion.current().version(),
        PackVersion.current().build(), null, null, null, null, 1, 0, 0, 0, null, null, null, null, null),
        ReproduciblePlan.builder().build());
  }

  @Test
  void aCellSentNothingAndHasNoOperations() {
    assertEquals(new WcMatrix.Cell("w=1", Map.of("p", "v"), List.of(), null, 0, null, null, Map.of(), false, null,
        null, null), WcMatrix.Cell.builder("w=1", Map.of("p", "v")).build());
  }

  @Test
  void mergeOptionsStartFromTheirStatedDefaults() {
    assertEquals(new MergeOptions(List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99), 0, 0, 0, WindowKind.COMMON, false,
        false, List.of(), Map.of(), Math.min(2, Runtime.getRuntime().availableProcessors())), MergeOptions.defaults());
  }

  @Test
  void aCopyHoldsEveryPart() {
    MergeOptions o = MergeOptions.builder().warmupSeconds(3).window(WindowKind.UNION).hosts(Map.of("c1", "h")).build();
    assertEquals(o, o.toBuilder().build());
    assertEquals(3.0, o.toBuilder().cooldownSeconds(2).build().warmupSeconds());
  }
}
