package dev.ycsbpack.coordinator.telemetry;

/** A host's {@code /proc} could not be read, or its answer was not what the kernel writes there: why, in words. */
public final class ProcException extends Exception {
  private static final long serialVersionUID = 1L;
  private final boolean timedOut;

  public ProcException(String message) {
    this(message, false);
  }

  /** @param timedOut whether the host gave no answer in time (slow, maybe loaded), rather than a failing one */
  public ProcException(String message, boolean timedOut) {
    super(message);
    this.timedOut = timedOut;
  }

  public boolean timedOut() {
    return timedOut;
  }
}
