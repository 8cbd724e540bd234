package dev.ycsbpack.aggregate.result;

import java.util.Locale;

/** How the clients' logs could be merged. */
public enum MergeMode {
  /** The clients ran with {@code -s}: one histogram per interval, so a window and a time series. */
  INTERVALS,
  /** Some client's logs hold one histogram for its whole run (it ran without {@code -s}): whole runs are merged. */
  WHOLE_RUN;

  /** The name in every output ({@code intervals}, {@code whole-run}): the constant's, in lower case with hyphens. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
