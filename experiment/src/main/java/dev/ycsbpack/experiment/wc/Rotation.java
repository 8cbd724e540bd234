package dev.ycsbpack.experiment.wc;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of a matrix's cells in each repetition: repetition r (from 1) starts at cell r-1 and goes round, so each
 * cell runs once in every position over as many repetitions as there are cells, and slow drift (a warming cache, a
 * filling disk) does not always favour the same cell (research experiments.md §4.3, interleaved trials).
 */
public final class Rotation {
  private Rotation() {
  }

  /** The cell indexes (from 0) of {@code cells} cells in repetition {@code repetition} (from 1), in run order. */
  public static List<Integer> order(int cells, int repetition) {
    if (cells < 1 || repetition < 1) {
      throw new IllegalArgumentException("cells " + cells + " and repetition " + repetition + ": both from 1");
    }
    List<Integer> out = new ArrayList<>(cells);
    for (int i = 0; i < cells; i++) {
      out.add((repetition - 1 + i) % cells);
    }
    return out;
  }
}
