package dev.ycsbpack.aggregate.model;

import dev.ycsbpack.aggregate.input.OpSummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's own figures, beside the merged ones.
 *
 * @param name             client (folder) name
 * @param dir              the folder, as given
 * @param failure          why it counts as failed, or null
 * @param runTimeMs        its {@code [OVERALL] RunTime(ms)}, -1 when failed
 * @param throughput       its own {@code [OVERALL] Throughput(ops/sec)} (whole run, including its start-up)
 * @param windowSeconds    how long its intervals inside the common window last
 * @param windowOperations its operations inside the window (workload operations only)
 * @param windowThroughput windowOperations / windowSeconds
 * @param startMs          start of its first interval (ms since the epoch), 0 when unknown
 * @param endMs            end of its last interval
 * @param own              per-operation sections exactly as it printed them
 * @param windowCounts     per-operation counts inside the window
 */
public record ClientResult(String name, String dir, String failure, long runTimeMs, double throughput,
                           double windowSeconds, long windowOperations, double windowThroughput, long startMs,
                           long endMs, Map<String, OpSummary> own, Map<String, Long> windowCounts) {
  public ClientResult {
    own = Collections.unmodifiableMap(new LinkedHashMap<>(own));
    windowCounts = Collections.unmodifiableMap(new LinkedHashMap<>(windowCounts));
  }

  public boolean failed() {
    return failure != null;
  }
}
