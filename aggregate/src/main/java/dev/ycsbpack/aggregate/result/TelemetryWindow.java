package dev.ycsbpack.aggregate.result;

import dev.ycsbpack.common.telemetry.Column;
import dev.ycsbpack.common.telemetry.Sample;
import dev.ycsbpack.common.telemetry.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One {@link Series} read inside a window of time (a merge's measured window, an experiment step): its samples with
 * {@code fromMs <= t <= toMs}. Every figure is empty (or null) when no sample inside reports it: a figure the source
 * did not report is never 0.
 *
 * @param series the series
 * @param fromMs the window's start, ms since the epoch (inclusive)
 * @param toMs its end (inclusive)
 */
public record TelemetryWindow(Series series, long fromMs, long toMs) {
  /**
   * One column inside the window.
   *
   * @param name the column's name
   * @param unit its unit
   * @param reported how many samples inside the window report it
   * @param min smallest reported value, or null
   * @param median median of the reported values (the mean of the middle two for an even count), or null
   * @param max largest reported value, or null
   * @param last the latest reported value, or null
   */
  public record Figure(String name, String unit, int reported, Double min, Double median, Double max, Double last) {
  }

  /** The samples inside the window, in time order. */
  public List<Sample> samples() {
    return series.samples().stream().filter(s -> s.epochMillis() >= fromMs && s.epochMillis() <= toMs).toList();
  }

  /** True when the series' first-to-last span meets the window. */
  public boolean overlaps() {
    List<Sample> all = series.samples();
    return !all.isEmpty() && all.get(0).epochMillis() <= toMs && all.get(all.size() - 1).epochMillis() >= fromMs;
  }

  /** Every column's figure, in the series' order. */
  public List<Figure> figures() {
    List<Figure> out = new ArrayList<>();
    for (Column c : series.columns()) {
      out.add(figure(c));
    }
    return out;
  }

  /** The reported values of column {@code name} inside the window, in time order; empty when none or no column. */
  public List<Double> reported(String name) {
    Optional<Integer> i = series.indexOf(name);
    if (i.isEmpty()) {
      return List.of();
    }
    List<Double> out = new ArrayList<>();
    for (Sample s : samples()) {
      if (s.value(i.get()) != null) {
        out.add(s.value(i.get()));
      }
    }
    return out;
  }

  /** The largest reported value of {@code name} inside the window. */
  public Optional<Double> max(String name) {
    return reported(name).stream().max(Double::compare);
  }

  /**
   * How much the cumulative counter {@code name} grew inside the window: its last reported value minus its first;
   * empty when fewer than two samples inside report it.
   */
  public Optional<Double> increase(String name) {
    List<Double> v = reported(name);
    return v.size() < 2 ? Optional.empty() : Optional.of(v.get(v.size() - 1) - v.get(0));
  }

  /**
   * The largest {@code numerator / denominator} over the samples inside that report both (and a positive
   * denominator), e.g. the cache's fill as bytes in use over its maximum.
   */
  public Optional<Double> maxRatio(String numerator, String denominator) {
    Optional<Integer> n = series.indexOf(numerator);
    Optional<Integer> d = series.indexOf(denominator);
    if (n.isEmpty() || d.isEmpty()) {
      return Optional.empty();
    }
    Optional<Double> best = Optional.empty();
    for (Sample s : samples()) {
      Double a = s.value(n.get());
      Double b = s.value(d.get());
      if (a != null && b != null && b > 0 && (best.isEmpty() || a / b > best.get())) {
        best = Optional.of(a / b);
      }
    }
    return best;
  }

  /** The largest reported value inside the window of any column whose name {@code matches}. */
  public Optional<Double> maxOfColumns(Predicate<String> matches) {
    Optional<Double> best = Optional.empty();
    for (Column c : series.columns()) {
      if (matches.test(c.name())) {
        Optional<Double> m = max(c.name());
        if (m.isPresent() && (best.isEmpty() || m.get() > best.get())) {
          best = m;
        }
      }
    }
    return best;
  }

  private Figure figure(Column c) {
    List<Double> v = reported(c.name());
    if (v.isEmpty()) {
      return new Figure(c.name(), c.unit(), 0, null, null, null, null);
    }
    List<Double> sorted = v.stream().sorted().toList();
    int n = sorted.size();
    double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    return new Figure(c.name(), c.unit(), n, sorted.get(0), median, sorted.get(n - 1), v.get(n - 1));
  }
}
