package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.Repeated;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.aggregate.stats.Stability;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * One swept value run several times ({@code --repeat}), or a plain run repeated ({@code repeat}): the spread of each
 * headline figure over the repetitions, and the point the answers weigh, made of the medians (research
 * {@code experiments.md} §4.2: per-repetition figures, never one pooled histogram).
 */
public final class Repetitions {
  /** The percentiles every repetition's figures are summarised at. */
  public static final List<Double> HEADLINE = List.of(50.0, 95.0, 99.0, 99.9);

  private Repetitions() {
  }

  /**
   * The sentence flagging repetitions that were changing while they ran (a cold first run far from the others, or a
   * steady rise or fall in the order they ran; the rule is {@link Stability#of}, the one compare applies to each
   * side), or empty: their median and spread then describe neither state, so the result says so instead of
   * averaging it in.
   *
   * @param throughputInTimeOrder each counted repetition's throughput, in the order they ran
   */
  public static Optional<String> instability(double[] throughputInTimeOrder) {
    Stability s = Stability.of(throughputInTimeOrder);
    return s == null ? Optional.empty() : Optional.of("UNSTABLE throughput: " + s.describe() + "; a median and "
        + "spread of runs that were changing describe neither state: find what disturbed them, or run again");
  }

  /** The spread of {@code runs} (each one repetition of the same x, at least one). */
  public static Repeated of(List<Point> runs) {
    double x = runs.get(0).x();
    Spread tp = Spread.of(runs.stream().mapToDouble(Point::throughput).toArray());
    Spread errors = Spread.of(runs.stream().mapToDouble(Point::errorRate).toArray());
    List<String> noisyFigures = new ArrayList<>();
    if (tp.noisy()) {
      noisyFigures.add("throughput");
    }
    if (errors.noisy()) {
      noisyFigures.add("errorRate");
    }
    Map<String, Spread> p99 = new LinkedHashMap<>();
    Map<String, Map<String, Spread>> latency = new LinkedHashMap<>();
    TreeSet<String> ops = new TreeSet<>();
    runs.forEach(r -> ops.addAll(r.percentilesUs().keySet()));
    for (String op : ops) {
      for (double pct : HEADLINE) {
        double[] v = runs.stream().map(r -> r.valueUs(op, pct)).filter(d -> d != null)
            .mapToDouble(Double::doubleValue).toArray();
        if (v.length == 0) {
          continue;
        }
        Spread s = Spread.of(v);
        String label = "p" + Answers.num(pct);
        latency.computeIfAbsent(op, k -> new LinkedHashMap<>()).put(label, s);
        if (pct == 99.0) {
          p99.put(op, s);
        }
        if (s.noisy()) {
          noisyFigures.add(op + "." + label);
        }
      }
    }
    boolean noisy = tp.noisy() || p99.values().stream().anyMatch(Spread::noisy);
    return new Repeated(x, tp, p99, noisy, errors, latency, List.copyOf(noisyFigures));
  }

  /** The point of medians: a step is client-saturated if any repetition was; its error rate is the highest seen. */
  public static Point median(List<Point> runs) {
    Repeated r = of(runs);
    // every percentile the runs carry, so an SLO on any of them (not only p99) is weighed on its median
    Map<String, Map<Double, Double>> p = new LinkedHashMap<>();
    TreeSet<String> ops = new TreeSet<>();
    runs.forEach(run -> ops.addAll(run.percentilesUs().keySet()));
    for (String op : ops) {
      TreeSet<Double> pcts = new TreeSet<>();
      runs.forEach(run -> pcts.addAll(run.percentilesUs().getOrDefault(op, Map.of()).keySet()));
      Map<Double, Double> medians = new LinkedHashMap<>();
      for (double pct : pcts) {
        double[] v = runs.stream().map(run -> run.valueUs(op, pct)).filter(d -> d != null)
            .mapToDouble(Double::doubleValue).toArray();
        medians.put(pct, Spread.of(v).median());
      }
      p.put(op, medians);
    }
    return new Point(r.x(), r.throughput().median(), p,
        runs.stream().mapToDouble(Point::errorRate).max().orElse(0),
        runs.stream().anyMatch(Point::clientSaturated), runs.get(0).target());
  }
}
