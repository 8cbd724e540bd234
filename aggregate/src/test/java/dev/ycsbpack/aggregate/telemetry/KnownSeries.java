package dev.ycsbpack.aggregate.telemetry;

import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Series with known values, named as the telemetry contract names them, for the tests of what reads them. */
public final class KnownSeries {
  private final String source;
  private final Map<String, String> identity = new LinkedHashMap<>();
  private final List<Column> columns = new ArrayList<>();
  private final List<Long> times = new ArrayList<>();
  private final List<Double[]> values = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  private KnownSeries(String source, long... times) {
    this.source = source;
    for (long t : times) {
      this.times.add(t);
    }
  }

  /** A series of {@code source} sampled at {@code times} (epoch ms). */
  public static KnownSeries of(String source, long... times) {
    return new KnownSeries(source, times);
  }

  /** Adds a column with one value per sample time (null: not reported). */
  public KnownSeries column(String name, String unit, Double... perSample) {
    if (perSample.length != times.size()) {
      throw new IllegalArgumentException(name + ": " + perSample.length + " values for " + times.size() + " times");
    }
    columns.add(new Column(name, unit));
    values.add(perSample);
    return this;
  }

  /** Adds a column the source never reported, with the contract's note. */
  public KnownSeries notReported(String name, String unit) {
    Double[] none = new Double[times.size()];
    Arrays.fill(none, null);
    notes.add(name + ": not reported by this server");
    return column(name, unit, none);
  }

  public KnownSeries identity(String key, String value) {
    identity.put(key, value);
    return this;
  }

  public KnownSeries note(String note) {
    notes.add(note);
    return this;
  }

  public Series build() {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      List<Double> row = new ArrayList<>();
      for (Double[] column : values) {
        row.add(column[i]);
      }
      samples.add(new Sample(times.get(i), row));
    }
    return new Series(source, identity, columns, samples, notes);
  }
}
