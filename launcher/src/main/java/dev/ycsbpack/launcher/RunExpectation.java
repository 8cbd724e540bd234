package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.PropertiesFiles;
import java.util.Properties;

/**
 * What a successful run must show: how many operations YCSB will attempt, and where its measurements go.
 *
 * <p>Computed by the one count rule, {@link OperationCount}.
 */
final class RunExpectation {
  static final String TEXT_EXPORTER = "site.ycsb.measurements.exporter.TextMeasurementsExporter";
  static final String JSON_ARRAY_EXPORTER = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
  static final String JSON_EXPORTER = "site.ycsb.measurements.exporter.JSONMeasurementsExporter";

  /** The count rule's reading of the properties: also judges the finished run ({@link OperationCount#fellShort}). */
  final OperationCount count;
  final long operations;
  /** Client threads YCSB will start: the parties of the start gate. */
  final int threads;
  /** With a time limit the run may legitimately stop before {@link #operations}. */
  final boolean timeLimited;
  /** Null when measurements go to stdout. */
  final String exportFile;
  final String exporter;
  /** How many failed and not-found operations the run may have and still be complete. */
  final ErrorBudget budget;

  private RunExpectation(OperationCount count, String exportFile, String exporter, ErrorBudget budget) {
    this.count = count;
    this.operations = count.operations();
    this.threads = count.threads();
    this.timeLimited = count.timeLimited();
    this.exportFile = exportFile;
    this.exporter = exporter;
    this.budget = budget;
  }

  static RunExpectation of(LaunchArguments args) throws UsageException {
    Properties p = args.properties;
    OperationCount count;
    ErrorBudget budget;
    try {
      count = OperationCount.of(p);
      budget = ErrorBudget.of(PropertiesFiles.toMap(p));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (count.operations() == 0) {
      // Client 0.17.0 then starts zero threads (min(threads, opcount)) and reports an empty success.
      throw new UsageException(count.property() + " is 0 (or unset), so YCSB 0.17.0 would run no operation at all"
          + (args.load ? "; set recordcount (or insertcount)"
            : "; set operationcount (to run for a fixed time, set a large operationcount with maxexecutiontime)"));
    }
    return new RunExpectation(count, p.getProperty("exportfile"), p.getProperty("exporter", TEXT_EXPORTER), budget);
  }
}
