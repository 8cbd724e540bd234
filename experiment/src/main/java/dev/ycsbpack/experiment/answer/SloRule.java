package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.SloAnswer;
import java.util.List;
import java.util.Locale;

/**
 * The highest throughput that met every SLO, with its bracket (research {@code experiments.md} §3.4, item 6):
 * among the steps in sweep order, the last that passed before the first that failed. A step passes when it met every
 * SLO, its error rate is within {@link EarlyStop#MAX_ERROR_RATE} and, under a target, it achieved at least
 * {@link Point#SUSTAINED} of it.
 */
public final class SloRule {
  private SloRule() {
  }

  /** The SLO answer of these points, in sweep order. */
  public static SloAnswer answer(List<Point> points, List<Slo> slos) {
    double best = Double.NaN;
    double lastPass = Double.NaN;
    double firstFail = Double.NaN;
    for (Point p : points) {
      if (passes(p, slos)) {
        if (!Double.isNaN(firstFail)) {
          continue;
        }
        lastPass = p.x();
        best = Double.isNaN(best) ? p.throughput() : Math.max(best, p.throughput());
      } else if (Double.isNaN(firstFail)) {
        firstFail = p.x();
      }
    }
    String slo = String.join(" and ", slos.stream().map(Slo::text).toList());
    String statement;
    if (Double.isNaN(lastPass)) {
      statement = "not met: the first step (" + Answers.num(points.isEmpty() ? Double.NaN : points.get(0).x())
          + ") already failed " + slo;
    } else if (Double.isNaN(firstFail)) {
      statement = String.format(Locale.ROOT, ">= %,.0f ops/s: every step met %s (the sweep did not reach the limit)",
          best, slo);
    } else {
      statement = String.format(Locale.ROOT, "%,.0f ops/s met %s; the limit lies in [%s, %s]", best, slo,
          Answers.num(lastPass), Answers.num(firstFail));
    }
    return new SloAnswer(nullIfNaN(best), nullIfNaN(lastPass), nullIfNaN(firstFail), statement);
  }

  private static Double nullIfNaN(double v) {
    return Double.isNaN(v) ? null : v;
  }

  static boolean passes(Point p, List<Slo> slos) {
    return p.errorRate() <= EarlyStop.MAX_ERROR_RATE && p.sustained() && slos.stream().allMatch(s -> s.met(p));
  }
}
