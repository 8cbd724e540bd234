package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Repeated;
import dev.ycsbpack.aggregate.stats.Spread;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * One swept value run several times ({@code --repeat}): the spread of each headline figure over the repetitions, and
 * the point the answers weigh, made of the medians (research {@code experiments.md} §4.2: per-repetition figures,
 * never one pooled histogram).
 */
public final class Repetitions {
  private Repetitions() {
  }

  /** The spread of {@code runs} (each one repetition of the same x, at least one). */
  public static Repeated of(List<Point> runs) {
    double x = runs.get(0).x();
    Spread tp = Spread.of(runs.stream().mapToDouble(Point::throughput).toArray());
    Map<String, Spread> p99 = new LinkedHashMap<>();
    TreeSet<String> ops = new TreeSet<>();
    runs.forEach(r -> ops.addAll(r.percentilesUs().keySet()));
    for (String op : ops) {
      double[] v = runs.stream().map(r -> r.valueUs(op, 99.0)).filter(d -> d != null).mapToDouble(Double::doubleValue)
          .toArray();
      if (v.length > 0) {
        p99.put(op, Spread.of(v));
      }
    }
    boolean noisy = tp.noisy() || p99.values().stream().anyMatch(Spread::noisy);
    return new Repeated(x, tp, p99, noisy);
  }

  /** The point of medians: a step is client-saturated if any repetition was; its error rate is the highest seen. */
  public static Point median(List<Point> runs) {
    Repeated r = of(runs);
    Map<String, Map<Double, Double>> p = new LinkedHashMap<>();
    r.p99Us().forEach((op, s) -> p.put(op, Map.of(99.0, s.median())));
    return new Point(r.x(), r.throughput().median(), p,
        runs.stream().mapToDouble(Point::errorRate).max().orElse(0),
        runs.stream().anyMatch(Point::clientSaturated), runs.get(0).target());
  }
}
