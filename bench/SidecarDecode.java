import dev.ycsbpack.common.hdr.CountsSidecar;
import dev.ycsbpack.common.hdr.IntervalCounts;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The merge's decode loop alone: every client's sidecar of one operation read round-robin, one interval each, as a
 * merge part reads them, the arms alternating in one JVM, thread CPU per pass. Arms: "decode" (each interval's counts
 * added to a bucket, the bucket drained into a total once per round, as the merge does) and "frame" (the intervals'
 * times read, their counts skipped): their difference is what decoding and adding the counts cost.
 *
 * <p>Usage: java -cp common/target/common-*.jar bench/SidecarDecode.java INPUT [OP=READ] [PASSES=6], INPUT holding the
 * client-NNN folders bench/aggregate-merge.sh generates with sidecars (WORKDIR/in-64x3600-sidecars-*).
 */
public class SidecarDecode {
  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    String op = args.length > 1 ? args[1] : "READ";
    int passes = args.length > 2 ? Integer.parseInt(args[2]) : 6;
    List<Path> logs = new ArrayList<>();
    try (DirectoryStream<Path> clients = Files.newDirectoryStream(root, "client-*")) {
      for (Path c : clients) {
        logs.add(c.resolve(op + ".hdr"));
      }
    }
    logs.sort(null);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    for (int p = 0; p < passes; p++) {
      for (boolean decode : new boolean[] {true, false}) {
        long cpu = threads.getCurrentThreadCpuTime();
        long intervals = 0;
        long values = 0;
        IntervalCounts bucket = new IntervalCounts();
        IntervalCounts total = new IntervalCounts();
        List<CountsSidecar> open = new ArrayList<>();
        for (Path log : logs) {
          open.add(CountsSidecar.open(log));
        }
        boolean more = true;
        while (more) {
          more = false;
          for (CountsSidecar s : open) {
            if (s.next()) {
              more = true;
              intervals++;
              if (decode) {
                values += s.addTo(bucket);
              }
            }
          }
          bucket.drainInto(total);
        }
        for (CountsSidecar s : open) {
          s.close();
        }
        System.out.printf("%-6s %s: %d ms thread CPU, %d intervals, %d values%n", decode ? "decode" : "frame", op,
            (threads.getCurrentThreadCpuTime() - cpu) / 1_000_000, intervals, values);
      }
    }
  }
}
