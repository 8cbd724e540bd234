package dev.ycsbpack.aggregate.result;

import dev.ycsbpack.aggregate.input.OpSummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's own figures, beside the merged ones.
 *
 * @param name              client (folder) name, as shown (control characters escaped)
 * @param host              the machine it ran on (the coordinator's name for it, else {@code host.name} from its
 *                          environment); empty when unknown
 * @param dir               the folder, as given
 * @param failure           why it counts as failed, or null
 * @param runTimeMs         its {@code [OVERALL] RunTime(ms)}, -1 when failed
 * @param throughput        its own {@code [OVERALL] Throughput(ops/sec)} (whole run, including its start-up)
 * @param windowSeconds     how long its intervals inside the window last
 * @param windowOperations  its workload operations inside the window
 * @param reportedOperations its workload operations over its whole run
 * @param windowThroughput  windowOperations / windowSeconds
 * @param startMs           start of its first interval (ms since the epoch), 0 when unknown
 * @param endMs             end of its last interval
 * @param own               per-operation sections exactly as it printed them
 * @param windowCounts      per-operation counts inside the window
 */
public record ClientResult(String name, String host, String dir, String failure, long runTimeMs, double throughput,
                           double windowSeconds, long windowOperations, long reportedOperations,
                           double windowThroughput, long startMs, long endMs, Map<String, OpSummary> own,
                           Map<String, Long> windowCounts) {
  public ClientResult {
    host = host == null ? "" : host;
    own = Collections.unmodifiableMap(new LinkedHashMap<>(own));
    windowCounts = Collections.unmodifiableMap(new LinkedHashMap<>(windowCounts));
  }

  public boolean failed() {
    return failure != null;
  }
}
