package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.cli.UsageError;
import picocli.CommandLine.Option;

/** {@code --warmup-rounds} of the commands that repeat one setup (repeat, ab): rounds run first, never counted. */
final class WarmupOptions {
  /** More warm-up than this is a measurement left unread. */
  static final int MAX = 5;

  @Option(names = "--warmup-rounds", paramLabel = "N", defaultValue = "1", description = "rounds run first, exactly "
      + "like the others, kept apart in DIR/warmup/ and never counted (they warm the server's caches and the hosts;"
      + " each run's client JVMs start anew), 0 to " + MAX + " (default: ${DEFAULT-VALUE})")
  String rounds;

  /** The warm-up rounds, 0 to {@link #MAX}. */
  int rounds() throws UsageError {
    int n;
    try {
      n = Integer.parseInt(rounds.trim());
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 0 || n > MAX) {
      throw new UsageError("--warmup-rounds " + dev.ycsbpack.common.Text.shown(rounds) + ": expected a whole number "
          + "from 0 to " + MAX);
    }
    return n;
  }
}
