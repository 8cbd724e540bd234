package dev.ycsbpack.coordinator.cli;

/** The command line cannot be run (exit 2); the message names the option, the value and what is accepted. */
final class UsageError extends Exception {
  private static final long serialVersionUID = 1L;

  UsageError(String message) {
    super(message);
  }
}
