package dev.ycsbpack.common.hdr;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Turns the Base64 text of one interval line back into counts. The common case (HdrHistogram's V2 compressed
 * encoding, as every HdrHistogram 2.1.x writes) is decoded straight into an {@link IntervalCounts}: no Histogram
 * object per line, one reused Inflater. Anything else goes to the {@link Fallback} (the merge passes HdrHistogram's own
 * decoder; this package is JDK-only, so by default anything else is refused). Not thread-safe.
 */
public final class HistogramDecoder {
  /** Decodes what the fast path does not take: the whole binary encoding, added to {@code target}. */
  @FunctionalInterface
  public interface Fallback {
    /** @return the number of values it held */
    long decodeInto(byte[] encoding, IntervalCounts target) throws DataFormatException;
  }

  /** Refuses every encoding but the V2 compressed one (a client writing its counts sidecar needs no more). */
  public static final Fallback V2_ONLY = (encoding, target) -> {
    throw new DataFormatException("not HdrHistogram's V2 compressed encoding");
  };

  private final Fallback fallback;

  /** Only HdrHistogram's V2 compressed encoding. */
  public HistogramDecoder() {
    this(V2_ONLY);
  }

  public HistogramDecoder(Fallback fallback) {
    this.fallback = fallback;
  }

  private static final int V2_ENCODING_COOKIE_BASE = 0x1c849303;
  private static final int V2_COMPRESSED_ENCODING_COOKIE_BASE = 0x1c849304;
  private static final int HEADER = 40;
  /** More than the counts array of any 64-bit histogram with up to 5 significant digits. */
  static final int MAX_INDEX = 1 << 24;

  private final Base64.Decoder base64 = Base64.getDecoder();
  private final Inflater inflater = new Inflater();
  private byte[] plain = new byte[1 << 16];
  private byte[] binary = new byte[1 << 12];
  /** Standard Base64's alphabet: each byte's 6-bit value, -1 for any other byte. */
  private static final byte[] BASE64 = new byte[256];

