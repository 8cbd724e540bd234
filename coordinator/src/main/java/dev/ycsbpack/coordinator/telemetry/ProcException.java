package dev.ycsbpack.coordinator.telemetry;

/** A host's {@code /proc} could not be read, or its answer was not what the kernel writes there: why, in words. */
public final class ProcException extends Exception {
  private static final long serialVersionUID = 1L;

  public ProcException(String message) {
    super(message);
  }
}
