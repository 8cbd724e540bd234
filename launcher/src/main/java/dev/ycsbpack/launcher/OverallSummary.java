package dev.ycsbpack.launcher;

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
  private static final Pattern TEXT =
      Pattern.compile("^\\[OVERALL\\], (RunTime\\(ms\\)|Throughput\\(ops/sec\\)), (\\S+)\\s*$", Pattern.MULTILINE);
  private static final Pattern JSON = Pattern.compile("\"metric\"\\s*:\\s*\"OVERALL\"\\s*,\\s*\"measurement\"\\s*:"
      + "\\s*\"(RunTime\\(ms\\)|Throughput\\(ops/sec\\))\"\\s*,\\s*\"value\"\\s*:\\s*([^,}\\s]+)");

  private Double runTimeMs;
  private Double throughput;

  /** Feeds one line of text output. */
  void acceptLine(String line) {
    if (line.startsWith("[OVERALL]")) {
      scan(TEXT.matcher(line));
    }
  }

  /** Feeds a whole export file, text or JSON. */
  void acceptDocument(String content) {
    scan(TEXT.matcher(content));
    scan(JSON.matcher(content));
  }

  private void scan(Matcher m) {
    while (m.find()) {
      double value;
      try {
        value = Double.parseDouble(m.group(2));
      } catch (NumberFormatException e) {
        continue;
      }
      if (m.group(1).startsWith("RunTime")) {
        runTimeMs = value;
      } else {
        throughput = value;
      }
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
