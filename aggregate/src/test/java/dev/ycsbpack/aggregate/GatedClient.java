package dev.ycsbpack.aggregate;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Starts {@code site.ycsb.Client} only when the test says go: on a busy machine the child JVMs start seconds apart,
 * and clients that run a few seconds each would then not overlap. Usage: {@code GatedClient READY GO ARGS...}; it
 * loads YCSB's classes, creates READY, waits for GO to exist, then runs the client.
 */
public final class GatedClient {
  private GatedClient() {
  }

  public static void main(String[] args) throws Exception {
    for (String c : new String[] {"site.ycsb.Client", "site.ycsb.BasicDB", "site.ycsb.workloads.CoreWorkload",
        "site.ycsb.measurements.Measurements", "org.HdrHistogram.Recorder", "org.HdrHistogram.HistogramLogWriter"}) {
      Class.forName(c);
    }
    Files.createFile(Path.of(args[0]));
    Path go = Path.of(args[1]);
    long deadline = System.currentTimeMillis() + 120_000;
    while (!Files.exists(go)) {
      if (System.currentTimeMillis() > deadline) {
        System.exit(9);
      }
      Thread.sleep(2);
    }
    site.ycsb.Client.main(Arrays.copyOfRange(args, 2, args.length));
  }
}
