package dev.ycsbpack.aggregate.merge;

import dev.ycsbpack.aggregate.result.WindowKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to merge: an immutable value. Start from {@link #builder()} (or {@link #defaults()}); every setting has the
 * default stated on its builder method.
 *
 * @param percentiles        percentiles to report, ascending, each in (0, 100]
 * @param warmupSeconds      seconds cut from the start of the window
 * @param cooldownSeconds    seconds cut from its end
 * @param bucketSeconds      time-series bucket length; 0 = the clients' own interval length
 * @param window             which window is merged: common (all clients running) or union (any client running)
 * @param force              merge clients whose configurations differ (the differences are reported)
 * @param acceptPartial      merge even when some clients failed (every output then says INCOMPLETE first)
 * @param allowedDifferences globs of further properties that may differ between clients
 * @param hosts              client (folder) name to the machine it ran on; overrides the environment's host.name
 * @param threads            worker threads (clients scanned, each operation merged in time parts, in parallel)
 */
public record MergeOptions(List<Double> percentiles, double warmupSeconds, double cooldownSeconds,
    double bucketSeconds, WindowKind window, boolean force, boolean acceptPartial,
    List<String> allowedDifferences, Map<String, String> hosts, int threads) {
  public static final List<Double> DEFAULT_PERCENTILES = List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99);

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

  /** Every default (see {@link Builder}). */
  public static MergeOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options, to change some. */
  public Builder toBuilder() {
    return new Builder().percentiles(percentiles).warmupSeconds(warmupSeconds).cooldownSeconds(cooldownSeconds)
        .bucketSeconds(bucketSeconds).window(window).force(force).acceptPartial(acceptPartial)
        .allowedDifferences(allowedDifferences).hosts(hosts).threads(threads);
  }

  /** Builds {@link MergeOptions}; each setter states its default. Invalid values are refused by {@link #build()}. */
  public static final class Builder {
    private List<Double> percentiles = DEFAULT_PERCENTILES;
    private double warmupSeconds;
    private double cooldownSeconds;
    private double bucketSeconds;
    private WindowKind window = WindowKind.COMMON;
    private boolean force;
    private boolean acceptPartial;
    private List<String> allowedDifferences = new ArrayList<>();
    private Map<String, String> hosts = new LinkedHashMap<>();
    private int threads = Math.min(2, Runtime.getRuntime().availableProcessors());

    private Builder() {
    }

    /** Default 50, 90, 95, 99, 99.9, 99.99 (max is always reported). */
    public Builder percentiles(List<Double> p) {
      percentiles = List.copyOf(p);
      return this;
    }

    /** Default 0. */
    public Builder warmupSeconds(double s) {
      warmupSeconds = s;
      return this;
    }

    /** Default 0. */
    public Builder cooldownSeconds(double s) {
      cooldownSeconds = s;
      return this;
    }

    /** Default 0: the clients' own interval ({@code status.interval}). */
    public Builder bucketSeconds(double s) {
      bucketSeconds = s;
      return this;
    }

    /** Default {@link WindowKind#COMMON}. */
    public Builder window(WindowKind w) {
      window = w;
      return this;
    }

    /** Default false: clients whose configurations differ are refused. */
    public Builder force(boolean f) {
      force = f;
      return this;
    }

    /** Default false: failed clients are refused. */
    public Builder acceptPartial(boolean a) {
      acceptPartial = a;
      return this;
    }

    /** Default none (only the built-in per-client properties may differ). */
    public Builder allowedDifferences(List<String> globs) {
      allowedDifferences = new ArrayList<>(globs);
      return this;
    }

    /** Default none: each client's host is its environment's {@code host.name}. */
    public Builder hosts(Map<String, String> clientToHost) {
      hosts = new LinkedHashMap<>(clientToHost);
      return this;
    }

    /** Default min(2, processors). */
    public Builder threads(int n) {
      threads = n;
      return this;
    }

    public MergeOptions build() {
      return new MergeOptions(percentiles, warmupSeconds, cooldownSeconds, bucketSeconds, window, force,
          acceptPartial, allowedDifferences, hosts, threads);
    }
  }
}
