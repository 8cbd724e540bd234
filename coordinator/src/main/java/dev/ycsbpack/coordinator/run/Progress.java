package dev.ycsbpack.coordinator.run;

import java.io.PrintStream;
import java.time.Duration;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Live merged progress of all clients: a progress bar on a terminal, a plain line every few seconds otherwise (a CI
 * log or a file must not fill with carriage returns).
 */
public sealed interface Progress permits Progress.Bar, Progress.Lines, Progress.Silent {
  /**
   * Progress summed over the clients.
   *
   * @param done       operations completed
   * @param total      operations all clients will attempt
   * @param opsPerSec  current throughput, the sum of the clients' last interval
   * @param errors     failed operations so far
   * @param elapsed    since the clients were released
   */
  record Snapshot(long done, long total, double opsPerSec, long errors, Duration elapsed) {
    /** Estimated time left at the current rate, null when unknown. */
    public Duration eta() {
      return opsPerSec <= 0 || done >= total ? null : Duration.ofSeconds((long) ((total - done) / opsPerSec));
    }
  }

  void update(Snapshot s);

  void close();

  /** The right view for this output: a bar on a terminal, lines otherwise. */
  static Progress forConsole(PrintStream out, long total) {
    return System.console() != null ? new Bar(total) : new Lines(out, 10);
  }

  /** The progress bar library's bar, on stderr. */
  final class Bar implements Progress {
    private final ProgressBar bar;

    Bar(long total) {
      bar = new ProgressBarBuilder().setTaskName("ops").setInitialMax(total).setStyle(ProgressBarStyle.ASCII)
          .setUpdateIntervalMillis(500).showSpeed().build();
    }

    @Override
    public void update(Snapshot s) {
      bar.stepTo(Math.min(s.done(), s.total()));
      bar.setExtraMessage(String.format("%,.0f ops/s, %d errors", s.opsPerSec(), s.errors()));
    }

    @Override
    public void close() {
      bar.close();
    }
  }

  /** One line every {@code everySeconds} seconds. */
  final class Lines implements Progress {
    private final PrintStream out;
    private final long everyNanos;
    private long last = System.nanoTime();

    Lines(PrintStream out, int everySeconds) {
      this.out = out;
      this.everyNanos = Duration.ofSeconds(everySeconds).toNanos();
    }

    @Override
    public void update(Snapshot s) {
      long now = System.nanoTime();
      if (now - last < everyNanos) {
        return;
      }
      last = now;
      Duration eta = s.eta();
      out.printf("ycsb-coordinator: %d s: %,d of %,d operations (%.0f%%), %,.0f ops/s, %d errors%s%n",
          s.elapsed().toSeconds(), s.done(), s.total(), s.total() == 0 ? 0.0 : 100.0 * s.done() / s.total(),
          s.opsPerSec(), s.errors(), eta == null ? "" : ", about " + eta.toSeconds() + " s left");
    }

    @Override
    public void close() {
      // nothing held
    }
  }

  /** For tests and {@code --quiet}. */
  final class Silent implements Progress {
    @Override
    public void update(Snapshot s) {
    }

    @Override
    public void close() {
    }
  }
}
