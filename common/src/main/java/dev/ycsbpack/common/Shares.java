package dev.ycsbpack.common;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits totals over clients: near-equal shares, the first {@code total % parts} one larger, as PerfKitBenchmarker
 * and YCSB's own thread split do. The shares always add up to the total exactly.
 */
public final class Shares {
  private Shares() {
  }

  /** {@code parts} non-negative shares of {@code total} that add up to it. */
  public static long[] split(long total, int parts) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be 1 or more: " + parts);
    }
    if (total < 0) {
      throw new IllegalArgumentException("total must be 0 or more: " + total);
    }
    long[] out = new long[parts];
    long base = total / parts;
    long extra = total % parts;
    for (int i = 0; i < parts; i++) {
      out[i] = base + (i < extra ? 1 : 0);
    }
    return out;
  }

  /** Consecutive disjoint key ranges starting at {@code start} that together cover {@code total} keys. */
  public static List<KeyRange> ranges(long start, long total, int parts) {
    long[] counts = split(total, parts);
    List<KeyRange> ranges = new ArrayList<>(parts);
    long next = start;
    for (long c : counts) {
      ranges.add(new KeyRange(next, c));
      next += c;
    }
    return ranges;
  }

  /**
   * A half-open range of YCSB key numbers, {@code [start, start + count)}.
   *
   * @param start first key number ({@code insertstart})
   * @param count number of keys ({@code insertcount})
   */
  public record KeyRange(long start, long count) {
    public KeyRange {
      if (start < 0 || count < 0) {
        throw new IllegalArgumentException("key range must not be negative: " + start + "+" + count);
      }
    }

    /** One past the last key number. */
    public long end() {
      return start + count;
    }

    @Override
    public String toString() {
      return "[" + start + ", " + end() + ")";
    }
  }
}
