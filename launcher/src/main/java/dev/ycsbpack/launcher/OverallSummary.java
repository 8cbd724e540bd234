package dev.ycsbpack.launcher;

import dev.ycsbpack.common.InsertDocuments;
import dev.ycsbpack.common.Measurement;
import dev.ycsbpack.common.OperationCount;
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

  private static final Pattern JSON_DOCUMENTS = Pattern.compile("\"metric\"\\s*:\\s*\"" + InsertDocuments.SECTION
      + "\"\\s*,\\s*\"measurement\"\\s*:\\s*\"([A-Za-z0-9]+)\"\\s*,\\s*\"value\"\\s*:\\s*([^,}\\s]+)");

  private Double runTimeMs;
  private Long counted;
  private Long acknowledged;
  private long sentWithW0;
  private Double throughput;

  /** Feeds one line of text output. */
  void acceptLine(String line) {
    if (line.startsWith("[OVERALL]")) {
      Measurement.parse(line.strip()).ifPresent(m -> accept(m.measurement(), m.number()));
    } else if (line.startsWith("[" + InsertDocuments.SECTION + "]")) {
      Measurement.parse(line.strip()).ifPresent(m -> acceptDocuments(m.measurement(), m.number()));
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
    Matcher d = JSON_DOCUMENTS.matcher(content);
    while (d.find()) {
      try {
        acceptDocuments(d.group(1), Double.parseDouble(d.group(2)));
      } catch (NumberFormatException e) {
        // not a number: not a count this summary can use
      }
    }
  }

  private void acceptDocuments(String measurement, double value) {
    if (!Double.isFinite(value)) {
      return;
    }
    switch (measurement) {
      case InsertDocuments.COUNTED -> counted = Math.round(value);
      case InsertDocuments.ACKNOWLEDGED -> acknowledged = Math.round(value);
      case InsertDocuments.SENT_WITHOUT_ACKNOWLEDGEMENT -> sentWithW0 = Math.round(value);
      default -> { }
    }
  }

  /** True when the run batched inserts and reported how many the server acknowledged ({@code [INSERT-DOCUMENTS]}). */
  boolean batched() {
    return counted != null && acknowledged != null;
  }

  /** Inserts YCSB counted as done (OK or BATCHED_OK); only when {@link #batched()}. */
  long insertsCounted() {
    return counted;
  }

  /** Of those, the documents the server acknowledged, or that were sent with w=0 (which acknowledges nothing). */
  long insertsAcknowledged() {
    return acknowledged + sentWithW0;
  }

  /** Inserts counted as done whose documents the server did not acknowledge; 0 without batching. */
  long insertsLost() {
    return batched() ? Math.max(0, counted - insertsAcknowledged()) : 0;
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
    return OperationCount.doneFromOverall(runTimeMs, throughput);
  }
}
