package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.hdr.HdrHistogramBridge;
import dev.ycsbpack.common.hdr.HistogramDecoder;
import dev.ycsbpack.common.hdr.IntervalCounts;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;

/** The fast decoder gives exactly what HdrHistogram's own decoder and percentile code give. */
class DecoderTest {
  static final double[] PS = {0.1, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999, 100};
  /** The decoder under test: a new one for each test (JUnit makes an instance per test). */
  private final HistogramDecoder d = HdrHistogramBridge.decoder();

  static String encode(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int len = h.encodeIntoCompressedByteBuffer(buf, 6);
    byte[] b = new byte[len];
    buf.rewind();
    buf.get(b);
    return Base64.getEncoder().encodeToString(b);
  }

  static void assertSame(Histogram expected, IntervalCounts got, long decodedCount, String what) {
    assertEquals(expected.getTotalCount(), decodedCount, what + " count");
    assertEquals(expected.getTotalCount(), got.totalCount(), what + " total");
    long[] v = got.valuesAt(PS);
    for (int i = 0; i < PS.length; i++) {
      assertEquals(expected.getValueAtPercentile(PS[i]), v[i], what + " p" + PS[i]);
    }
    assertEquals(expected.getMaxValue(), got.max(), what + " max");
    Histogram back = new Histogram(3);
    HdrHistogramBridge.drainInto(got, back);
    assertEquals(expected.getTotalCount(), back.getTotalCount());
    assertEquals(expected.getMean(), back.getMean(), 1e-9 * Math.max(1, expected.getMean()), what + " mean");
    assertEquals(0, got.totalCount(), "drained");
  }

  @Test
  void randomHistogramsDecodeExactly() throws Exception {
    Random rnd = new Random(11);
    for (int round = 0; round < 300; round++) {
      Histogram h = new Histogram(3);
      int n = round % 10 == 0 ? 0 : 1 + rnd.nextInt(3000);
      int scale = 1 + rnd.nextInt(7);
      for (int i = 0; i < n; i++) {
        h.recordValueWithCount(1 + (long) Math.abs(rnd.nextGaussian() * Math.pow(10, scale)), 1 + rnd.nextInt(3));
      }
      IntervalCounts c = new IntervalCounts();
      long count = d.decodeInto(encode(h), c);
      assertSame(h, c, count, "round " + round);
    }
  }

  /**
   * Many intervals added into one target, as a merge bucket receives them: every value range (1 up to 2^62, so the
   * counts array grows between intervals), empty intervals, counts that take up to nine bytes each, single values
   * far apart (long runs of zeros), and a target already holding higher counts than the next interval. The sum must
   * equal HdrHistogram's own add() of the same histograms count for count.
   */
  @Test
  void manyIntervalsAddIntoOneTargetExactlyAsHdrHistogramAddsThem() throws Exception {
    Random rnd = new Random(23);
    for (int round = 0; round < 12; round++) {
      Histogram expected = new Histogram(3);
      IntervalCounts c = new IntervalCounts();
      long decoded = 0;
      for (int interval = 0; interval < 30; interval++) {
        Histogram h = new Histogram(3);
        int kind = rnd.nextInt(5);
        int n = kind == 0 ? 0 : 1 + rnd.nextInt(kind == 4 ? 4 : 2000);
        for (int i = 0; i < n; i++) {
          long value = switch (kind) {
            case 1 -> 1 + rnd.nextInt(2048); // the unit-resolution range
            case 2 -> 1 + (long) Math.abs(rnd.nextGaussian() * Math.pow(10, 1 + rnd.nextInt(9)));
            case 3 -> 1 + (rnd.nextLong() >>> (2 + rnd.nextInt(62))); // any magnitude up to 2^62
            default -> rnd.nextBoolean() ? 1 : (1L << 62) - rnd.nextInt(1000); // far apart: long runs of zeros
          };
          long count = switch (rnd.nextInt(4)) {
            case 0 -> 1;
            case 1 -> 1 + rnd.nextInt(200); // two bytes
            case 2 -> 1 + (rnd.nextLong() >>> (8 + rnd.nextInt(50))); // up to 2^56: up to nine bytes
            default -> 1 + rnd.nextInt(60);
          };
          h.recordValueWithCount(value, count);
        }
        expected.add(h);
        decoded += d.decodeInto(encode(h), c);
      }
      assertEquals(expected.getTotalCount(), decoded, "round " + round + " decoded");
      assertEquals(expected.getTotalCount(), c.totalCount(), "round " + round + " total");
      assertEquals(expected.getMaxValue(), c.max(), "round " + round + " max");
      Histogram back = new Histogram(3);
      HdrHistogramBridge.drainInto(c, back);
      assertEquals(expected.getTotalCount(), back.getTotalCount(), "round " + round);
      for (HistogramIterationValue v : expected.recordedValues()) {
        assertEquals(v.getCountAtValueIteratedTo(), back.getCountAtValue(v.getValueIteratedTo()),
            "round " + round + " count at " + v.getValueIteratedTo());
      }
    }
  }

