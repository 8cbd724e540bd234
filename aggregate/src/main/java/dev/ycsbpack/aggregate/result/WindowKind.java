package dev.ycsbpack.aggregate.result;

import java.util.Locale;

/** Which span of time is merged (before the warm-up and cool-down are cut). */
public enum WindowKind {
  /**
   * From the latest client start to the earliest client end: the span when every client was running, so the load
   * on the server was the full load throughout. Right for steady-state latency and throughput (the default).
   */
  COMMON,
  /**
   * From the earliest client start to the latest client end: every operation of every client counts. Right for
   * counting all the work done, e.g. a load phase whose clients start and finish at different times.
   */
  UNION;

  /** The name on the command line and in every output ({@code common}, {@code union}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code common} or {@code union} (any case). */
  public static WindowKind of(String s) {
    for (WindowKind k : values()) {
      if (k.label().equalsIgnoreCase(s.trim())) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown window '" + s + "' (known: common, union)");
  }
}
