package dev.ycsbpack.common.hdr;

import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.ClientFolder;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.UUID;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * A client's interval log with its histograms already decoded: {@code <OP>.hdr.counts} beside {@code <OP>.hdr}. The
 * client writes it at the end of its run, so a merge of many clients only adds counts instead of inflating a million
 * small zlib streams. The log stays the record: a sidecar is used only while its header names the log's exact length
 * and CRC32C, and everything it holds is checked before the first count is used.
 *
 * <p>Layout (big-endian):
 * <pre>
 *   header  "YPCOUNTS" (8 bytes), format version (int, 1), log length (long), log CRC32C (int)
 *   body    per interval, in the log's order:
 *             start ms minus the previous interval's start ms (ZigZag varint; the first: minus 0),
 *             length ms (varint), number of non-zero counts n (varint), bytes of the counts that follow (varint:
 *             an interval another merge thread takes is skipped without reading them),
 *             n times: index minus the previous index plus one (varint), count (varint)
 *           indexes are counts-array indexes of {@link IntervalCounts#LAYOUT} (3 significant digits, lowest 1)
 *   trailer number of intervals (long), CRC32C of everything before it but the header (int)
 * </pre>
 * Times are the ones {@link HdrIntervalLog} computes for the line (absolute, BaseTime applied). An interval line's
 * Interval_Max is not kept: the merge takes the maximum from the counts, as it does from the log.
 */
public final class CountsSidecar implements Intervals {
  /** Appended to a log's file name. */
  public static final String SUFFIX = ".counts";
  private static final byte[] MAGIC = "YPCOUNTS".getBytes(StandardCharsets.US_ASCII);
  private static final int VERSION = 1;
  private static final int HEADER = 8 + 4 + 8 + 4;
  private static final int TRAILER = 8 + 4;

  /** The sidecar of {@code log}. */
  public static Path of(Path log) {
    return log.resolveSibling(log.getFileName() + SUFFIX);
  }

  // ---------------------------------------------------------------- writing

  /**
   * Writes {@code log}'s sidecar, atomically: on any failure no sidecar is left, whole or half. A log its own parser
   * refuses gets none (the merge then reads, and refuses, the log).
   *
   * @return true when written; false when the log cannot be parsed
   */
  public static boolean write(Path log) throws IOException {
    Path target = of(log);
    Path tmp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try {
      long[] lengthAndCrc = crc(log);
      AtomicFiles.create(tmp, AtomicFiles.Mode.SHARED);
      try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING), 1 << 16)) {
        ByteBuffer header = ByteBuffer.allocate(HEADER).put(MAGIC).putInt(VERSION).putLong(lengthAndCrc[0])
            .putInt((int) lengthAndCrc[1]);
        file.write(header.array());
        CRC32C bodyCrc = new CRC32C();
        CheckedOutputStream body = new CheckedOutputStream(file, bodyCrc);
        long intervals = writeBody(log, body);
        if (intervals < 0) {
          return false;
        }
        file.write(ByteBuffer.allocate(TRAILER).putLong(intervals).putInt((int) bodyCrc.getValue()).array());
      }
      AtomicFiles.move(tmp, target);
      return true;
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * Writes the sidecar of every {@code *.hdr} log in a client folder, each on its own: a log that cannot be parsed, or
   * cannot be written for, gets none and the others still do. Never throws: a sidecar only saves the merge time.
   *
   * @return the logs that got one
   */
  public static int writeAll(Path dir) {
    int written = 0;
    try (DirectoryStream<Path> logs = Files.newDirectoryStream(dir, "*" + ClientFolder.HDR_SUFFIX)) {
      for (Path log : logs) {
        try {
          if (Files.isRegularFile(log) && write(log)) {
            written++;
          }
        } catch (IOException | RuntimeException e) {
          // no sidecar for this log: the merge reads the log, as it would without one
        }
      }
    } catch (IOException | RuntimeException e) {
      // the folder cannot be listed: no sidecars at all, the run's outcome unchanged
    }
    return written;
  }

  /** The intervals written, or -1 when the log cannot be parsed. */
  private static long writeBody(Path log, OutputStream out) throws IOException {
    IntervalCounts counts = new IntervalCounts();
    Varints entries = new Varints();
    Varints line = new Varints();
    long intervals = 0;
    long previousStart = 0;
    try (HdrIntervalLog in = HdrIntervalLog.open(log)) {
      while (in.next()) {
        in.addTo(counts);
        entries.clear();
        int[] n = {0};
        int[] previous = {-1};
        counts.drainTo((index, count) -> {
          entries.put(index - previous[0]);
          entries.put(count);
          previous[0] = index;
          n[0]++;
        });
        line.clear();
        line.put(zigZag(in.startMs() - previousStart));
        line.put(in.endMs() - in.startMs());
        line.put(n[0]);
        line.put(entries.size);
        out.write(line.bytes, 0, line.size);
        out.write(entries.bytes, 0, entries.size);
        previousStart = in.startMs();
        intervals++;
      }
    } catch (LogFault e) {
      return -1;
    }
    return intervals;
  }

  private static long zigZag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  /** Length and CRC32C of a file. */
  private static long[] crc(Path file) throws IOException {
    CRC32C crc = new CRC32C();
    long length = 0;
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buf = ByteBuffer.allocateDirect(1 << 16);
      while (ch.read(buf) >= 0) {
        buf.flip();
        length += buf.remaining();
        crc.update(buf);
        buf.clear();
      }
    }
    return new long[] {length, crc.getValue()};
  }

  /** Unsigned LEB128 numbers into a growing array. */
  private static final class Varints {
    byte[] bytes = new byte[1 << 12];
    int size;

    void clear() {
      size = 0;
    }

    void put(long v) {
      if (size + 10 > bytes.length) {
        bytes = Arrays.copyOf(bytes, bytes.length * 2);
      }
      while ((v & ~0x7FL) != 0) {
        bytes[size++] = (byte) (v | 0x80);
        v >>>= 7;
      }
      bytes[size++] = (byte) v;
    }
  }

  // ---------------------------------------------------------------- checking

  /**
   * Whether {@code log}'s sidecar can stand in for it.
   *
   * @param state what was found
   * @param why   for {@link State#STALE}: what does not hold; empty otherwise
   */
  public record Match(State state, String why) {
    public enum State {
      /** No sidecar: read the log, nothing to say. */
      MISSING,
      /** The sidecar holds exactly the log's intervals. */
      MATCHES,
      /** A sidecar that must not be used. */
      STALE
    }

    static Match stale(String why) {
      return new Match(State.STALE, why);
    }
  }

  /**
   * Checks the sidecar of {@code log} against it: header, the log's length and CRC32C, and the body's CRC32C. Reads
   * both files once (CRC32C is an intrinsic: a fraction of the time parsing them takes); holds nothing.
   */
  public static Match check(Path log) {
    Path sidecar = of(log);
    if (!Files.exists(sidecar)) {
      return new Match(Match.State.MISSING, "");
    }
    try (FileChannel ch = FileChannel.open(sidecar, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size < HEADER + TRAILER) {
        return Match.stale("it is shorter than its header and trailer");
      }
      ByteBuffer header = ByteBuffer.allocate(HEADER);
      readFully(ch, header, 0);
      byte[] magic = new byte[MAGIC.length];
      header.get(0, magic);
      if (!Arrays.equals(magic, MAGIC) || header.getInt(8) != VERSION) {
        return Match.stale("its header is not a version-" + VERSION + " counts header");
      }
      long[] logFacts = crc(log);
      if (header.getLong(12) != logFacts[0] || header.getInt(20) != (int) logFacts[1]) {
        return Match.stale("it was made from another version of the log (length or CRC32C differ)");
      }
      ByteBuffer trailer = ByteBuffer.allocate(TRAILER);
      readFully(ch, trailer, size - TRAILER);
      CRC32C crc = new CRC32C();
      ByteBuffer buf = ByteBuffer.allocateDirect(1 << 16);
      long pos = HEADER;
      while (pos < size - TRAILER) {
        buf.clear().limit((int) Math.min(buf.capacity(), size - TRAILER - pos));
        int n = ch.read(buf, pos);
        if (n < 0) {
          throw new EOFException();
        }
        pos += n;
        buf.flip();
        crc.update(buf);
      }
      if ((int) crc.getValue() != trailer.getInt(8)) {
        return Match.stale("its counts are corrupt (CRC32C differs)");
      }
      return new Match(Match.State.MATCHES, "");
    } catch (IOException | RuntimeException e) {
      return Match.stale("it cannot be read (" + e.getMessage() + ")");
    }
  }

  private static void readFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
    while (buf.hasRemaining()) {
      if (ch.read(buf, at + buf.position()) < 0) {
        throw new EOFException();
      }
    }
  }

  // ---------------------------------------------------------------- reading

  private final Path file;
  private final FileChannel channel;
  /** Bytes of the body: the reader stops there, before the trailer. */
  private final long end;
  private final ByteBuffer window = ByteBuffer.allocate(1 << 16);
  private final byte[] buf = window.array();
  private int pos;
  private int limit;
  /** Body bytes taken into {@link #buf} so far. */
  private long filled;
  private long startMs;
  private long endMs;
  private int entries;
  private long entryBytes;
  private boolean pending;
  private boolean hasCurrent;

  private CountsSidecar(Path file, FileChannel channel, long end) {
    this.file = file;
    this.channel = channel;
    this.end = end;
  }

  /** Opens the sidecar of {@code log} (which {@link #check} found to match) at its first interval. */
  public static CountsSidecar open(Path log) throws LogFault {
    Path sidecar = of(log);
    try {
      FileChannel ch = FileChannel.open(sidecar, StandardOpenOption.READ);
      long size = ch.size();
      if (size < HEADER + TRAILER) {
        ch.close();
        throw fault(sidecar, "is shorter than its header and trailer");
      }
      ch.position(HEADER);
      return new CountsSidecar(sidecar, ch, size - TRAILER - HEADER);
    } catch (IOException e) {
      throw fault(sidecar, "cannot be read (" + e + ")");
    }
  }

  @Override
  public boolean next() throws LogFault {
    try {
      if (pending) {
        skipCounts();
      }
      hasCurrent = false;
      if (pos == limit && !fill()) {
        return false;
      }
      startMs += unZigZag(varint());
      endMs = startMs + varint();
      long n = varint();
      if (n > Integer.MAX_VALUE) {
        throw fault(file, "names " + n + " counts in one interval");
      }
      entries = (int) n;
      entryBytes = varint();
      pending = true;
      hasCurrent = true;
      return true;
    } catch (IOException e) {
      throw fault(file, "cannot be read (" + e.getMessage() + ")");
    }
  }

  /** Reads more of the body; false at its end. */
  private boolean fill() throws IOException {
    int unread = limit - pos;
    System.arraycopy(buf, pos, buf, 0, unread);
    pos = 0;
    limit = unread;
    long left = end - filled;
    if (left <= 0) {
      return unread > 0;
    }
    window.clear().position(limit).limit((int) Math.min(buf.length, limit + left));
    int n = channel.read(window);
    if (n < 0) {
      throw new EOFException("the counts end early");
    }
    filled += n;
    limit += n;
    return limit > 0;
  }

  /** Skips the current interval's counts without reading them. */
  private void skipCounts() throws IOException {
    long left = entryBytes;
    while (left > limit - pos) {
      left -= limit - pos;
      pos = limit;
      if (!fill()) {
        throw new EOFException("the counts end early");
      }
    }
    pos += (int) left;
    pending = false;
  }

  /** Body bytes read so far. */
  private long consumed() {
    return filled - (limit - pos);
  }

  @Override
  public long startMs() {
    requireCurrent();
    return startMs;
  }

  @Override
  public long endMs() {
    requireCurrent();
    return endMs;
  }

  /**
   * Adds the current interval's counts to {@code target} (once: a second call adds nothing). The array, the total
   * and the highest index are kept in locals, as in {@link HistogramDecoder}: this loop runs for every count.
   */
  @Override
  public long addTo(IntervalCounts target) throws LogFault {
    requireCurrent();
    if (!pending) {
      return 0;
    }
    pending = false;
    long total = 0;
    int top = -1;
    try {
      long from = consumed();
      long[] counts = target.counts();
      int index = -1;
      for (int i = 0; i < entries; i++) {
        long gap = varint();
        long count = varint();
        if (gap < 1 || index + gap > HistogramDecoder.MAX_INDEX) {
          throw fault(file, "holds a count past the largest possible value");
        }
        index += (int) gap;
        if (index >= counts.length) {
          counts = target.reserve(index);
        }
        counts[index] += count;
        total += count;
        top = index;
      }
      if (consumed() - from != entryBytes) {
        throw fault(file, "holds counts whose length is not the one its interval names");
      }
      return total;
    } catch (IOException e) {
      throw fault(file, "cannot be read (" + e.getMessage() + ")");
    } finally {
      target.added(total, top);
    }
  }

  /** One unsigned LEB128 number; refills the buffer only when fewer than ten bytes are left. */
  private long varint() throws IOException {
    if (limit - pos < 10 && (!fill() || pos == limit)) {
      throw new EOFException("the counts end early");
    }
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos == limit) {
        throw new EOFException("the counts end early");
      }
      byte b = buf[pos++];
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return v;
      }
    }
    throw new IOException("a number is longer than 64 bits");
  }

  private static long unZigZag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }

  private void requireCurrent() {
    if (!hasCurrent) {
      throw new IllegalStateException("no current interval");
    }
  }

  private static LogFault fault(Path file, String problem) {
    return new LogFault(file, 0, "the counts sidecar " + problem + ".",
        "delete it: the merge then reads the log it was made from.");
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      // read-only: nothing is lost
    }
  }
}
