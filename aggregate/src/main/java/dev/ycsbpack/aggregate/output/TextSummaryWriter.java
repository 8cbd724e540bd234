package dev.ycsbpack.aggregate.output;

import dev.ycsbpack.aggregate.model.LatencyStats;
import dev.ycsbpack.aggregate.model.MergeResult;
import dev.ycsbpack.aggregate.model.OpResult;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Map;

/**
 * The merged result in YCSB's own text format ({@code [METRIC], MEASUREMENT, VALUE}), so scripts that read YCSB
 * output keep working. Comment lines start with {@code #}; the first one says INCOMPLETE when the merge is partial.
 */
public final class TextSummaryWriter implements ResultWriter {
  @Override
  public String fileName() {
    return "merged.txt";
  }

  @Override
  public void write(MergeResult r, Writer w) {
    PrintWriter out = new PrintWriter(w);
    if (!r.complete()) {
      out.println("# " + r.incompleteBanner());
    }
    out.println("# ycsb-aggregate: " + (r.clients().size() - r.failedClients().size()) + " clients merged; window "
        + Fmt.time(r.windowStartMs()) + " to " + Fmt.time(r.windowEndMs()) + " (" + Fmt.seconds(r.windowSeconds())
        + ", warm-up " + Fmt.seconds(r.warmupSeconds()) + ", cool-down " + Fmt.seconds(r.cooldownSeconds())
        + "); percentiles read from the summed HdrHistograms, never averaged.");
    for (String n : r.notes()) {
      out.println("# " + n);
    }
    out.println("[OVERALL], RunTime(ms), " + (r.windowEndMs() - r.windowStartMs()));
    out.println("[OVERALL], Throughput(ops/sec), " + r.totalThroughput());
    for (OpResult op : r.operations()) {
      section(out, op.name(), op.latency(), r, op.returns());
    }
    for (OpResult op : r.operations()) {
      if (op.intended() != null) {
        section(out, "Intended-" + op.name(), op.intended(), r, Map.of());
      }
    }
    out.flush();
  }

  private static void section(PrintWriter out, String name, LatencyStats s, MergeResult r, Map<String, Long> returns) {
    out.println("[" + name + "], Operations, " + s.count());
    out.println("[" + name + "], AverageLatency(us), " + s.meanUs());
    out.println("[" + name + "], MinLatency(us), " + s.minUs());
    out.println("[" + name + "], MaxLatency(us), " + s.maxUs());
    for (Map.Entry<Double, Long> p : s.percentiles().entrySet()) {
      out.println("[" + name + "], " + Fmt.ycsbOrdinal(p.getKey()) + "PercentileLatency(us), " + p.getValue());
    }
    for (Map.Entry<String, Long> e : returns.entrySet()) {
      out.println("[" + name + "], Return=" + e.getKey() + ", " + e.getValue());
    }
  }
}
