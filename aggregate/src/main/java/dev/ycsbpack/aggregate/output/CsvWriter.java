package dev.ycsbpack.aggregate.output;

import dev.ycsbpack.aggregate.model.LatencyStats;
import dev.ycsbpack.aggregate.model.MergeResult;
import dev.ycsbpack.aggregate.model.OpResult;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * One row per operation and latency kind ({@code service} or {@code intended}), plus a {@code TOTAL} row. When the
 * merge is incomplete the first line is a {@code # INCOMPLETE: ...} comment.
 */
public final class CsvWriter implements ResultWriter {
  @Override
  public String fileName() {
    return "merged.csv";
  }

  @Override
  public void write(MergeResult r, Writer w) {
    PrintWriter out = new PrintWriter(w);
    if (!r.complete()) {
      out.println("# " + r.incompleteBanner());
    }
    StringBuilder h = new StringBuilder("operation,latency,count,throughput_ops_per_sec,min_us,mean_us");
    for (double p : r.percentiles()) {
      h.append(',').append(Fmt.pLabel(p)).append("_us");
    }
    h.append(",max_us,returns,errors,error_rate,window_seconds,clients");
    out.println(h);
    int clients = r.clients().size() - r.failedClients().size();
    for (OpResult op : r.operations()) {
      row(out, r, op.name(), op.latencyKind(), op.latency(), op, clients);
      if (op.intended() != null) {
        row(out, r, op.name(), "intended", op.intended(), op, clients);
      }
    }
    StringBuilder t = new StringBuilder("TOTAL,,").append(r.totalCount()).append(',')
        .append(Fmt.fixed(r.totalThroughput(), 3)).append(",,");
    t.append(",".repeat(r.percentiles().size()));
    t.append(",,,,").append(Fmt.fixed(r.windowSeconds(), 3)).append(',').append(clients);
    out.println(t);
    out.flush();
  }

  private static void row(PrintWriter out, MergeResult r, String name, String kind, LatencyStats s, OpResult op,
                          int clients) {
    StringBuilder b = new StringBuilder();
    b.append(name).append(',').append(kind).append(',').append(s.count()).append(',')
        .append(Fmt.fixed(op.throughput(), 3)).append(',').append(s.minUs()).append(',')
        .append(Fmt.fixed(s.meanUs(), 3));
    for (double p : r.percentiles()) {
      b.append(',').append(s.percentiles().get(p));
    }
    long returns = op.returns().values().stream().mapToLong(Long::longValue).sum();
    b.append(',').append(s.maxUs()).append(',').append(returns).append(',').append(op.errors()).append(',')
        .append(Double.isNaN(op.errorRate()) ? "" : Double.toString(op.errorRate())).append(',')
        .append(Fmt.fixed(r.windowSeconds(), 3)).append(',').append(clients);
    out.println(b);
  }
}
