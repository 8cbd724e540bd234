package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.FirstFailures;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.Text;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

/**
 * Decides, after YCSB has finished, whether the run produced a result worth reading.
 *
 * <p>YCSB 0.17.0 exits 0 when a binding's init fails (every thread returns at once), when an exception
 * escapes an operation (the JVM exits before printing anything), and when a load stops at its first failed
 * insert. Each of these leaves a missing {@code [OVERALL]} section or fewer operations than asked for. A run that
 * did every operation fails too when more of them failed, or found nothing, than {@link ErrorBudget} allows; and a
 * time-limited run fails when its operations stopped succeeding longer before its window's end than
 * {@link StallWatch#windowShareMs} (a quarter of the window, at least 5 s): it measured part of the window, not the
 * workload over it. Without a raised stall timeout the stall rule stops such a run first; this rule covers the rest.
 */
final class RunVerdict {
  /** Characters of the first failure a verdict quotes: its server code and message; the rest is on stderr. */
  private static final int FIRST_ERROR_SHOWN = 300;

  private final RunExpectation expected;
  private final OverallSummary fromStdout;
  /** The export file as read the first time it was asked for (after the run: YCSB writes it as it ends); else null. */
  private Export export;

  /** An export file read once: its measurements, or why there are none. */
  private record Export(OverallSummary summary, String problem) {
  }

  RunVerdict(RunExpectation expected, OverallSummary fromStdout) {
    this.expected = expected;
    this.fromStdout = fromStdout;
  }

  /**
   * Operations YCSB reports done, less the batched inserts the server never acknowledged; -1 when it reported none
   * that can be read.
   */
  long operationsDone() {
    OverallSummary summary = measured();
    if (summary == null || !summary.present()) {
      return -1;
    }
    long done = summary.operationsDone();
    return done < 0 ? done : Math.max(0, done - summary.insertsLost());
  }

  /** The {@code Return=} counts and throughput the run reported; none when its measurements cannot be read. */
  Outcomes outcomes() {
    OverallSummary summary = measured();
    return summary == null ? Outcomes.none() : summary.outcomes();
  }

  /**
   * The line to print before the verdict when operations failed or found nothing ({@link ErrorBudget#lead}), or
   * buffered inserts counted as done were not acknowledged ({@code NOT ACKNOWLEDGED: ...}); null when none of that
   * happened or when {@code failure} (the verdict's reason) already names it. A run stopped for another reason (the
   * stall rule, say) thus still says what became of its buffered inserts.
   */
  String lead(String failure) {
    Outcomes o = outcomes();
    String lead = ErrorBudget.lead(o).orElse(null);
    if (lead != null && failure != null && failure.equals(breach(o))) {
      lead = null;
    }
    OverallSummary summary = measured();
    String lost = summary == null || !summary.present() ? null : lostInserts(summary);
    if (lost != null && (failure == null || !failure.contains(lost))) {
      lead = (lead == null ? "" : lead + "; ") + "NOT ACKNOWLEDGED: " + lost;
    }
    return lead;
  }

  /** What the server did not acknowledge of the buffered inserts counted as done, or null when it did all. */
  private static String lostInserts(OverallSummary summary) {
    if (summary.insertsLost() <= 0) {
      return null;
    }
    return String.format(Locale.ROOT, "only %,d of %,d buffered inserts were acknowledged by the server (the other %,d "
        + "were counted as done, but %s; see the errors above)", summary.insertsAcknowledged(),
        summary.insertsCounted(), summary.insertsLost(), whyLost(summary));
  }

  /**
   * Why the counts break the budget, or null; with this process's first failure when operations failed, whose server
   * code names the cause (YCSB's status only counts: {@code ERROR 1,025} says nothing of a write concern refused).
   */
  private String breach(Outcomes o) {
    String breach = expected.budget().breach(o).orElse(null);
    if (breach == null || o.failed() == 0) {
      return breach;
    }
    return breach + FirstFailures.first().map(t -> "; first error: " + Text.shown(t, FIRST_ERROR_SHOWN)).orElse("");
  }

  /** Null when the run is good, else why it is not; for a run without a time limit counted from its first operation. */
  String failure() {
    return failure(SuccessSpan.NONE);
  }

