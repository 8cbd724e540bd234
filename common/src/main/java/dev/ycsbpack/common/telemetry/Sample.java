package dev.ycsbpack.common.telemetry;

import java.util.Collections;
import java.util.List;

/**
 * One sampling instant of a {@link Series}: when, on the run's clock, and one value per column. A null value is a
 * figure the source did not report at that instant: never written as 0, because 0 is a figure.
 *
 * @param epochMillis milliseconds since the epoch, on the run's clock (the sampler's, corrected by a host's measured
 *        clock offset where the reading came from another host)
 * @param values one per column of the series, in its order; null where not reported
 */
public record Sample(long epochMillis, List<Double> values) {
  public Sample {
    values = Collections.unmodifiableList(new java.util.ArrayList<>(values));
  }

  /** The value of column {@code index}, or null when not reported. */
  public Double value(int index) {
    return values.get(index);
  }
}
