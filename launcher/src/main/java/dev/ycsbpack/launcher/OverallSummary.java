package dev.ycsbpack.launcher;

import dev.ycsbpack.common.Measurement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code [OVERALL]} figures of a YCSB run, read from its text or JSON measurements.
 *
 * <p>YCSB prints {@code Throughput = 1000 * opsDone / RunTime(ms)}, so the number of operations the client
 * threads completed can be recovered exactly from the two; the per-operation sections cannot give it,
 * because a read-modify-write is counted under READ, UPDATE and READ-MODIFY-WRITE.
 */
final class OverallSummary {
  private static final Pattern JSON = Pattern.compile("\"metric\"\\s*:\\s*\"OVERALL\"\\s*,\\s*\"measurement\"\\s*:"
      + "\\s*\"(RunTime\\(ms\\)|Throughput\\(ops/sec\\))\"\\s*,\\s*\"value\"\\s*:\\s*([^,}\\s]+)");

  private Double runTimeMs;
  private Double throughput;

  /** Feeds one line of text output. */
  void acceptLine(String line) {
    if (line.startsWith("[OVERALL]")) {
      Measurement.parse(line.strip()).ifPresent(m -> accept(m.measurement(), m.number()));
    }
  }

  /** Feeds a whole export file, text or JSON. */
  void acceptDocument(String content) {
    content.lines().forEach(this::acceptLine);
    Matcher m = JSON.matcher(content);
    while (m.find()) {
      try {
        accept(m.group(1), Double.parseDouble(m.group(2)));
      } catch (NumberFormatException e) {
        // not a number: not a measurement this summary can use
      }
    }
  }

  private void accept(String measurement, double value) {
    if (Double.isNaN(value) && !"Throughput(ops/sec)".equals(measurement)) {
      return;
    }
    switch (measurement) {
      case "RunTime(ms)" -> runTimeMs = value;
      case "Throughput(ops/sec)" -> throughput = value;
      default -> { }
    }
  }

  boolean present() {
    return runTimeMs != null && throughput != null;
  }

  /** Operations done; -1 when the run took under a millisecond and the count cannot be recovered. */
  long operationsDone() {
    if (throughput.isNaN()) {
      return 0;
    }
    if (throughput.isInfinite() || runTimeMs == 0) {
      return -1;
    }
    return Math.round(throughput * runTimeMs / 1000.0);
  }
}
