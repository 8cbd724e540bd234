package dev.ycsbpack.aggregate.result;

import java.util.Locale;

/** What a latency measures. */
public enum LatencyKind {
  /** From the moment the operation was issued: the database's service time (YCSB's default). */
  SERVICE,
  /**
   * From the moment it was scheduled ({@code -target} with {@code measurement.interval=intended|both}): includes the
   * wait behind a slow request, i.e. corrects coordinated omission.
   */
  INTENDED;

  /** The name in every output ({@code service}, {@code intended}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
