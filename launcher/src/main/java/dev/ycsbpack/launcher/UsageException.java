package dev.ycsbpack.launcher;

/** The command line cannot be run; the message says what is wrong and how to fix it. */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
