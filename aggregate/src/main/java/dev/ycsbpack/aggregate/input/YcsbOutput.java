package dev.ycsbpack.aggregate.input;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one YCSB 0.17 client printed: the {@code [OVERALL]} figures (absent for a failed client) and its
 * per-operation sections.
 *
 * @param file         the file it was read from
 * @param runTimeMs    {@code [OVERALL], RunTime(ms)}, or -1 when the client printed no {@code [OVERALL]}
 * @param throughput   {@code [OVERALL], Throughput(ops/sec)}, or NaN when absent
 * @param operations   per-operation sections by name, in output order
 * @param insertDocuments the MongoDB binding's {@code [INSERT-DOCUMENTS]} counts by name ({@code Counted},
 *                     {@code Acknowledged}, ...), empty when the client did not batch inserts
 */
public record YcsbOutput(Path file, long runTimeMs, double throughput, Map<String, OpSummary> operations,
    Map<String, Long> insertDocuments) {
  public YcsbOutput {
    operations = Collections.unmodifiableMap(new LinkedHashMap<>(operations));
    insertDocuments = Collections.unmodifiableMap(new LinkedHashMap<>(insertDocuments));
  }

  /** A client that printed no {@code [OVERALL]} section did not finish: YCSB exits with 0 in that case too. */
  public boolean hasOverall() {
    return runTimeMs >= 0;
  }
}
