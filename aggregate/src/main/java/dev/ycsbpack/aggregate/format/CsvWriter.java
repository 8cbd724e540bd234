package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * One row per operation and latency kind ({@code service} or {@code intended}), plus a {@code TOTAL} row. Comment
 * lines come first: {@code # INCOMPLETE: ...} when the merge is partial, then the warnings and the window coverage.
 */
public final class CsvWriter implements ResultWriter.Content {
  @Override
  public void write(MergeResult r, Writer out) throws IOException {
    out.write(Csv.preamble(r));
    List<String> h = new ArrayList<>(List.of("operation", "latency", "count", "reported", "throughput_ops_per_sec",
        "min_us", "mean_us"));
    for (double p : r.percentiles()) {
      h.add(Fmt.pLabel(p) + "_us");
    }
    h.addAll(List.of("max_us", "returns", "errors", "error_rate", "window", "window_seconds", "clients"));
    out.write(Csv.row(h));
    int clients = r.clients().size() - r.failedClients().size();
    for (OpResult op : r.operations()) {
      out.write(row(r, op.name(), op.latencyKind().label(), op.latency(), op, clients));
      if (op.intended() != null) {
        out.write(row(r, op.name(), "intended", op.intended(), op, clients));
      }
    }
    List<String> t = new ArrayList<>(List.of("TOTAL", "", Long.toString(r.totalCount()),
        Long.toString(r.reportedCount()), Fmt.fixed(r.totalThroughput(), 3), "", ""));
    for (int i = 0; i < r.percentiles().size(); i++) {
      t.add("");
    }
    t.addAll(List.of("", "", "", "", r.window().label(), Fmt.fixed(r.windowSeconds(), 3), Integer.toString(clients)));
    out.write(Csv.row(t));
  }

  private static String row(MergeResult r, String name, String kind, LatencyStats s, OpResult op, int clients) {
    List<String> b = new ArrayList<>(List.of(name, kind, Long.toString(s.count()), Long.toString(op.reported()),
        Fmt.fixed(op.throughput(), 3), Long.toString(s.minUs()), Fmt.fixed(s.meanUs(), 3)));
    for (double p : r.percentiles()) {
      b.add(String.valueOf(s.percentiles().get(p)));
    }
    long returns = op.returns().values().stream().mapToLong(Long::longValue).sum();
    b.addAll(List.of(Long.toString(s.maxUs()), Long.toString(returns), Long.toString(op.errors()),
        Double.isNaN(op.errorRate()) ? "" : Double.toString(op.errorRate()), r.window().label(),
        Fmt.fixed(r.windowSeconds(), 3), Integer.toString(clients)));
    return Csv.row(b);
  }
}
