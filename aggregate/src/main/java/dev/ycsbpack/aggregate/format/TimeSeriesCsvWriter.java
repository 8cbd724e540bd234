package dev.ycsbpack.aggregate.format;

import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.TimeSeries;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The merged time series: one row per bucket and operation, aligned on absolute time. */
public final class TimeSeriesCsvWriter implements ResultWriter.Content {
  @Override
  public void write(MergeResult r, Writer out) throws IOException {
    out.write(Csv.preamble(r));
    TimeSeries ts = r.timeSeries();
    List<String> h = new ArrayList<>(List.of("bucket_start_epoch_ms", "bucket_seconds", "operation", "count",
        "throughput_ops_per_sec"));
    for (double p : ts.percentiles()) {
      h.add(Fmt.pLabel(p) + "_us");
    }
    h.add("max_us");
    out.write(Csv.row(h));
    for (int k = 0; k < ts.buckets(); k++) {
      long start = ts.startMs() + k * ts.bucketMs();
      double secs = ts.bucketSeconds(k);
      for (Map.Entry<String, TimeSeries.OpSeries> e : ts.series().entrySet()) {
        TimeSeries.OpSeries s = e.getValue();
        List<String> b = new ArrayList<>(List.of(Long.toString(start), Fmt.fixed(secs, 3), e.getKey(),
            Long.toString(s.counts()[k]), Fmt.fixed(s.counts()[k] / secs, 3)));
        for (int p = 0; p < ts.percentiles().size(); p++) {
          b.add(Long.toString(s.percentiles()[p][k]));
        }
        b.add(Long.toString(s.max()[k]));
        out.write(Csv.row(b));
      }
    }
  }
}
