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
 *   header  "YPCOUNTS" (8 bytes), format version (int, 2), log length (long), log CRC32C (int)
 *   body    per interval, in the log's order:
 *             start ms minus the previous interval's start ms (ZigZag varint; the first: minus 0),
 *             length ms (varint), number of non-zero counts n (varint), bytes of the counts that follow (varint:
 *             an interval another merge thread takes is skipped without reading them),
 *             n times: (index minus the previous index plus one) times 2, plus 1 when the count is 1 (varint),
 *                      then, only when that low bit is 0, the count (varint, at least 2)
 *           indexes are counts-array indexes of {@link IntervalCounts#LAYOUT} (3 significant digits, lowest 1)
 *   trailer number of intervals (long), CRC32C of everything before it but the header (int)
 * </pre>
 * Varints are unsigned LEB128. Most counts of a one-second interval are 1 and most index gaps are below 64, so most
 * counts take one byte (version 1 spent two on each: fewer bytes to carry and read). A version-1 sidecar is not
 * read: the merge takes its log, with a note, as for any sidecar that does not match.
 *
 * <p>Times are the ones {@link HdrIntervalLog} computes for the line (absolute, BaseTime applied). An interval line's
 * Interval_Max is not kept: the merge takes the maximum from the counts, as it does from the log.
 */
public final class CountsSidecar extends CurrentInterval {
  /** Appended to a log's file name. */
  public static final String SUFFIX = ".counts";
  private static final byte[] MAGIC = "YPCOUNTS".getBytes(StandardCharsets.US_ASCII);
  private static final int VERSION = 2;
  private static final int HEADER = 8 + 4 + 8 + 4;
  private static final int TRAILER = 8 + 4;
  /**
   * The most bytes one interval's counts may take: more than any histogram of {@link IntervalCounts#LAYOUT} needs
   * (it has under 56,000 indexes up to Long.MAX_VALUE, each entry at most 12 bytes), so the reader can hold an
   * interval's counts whole and decode them without checking for the buffer's end per number.
   */
  private static final int MAX_COUNT_BYTES = 1 << 20;

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
          long gap = index - previous[0];
          if (count == 1) {
            entries.put(gap << 1 | 1);
          } else {
            entries.put(gap << 1);
            entries.put(count);
          }
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

  /** Receives the times of each interval a sidecar holds, in order, while {@link #check} reads it. */
  @FunctionalInterface
  public interface Spans {
    void accept(long startMs, long endMs);
  }

  /**
   * Checks the sidecar of {@code log} against it, reading each file once: header, the log's length and CRC32C, the
   * body's CRC32C and its framing (each interval's numbers, its counts skipped by their named length, and as many
   * intervals as the trailer names). The counts themselves are checked as they are added ({@link #addTo} faults on
   * any that does not hold, before the caller uses that interval): decoding them here too would double the merge's
   * main cost. Holds nothing.
   *
   * @param spans given each interval's times as they are read; they are the sidecar's only when this returns
   *              {@link Match.State#MATCHES} (a caller keeps them aside until then)
   */
  public static Match check(Path log, Spans spans) {
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
      if (!Arrays.equals(magic, MAGIC)) {
        return Match.stale("its header is not a counts header");
      }
      if (header.getInt(8) != VERSION) {
        return Match.stale("it is a version-" + Integer.toUnsignedString(header.getInt(8))
            + " counts sidecar; this merge reads version " + VERSION);
      }
      long[] logFacts = crc(log);
      if (header.getLong(12) != logFacts[0] || header.getInt(20) != (int) logFacts[1]) {
        return Match.stale("it was made from another version of the log (length or CRC32C differ)");
      }
      ByteBuffer trailer = ByteBuffer.allocate(TRAILER);
      readFully(ch, trailer, size - TRAILER);
      CountsSidecar body = new CountsSidecar(sidecar, ch, size - TRAILER - HEADER, new CRC32C());
      String malformed = body.readAll(spans, trailer.getLong(0));
      if ((int) body.crc.getValue() != trailer.getInt(8)) {
        return Match.stale("its counts are corrupt (CRC32C differs)");
      }
      if (malformed != null) {
        return Match.stale("its counts are malformed (" + malformed + ")");
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

  /**
   * Reads the whole body, each interval's times to {@code spans}, its counts skipped; every byte goes through
   * {@link #crc}, the first problem found or not.
   *
   * @return null when the framing holds and the body has {@code intervals} intervals; else what does not hold
   */
  private String readAll(Spans spans, long intervals) throws IOException {
    String problem = null;
    try {
      long n = 0;
      while (next()) {
        spans.accept(startMs(), endMs());
        n++;
      }
      if (n != intervals) {
        problem = "its trailer names " + intervals + " intervals, its body holds " + n;
      }
    } catch (LogFault e) {
      problem = e.facts().problem().substring("the counts sidecar ".length()).replaceFirst("\\.$", "");
    }
    while (filled < end) { // the rest of the body, for its CRC
      pos = limit;
      fill();
    }
    return problem;
  }

  // ---------------------------------------------------------------- reading

  private final Path file;
  private final FileChannel channel;
  /** Bytes of the body: the reader stops there, before the trailer. */
  private final long end;
  /** While {@link #check}ing: the CRC32C of every body byte read; null when merging (a skip reads nothing). */
  private final CRC32C crc;
  /** The read window; grows (up to {@link #MAX_COUNT_BYTES}) to hold an interval's counts whole. */
  private ByteBuffer window = ByteBuffer.allocate(1 << 16);
  private byte[] buf = window.array();
  private int pos;
  private int limit;
  /** Body bytes taken into {@link #buf} (or skipped) so far. */
  private long filled;
  /** The last interval's start: each interval's start is written as the difference from it. */
  private long previousStartMs;
  private int entries;
  private long entryBytes;
  private boolean pending;

  private CountsSidecar(Path file, FileChannel channel, long end, CRC32C crc) {
    this.file = file;
    this.channel = channel;
    this.end = end;
    this.crc = crc;
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
      return new CountsSidecar(sidecar, ch, size - TRAILER - HEADER, null);
    } catch (IOException e) {
      throw fault(sidecar, "cannot be read (" + e + ")");
    }
  }

  /** The log this sidecar stands for (a fault in it is the sidecar's, not the log's). */
  public Path log() {
    String name = file.getFileName().toString();
    return file.resolveSibling(name.substring(0, name.length() - SUFFIX.length()));
  }

  @Override
  public boolean next() throws LogFault {
    try {
      if (pending) {
        skipCounts();
      }
      leave();
      if (pos == limit && !fill()) {
        return false;
      }
      long startMs = Math.addExact(previousStartMs, unZigZag(varint()));
      previousStartMs = startMs;
      long length = varint();
      if (length < 0) {
        throw fault(file, "names an interval longer than any");
      }
      long endMs = Math.addExact(startMs, length);
      long n = varint();
      if (n < 0 || n > HistogramDecoder.MAX_INDEX + 1) {
        throw fault(file, "names more counts in one interval than a histogram holds");
      }
      entries = (int) n;
      entryBytes = varint();
      if (entryBytes < 0 || entryBytes > MAX_COUNT_BYTES) {
        throw fault(file, "names counts longer than any histogram's");
      }
      pending = true;
      enter(startMs, endMs);
      return true;
    } catch (ArithmeticException e) {
      throw fault(file, "names a time past the largest possible one");
    } catch (IOException e) {
      throw fault(file, "cannot be read (" + e.getMessage() + ")");
    }
  }

  /** Reads more of the body behind what is left unread; false at its end with nothing left. */
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
    int n = channel.read(window, HEADER + filled);
    if (n < 0) {
      throw new EOFException("the counts end early");
    }
    if (crc != null) {
      crc.update(buf, limit, n);
    }
    filled += n;
    limit += n;
    return limit > 0;
  }

  /** Skips the current interval's counts without reading them (while merging: not even from the file). */
  private void skipCounts() throws IOException {
    long left = entryBytes;
    if (left > limit - pos && crc == null) {
      left -= limit - pos;
      pos = limit;
      if (left > end - filled) {
        throw new EOFException("the counts end early");
      }
      filled += left;
      pending = false;
      return;
    }
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

  /**
   * Adds the current interval's counts to {@code target} (once: a second call adds nothing), each number checked (a
   * count of at least 1, an index inside a histogram, a total within a long, as many bytes as named): a fault means
   * the sidecar must not be used, and what was added from it must be dropped. The array, the total and the highest
   * index are kept in locals, as in {@link HistogramDecoder}: this loop runs for every count.
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
      ensure((int) entryBytes);
      int stop = pos + (int) entryBytes;
      long[] counts = target.counts();
      int index = -1;
      for (int i = 0; i < entries; i++) {
        // most entries are one byte: gap and "count is 1" together
        long entry = pos < stop && buf[pos] >= 0 ? buf[pos++] : varint(stop);
        long gap = entry >>> 1;
        long count = (entry & 1) != 0 ? 1 : varint(stop);
        if (gap < 1 || gap > HistogramDecoder.MAX_INDEX - index) {
          throw fault(file, "holds a count past the largest possible value");
        }
        if (count < 1) {
          throw fault(file, "holds a count below 1 or past the largest number a count can hold");
        }
        index += (int) gap;
        total = Math.addExact(total, count);
        top = index;
        if (index >= counts.length) {
          counts = target.reserve(index);
        }
        counts[index] += count;
      }
      if (pos != stop) {
        throw fault(file, "holds counts whose length is not the one its interval names");
      }
      return total;
    } catch (ArithmeticException e) {
      total = 0;
      throw fault(file, "holds an interval whose counts add up past the largest number a count can hold");
    } catch (IOException e) {
      throw fault(file, "cannot be read (" + e.getMessage() + ")");
    } finally {
      target.added(total, top);
    }
  }

  /** Has the next {@code bytes} bytes of the body in {@link #buf} from {@link #pos}, growing it if need be. */
  private void ensure(int bytes) throws IOException {
    if (bytes > buf.length) {
      ByteBuffer larger = ByteBuffer.allocate(Integer.highestOneBit(bytes - 1) << 1);
      System.arraycopy(buf, pos, larger.array(), 0, limit - pos);
      limit -= pos;
      pos = 0;
      window = larger;
      buf = larger.array();
    }
    while (limit - pos < bytes) {
      int had = limit - pos;
      if (!fill() || limit - pos == had) {
        throw new EOFException("the counts end early");
      }
    }
  }

  /** One unsigned LEB128 number of the header of an interval; refills the buffer when fewer than ten bytes are left. */
  private long varint() throws IOException, LogFault {
    if (limit - pos < 10 && (!fill() || pos == limit)) {
      throw new EOFException("the counts end early");
    }
    return varint(limit);
  }

  /** One unsigned LEB128 number in {@code buf[pos, stop)}: an interval's counts, which {@link #ensure} holds whole. */
  private long varint(int stop) throws IOException, LogFault {
    if (pos == stop) {
      throw fault(file, "holds counts whose length is not the one its interval names");
    }
    byte first = buf[pos++];
    if (first >= 0) {
      return first;
    }
    long v = first & 0x7F;
    for (int shift = 7; shift < 64; shift += 7) {
      if (pos == stop) {
        if (stop == limit) {
          throw new EOFException("the counts end early");
        }
        throw fault(file, "holds counts whose length is not the one its interval names");
      }
      byte b = buf[pos++];
      if (shift == 63 && (b & 0x7E) != 0) {
        break; // bits past the 64th
      }
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