  static {
    java.util.Arrays.fill(BASE64, (byte) -1);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < alphabet.length(); i++) {
      BASE64[alphabet.charAt(i)] = (byte) i;
    }
  }

  private static int cookieBase(int cookie) {
    return cookie & ~0xf0;
  }

  /**
   * Adds one encoded interval histogram to {@code target}.
   *
   * @return the number of values it holds
   * @throws IllegalArgumentException when the text is not Base64
   * @throws DataFormatException      when the bytes are not an HdrHistogram encoding
   */
  public long decodeInto(String payload, IntervalCounts target) throws DataFormatException {
    byte[] bytes = base64.decode(payload);
    return decodeBinary(bytes, bytes.length, target);
  }

  /**
   * Adds one encoded interval histogram, the Base64 text in {@code text[from, to)} (ISO-8859-1 bytes), to
   * {@code target}. Well-formed text (whole groups of four, {@code =} padding only at the end) is decoded into a
   * reused buffer; anything else is left to the JDK's decoder, so what it accepts and how it names a fault are
   * exactly as for {@link #decodeInto(String, IntervalCounts)}.
   *
   * @return the number of values it holds
   * @throws IllegalArgumentException when the text is not Base64
   * @throws DataFormatException      when the bytes are not an HdrHistogram encoding
   */
  public long decodeInto(byte[] text, int from, int to, IntervalCounts target) throws DataFormatException {
    int n = base64Into(text, from, to);
    if (n < 0) {
      byte[] bytes = base64.decode(new String(text, from, to - from, StandardCharsets.ISO_8859_1));
      return decodeBinary(bytes, bytes.length, target);
    }
    return decodeBinary(binary, n, target);
  }

  /** Decodes padded standard Base64 into {@link #binary}; the number of bytes, or -1 for text it does not take. */
  private int base64Into(byte[] text, int from, int to) {
    int len = to - from;
    if (len == 0 || (len & 3) != 0) {
      return -1;
    }
    int pad = text[to - 1] == '=' ? (text[to - 2] == '=' ? 2 : 1) : 0;
    int n = len / 4 * 3 - pad;
    if (binary.length < n + 2) {
      binary = new byte[Math.max(n + 2, binary.length * 2)];
    }
    int end = to - pad;
    int o = 0;
    int i = from;
    for (; i + 4 <= end; i += 4) {
      int a = BASE64[text[i] & 0xff];
      int b = BASE64[text[i + 1] & 0xff];
      int c = BASE64[text[i + 2] & 0xff];
      int d = BASE64[text[i + 3] & 0xff];
      if ((a | b | c | d) < 0) {
        return -1;
      }
      int bits = a << 18 | b << 12 | c << 6 | d;
      binary[o++] = (byte) (bits >> 16);
      binary[o++] = (byte) (bits >> 8);
      binary[o++] = (byte) bits;
    }
    if (pad > 0) {
      int a = BASE64[text[i] & 0xff];
      int b = BASE64[text[i + 1] & 0xff];
      int c = pad == 1 ? BASE64[text[i + 2] & 0xff] : 0;
      if ((a | b | c) < 0) {
        return -1;
      }
      int bits = a << 18 | b << 12 | c << 6;
      binary[o++] = (byte) (bits >> 16);
      if (pad == 1) {
        binary[o++] = (byte) (bits >> 8);
      }
    }
    return o;
  }

  private long decodeBinary(byte[] bytes, int size, IntervalCounts target) throws DataFormatException {
    ByteBuffer in = ByteBuffer.wrap(bytes, 0, size);
    if (size < 8 || cookieBase(in.getInt(0)) != V2_COMPRESSED_ENCODING_COOKIE_BASE) {
      return fallback.decodeInto(java.util.Arrays.copyOf(bytes, size), target);
    }
    int length = in.getInt(4);
    if (length < 0 || length > size - 8) {
      throw new DataFormatException("compressed length " + length + " exceeds the " + (size - 8)
          + " bytes present");
    }
    inflater.reset();
    inflater.setInput(bytes, 8, length);
    int n = 0;
    while (true) {
      if (n == plain.length) {
        plain = java.util.Arrays.copyOf(plain, plain.length * 2);
      }
      int got = inflater.inflate(plain, n, plain.length - n);
      n += got;
      if (inflater.finished()) {
        break;
      }
      if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
        throw new DataFormatException("the compressed histogram ends early");
      }
    }
    ByteBuffer b = ByteBuffer.wrap(plain, 0, n);
    if (n < HEADER || cookieBase(b.getInt(0)) != V2_ENCODING_COOKIE_BASE) {
      return fallback.decodeInto(java.util.Arrays.copyOf(bytes, size), target);
    }
    int payloadLength = b.getInt(4);
    int normalizingIndexOffset = b.getInt(8);
    int digits = b.getInt(12);
    long lowest = b.getLong(16);
    if (normalizingIndexOffset != 0 || payloadLength < 0 || HEADER + payloadLength > n) {
      return fallback.decodeInto(java.util.Arrays.copyOf(bytes, size), target);
    }
    Layout source = target.layout().sameAs(digits, lowest) ? null : new Layout(digits, lowest);
    return addCounts(plain, HEADER, HEADER + payloadLength, source, target);
  }

  /**
   * Adds the counts of a V2 payload ({@code plain[pos, end)}: ZigZag LEB128 numbers, a negative one a run of that many
   * zero counts) to {@code target}, whose layout {@code source} maps to ({@code null}: the same layout). The
   * running total, the highest index and the counts array are kept in locals and handed back once: this loop runs
   * for every count of every interval, and field updates per count cost as much as the decoding itself.
   */
  private static long addCounts(byte[] plain, int pos, int end, Layout source, IntervalCounts target)
      throws DataFormatException {
    long[] counts = target.counts();
    int limit = Math.min(counts.length, MAX_INDEX + 1); // below it, a count goes straight into the array
    int index = 0;
    int top = -1;
    long total = 0;
    try {
      while (pos < end) {
        long value = plain[pos++];
        if (value < 0) { // more bytes follow: ZigZag LEB128, up to 9 bytes (HdrHistogram's ZigZagEncoding)
          long v = value;
          value &= 0x7F;
          int shift = 7;
          while ((v & 0x80) != 0 && shift < 56) {
            if (pos >= end) {
              throw new DataFormatException("a count is cut off");
            }
            v = plain[pos++];
            value |= (v & 0x7F) << shift;
            shift += 7;
          }
          if ((v & 0x80) != 0) {
            if (pos >= end) {
              throw new DataFormatException("a count is cut off");
            }
            value |= (long) plain[pos++] << 56;
          }
        }
        long count = (value >>> 1) ^ (-(value & 1));
        // Branch-free on purpose: runs of zeros and counts alternate without a pattern, so a branch on the sign
        // is mispredicted about every other entry, which cost more than the rest of the loop.
        long run = count >> 63; // -1: a run of -count zeros; 0: one count
        long add = count & ~run;
        if (index >= limit || source != null) {
          // rare: the array must grow, the count is past any histogram, or the source layout differs
          if (run == 0 && index > MAX_INDEX) {
            throw new DataFormatException("counts go past the largest possible value");
          }
          if (add != 0) {
            int at = source == null ? index : target.layout().index(source.valueFromIndex(index));
            counts = target.reserve(at);
            limit = Math.min(counts.length, MAX_INDEX + 1);
            counts[at] += add;
            top = Math.max(top, at);
          }
        } else {
          counts[index] += add;
          top = add != 0 ? index : top;
        }
        total += add;
        if (count < -MAX_INDEX) {
          throw new DataFormatException("a run of " + -count + " zero counts is longer than any histogram");
        }
        index += (int) ((-count & run) | (1 & ~run));
      }
    } finally {
      target.added(total, top);
    }
    return total;
  }
}
