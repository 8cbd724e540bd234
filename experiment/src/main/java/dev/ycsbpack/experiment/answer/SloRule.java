package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.SloAnswer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The highest throughput that met every SLO, with its bracket (research {@code experiments.md} §3.4, item 6):
 * among the steps in sweep order, the last that passed before the first that failed. A step passes when it met every
 * SLO, its error rate is within {@link EarlyStop#MAX_ERROR_RATE} and, under a target, it achieved at least
 * {@link Point#SUSTAINED} of it. A failing step is reported with exactly the objectives it missed, so a step that met
 * its latency bound but fell behind its target is never said to have failed the latency bound.
 */
public final class SloRule {
  private SloRule() {
  }

  /** The SLO answer of these points, in sweep order. */
  public static SloAnswer answer(List<Point> points, List<Slo> slos) {
    double best = Double.NaN;
    double lastPass = Double.NaN;
    double firstFail = Double.NaN;
    List<SloAnswer.Failed> failed = new ArrayList<>();
    for (Point p : points) {
      List<String> missed = missed(p, slos);
      if (missed.isEmpty()) {
        if (!Double.isNaN(firstFail)) {
          continue;
        }
        lastPass = p.x();
        best = Double.isNaN(best) ? p.throughput() : Math.max(best, p.throughput());
      } else {
        failed.add(new SloAnswer.Failed(p.x(), missed));
        if (Double.isNaN(firstFail)) {
          firstFail = p.x();
        }
      }
    }
    String slo = String.join(" and ", slos.stream().map(Slo::text).toList());
    String statement;
    if (Double.isNaN(lastPass)) {
      statement = "not met: the first step (" + Answers.num(points.isEmpty() ? Double.NaN : points.get(0).x())
          + ") already failed: " + String.join("; ", failed.get(0).reasons());
    } else if (Double.isNaN(firstFail)) {
      statement = String.format(Locale.ROOT, ">= %,.0f ops/s: every step met %s (the sweep did not reach the limit)",
          best, slo);
    } else {
      statement = String.format(Locale.ROOT, "%,.0f ops/s met %s; the limit lies in [%s, %s] (step %s failed: %s)",
          best, slo, Answers.num(lastPass), Answers.num(firstFail), Answers.num(firstFail),
          String.join("; ", failed.get(0).reasons()));
    }
    return new SloAnswer(nullIfNaN(best), nullIfNaN(lastPass), nullIfNaN(firstFail), statement, failed);
  }

  private static Double nullIfNaN(double v) {
    return Double.isNaN(v) ? null : v;
  }

  static boolean passes(Point p, List<Slo> slos) {
    return missed(p, slos).isEmpty();
  }

  /**
   * Each objective the step missed, in words, in a fixed order: the error rate, the share of its target it reached,
   * then each SLO as given; empty when it passed.
   */
  static List<String> missed(Point p, List<Slo> slos) {
    List<String> m = new ArrayList<>();
    if (p.errorRate() > EarlyStop.MAX_ERROR_RATE) {
      m.add(String.format(Locale.ROOT, "error rate %.3f%% (at most %.1f%% allowed)", 100 * p.errorRate(),
          100 * EarlyStop.MAX_ERROR_RATE));
    }
    if (!p.sustained()) {
      m.add(String.format(Locale.ROOT, "reached %s%% of its target (%,.0f of %,.0f ops/s; %s%% needed)",
          Answers.num(floorTenth(100 * p.throughput() / p.target())), p.throughput(), p.target(),
          Answers.num(100 * Point.SUSTAINED)));
    }
    for (Slo s : slos) {
      Double v = s.valueUs(p);
      if (v == null) {
        m.add(s.metric() + " not measured (the step ran no " + s.operation() + ")");
      } else if (v > s.limitUs()) {
        String value = Slo.formatUs(v);
        String bound = Slo.formatUs(s.limitUs());
        if (value.equals(bound)) {
          // 10.004 ms against 10 ms: in microseconds, so the figure is seen to be over its bound
          value = String.format(Locale.ROOT, "%.0f us", v);
          bound = String.format(Locale.ROOT, "%.0f us", s.limitUs());
        }
        m.add(s.metric() + " " + value + " over the bound " + bound);
      }
    }
    return m;
  }

  /** Rounded down to a tenth, so a share just under the needed one is never printed as the needed one. */
  private static double floorTenth(double v) {
    return Math.floor(10 * v) / 10;
  }
}
