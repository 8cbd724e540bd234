package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.FileTrees;
import dev.ycsbpack.common.hdr.CountsSidecar;
import dev.ycsbpack.common.hdr.HdrIntervalLog;
import dev.ycsbpack.common.hdr.IntervalCounts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
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
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The counts sidecar a client writes beside each log: it holds exactly the log's intervals, and a merge uses it only
 * while it matches the log. A stale, cut or corrupt one is passed over for the log, with one note, and the merged
 * figures are the log's.
 */
class CountsSidecarTest {
  @TempDir
  static Path dir;
  static SyntheticClients.Twins clients;
  static MergeResult fromLogs;

  @BeforeAll
  static void clients() throws Exception {
    clients = SyntheticClients.Twins.write(dir, 2, 60);
    fromLogs = Aggregate.merge(List.of(clients.plain()), MergeOptions.builder().threads(2).build());
  }

  @Test
  void holdsEveryIntervalOfTheLogWithItsTimesAndCounts() throws Exception {
    Path log = clients.sidecars().resolve("client-001/UPDATE.hdr");
    List<String> spans = new ArrayList<>();
    assertEquals(CountsSidecar.Match.State.MATCHES, CountsSidecar.check(log, (s, e) -> spans.add(s + "-" + e)).state());
    IntervalCounts a = new IntervalCounts();
    long values = 0;
    IntervalCounts b = new IntervalCounts();
    int intervals = 0;
    try (HdrIntervalLog l = HdrIntervalLog.open(log); CountsSidecar s = CountsSidecar.open(log)) {
      while (l.next()) {
        assertTrue(s.next(), "interval " + intervals);
        assertEquals(l.startMs(), s.startMs());
        assertEquals(l.endMs(), s.endMs());
        assertEquals(l.startMs() + "-" + l.endMs(), spans.get(intervals), "the check's times");
        long n = l.addTo(a);
        assertEquals(n, s.addTo(b));
        values += n;
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
    assertEquals(60, spans.size());
    // version 2's density: most counts are 1 with a small index gap, one byte each (version 1 took two)
    double bytesPerValue = (double) Files.size(CountsSidecar.of(log)) / values;
    assertTrue(bytesPerValue < 1.3, "bytes per value " + bytesPerValue);
  }

  /**
   * Sidecars whose CRCs hold but whose numbers do not (a faulty or hostile writer): each is passed over for its log
   * with a note naming what does not hold, whether the check finds it (the framing) or the merge while adding (the
   * counts: that attempt is dropped whole); never a wrong count, never an exception.
   *
   * @param name  the case
   * @param body  the body as varints, space-separated ("x" + hex: raw bytes)
   * @param why   the end of the note
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // start (ZigZag), length, n, bytes of the counts, then the counts
      "cut inside a count | 2000 1000 2 2 3 | its counts are malformed (cannot be read (the counts end early))",
      "a number past 64 bits | 2000 1000 1 11 x80808080808080808080 x01 | its counts are malformed (cannot be read "
          + "(a number is longer than 64 bits))",
      "counts past a long | 2000 1000 2 20 2 4611686018427387904 2 4611686018427387904 | its counts are malformed "
          + "(holds an interval whose counts add up past the largest number a count can hold)",
      "a count of 2^63 | 2000 1000 1 11 2 9223372036854775808 | its counts are malformed (holds a count below 1 or "
          + "past the largest number a count can hold)",
      "a count of 0 | 2000 1000 1 2 2 0 | its counts are malformed (holds a count below 1 or past the largest number a "
          + "count can hold)",
      "an index past any histogram | 2000 1000 1 4 67108867 | its counts are malformed (holds a count past the largest "
          + "possible value)",
      "a gap of 0 | 2000 1000 2 2 3 1 | its counts are malformed (holds a count past the largest possible value)",
      "counts not as long as named | 2000 1000 1 2 3 3 | its counts are malformed (holds counts whose length is not "
          + "the one its interval names)",
      "more intervals than the trailer names | 2000 1000 1 1 3 2000 1000 1 1 3 | its counts are malformed (its trailer "
          + "names 1 intervals, its body holds 2)",
      "an interval of negative length | 2000 18446744073709551615 1 1 3 | its counts are malformed (names an interval "
          + "longer than any)",
      "a start past the largest time | 18446744073709551614 1000 1 1 3 18446744073709551614 1000 1 1 3 | its counts "
          + "are malformed (names a time past the largest possible one)",
  })
  void aSidecarWhoseNumbersDoNotHoldIsPassedOverForTheLog(String name, String body, String why) throws Exception {
    Path in = copyOf("forged");
    forge(in.resolve("client-000/READ.hdr"), 2, body, 1);
    assertMergedFromLogsWithNote(in, "READ.hdr.counts does not match READ.hdr (" + why + "); its counts were read "
        + "from the log.");
  }

  @Test
  void aVersionOneSidecarIsMergedFromTheLogWithANote() throws Exception {
    Path in = copy("version-1");
    forge(in.resolve("client-000/READ.hdr"), 1, "2000 1000 1 2 1 1", 1); // version 1's entry: gap, count
    assertMergedFromLogsWithNote(in, "READ.hdr.counts does not match READ.hdr (it is a version-1 counts sidecar; this "
        + "merge reads version 2); its counts were read from the log.");
  }

  /** Writes {@code log}'s sidecar with a valid header (the log's length and CRC32C) and trailer around {@code body}. */
  private static void forge(Path log, int version, String body, long intervals) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (String v : body.trim().split(" +")) {
      if (v.startsWith("x")) {
        for (int i = 1; i < v.length(); i += 2) {
          b.write(Integer.parseInt(v.substring(i, i + 2), 16));
        }
        continue;
      }
      long n = Long.parseUnsignedLong(v);
      while ((n & ~0x7FL) != 0) {
        b.write((int) (n & 0x7F | 0x80));
        n >>>= 7;
      }
      b.write((int) n);
    }
    byte[] bytes = b.toByteArray();
    byte[] logBytes = Files.readAllBytes(log);
    CRC32C logCrc = new CRC32C();
    logCrc.update(logBytes);
    CRC32C bodyCrc = new CRC32C();
    bodyCrc.update(bytes);
    ByteBuffer out = ByteBuffer.allocate(24 + bytes.length + 12).put("YPCOUNTS".getBytes(StandardCharsets.US_ASCII))
        .putInt(version).putLong(logBytes.length).putInt((int) logCrc.getValue()).put(bytes).putLong(intervals)
        .putInt((int) bodyCrc.getValue());
    Files.write(CountsSidecar.of(log), out.array());
  }

  private static int copies;

  private static Path copyOf(String name) throws IOException {
    return copy(name + "-" + copies++);
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
    assertPassedOverWhenDamaged("cut", "client-001/SCAN.hdr.counts", counts -> {
      try (FileChannel ch = FileChannel.open(counts, StandardOpenOption.WRITE)) {
        ch.truncate(ch.size() - 40);
      }
    }, "its counts are corrupt (CRC32C differs)");
  }

  @Test
  void aBitFlippedInTheCountsIsPassedOverForTheLog() throws Exception {
    assertPassedOverWhenDamaged("flipped", "client-001/UPDATE.hdr.counts",
        counts -> flip(counts, (int) (Files.size(counts) / 2), 0x04), "its counts are corrupt (CRC32C differs)");
  }

  @Test
  void aCorruptHeaderIsPassedOverForTheLog() throws Exception {
    assertPassedOverWhenDamaged("header", "client-000/INSERT.hdr.counts", counts -> flip(counts, 2, 0x20),
        "its header is not a counts header");
  }

  /** Damage done to a sidecar in place. */
  @FunctionalInterface
  private interface Damage {
    void to(Path counts) throws IOException;
  }

  /**
   * In a copy named {@code name} of the sidecar clients, {@code damage} done to the sidecar {@code counts}: the merge
   * reads that log's counts from the log, with the note that the sidecar does not match it ({@code why}).
   */
  private static void assertPassedOverWhenDamaged(String name, String counts, Damage damage, String why)
      throws Exception {
    Path in = copy(name);
    damage.to(in.resolve(counts));
    String log = Path.of(counts).getFileName().toString().replace(".counts", "");
    assertMergedFromLogsWithNote(in, log + ".counts does not match " + log + " (" + why + "); its counts were read "
        + "from the log.");
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
    return FileTrees.copy(clients.sidecars(), dir.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
  }

  /** Flips {@code bits} of the byte at {@code at} of {@code file}. */
  private static void flip(Path file, int at, int bits) throws IOException {
    byte[] b = Files.readAllBytes(file);
    b[at] ^= bits;
    Files.write(file, b);
  }

  private static void assertMergedFromLogsWithNote(Path in, String note) throws Exception {
    MergeResult r = Aggregate.merge(List.of(in), MergeOptions.builder().threads(2).build());
    List<String> expectedNotes = new ArrayList<>(fromLogs.notes());
    String client = note.startsWith("SCAN") || note.startsWith("UPDATE") ? "client-001" : "client-000";
    expectedNotes.add("Client " + client + ": " + note);
    assertEquals(expectedNotes, r.notes());
    // every figure is the logs' own: the CSV time series and the operations, as a merge without sidecars gives them
    Path a = dir.resolve("out-" + in.getFileName() + "-logs");
    Path b = dir.resolve("out-" + in.getFileName());
    Aggregate.write(fromLogs, a, EnumSet.of(OutputFormat.CSV));
    Aggregate.write(r, b, EnumSet.of(OutputFormat.CSV));
    try (Stream<Path> files = Files.list(a)) {
      for (Path f : files.toList()) {
        assertEquals(Files.readString(f).replace(clients.plain().toString(), "@IN@"),
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
