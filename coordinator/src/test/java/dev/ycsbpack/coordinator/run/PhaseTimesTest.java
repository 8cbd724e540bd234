package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PhaseTimesTest {
  @Test
  void stepsAreTimedFromTheEndOfTheOneBeforeInOrderAndASplitStepAddsUp() throws Exception {
    long t0 = System.nanoTime();
    PhaseTimes times = new PhaseTimes();
    Thread.sleep(30);
    times.end("check");
    Thread.sleep(60);
    times.end("start", 20, "run");
    Map<String, Long> ms = times.asMap();
    long wall = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    assertEquals(List.of("check", "start", "run"), List.copyOf(ms.keySet()));
    assertTrue(ms.get("check") >= 30, ms::toString);
    assertEquals(20, ms.get("start"), "the part the step measured itself");
    assertTrue(ms.get("run") >= 40, ms::toString);
    assertTrue(ms.values().stream().mapToLong(Long::longValue).sum() <= wall, () -> ms + " within " + wall + " ms");
  }

  @Test
  void aStepThatNeverReachedItsSplitIsOnePart() {
    PhaseTimes times = new PhaseTimes();
    times.end("start", -1, "run");
    assertEquals(List.of("start"), List.copyOf(times.asMap().keySet()), "no release: no run part");
  }
}
