package dev.ycsbpack.coordinator.plan;

/** The request cannot be run; the message names the option, the value and what is accepted. */
public final class PlanException extends Exception {
  private static final long serialVersionUID = 1L;

  public PlanException(String message) {
    super(message);
  }
}
