package dev.ycsbpack.experiment.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Synthetic sweeps with known answers. */
final class Sweeps {
  private Sweeps() {
  }

  /** Doubling x from 1, the given throughputs, READ p99 as given, no errors, no saturation. */
  static List<Point> doubling(double[] throughput, double[] p99Us) {
    List<Point> out = new ArrayList<>();
    for (int i = 0; i < throughput.length; i++) {
      out.add(Point.ofP99(1 << i, throughput[i], Map.of("READ", p99Us[i]), 0, false));
    }
    return out;
  }
}
