package dev.ycsbpack.aggregate.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.Repeated;
import dev.ycsbpack.aggregate.stats.Spread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A COMPLETE {@code repeat} experiment's line on the site: the spread of its runs, not "no answers recorded". */
class ExperimentPageAnswersTest {
  private static ExperimentManifest repeat(double... throughputs) {
    Spread tp = Spread.of(throughputs);
    Spread errors = Spread.of(new double[throughputs.length]);
    Repeated r = new Repeated(0, tp, Map.of(), tp.noisy(), errors, Map.of(), tp.noisy() ? List.of("throughput")
        : List.of());
    ExperimentManifest.Plan plan = new ExperimentManifest.Plan("repeat", "mongodb", "run", List.of(0L),
        List.of("workloads/a"), Map.of(), List.of("localhost"), 1, 16, 0, List.of(), false, throughputs.length,
        "none", null);
    return new ExperimentManifest(ExperimentManifest.SCHEMA, "COMPLETE", null, plan, Map.of(), null, null, List.of(),
        null, List.of(r), List.of(), null, null);
  }

  @Test
  void aRepeatShowsItsThroughputSpreadAndNoise() {
    assertEquals("throughput median 1,000 ops/s (990-1,010, n=3); no figure's range over 10% of its median",
        ExperimentPage.answers(repeat(990, 1000, 1010)));
    assertEquals("throughput median 1,000 ops/s (800-1,300, n=3); NOISY: throughput",
        ExperimentPage.answers(repeat(800, 1000, 1300)));
  }
}
