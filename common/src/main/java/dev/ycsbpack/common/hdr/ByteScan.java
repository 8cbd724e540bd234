package dev.ycsbpack.common.hdr;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds a byte in an array eight bytes at a time. An interval line is mostly a long Base64 payload, and a merge looks
 * for the end of each line and for its commas in hundreds of megabytes of them: one byte per step was a fifth of the
 * Java time of a merge.
 */
final class ByteScan {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private ByteScan() {
  }

  /** The first index in {@code [from, to)} holding {@code x} or {@code y}, or -1. */
  static int indexOfEither(byte[] b, int from, int to, byte x, byte y) {
    long xs = ONES * (x & 0xff);
    long ys = ONES * (y & 0xff);
    int i = from;
    // a word with neither byte is skipped whole; the test below has no false negatives
    while (i + Long.BYTES <= to) {
      long w = (long) LONGS.get(b, i);
      long wx = w ^ xs;
      long wy = w ^ ys;
      if ((((wx - ONES) & ~wx | (wy - ONES) & ~wy) & HIGHS) != 0) {
        break;
      }
      i += Long.BYTES;
    }
    for (; i < to; i++) {
      if (b[i] == x || b[i] == y) {
        return i;
      }
    }
    return -1;
  }

  /** The first index in {@code [from, to)} holding {@code x}, or -1. */
  static int indexOf(byte[] b, int from, int to, byte x) {
    return indexOfEither(b, from, to, x, x);
  }
}
