package dev.ycsbpack.aggregate.hdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.hdr.HdrIntervalLog;
import dev.ycsbpack.common.hdr.HistogramDecoder;
import dev.ycsbpack.common.hdr.IntervalCounts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log read as bytes in place: numbers as parseDouble reads them, lines as BufferedReader splits them. */
class HdrIntervalLogBytesTest {
  @TempDir
  Path dir;

  @Test
  void numbersReadInPlaceEqualParseDouble() {
    List<String> texts = new ArrayList<>(List.of("0", "1.", ".5", "0.000", "1700000000.123", "123456789012345",
        "1234567890123456", "12345678901234.5", "0.1234567890123456789", "00001.500", "1e3", " 1", "1 ", "", ".",
        "-1.5", "+2", "1.2.3", "NaN", "Infinity", "0x1p3", "1d", "١"));
    Random rnd = new Random(3);
    for (int i = 0; i < 20_000; i++) {
      double v = rnd.nextDouble() * Math.pow(10, rnd.nextInt(12));
      texts.add(String.format(Locale.ROOT, "%." + rnd.nextInt(7) + "f", v));
    }
    for (String t : texts) {
      byte[] line = ("#," + t + ",").getBytes(StandardCharsets.UTF_8);
      int from = 2;
      int to = line.length - 1;
      Double expected;
      try {
        expected = Double.parseDouble(new String(line, from, to - from, StandardCharsets.ISO_8859_1));
      } catch (NumberFormatException e) {
        expected = null;
      }
      if (expected == null) {
        assertThrows(NumberFormatException.class, () -> HdrIntervalLog.number(line, from, to), t);
      } else {
        assertEquals(Double.doubleToRawLongBits(expected),
            Double.doubleToRawLongBits(HdrIntervalLog.number(line, from, to)), t);
      }
    }
  }

  /** CRLF and lone CR line ends, a header longer than the read buffer, a CR split from its LF by a read. */
  @Test
  void linesSplitAsBufferedReaderSplitsThem() throws Exception {
    Histogram h = new Histogram(3);
    h.recordValue(250);
    h.recordValue(900);
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int len = h.encodeIntoCompressedByteBuffer(buf, 9);
    String payload = java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), len));
    for (String end : List.of("\n", "\r\n", "\r")) {
      StringBuilder s = new StringBuilder();
      s.append("#[Comment: ").append("x".repeat(200_000)).append(']').append(end);
      s.append("#[StartTime: 1700000000.500 (seconds since epoch), x]").append(end);
      s.append("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"").append(end);
      // pad so that some line end falls on the 64 KB read boundary, whatever its width
      for (int k = 0; k < 3000; k++) {
        s.append(k).append(".000,1.000,0.001,").append(payload).append(end);
      }
      if (end.equals("\r")) {
        s.setCharAt(s.length() - 1, '\n'); // a log whose last byte is not \n is refused as cut, as before
      }
      Path f = dir.resolve("READ" + end.length() + end.charAt(0) + ".hdr");
      Files.writeString(f, s, StandardCharsets.ISO_8859_1);
      IntervalCounts c = new IntervalCounts();
      HistogramDecoder d = new HistogramDecoder();
      try (HdrIntervalLog log = HdrIntervalLog.open(f)) {
        for (int k = 0; k < 3000; k++) {
          assertTrue(log.next(), "interval " + k);
          assertEquals(1_700_000_000_500L + k * 1000L, log.startMs());
          assertEquals(log.startMs() + 1000, log.endMs());
          assertEquals(4 + k, log.line());
          assertEquals(2, log.decodeInto(d, c));
        }
        assertFalse(log.next());
      }
      assertEquals(6000, c.totalCount());
    }
  }
}
