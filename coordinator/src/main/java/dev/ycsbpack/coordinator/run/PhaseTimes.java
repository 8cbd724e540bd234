package dev.ycsbpack.coordinator.run;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How long each step of a coordinated run took on the coordinator's clock, in the order they ran, for the manifest's
 * {@code phasesMs}: where the time of a run over many hosts goes (issue 18's per-phase bench reads it). Each step is
 * timed from the end of the one before it, so the steps add up to the run.
 */
final class PhaseTimes {
  private final Map<String, Long> ms = new LinkedHashMap<>();
  private long last = System.nanoTime();

  /** Records the step that ends now, named {@code step}. */
  void end(String step) {
    long now = System.nanoTime();
    ms.put(step, TimeUnit.NANOSECONDS.toMillis(now - last));
    last = now;
  }

  /**
   * Records a step that ends now in two parts, the first {@code firstMs} long (a part the step itself measured, such
   * as the launch up to the release).
   */
  void end(String first, long firstMs, String second) {
    long now = System.nanoTime();
    long total = TimeUnit.NANOSECONDS.toMillis(now - last);
    long head = firstMs < 0 ? total : Math.min(firstMs, total);
    ms.put(first, head);
    if (firstMs >= 0) {
      ms.put(second, total - head);
    }
    last = now;
  }

  /** The steps so far, in order. */
  Map<String, Long> asMap() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(ms));
  }
}
