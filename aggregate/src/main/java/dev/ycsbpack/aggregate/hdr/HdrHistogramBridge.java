package dev.ycsbpack.aggregate.hdr;

import dev.ycsbpack.common.hdr.HistogramDecoder;
import dev.ycsbpack.common.hdr.IntervalCounts;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * What of the interval-log reading needs HdrHistogram itself (common's {@code hdr} package is JDK-only): decoding the
 * encodings the fast path leaves alone, and moving counts into a {@link Histogram}.
 */
public final class HdrHistogramBridge {
  private HdrHistogramBridge() {
  }

  /** A decoder taking every encoding HdrHistogram reads. */
  public static HistogramDecoder decoder() {
    return new HistogramDecoder(HdrHistogramBridge::viaHdrHistogram);
  }

  private static long viaHdrHistogram(byte[] bytes, IntervalCounts target) throws DataFormatException {
    Histogram h;
    try {
      h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (RuntimeException e) {
      // only Base64 problems are reported as IllegalArgumentException by decodeInto
      throw (DataFormatException) new DataFormatException(String.valueOf(e.getMessage())).initCause(e);
    }
    for (HistogramIterationValue v : h.recordedValues()) {
      target.recordValueWithCount(v.getValueIteratedTo(), v.getCountAtValueIteratedTo());
    }
    return h.getTotalCount();
  }

  /** Adds everything of {@code counts} into {@code h} and empties {@code counts}. */
  public static void drainInto(IntervalCounts counts, Histogram h) {
    counts.drainTo((index, count) -> h.recordValueWithCount(IntervalCounts.LAYOUT.valueFromIndex(index), count));
  }

  /** The histogram as HdrHistogram decodes it (tests compare the fast path with it). */
  public static Histogram decodeWithHdrHistogram(String payload) throws DataFormatException {
    return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(payload)), 0);
  }
}
