package dev.ycsbpack.experiment.sweep;

/** What a sweep varies from step to step. */
public enum Axis {
  /** Total client threads ({@code -threads 1,2,4}). */
  THREADS("threads"),
  /** Client processes, spread over the hosts ({@code --clients 1,2,4}). */
  CLIENTS("clients"),
  /** Total target ops/s ({@code -target 1000,2000}): latency at rising offered load. */
  TARGET("target"),
  /**
   * Total target as a percentage of the throughput an unthrottled probe step measured first
   * ({@code -target 25%,50%,90%}).
   */
  TARGET_SHARE("target-percent");

  private final String label;

  Axis(String label) {
    this.label = label;
  }

  /** As in step names and the manifest. */
  public String label() {
    return label;
  }
}
