package dev.ycsbpack.aggregate.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbpack.aggregate.experiment.StepTelemetry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A step's server figures from its series: exact, null where not reported, none without a server series. */
class StepTelemetryTest {
  @Test
  void cacheFillPagesReadAndLagComeFromTheStepsServerSeries() {
    StepTelemetry t = StepTelemetry.of(List.of(KnownSeries.of("host-db1", 1L).column("cpu.user", "%", 5.0).build(),
        KnownSeries.of("server", 1_000L, 2_000L, 3_000L, 4_000L)
            .column("wiredTiger.cache.bytes", "bytes", 100.0, 700.0, 900.0, null)
            .column("wiredTiger.cache.maxBytes", "bytes", 1000.0, 1000.0, 2000.0, 1000.0)
            .column("wiredTiger.cache.pagesRead", "count", null, 1500.0, 2000.0, 4500.0)
            .column("repl.db1:27017.lagMs", "ms", 0.0, 0.0, 0.0, 0.0)
            .column("repl.db2:27017.lagMs", "ms", 10.0, null, 250.0, 40.0).build()));
    assertEquals(0.7, t.cacheFillMax(), 1e-12, "700 of 1000 beats 900 of 2000");
    assertEquals(3000L, t.pagesRead(), "4500 - 1500: from the first sample that reports it");
    assertEquals(250.0, t.replicationLagMaxMs());
  }

  @Test
  void aFigureTheServerDidNotReportIsNullAndAStepWithoutServerSeriesHasNone() {
    StepTelemetry t = StepTelemetry.of(List.of(KnownSeries.of("server", 1_000L, 2_000L)
        .notReported("wiredTiger.cache.bytes", "bytes").column("wiredTiger.cache.maxBytes", "bytes", 1e9, 1e9)
        .column("wiredTiger.cache.pagesRead", "count", null, 5.0).build()));
    assertNull(t.cacheFillMax());
    assertNull(t.pagesRead(), "one sample is no growth");
    assertNull(t.replicationLagMaxMs(), "a standalone has no member lag");
    assertNull(StepTelemetry.of(List.of(KnownSeries.of("host-db1", 1L).column("cpu.user", "%", 5.0).build())));
  }
}
