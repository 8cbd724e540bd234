package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.coordinator.options.TotalLoadOptions;
import picocli.CommandLine.Option;

/**
 * {@code -threads} and {@code -target} as the commands whose runs all take the same load (repeat, wc-matrix) read
 * them: one value each, in total over the clients.
 */
final class FixedLoadOptions {
  @Option(names = "-threads", paramLabel = "N", defaultValue = "1",
      description = "the threads of every run, in total over the clients (default: ${DEFAULT-VALUE})")
  String threads;

  @Option(names = "-target", paramLabel = "OPS", description = "the total target (ops/s) of every run (default: "
      + "unthrottled)")
  String target;

  /** The total threads, 1 or more. */
  long threads() throws UsageError {
    return TotalLoadOptions.threads(threads);
  }

  /** The total target in ops/s; 0 for unthrottled. */
  long target() throws UsageError {
    return TotalLoadOptions.target(target);
  }
}
