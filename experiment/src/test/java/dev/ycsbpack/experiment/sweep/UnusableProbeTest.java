package dev.ycsbpack.experiment.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.experiment.StepFigures;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A target-share sweep whose unthrottled probe measured no throughput stops, naming the probe, instead of 1 ops/s. */
class UnusableProbeTest {
  private static StepFigures throughput(double opsPerSecond) {
    return new StepFigures(opsPerSecond, 0, Map.of(), Map.of(), Map.of(), false, Map.of(), null);
  }

  @Test
  void aProbeWithoutThroughputIsNamedAndOneWithItSetsTheShares() {
    assertEquals(Optional.of("step 01-unthrottled (the unthrottled probe) measured a throughput of 0 ops/s: the "
        + "target shares of it cannot be set"), SweepRun.unusableProbe("01-unthrottled", throughput(0)));
    assertEquals(Optional.of("step 00-unthrottled (the unthrottled probe) measured no figures: the target shares of"
        + " it cannot be set"), SweepRun.unusableProbe("00-unthrottled", null));
    assertTrue(SweepRun.unusableProbe("00-unthrottled", throughput(Double.NaN)).isPresent());
    assertTrue(SweepRun.unusableProbe("00-unthrottled", throughput(1234.5)).isEmpty());
  }
}
