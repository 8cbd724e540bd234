package dev.ycsbpack.cli;

/** The command line cannot be run (exit 2); the message names the option, the value and what is accepted. */
public final class UsageError extends Exception {
  private static final long serialVersionUID = 1L;

  public UsageError(String message) {
    super(message);
  }
}
