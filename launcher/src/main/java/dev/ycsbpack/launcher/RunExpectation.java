package dev.ycsbpack.launcher;

import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.PropertiesFiles;
import java.util.Properties;

/**
 * What a successful run must show: how many operations YCSB will attempt, and where its measurements go.
 *
 * <p>Computed by the one count rule, {@link OperationCount}.
 *
 * @param count      the count rule's reading of the properties: the operations YCSB will attempt, its threads (the
 *                   parties of the start gate), whether a time limit may end it sooner; it also judges the finished
 *                   run ({@link OperationCount#fellShort})
 * @param exportFile where the measurements go; null when they go to stdout
 * @param exporter   the exporter class that writes them
 * @param budget     how many failed and not-found operations the run may have and still be complete
 */
record RunExpectation(OperationCount count, String exportFile, String exporter, ErrorBudget budget) {
  static final String TEXT_EXPORTER = "site.ycsb.measurements.exporter.TextMeasurementsExporter";
  static final String JSON_ARRAY_EXPORTER = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
  static final String JSON_EXPORTER = "site.ycsb.measurements.exporter.JSONMeasurementsExporter";

  static RunExpectation of(LaunchArguments args) throws UsageException {
    Properties p = args.properties();
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
          + (args.load() ? "; set recordcount (or insertcount)"
              : "; set operationcount (to run for a fixed time, set a large operationcount with maxexecutiontime)"));
    }
    return new RunExpectation(count, p.getProperty("exportfile"), p.getProperty("exporter", TEXT_EXPORTER), budget);
  }
}
