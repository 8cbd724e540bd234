package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Map;

/**
 * The merged result in YCSB's own text format ({@code [METRIC], MEASUREMENT, VALUE}), so scripts that read YCSB
 * output keep working. Comment lines start with {@code #}; the first one says INCOMPLETE when the merge is partial.
 */
public final class TextSummaryWriter implements ResultWriter.Content {
  @Override
  public void write(MergeResult r, Writer w) {
    PrintWriter out = new PrintWriter(w);
    r.headlines().forEach(h -> comment(out, h));
    comment(out, "ycsb-aggregate: " + (r.clients().size() - r.failedClients().size()) + " clients merged; "
        + r.window().label() + " window " + Fmt.time(r.windowStartMs()) + " to " + Fmt.time(r.windowEndMs()) + " ("
        + Fmt.seconds(r.windowSeconds()) + ", warm-up " + Fmt.seconds(r.warmupSeconds()) + ", cool-down "
        + Fmt.seconds(r.cooldownSeconds()) + "); percentiles read from the summed HdrHistograms, never averaged.");
    comment(out, r.coverageStatement());
    if (!r.server().isEmpty()) {
      comment(out, "Server: " + r.server());
    }
    for (ClientResult c : r.clients()) {
      comment(out, "Client " + c.name() + (c.host().isEmpty() ? "" : " on " + c.host()) + ": "
          + (c.failed() ? "FAILED (" + c.failure() + ")" : Fmt.grouped(c.windowOperations()) + " of "
              + Fmt.grouped(c.reportedOperations()) + " operations in the window"));
    }
    for (String n : r.notes()) {
      comment(out, n);
    }
    for (String t : TelemetryLines.of(r)) {
      comment(out, t);
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

  /** A {@code #} line; whatever the text holds, it stays one line. */
  private static void comment(PrintWriter out, String text) {
    out.println("# " + Fmt.oneLine(text));
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
