package dev.ycsbpack.coordinator.options;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.FlagValues;
import picocli.CommandLine.Option;

/**
 * The flags bin/ycsb takes for its load, as the coordinator's {@code load} and {@code run} take them: {@code -threads}
 * and {@code -target} in total over the clients, and {@code -s}. The totals are read here for every command that takes
 * them (the experiment commands declare their own, with their own help), so a bad value gets bin/ycsb's line.
 */
public final class TotalLoadOptions {
  // text, read by common's FlagValues as bin/ycsb reads it, so a bad value gets bin/ycsb's line
  @Option(names = "-threads", paramLabel = "N", description = "client threads in TOTAL, split over the clients "
      + "(default: threadcount, else one per client)")
  String threads;

  @Option(names = "-target", paramLabel = "OPS", description = "operations per second in TOTAL, split over the "
      + "clients (default: unthrottled)")
  String target;

  @Option(names = "-s", description = "accepted for bin/ycsb compatibility: clients always report status to the "
      + "coordinator, which shows the merged progress")
  boolean status;

  /** {@code -threads} in total, 1 or more; 0 when not given (threadcount, else one per client). */
  public int threads() throws UsageError {
    return threads(threads);
  }

  /** {@code -target} in total, in ops/s; 0 when not given (unthrottled). */
  public int target() throws UsageError {
    return target(target);
  }

  /** {@code -threads} {@code text} as a total, 1 or more; 0 for null (not given). */
  public static int threads(String text) throws UsageError {
    return text == null ? 0 : wholeNumber("-threads", text, 1);
  }

  /** {@code -target} {@code text} as a total in ops/s, 0 or more; 0 for null (not given: unthrottled). */
  public static int target(String text) throws UsageError {
    return text == null ? 0 : wholeNumber("-target", text, 0);
  }

  private static int wholeNumber(String flag, String text, int min) throws UsageError {
    try {
      return FlagValues.wholeNumber(flag, text, min);
    } catch (IllegalArgumentException e) {
      throw new UsageError(e.getMessage());
    }
  }
}
