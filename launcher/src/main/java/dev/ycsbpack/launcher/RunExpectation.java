package dev.ycsbpack.launcher;

import dev.ycsbpack.common.OperationCount;
import java.util.Properties;

/**
 * What a successful run must show: how many operations YCSB will attempt, and where its measurements go.
 *
 * <p>Computed the way {@code site.ycsb.Client} 0.17.0 computes it: {@code operationcount} for a run;
 * {@code insertcount}, else {@code recordcount}, for a load.
 */
final class RunExpectation {
  static final String TEXT_EXPORTER = "site.ycsb.measurements.exporter.TextMeasurementsExporter";
  static final String JSON_ARRAY_EXPORTER = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
  static final String JSON_EXPORTER = "site.ycsb.measurements.exporter.JSONMeasurementsExporter";

  final long operations;
  /** With a time limit the run may legitimately stop before {@link #operations}. */
  final boolean timeLimited;
  /** Null when measurements go to stdout. */
  final String exportFile;
  final String exporter;

  private RunExpectation(long operations, boolean timeLimited, String exportFile, String exporter) {
    this.operations = operations;
    this.timeLimited = timeLimited;
    this.exportFile = exportFile;
    this.exporter = exporter;
  }

  static RunExpectation of(LaunchArguments args) throws UsageException {
    Properties p = args.properties;
    String countProperty = !args.load ? "operationcount" : p.containsKey("insertcount") ? "insertcount" : "recordcount";
    long operations = count(p, countProperty);
    long maxSeconds = count(p, "maxexecutiontime");
    if (operations == 0) {
      // Client 0.17.0 then starts zero threads (min(threads, opcount)) and reports an empty success.
      throw new UsageException(countProperty + " is 0 (or unset), so YCSB 0.17.0 would run no operation at all"
          + (args.load ? "; set recordcount (or insertcount)"
            : "; set operationcount (to run for a fixed time, set a large operationcount with maxexecutiontime)"));
    }
    return new RunExpectation(operations, maxSeconds > 0, p.getProperty("exportfile"),
        p.getProperty("exporter", TEXT_EXPORTER));
  }

  private static long count(Properties p, String name) throws UsageException {
    try {
      return OperationCount.intProperty(p, name, 0);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
