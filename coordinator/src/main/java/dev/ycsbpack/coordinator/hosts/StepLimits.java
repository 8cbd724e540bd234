package dev.ycsbpack.coordinator.hosts;

import java.time.Duration;

/**
 * How long each step on a remote host may take. Every limit is counted from that host's (or client's) own start of
 * the step, never from the start of the phase: with {@code --parallel} below the number of hosts, a host waits in
 * the queue for a free worker, and that wait is not its step's time. Steps whose work grows with what they carry
 * are scaled by it, so no limit is a fixed figure that a larger pack or a busier machine outgrows.
 *
 * <p>The upload of a client's properties (and TLS files) is not here: it is part of the client's launch, bounded by
 * {@code --ready-timeout} from that client's own launch (see {@code Supervisor}).
 *
 * @param check          the probe of one host (reach it, find java, see whether the pack is staged)
 * @param stageBase      staging a pack on one host: this, plus {@code stageFloorRate} for its bytes
 * @param stageFloorRate the slowest transfer, in bytes per second, that staging still waits for
 * @param collect        bringing one client's folder back
 * @param cleanup        removing the run's folder on one host (and killing a client that outlived its transport)
 */
public record StepLimits(Duration check, Duration stageBase, long stageFloorRate, Duration collect,
    Duration cleanup) {
  /** The limits of every run: the one place their defaults are written (docs/coordinator.md lists them). */
  public static StepLimits defaults() {
    return new StepLimits(Duration.ofSeconds(30), Duration.ofSeconds(120), 64 * 1024, Duration.ofMinutes(10),
        Duration.ofSeconds(30));
  }

  public StepLimits {
    if (stageFloorRate < 1) {
      throw new IllegalArgumentException("stageFloorRate must be positive: " + stageFloorRate);
    }
  }

  /** How long staging {@code bytes} (the pack's files, before compression) may take on one host. */
  public Duration stage(long bytes) {
    return stageBase.plusSeconds(Math.max(0, bytes) / stageFloorRate + 1);
  }
}
