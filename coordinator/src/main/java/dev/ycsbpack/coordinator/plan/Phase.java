package dev.ycsbpack.coordinator.plan;

/** YCSB's two phases, named as {@code bin/ycsb} takes them. */
public enum Phase {
  LOAD, RUN;

  /** The word {@code bin/ycsb} takes. */
  public String command() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
