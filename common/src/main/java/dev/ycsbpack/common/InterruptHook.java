package dev.ycsbpack.common;

/**
 * What a tool does on Ctrl-C (or SIGTERM) while its run is under way: a JVM shutdown hook registered for exactly
 * the span of the run. However the run ends, by a return or an exception, the hook is removed before the tool
 * reports it, so a run that ended with an error never has its ordinary exit taken for a signal (the hook would
 * otherwise run on the {@code System.exit} that reports the error, and say "interrupted", or turn its status).
 */
public final class InterruptHook {
  /** The run the hook guards. */
  @FunctionalInterface
  public interface Run<T, E extends Exception> {
    T run() throws E;
  }

  private InterruptHook() {
  }

  /**
   * Runs {@code run} with {@code onSignal} registered, in a thread named {@code name}, for a stop of the JVM that
   * comes while it runs; returns what it returns, throws what it throws.
   */
  public static <T, E extends Exception> T during(String name, Runnable onSignal, Run<T, E> run) throws E {
    Thread hook = new Thread(onSignal, name);
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return run.run();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // a signal came: the hook is running, waits for this run and reports it
      }
    }
  }
}
