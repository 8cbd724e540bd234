package dev.ycsbpack.aggregate.result;

import dev.ycsbpack.aggregate.input.OpSummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's own figures, beside the merged ones. The flat accessors ({@link #runTimeMs()}, ...) read its
 * {@link Figures}.
 *
 * @param name              client (folder) name, as shown (control characters escaped)
 * @param host              the machine it ran on (the coordinator's name for it, else {@code host.name} from its
 *                          environment); empty when unknown
 * @param dir               the folder, as given
 * @param failure           why it counts as failed, or null
 * @param figures           its run and its part of the window; {@link Figures#NONE} when failed
 * @param own               per-operation sections exactly as it printed them
 * @param windowCounts      per-operation counts inside the window
 */
public record ClientResult(String name, String host, String dir, String failure, Figures figures,
    Map<String, OpSummary> own, Map<String, Long> windowCounts) {
  public ClientResult {
    host = host == null ? "" : host;
    own = Collections.unmodifiableMap(new LinkedHashMap<>(own));
    windowCounts = Collections.unmodifiableMap(new LinkedHashMap<>(windowCounts));
  }

  /**
   * A merged client's run and its part of the window.
   *
   * @param runTimeMs         its {@code [OVERALL] RunTime(ms)}, -1 when failed
   * @param throughput        its own {@code [OVERALL] Throughput(ops/sec)} (whole run, including its start-up)
   * @param windowSeconds     how long its intervals inside the window last
   * @param windowOperations  its workload operations inside the window
   * @param reportedOperations its workload operations over its whole run
   * @param windowThroughput  windowOperations / windowSeconds
   * @param startMs           start of its first interval (ms since the epoch), 0 when unknown
   * @param endMs             end of its last interval
   */
  public record Figures(long runTimeMs, double throughput, double windowSeconds, long windowOperations,
      long reportedOperations, double windowThroughput, long startMs, long endMs) {
    /** A failed client's: no run time, no throughput, nothing in the window, no interval. */
    public static final Figures NONE = new Figures(-1, Double.NaN, 0, 0, 0, Double.NaN, 0, 0);
  }

  /** A client left out of the merge, with why and what it printed. */
  public static ClientResult failed(String name, String host, String dir, String failure,
      Map<String, OpSummary> own) {
    return new ClientResult(name, host, dir, failure, Figures.NONE, own, Map.of());
  }

  public boolean failed() {
    return failure != null;
  }

  public long runTimeMs() {
    return figures.runTimeMs();
  }

  public double throughput() {
    return figures.throughput();
  }

  public double windowSeconds() {
    return figures.windowSeconds();
  }

  public long windowOperations() {
    return figures.windowOperations();
  }

  public long reportedOperations() {
    return figures.reportedOperations();
  }

  public double windowThroughput() {
    return figures.windowThroughput();
  }

  public long startMs() {
    return figures.startMs();
  }

  public long endMs() {
    return figures.endMs();
  }
}
