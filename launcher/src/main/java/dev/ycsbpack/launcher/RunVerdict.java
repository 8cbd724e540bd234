package dev.ycsbpack.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Decides, after YCSB has finished, whether the run produced a result worth reading.
 *
 * <p>YCSB 0.17.0 exits 0 when a binding's init fails (every thread returns at once), when an exception
 * escapes an operation (the JVM exits before printing anything), and when a load stops at its first failed
 * insert. Each of these leaves a missing {@code [OVERALL]} section or fewer operations than asked for.
 */
final class RunVerdict {
  private final RunExpectation expected;
  private final OverallSummary fromStdout;

  RunVerdict(RunExpectation expected, OverallSummary fromStdout) {
    this.expected = expected;
    this.fromStdout = fromStdout;
  }

  /**
   * Operations YCSB reports done, less the batched inserts the server never acknowledged; -1 when it reported none
   * that can be read.
   */
  long operationsDone() {
    OverallSummary summary = fromStdout;
    if (!summary.present()) {
      return -1;
    }
    long done = summary.operationsDone();
    return done < 0 ? done : Math.max(0, done - summary.insertsLost());
  }

  /** Null when the run is good, else why it is not. */
  String failure() {
    OverallSummary summary = fromStdout;
    if (expected.exportFile != null) {
      Path file = Path.of(expected.exportFile);
      if (!Files.isRegularFile(file)) {
        return "no measurements: exportfile " + file + " was not written";
      }
      summary = new OverallSummary();
      try {
        summary.acceptDocument(Files.readString(file, StandardCharsets.UTF_8));
      } catch (IOException e) {
        return "cannot read exportfile " + file + ": " + e.getMessage();
      }
      if (!summary.present() && !knownExporter()) {
        return null; // a custom exporter's format is unknown: its file exists, nothing more can be checked
      }
    }
    String where = expected.exportFile != null ? "in " + expected.exportFile : "on stdout";
    if (!summary.present()) {
      return "no [OVERALL] section " + where + ": YCSB stopped before reporting (see the errors above)";
    }
    long done = summary.operationsDone();
    String lost = null;
    if (summary.insertsLost() > 0) {
      lost = String.format(java.util.Locale.ROOT, "only %,d of %,d buffered inserts were acknowledged by the server (the other %,d were "
          + "counted as done, but their batch failed; see the errors above)", summary.insertsAcknowledged(),
          summary.insertsCounted(), summary.insertsLost());
    }
    if (lost != null) {
      return expected.count.fellShort(done)
          ? lost + "; and only " + done + " of " + expected.operations + " operations completed" : lost;
    }
    if (done == 0) {
      return "no operation completed (failed init, or the first operation failed; see the errors above)";
    }
    if (expected.count.fellShort(done)) {
      return "only " + done + " of " + expected.operations + " operations completed"
          + " (a client thread stopped early: failed init, or a failed insert during load; see the errors above)";
    }
    return null;
  }

  private boolean knownExporter() {
    return expected.exporter.equals(RunExpectation.TEXT_EXPORTER)
        || expected.exporter.equals(RunExpectation.JSON_ARRAY_EXPORTER)
        || expected.exporter.equals(RunExpectation.JSON_EXPORTER);
  }
}
