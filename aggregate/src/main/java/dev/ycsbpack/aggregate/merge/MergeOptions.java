package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.result.WindowKind;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to merge: an immutable value. Start from {@link #builder()} (or {@link #defaults()}); every setting has the
 * default stated here (the builder starts from it). Invalid values are refused when it is built.
 *
 * @param percentiles        percentiles to report, ascending, each in (0, 100]; default
 *                           {@link #DEFAULT_PERCENTILES} 50, 90, 95, 99, 99.9, 99.99 (max is always reported)
 * @param warmupSeconds      seconds cut from the start of the window; default 0
 * @param cooldownSeconds    seconds cut from its end; default 0
 * @param bucketSeconds      time-series bucket length; default 0: the clients' own interval ({@code status.interval})
 * @param window             which window is merged: common (all clients running) or union (any client running);
 *                           default {@link WindowKind#COMMON}
 * @param force              merge clients whose configurations differ (the differences are reported); default false:
 *                           they are refused
 * @param acceptPartial      merge even when some clients failed (every output then says INCOMPLETE first); default
 *                           false: failed clients are refused
 * @param allowedDifferences globs of further properties that may differ between clients; default none (only the
 *                           built-in per-client properties may differ)
 * @param hosts              client (folder) name to the machine it ran on; overrides the environment's host.name;
 *                           default none: each client's host is its environment's {@code host.name}
 * @param threads            worker threads (clients scanned, each operation merged in time parts, in parallel);
 *                           default {@link #defaultThreads()}, min(2, processors)
 */
@RecordBuilder
public record MergeOptions(@RecordBuilder.Initializer("DEFAULT_PERCENTILES") List<Double> percentiles,
    double warmupSeconds, double cooldownSeconds, double bucketSeconds,
    @RecordBuilder.Initializer("DEFAULT_WINDOW") WindowKind window, boolean force, boolean acceptPartial,
    @RecordBuilder.Initializer("NO_DIFFERENCES") List<String> allowedDifferences,
    @RecordBuilder.Initializer("NO_HOSTS") Map<String, String> hosts,
    @RecordBuilder.Initializer("defaultThreads") int threads) {
  public static final List<Double> DEFAULT_PERCENTILES = List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99);
  /** The default window: all clients running. */
  public static final WindowKind DEFAULT_WINDOW = WindowKind.COMMON;
  /** The default {@link #allowedDifferences}: none beyond the built-in per-client properties. */
  public static final List<String> NO_DIFFERENCES = List.of();
  /** The default {@link #hosts}: none, each client's host is its environment's {@code host.name}. */
  public static final Map<String, String> NO_HOSTS = Map.of();

  /** The default {@link #threads}: min(2, processors). */
  public static int defaultThreads() {
    return Math.min(2, Runtime.getRuntime().availableProcessors());
  }

  public MergeOptions {
    percentiles = percentiles.stream().sorted().distinct().toList();
    if (percentiles.isEmpty()) {
      throw new IllegalArgumentException("name at least one percentile");
    }
    for (double p : percentiles) {
      if (!(p > 0 && p <= 100)) {
        throw new IllegalArgumentException("a percentile must be in (0, 100], got " + p);
      }
    }
    if (!(warmupSeconds >= 0 && cooldownSeconds >= 0 && bucketSeconds >= 0)) {
      throw new IllegalArgumentException("warm-up, cool-down and bucket must not be negative");
    }
    Objects.requireNonNull(window, "window");
    allowedDifferences = List.copyOf(allowedDifferences);
    hosts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be 1 or more, got " + threads);
    }
  }

  /** Every default (stated on each component). */
  public static MergeOptions defaults() {
    return builder().build();
  }

  /** A builder starting from every default. */
  public static MergeOptionsBuilder builder() {
    return MergeOptionsBuilder.builder();
  }

  /** A builder holding these options, to change some. */
  public MergeOptionsBuilder toBuilder() {
    return MergeOptionsBuilder.builder(this);
  }
}
