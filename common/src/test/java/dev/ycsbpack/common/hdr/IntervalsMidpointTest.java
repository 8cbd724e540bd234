package dev.ycsbpack.common.hdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge places an interval in a window or bucket by its midpoint: {@link Intervals#midMs}, the one rule for a log
 * read as a log ({@link HdrIntervalLog}) as for its counts sidecar.
 */
class IntervalsMidpointTest {
  private static final long EPOCH_MS = 1_700_000_000_000L;

  @TempDir
  Path dir;

  @Test
  void aLogsIntervalMidpointIsHalfwayRoundedDownAndNeedsACurrentInterval() throws Exception {
    // intervals of 1 s, 3 ms (a midpoint of 1.5 ms, rounded down) and 0 ms; the histograms are never decoded here
    Path log = Files.writeString(dir.resolve("READ.hdr"), "#[StartTime: 1700000000.000 (seconds since epoch), x]\n"
        + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
        + "0.000,1.000,0.001,AAAA\n1.000,0.003,0.001,AAAA\n2.000,0.000,0.001,AAAA\n", StandardCharsets.ISO_8859_1);
    try (HdrIntervalLog in = HdrIntervalLog.open(log)) {
      assertThrows(IllegalStateException.class, in::midMs, "no interval read yet");
      List<List<Long>> seen = new ArrayList<>();
      while (in.next()) {
        seen.add(List.of(in.startMs() - EPOCH_MS, in.endMs() - EPOCH_MS, in.midMs() - EPOCH_MS));
      }
      assertEquals(List.of(List.of(0L, 1000L, 500L), List.of(1000L, 1003L, 1001L), List.of(2000L, 2000L, 2000L)),
          seen);
      assertThrows(IllegalStateException.class, in::midMs, "past the last interval");
    }
  }
}
