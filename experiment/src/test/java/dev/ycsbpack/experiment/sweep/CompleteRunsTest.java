package dev.ycsbpack.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runs a repeat suggests comparing: its COMPLETE ones by name, never the load or a failed attempt. */
class CompleteRunsTest {
  @TempDir
  Path dir;

  private static ExperimentManifest.Step step(int order, String name, String verdict) {
    return ExperimentManifest.Step.builder().order(order).name(name).x(1).bundle("steps/" + name).verdict(verdict)
        .build();
  }

  @Test
  void onlyTheCompleteRunsAreNamed() {
    List<ExperimentManifest.Step> steps = List.of(step(0, "00-load", "COMPLETE"), step(1, "01-run-r1", "COMPLETE"),
        step(2, "02-run-r2", "FAILED"), step(2, "02-run-r2", "COMPLETE"), step(3, "03-run-r3", "KILLED"));
    Path root = dir.toAbsolutePath().normalize();
    assertEquals(List.of(root.resolve("steps/01-run-r1/merged"), root.resolve("steps/02-run-r2/merged")),
        SweepRun.completeRuns(dir, steps));
  }
}