  /** Runs of zeros and counts that no histogram can hold are refused, not wrapped round or silently skipped. */
  @Test
  void countsPastAnyHistogramAreRefused() throws Exception {
    // a V2 payload by hand: a run of 2^24 zeros then a run of 2 zeros then a count of 1 (index 2^24 + 2)
    byte[] counts = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 0x03, 0x02};
    assertEquals("counts go past the largest possible value",
        assertThrows(DataFormatException.class, () -> d.decodeInto(v2(counts), new IntervalCounts())).getMessage());
    // a run of 2^24 + 1 zeros
    byte[] longRun = {(byte) 0x81, (byte) 0x80, (byte) 0x80, 0x10};
    assertEquals("a run of 16777217 zero counts is longer than any histogram",
        assertThrows(DataFormatException.class, () -> d.decodeInto(v2(longRun), new IntervalCounts())).getMessage());
    // the largest run allowed, then a count: accepted
    byte[] longestRun = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 0x02};
    IntervalCounts c = new IntervalCounts();
    assertEquals(1, d.decodeInto(v2(longestRun), c));
    assertEquals(1, c.totalCount());
  }

  /** HdrHistogram's V2 compressed encoding of a hand-made counts payload (3 digits, lowest value 1). */
  private static String v2(byte[] payload) {
    ByteBuffer plain = ByteBuffer.allocate(40 + payload.length);
    plain.putInt(0x1c849303 | 0x10).putInt(payload.length).putInt(0).putInt(3).putLong(1).putLong(Long.MAX_VALUE)
        .putDouble(1.0).put(payload);
    java.util.zip.Deflater deflater = new java.util.zip.Deflater();
    deflater.setInput(plain.array());
    deflater.finish();
    byte[] z = new byte[1024];
    int n = deflater.deflate(z);
    deflater.end();
    ByteBuffer out = ByteBuffer.allocate(8 + n);
    out.putInt(0x1c849304 | 0x10).putInt(n).put(z, 0, n);
    return Base64.getEncoder().encodeToString(out.array());
  }

  @Test
  void otherPrecisionsAreMappedOntoThreeDigits() throws Exception {
    Random rnd = new Random(5);
    for (int digits : new int[] {2, 3, 4}) {
      for (long lowest : new long[] {1, 1000}) {
        Histogram src = new Histogram(lowest, Long.MAX_VALUE / 2, digits);
        Histogram expected = new Histogram(3);
        for (int i = 0; i < 2000; i++) {
          long v = lowest + (long) Math.abs(rnd.nextGaussian() * 1_000_000);
          src.recordValue(v);
        }
        // what a merge into 3 digits must give: each source bucket's lowest value, recorded at 3 digits
        src.recordedValues().forEach(x -> expected.recordValueWithCount(
            src.lowestEquivalentValue(x.getValueIteratedTo()), x.getCountAtValueIteratedTo()));
        IntervalCounts c = new IntervalCounts();
        long count = d.decodeInto(encode(src), c);
        assertSame(expected, c, count, digits + " digits, lowest " + lowest);
      }
    }
  }

  @Test
  void everyLineOfRealYcsbLogsDecodesAsHdrHistogramDecodesIt() throws Exception {
    int lines = 0;
    for (Path run : RealYcsb.runs().values()) {
      List<Path> logs;
      try (Stream<Path> s = Files.walk(run)) {
        logs = s.filter(p -> p.toString().endsWith(".hdr")).toList();
      }
      for (Path log : logs) {
        for (String line : Files.readAllLines(log)) {
          if (line.startsWith("#") || line.startsWith("\"") || line.isEmpty()) {
            continue;
          }
          String payload = line.substring(line.lastIndexOf(',') + 1);
          Histogram h = HdrHistogramBridge.decodeWithHdrHistogram(payload);
          IntervalCounts c = new IntervalCounts();
          assertSame(h, c, d.decodeInto(payload, c), log + ": " + line);
          lines++;
        }
      }
    }
    assertTrue(lines > 50, "checked " + lines + " lines");
  }

  @Test
  void garbageIsRejected() {
    IntervalCounts c = new IntervalCounts();
    assertThrows(IllegalArgumentException.class, () -> d.decodeInto("HI!T", c));
    Histogram h = new Histogram(3);
    h.recordValue(42);
    String ok = encode(h);
    assertThrows(DataFormatException.class, () -> d.decodeInto(ok.substring(0, ok.length() - 8), c));
  }

  /**
   * The byte path (Base64 read where it lies in the line) against the JDK's decoder: every length of payload (each
   * padding), a payload placed mid-array, and text the fast path does not take (unpadded, a stray '=', a byte outside
   * the alphabet), which must decode or fail exactly as the String path does.
   */
  @Test
  void base64ReadInPlaceEqualsTheJdksDecoder() throws Exception {
    Random rnd = new Random(5);
    for (int n = 1; n <= 40; n++) {
      Histogram h = new Histogram(3);
      for (int i = 0; i < n * n; i++) {
        h.recordValue(1 + rnd.nextInt(1 + 1000 * n));
      }
      String text = encode(h);
      for (String t : List.of(text, text.replace("=", ""))) {
        byte[] line = ("12.345,1.000,0.5," + t + "\n").getBytes(StandardCharsets.ISO_8859_1);
        int from = line.length - 1 - t.length();
        IntervalCounts c = new IntervalCounts();
        assertSame(h, c, d.decodeInto(line, from, line.length - 1, c), "n=" + n + " " + t);
      }
    }
    for (String bad : List.of("HI!T", "AAAA=AAA", "A===", "AAAA\u00e9AAA", "AB=C")) {
      byte[] b = bad.getBytes(StandardCharsets.ISO_8859_1);
      IntervalCounts c = new IntervalCounts();
      Exception viaString = assertThrows(Exception.class, () -> d.decodeInto(bad, c), bad);
      Exception viaBytes = assertThrows(Exception.class, () -> d.decodeInto(b, 0, b.length, c), bad);
      assertEquals(viaString.getClass(), viaBytes.getClass(), bad);
      assertEquals(viaString.getMessage(), viaBytes.getMessage(), bad);
    }
  }
}
