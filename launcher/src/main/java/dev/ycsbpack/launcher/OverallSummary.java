package dev.ycsbpack.launcher;

import dev.ycsbpack.common.InsertDocuments;
import dev.ycsbpack.common.Measurement;
import dev.ycsbpack.common.OperationCount;
import dev.ycsbpack.common.Outcomes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code [OVERALL]} figures and {@code Return=} counts of a YCSB run, read from the output of any exporter YCSB
 * 0.17.0 ships: the text exporter's {@code [METRIC], MEASUREMENT, VALUE} lines, and the two JSON exporters' objects
 * (one per measurement, pretty-printed over several lines or not), on stdout or in an export file.
 *
 * <p>YCSB prints {@code Throughput = 1000 * opsDone / RunTime(ms)}, so the number of operations the client
 * threads completed can be recovered exactly from the two; the per-operation sections cannot give it,
 * because a read-modify-write is counted under READ, UPDATE and READ-MODIFY-WRITE.
 */
final class OverallSummary {
  /** One JSON exporter object; the value may be quoted ({@code "NaN"}: Jackson quotes non-finite numbers). */
  private static final Pattern JSON = Pattern.compile("\"metric\"\\s*:\\s*\"([^\"]*)\"\\s*,\\s*\"measurement\"\\s*:"
      + "\\s*\"([^\"]*)\"\\s*,\\s*\"value\"\\s*:\\s*\"?([^,}\\s\"]+)");
  /** The JSON key every exporter object starts with: text from its last occurrence on may be an unfinished object. */
  private static final String METRIC_KEY = "\"metric\"";
  /**
   * At most this much of an unfinished JSON object is kept (one object is under a hundred characters): what is not
   * a measurement is dropped as it comes, so a long run's output never accumulates.
   */
  static final int MAX_PENDING_CHARS = 64 << 10;

  private final List<Measurement> measurements = new ArrayList<>();
  private final List<Measurement> fromJson = new ArrayList<>();
  /**
   * Output after the last JSON object read, from its last {@link #METRIC_KEY}: an object whose lines are not all
   * in.
   */
  private final StringBuilder pending = new StringBuilder();

  /** Feeds one line of output (stdout as YCSB prints it, with or without its line end). */
  synchronized void acceptLine(String line) {
    var m = Measurement.parse(line.strip());
    if (m.isPresent()) {
      measurements.add(m.get());
      return;
    }
    pending.append(line).append(line.endsWith("\n") ? "" : "\n");
    // an object is read once its value's line is in (a line ends the value), so matching as lines come finds what
    // matching the whole output at the end would
    Matcher j = JSON.matcher(pending);
    int end = 0;
    while (j.find()) {
      fromJson.add(new Measurement(j.group(1), j.group(2), j.group(3)));
      end = j.end();
    }
    int unfinished = pending.indexOf(METRIC_KEY, end);
    if (unfinished < 0 || pending.length() - unfinished > MAX_PENDING_CHARS) {
      pending.setLength(0);
    } else {
      pending.delete(0, unfinished);
    }
  }

  /** How much output is held for an unfinished JSON object (for tests: never more than one object's). */
  synchronized int pendingChars() {
    return pending.length();
  }

  /** Feeds a whole export file, text or JSON. */
  void acceptDocument(String content) {
    content.lines().forEach(this::acceptLine);
  }

  /** Every measurement read so far: the text lines, then the JSON objects. */
  private synchronized List<Measurement> all() {
    List<Measurement> out = new ArrayList<>(measurements);
    out.addAll(fromJson);
    return out;
  }

  private Double overall(String measurement) {
    Double found = null;
    for (Measurement m : all()) {
      if (m.metric().equals("OVERALL") && m.measurement().equals(measurement)) {
        double v = m.number();
        if (!Double.isNaN(v) || measurement.equals("Throughput(ops/sec)")) {
          found = v; // YCSB prints NaN throughput when no operation completed: present, and zero operations
        }
      }
    }
    return found;
  }

  private Long documents(String measurement) {
    Long found = null;
    for (Measurement m : all()) {
      if (m.metric().equals(InsertDocuments.SECTION) && m.measurement().equals(measurement)
          && Double.isFinite(m.number())) {
        found = Math.round(m.number());
      }
    }
    return found;
  }

  /** True when the run batched inserts and reported how many the server acknowledged ({@code [INSERT-DOCUMENTS]}). */
  boolean batched() {
    return documents(InsertDocuments.COUNTED) != null && documents(InsertDocuments.ACKNOWLEDGED) != null;
  }

  /** Inserts YCSB counted as done (OK or BATCHED_OK); only when {@link #batched()}. */
  long insertsCounted() {
    return documents(InsertDocuments.COUNTED);
  }

  /** Of those, the documents the server acknowledged, or that were sent with w=0 (which acknowledges nothing). */
  long insertsAcknowledged() {
    Long w0 = documents(InsertDocuments.SENT_WITHOUT_ACKNOWLEDGEMENT);
    return documents(InsertDocuments.ACKNOWLEDGED) + (w0 == null ? 0 : w0);
  }

  /**
   * Of the inserts counted as done and not acknowledged, those whose fate is unknown: sent in a batch that got no
   * answer, so the server may have stored them ({@code FateUnknown}); 0 when there are none or without batching.
   */
  long insertsOfUnknownFate() {
    Long unknown = documents(InsertDocuments.FATE_UNKNOWN);
    return batched() && unknown != null ? unknown : 0;
  }

  /** Inserts counted as done whose documents the server did not acknowledge; 0 without batching. */
  long insertsLost() {
    return batched() ? Math.max(0, insertsCounted() - insertsAcknowledged()) : 0;
  }

  boolean present() {
    return overall("RunTime(ms)") != null && overall("Throughput(ops/sec)") != null;
  }

  /** Operations done; -1 when the run took under a millisecond and the count cannot be recovered. */
  long operationsDone() {
    Double throughput = overall("Throughput(ops/sec)");
    Double runTimeMs = overall("RunTime(ms)");
    if (throughput == null || runTimeMs == null) {
      return 0;
    }
    return OperationCount.doneFromOverall(runTimeMs, throughput);
  }

  /** The {@code Return=} counts with the {@code [OVERALL]} throughput (NaN when there is none to read). */
  Outcomes outcomes() {
    Outcomes o = Outcomes.none();
    for (Measurement m : all()) {
      var status = Outcomes.status(m);
      if (status.isPresent() && Double.isFinite(m.number())) {
        o = o.plus(m.metric(), status.get(), Math.round(m.number()));
      }
    }
    Double tp = overall("Throughput(ops/sec)");
    return o.withOpsPerSec(tp == null || !Double.isFinite(tp) ? Double.NaN : tp);
  }
}
