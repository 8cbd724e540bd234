package dev.ycsbpack.common;

/**
 * The exit statuses every command of the pack shares ({@code bin/ycsb}, {@code bin/ycsb-aggregate},
 * {@code bin/ycsb-coordinator}, {@code bin/ycsb-experiment}): scripts and the tools that run each other
 * (a coordinator's clients, an experiment's steps) read them, so they mean the same everywhere. A tool may add its own
 * above {@link #USAGE} ({@code ycsb-aggregate}'s 3 to 5), documented with it.
 */
public final class ExitCodes {
  /** The run (or command) is complete. */
  public static final int COMPLETE = 0;
  /** The run failed (or an input was refused); the last line says why. */
  public static final int FAILED = 1;
  /** The command line cannot be run: one line names the option, the value and what is accepted; nothing written. */
  public static final int USAGE = 2;

  private ExitCodes() {
  }
}