  /** Null when the run is good, else why it is not, weighing when its operations succeeded ({@code span}). */
  String failure(SuccessSpan span) {
    if (expected.exportFile() != null && export().problem() != null) {
      return export().problem();
    }
    OverallSummary summary = measured();
    if (expected.exportFile() != null && !summary.present() && !knownExporter()) {
      return null; // a custom exporter's format is unknown: its file exists, nothing more can be checked
    }
    String where = expected.exportFile() != null ? "in " + expected.exportFile() : "on stdout";
    if (!summary.present()) {
      return "no [OVERALL] section " + where + ": YCSB stopped before reporting (see the errors above)";
    }
    long done = summary.operationsDone();
    String lost = lostInserts(summary);
    if (lost != null) {
      return expected.count().fellShort(done)
          ? lost + "; and only " + done + " of " + expected.count().operations() + " operations completed" : lost;
    }
    if (done == 0) {
      return "no operation completed (failed init, or the first operation failed; see the errors above)";
    }
    if (expected.count().fellShort(done)) {
      return "only " + done + " of " + expected.count().operations() + " operations completed"
          + " (a client thread stopped early: failed init, or a failed insert during load; see the errors above)";
    }
    String breach = breach(summary.outcomes());
    String partial = partialWindow(span);
    return partial == null ? breach : breach == null ? partial : partial + "; and " + breach;
  }

  /** What became of the buffered inserts that were counted as done and not acknowledged. */
  private static String whyLost(OverallSummary summary) {
    long unknown = summary.insertsOfUnknownFate();
    long refused = summary.insertsLost() - unknown;
    String noAnswer = "sent in a batch that got no answer (a timeout or a lost connection), so the server may have "
        + "stored them";
    if (unknown <= 0) {
      return "their batch failed";
    }
    if (refused <= 0) {
      return "their fate is unknown: " + noAnswer;
    }
    return String.format(Locale.ROOT, "their batch failed: %,d were not stored, and %,d are of unknown fate, %s",
        refused, unknown, noAnswer.replace("them", "those"));
  }

  /** Why a time-limited run measured only the start of its window, or null when its successes lasted into the end. */
  private static String partialWindow(SuccessSpan span) {
    long idle = span.idleAtEndMs();
    long limit = StallWatch.windowShareMs(span.windowMs());
    if (!span.timed() || idle <= limit) {
      return null;
    }
    String when = span.lastSuccessEpochMs() < 0 ? "no operation succeeded in the window"
        : String.format(Locale.ROOT, "the last successful operation was at %s, %.1f s before the window's end",
            Instant.ofEpochMilli(span.lastSuccessEpochMs()), idle / 1000.0);
    return String.format(Locale.ROOT, "operations succeeded for only the first %.1f s of the %.1f s measured window "
        + "(maxexecutiontime): %s, over the %.1f s allowed (a quarter of the window, at least 5 s); the measurements "
        + "are partial (they describe the window's start, not the workload over it)",
        (span.windowMs() - idle) / 1000.0, span.windowMs() / 1000.0, when, limit / 1000.0);
  }

  /** The measurements to judge: the export file's when there is one (null when it cannot be read), else stdout's. */
  private OverallSummary measured() {
    return expected.exportFile() == null ? fromStdout : export().summary();
  }

  /** The export file, read the first time it is asked for; the verdict and every count it reports come from that. */
  private synchronized Export export() {
    if (export == null) {
      Path file = Path.of(expected.exportFile());
      if (!Files.isRegularFile(file)) {
        export = new Export(null, "no measurements: exportfile " + file + " was not written");
      } else {
        try {
          OverallSummary summary = new OverallSummary();
          summary.acceptDocument(Files.readString(file, StandardCharsets.UTF_8));
          export = new Export(summary, null);
        } catch (IOException e) {
          export = new Export(null, "cannot read exportfile " + file + ": " + e.getMessage());
        }
      }
    }
    return export;
  }

  private boolean knownExporter() {
    return expected.exporter().equals(RunExpectation.TEXT_EXPORTER)
        || expected.exporter().equals(RunExpectation.JSON_ARRAY_EXPORTER)
        || expected.exporter().equals(RunExpectation.JSON_EXPORTER);
  }
}
