package dev.ycsbpack.aggregate.synthetic;

import dev.ycsbpack.aggregate.cli.AggregateMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Writes three client folders that exercise every part of the report (a server that is not MongoDB, clients that
 * fall behind their target for a while, a near-empty CLEANUP) and merges them, to look at the report in a browser.
 * Usage: {@code ReportDemo OUT}; the report is {@code OUT/merged/report.html}.
 */
public final class ReportDemo {
  private ReportDemo() {
  }

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args[0]);
    Random rnd = new Random(7);
    for (int c = 0; c < 3; c++) {
      Map<String, String> p = SyntheticClients.baseProperties();
      p.put("insertstart", Integer.toString(c * 1000));
      p.put("measurement.interval", "both");
      p.put("target", "3000");
      p.put("mongodb.url", "mongodb://ycsb:s3cret@db" + c + ":27017/ycsb?w=majority");
      Path dir = out.resolve("client" + (c + 1));
      SyntheticClients.writeClient(dir, 1_790_000_000_000L + c * 700, 1000, 60,
          List.of("READ", "UPDATE", "CLEANUP", "Intended-READ", "Intended-UPDATE"), (op, k) -> {
            Histogram h = new Histogram(3);
            if (op.equals("CLEANUP")) {
              if (k == 59) {
                h.recordValue(800);
              }
              return h;
            }
            boolean slow = k >= 25 && k < 35; // the database stalls for 10 s: the clients fall behind
            double median = op.endsWith("UPDATE") ? 900 : 500;
            for (int i = 0; i < 500; i++) {
              double v = median * Math.exp(0.4 * rnd.nextGaussian()) * (slow ? 3 : 1);
              if (op.startsWith("Intended-") && slow) {
                v += (k - 24) * 120_000.0 * rnd.nextDouble();
              }
              h.recordValue(Math.max(1, (long) v));
            }
            return h;
          }, p);
      Files.writeString(dir.resolve("environment.properties"), "host.name=loadgen-" + (char) ('a' + c)
          + "\nserver.product=FerretDB 1.24.0\nserver.version=7.0.77\nserver.topology=standalone\njava.version=17\n");
    }
    System.exit(AggregateMain.run(new String[] {"merge", out.toString(), "-o", out.resolve("merged").toString()},
        System.out, System.err));
  }
}
