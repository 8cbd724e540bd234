package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.hdr.CountsSidecar;
import dev.ycsbpack.common.hdr.HdrIntervalLog;
import dev.ycsbpack.common.hdr.IntervalCounts;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counts sidecar a client writes beside each log: it holds exactly the log's intervals, and a merge uses it only
 * while it matches the log. A stale, cut or corrupt one is passed over for the log, with one note, and the merged
 * figures are the log's.
 */
class CountsSidecarTest {
  @TempDir
  static Path dir;
  static Path plain;
  static Path sidecars;
  static MergeResult fromLogs;

  @BeforeAll
  static void clients() throws Exception {
    plain = dir.resolve("plain");
    SyntheticClients.main(new String[] {plain.toString(), "2", "60"});
    sidecars = dir.resolve("sidecars");
    SyntheticClients.main(new String[] {sidecars.toString(), "2", "60", "sidecars"});
    fromLogs = Aggregate.merge(List.of(plain), MergeOptions.builder().threads(2).build());
  }

  @Test
  void holdsEveryIntervalOfTheLogWithItsTimesAndCounts() throws Exception {
    Path log = sidecars.resolve("client-001/UPDATE.hdr");
    assertEquals(CountsSidecar.Match.State.MATCHES, CountsSidecar.check(log).state());
    IntervalCounts a = new IntervalCounts();
    IntervalCounts b = new IntervalCounts();
    int intervals = 0;
    try (HdrIntervalLog l = HdrIntervalLog.open(log); CountsSidecar s = CountsSidecar.open(log)) {
      while (l.next()) {
        assertTrue(s.next(), "interval " + intervals);
        assertEquals(l.startMs(), s.startMs());
        assertEquals(l.endMs(), s.endMs());
        assertEquals(l.addTo(a), s.addTo(b));
        List<String> fromLog = new ArrayList<>();
        List<String> fromSidecar = new ArrayList<>();
        a.drainTo((i, c) -> fromLog.add(i + ":" + c));
        b.drainTo((i, c) -> fromSidecar.add(i + ":" + c));
        assertEquals(fromLog, fromSidecar, "interval " + intervals);
        assertFalse(fromLog.isEmpty());
        intervals++;
      }
      assertFalse(s.next());
    }
    assertEquals(60, intervals);
  }

  @Test
  void aLogEditedAfterItsSidecarIsMergedFromTheLogWithANote() throws Exception {
    Path in = copy("stale");
    Path log = in.resolve("client-000/READ.hdr");
    // same length, other bytes: an Interval_Max the merge does not use, so the figures stay the log's
    String text = Files.readString(log, StandardCharsets.ISO_8859_1);
    int at = text.indexOf(",0.00") + 5; // the last digit of the first line's Interval_Max, "0.00X"
    char digit = text.charAt(at);
    Files.writeString(log, text.substring(0, at) + (digit == '9' ? '8' : '9') + text.substring(at + 1),
        StandardCharsets.ISO_8859_1);
    assertMergedFromLogsWithNote(in, "READ.hdr.counts does not match READ.hdr (it was made from another version of "
        + "the log (length or CRC32C differ)); its counts were read from the log.");
  }

  @Test
  void aCutSidecarIsPassedOverForTheLog() throws Exception {
    Path in = copy("cut");
    Path counts = in.resolve("client-001/SCAN.hdr.counts");
    try (FileChannel ch = FileChannel.open(counts, StandardOpenOption.WRITE)) {
      ch.truncate(ch.size() - 40);
    }
    assertMergedFromLogsWithNote(in, "SCAN.hdr.counts does not match SCAN.hdr (its counts are corrupt (CRC32C "
        + "differs)); its counts were read from the log.");
  }

  @Test
  void aCorruptHeaderIsPassedOverForTheLog() throws Exception {
    Path in = copy("header");
    Path counts = in.resolve("client-000/INSERT.hdr.counts");
    byte[] b = Files.readAllBytes(counts);
    b[2] ^= 0x20;
    Files.write(counts, b);
    assertMergedFromLogsWithNote(in, "INSERT.hdr.counts does not match INSERT.hdr (its header is not a version-1 "
        + "counts header); its counts were read from the log.");
  }

  @Test
  void aLogTheClientCannotParseGetsNoSidecar() throws Exception {
    Path d = dir.resolve("unparsable");
    Files.createDirectories(d);
    Path log = d.resolve("READ.hdr");
    Files.writeString(log, "#[StartTime: 1700000000.000 (seconds since epoch)]\n1.000,1.000,0.001,not-base64");
    assertFalse(CountsSidecar.write(log));
    assertEquals(0, CountsSidecar.writeAll(d));
    try (Stream<Path> files = Files.list(d)) {
      assertEquals(List.of(log), files.toList(), "no sidecar and no temporary file left");
    }
  }

  private static Path copy(String name) throws IOException {
    Path to = dir.resolve(name);
    try (Stream<Path> all = Files.walk(sidecars)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(sidecars.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
    return to;
  }

  private static void assertMergedFromLogsWithNote(Path in, String note) throws Exception {
    MergeResult r = Aggregate.merge(List.of(in), MergeOptions.builder().threads(2).build());
    List<String> expectedNotes = new ArrayList<>(fromLogs.notes());
    String client = note.startsWith("SCAN") ? "client-001" : "client-000";
    expectedNotes.add("Client " + client + ": " + note);
    assertEquals(expectedNotes, r.notes());
    // every figure is the logs' own: the CSV time series and the operations, as a merge without sidecars gives them
    Path a = dir.resolve("out-" + in.getFileName() + "-logs");
    Path b = dir.resolve("out-" + in.getFileName());
    Aggregate.write(fromLogs, a, EnumSet.of(OutputFormat.CSV));
    Aggregate.write(r, b, EnumSet.of(OutputFormat.CSV));
    try (Stream<Path> files = Files.list(a)) {
      for (Path f : files.toList()) {
        assertEquals(Files.readString(f).replace(plain.toString(), "@IN@"),
            Files.readString(b.resolve(f.getFileName())).replace(in.toString(), "@IN@"), f.getFileName().toString());
      }
    }
    assertEquals(fromLogs.operations().size(), r.operations().size());
    for (int i = 0; i < r.operations().size(); i++) {
      assertEquals(fromLogs.operations().get(i).count(), r.operations().get(i).count());
      assertEquals(fromLogs.operations().get(i).latency().percentiles(), r.operations().get(i).latency().percentiles());
      assertEquals(fromLogs.operations().get(i).latency().maxUs(), r.operations().get(i).latency().maxUs());
    }
  }
}
