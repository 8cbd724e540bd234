package dev.ycsbpack.aggregate.output;

import dev.ycsbpack.aggregate.model.MergeResult;
import dev.ycsbpack.aggregate.model.TimeSeries;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Map;

/** The merged time series: one row per bucket and operation, aligned on absolute time. */
public final class TimeSeriesCsvWriter implements ResultWriter {
  @Override
  public String fileName() {
    return "timeseries.csv";
  }

  @Override
  public void write(MergeResult r, Writer w) {
    PrintWriter out = new PrintWriter(w);
    if (!r.complete()) {
      out.println("# " + r.incompleteBanner());
    }
    TimeSeries ts = r.timeSeries();
    StringBuilder h = new StringBuilder("bucket_start_epoch_ms,bucket_seconds,operation,count,throughput_ops_per_sec");
    for (double p : ts.percentiles()) {
      h.append(',').append(Fmt.pLabel(p)).append("_us");
    }
    h.append(",max_us");
    out.println(h);
    for (int k = 0; k < ts.buckets(); k++) {
      long start = ts.startMs() + k * ts.bucketMs();
      double secs = ts.bucketSeconds(k);
      for (Map.Entry<String, TimeSeries.OpSeries> e : ts.series().entrySet()) {
        TimeSeries.OpSeries s = e.getValue();
        StringBuilder b = new StringBuilder();
        b.append(start).append(',').append(Fmt.fixed(secs, 3)).append(',').append(e.getKey()).append(',')
            .append(s.counts()[k]).append(',').append(Fmt.fixed(s.counts()[k] / secs, 3));
        for (int p = 0; p < ts.percentiles().size(); p++) {
          b.append(',').append(s.percentiles()[p][k]);
        }
        b.append(',').append(s.max()[k]);
        out.println(b);
      }
    }
    out.flush();
  }
}
