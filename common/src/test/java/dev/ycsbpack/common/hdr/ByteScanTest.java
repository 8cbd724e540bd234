package dev.ycsbpack.common.hdr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time search finds exactly what a byte-by-byte search finds. */
class ByteScanTest {
  private static int naive(byte[] b, int from, int to, byte x, byte y) {
    for (int i = from; i < to; i++) {
      if (b[i] == x || b[i] == y) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Every start and end up to 40 bytes (whole words, part words, empty ranges) over arrays where the bytes sought
   * are rare, common or absent, next to every other byte value (0x00, 0x80 and 0xFF included, which a carry or
   * borrow between the bytes of a word would confuse).
   */
  @Test
  void findsWhatAByteByByteSearchFinds() {
    Random rnd = new Random(7);
    byte[][] pairs = {{'\n', '\r'}, {',', ','}, {0, (byte) 0x80}, {(byte) 0xFF, 1}, {(byte) 0x7F, (byte) 0x81}};
    int checked = 0;
    for (int round = 0; round < 300; round++) {
      byte[] pair = pairs[round % pairs.length];
      byte[] b = new byte[40];
      int density = round % 3; // 0: absent, 1: rare, 2: common
      for (int i = 0; i < b.length; i++) {
        int r = rnd.nextInt(64);
        b[i] = density > 0 && r < density * density ? pair[r & 1] : (byte) rnd.nextInt(256);
        if (density == 0 && (b[i] == pair[0] || b[i] == pair[1])) {
          b[i] = (byte) (pair[0] ^ pair[1] ^ 0x55);
        }
      }
      for (int from = 0; from <= b.length; from++) {
        for (int to = from; to <= b.length; to++) {
          assertEquals(naive(b, from, to, pair[0], pair[1]), ByteScan.indexOfEither(b, from, to, pair[0], pair[1]),
              "round " + round + " [" + from + ", " + to + ")");
          assertEquals(naive(b, from, to, pair[0], pair[0]), ByteScan.indexOf(b, from, to, pair[0]),
              "round " + round + " [" + from + ", " + to + ") one byte");
          checked++;
        }
      }
    }
    assertEquals(300 * 41 * 42 / 2, checked);
  }
}
