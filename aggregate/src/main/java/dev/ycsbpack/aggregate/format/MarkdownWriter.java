package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.ClientResult;
import dev.ycsbpack.aggregate.result.LatencyKind;
import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import java.io.PrintWriter;
import java.io.Writer;

/** Markdown tables, ready to paste into a post. The first line says INCOMPLETE when the merge is partial. */
public final class MarkdownWriter implements ResultWriter.Content {
  @Override
  public void write(MergeResult r, Writer w) {
    PrintWriter out = new PrintWriter(w);
    for (String h : r.headlines()) {
      out.println("> **" + esc(h) + "**");
      out.println();
    }
    int merged = r.clients().size() - r.failedClients().size();
    out.println("### YCSB results: " + merged + " client" + (merged == 1 ? "" : "s") + " merged");
    out.println();
    out.println(
        cap(r.window().label()) + " window " + Fmt.time(r.windowStartMs()) + " to " + Fmt.time(r.windowEndMs()) + " ("
            + Fmt.seconds(r.windowSeconds()) + "; warm-up " + Fmt.seconds(r.warmupSeconds()) + ", cool-down "
            + Fmt.seconds(r.cooldownSeconds()) + "). Throughput **" + Fmt.fixed(r.totalThroughput(), 1)
            + " ops/s** (" + Fmt.grouped(r.totalCount()) + " operations). Latencies in µs, percentiles from the "
            + "clients' summed HdrHistograms.");
    out.println();
    out.println(esc(r.coverageStatement()) + (r.server().isEmpty() ? "" : " Server: " + esc(r.server()) + "."));
    out.println();
    StringBuilder h = new StringBuilder("| Operation | Count | Ops/s | Mean");
    StringBuilder sep = new StringBuilder("|---|---:|---:|---:");
    for (double p : r.percentiles()) {
      h.append(" | ").append(Fmt.pLabel(p));
      sep.append("|---:");
    }
    h.append(" | Max | Errors |");
    sep.append("|---:|---:|");
    out.println(h);
    out.println(sep);
    for (OpResult op : r.operations()) {
      row(out, r, op.name() + (op.latencyKind() == LatencyKind.INTENDED ? " (intended)" : ""), op.latency(), op,
          true);
      if (op.intended() != null) {
        row(out, r, op.name() + " (intended)", op.intended(), op, false);
      }
    }
    out.println();
    out.println("| Client | Host | Own throughput (ops/s) | Own run (s) | Ops reported | Ops in window "
        + "| Ops/s in window |");
    out.println("|---|---|---:|---:|---:|---:|---:|");
    for (ClientResult c : r.clients()) {
      if (c.failed()) {
        out.println("| " + esc(c.name()) + " | " + esc(c.host()) + " | FAILED: " + esc(c.failure()) + " | | | | |");
      } else {
        out.println("| " + esc(c.name()) + " | " + esc(c.host()) + " | " + Fmt.fixed(c.throughput(), 1) + " | "
            + Fmt.fixed(c.runTimeMs() / 1000.0, 1) + " | " + Fmt.grouped(c.reportedOperations()) + " | "
            + Fmt.grouped(c.windowOperations()) + " (" + Fmt.share(c.windowOperations(), c.reportedOperations())
            + ") | " + Fmt.fixed(c.windowThroughput(), 1) + " |");
      }
    }
    out.println();
    for (String n : r.notes()) {
      out.println("- " + esc(n));
    }
    for (String t : TelemetryLines.of(r)) {
      out.println("- " + esc(t));
    }
    out.flush();
  }

  private static void row(PrintWriter out, MergeResult r, String label, LatencyStats s, OpResult op, boolean main) {
    StringBuilder b = new StringBuilder("| ").append(esc(label)).append(" | ").append(Fmt.grouped(s.count()))
        .append(" | ").append(main ? Fmt.fixed(op.throughput(), 1) : "").append(" | ")
        .append(Fmt.fixed(s.meanUs(), 1));
    for (double p : r.percentiles()) {
      b.append(" | ").append(Fmt.grouped(s.percentiles().get(p)));
    }
    b.append(" | ").append(Fmt.grouped(s.maxUs())).append(" | ");
    if (main) {
      b.append(Fmt.grouped(op.errors())).append(" (").append(Fmt.percent(op.errorRate())).append(')');
    }
    b.append(" |");
    out.println(b);
  }

  /** A Markdown table cell or line: one line (control characters escaped), pipes escaped. */
  static String esc(String s) {
    return Fmt.oneLine(s).replace("|", "\\|");
  }

  private static String cap(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
