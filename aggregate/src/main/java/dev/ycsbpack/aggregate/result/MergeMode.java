package dev.ycsbpack.aggregate.result;

/** How the clients' logs could be merged. */
public enum MergeMode {
  /** The clients ran with {@code -s}: one histogram per interval, so a window and a time series. */
  INTERVALS("intervals"),
  /** Some client's logs hold one histogram for its whole run (it ran without {@code -s}): whole runs are merged. */
  WHOLE_RUN("whole-run");

  private final String label;

  MergeMode(String label) {
    this.label = label;
  }

  /** The name in every output ({@code intervals}, {@code whole-run}). */
  public String label() {
    return label;
  }
}
