package dev.ycsbpack.common.hdr;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.DataFormatException;

/**
 * Streams one HdrHistogram interval log as YCSB 0.17 writes it ({@code hdrhistogram.fileoutput=true}): comment
 * headers, a {@code #[StartTime: ...]} line, an optional {@code #[BaseTime: ...]}, the CSV legend, then one line per
 * interval: {@code StartTimestamp,Interval_Length,Interval_Max,Interval_Compressed_Histogram}.
 *
 * <p>It reads the same format as {@link org.HdrHistogram.HistogramLogReader}, with the same rule for relative
 * timestamps (no BaseTime and a first timestamp more than a year before StartTime: relative to StartTime), but reads
 * line by line itself so every problem names the line. It never holds more than one line: memory does not grow with
 * the number of intervals. Histograms are only decoded on request ({@link #decodeInto}).
 *
 * <p>Lines are read as bytes (ISO-8859-1, as before: one byte one character, {@code \n}, {@code \r} or
 * {@code \r\n} ending a line) from one reused buffer and parsed where they lie: an hour of 64 clients is over a
 * million lines read twice (the scan and the merge), so no String is made for a line unless it is quoted in a
 * refusal.
 */
public final class HdrIntervalLog extends CurrentInterval {
  private static final double YEAR_SECONDS = 365 * 24 * 3600.0;
  private static final byte[] LEGEND = "\"StartTimestamp\"".getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] TAG = "Tag=".getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] START_TIME = "#[StartTime: ".getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] BASE_TIME = "#[BaseTime: ".getBytes(StandardCharsets.ISO_8859_1);
  /** Up to 15 digits fit a double exactly, so digits / 10^k is the correctly rounded value parseDouble gives. */
  private static final int EXACT_DIGITS = 15;
  private static final double[] POW10 = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
      1e14, 1e15};

  private final Path file;
  private final Lines lines;
  private final HistogramDecoder decoder;
  private final boolean lastLineTruncated;
  private final long totalLines;
  private long lineNo;

  private double startTimeSec = Double.NaN;
  private double baseTimeSec = Double.NaN;
  private boolean baseTimeDecided;

  private int payloadFrom;
  private int payloadTo;
  private long currentLine;
  private long previousStartMs = Long.MIN_VALUE;
  private long previousLine;

  private HdrIntervalLog(Path file, Lines lines, boolean lastLineTruncated, long totalLines,
      HistogramDecoder decoder) {
    this.file = file;
    this.decoder = decoder;
    this.lines = lines;
    this.lastLineTruncated = lastLineTruncated;
    this.totalLines = totalLines;
  }

  /** Opens a log whose histograms {@link #addTo} decodes with a V2-only decoder. */
  public static HdrIntervalLog open(Path file) throws LogFault {
    return open(file, new HistogramDecoder());
  }

  /**
   * Opens a log whose histograms {@link #addTo} decodes with {@code decoder}. Nothing is read until {@link #next()}.
   */
  public static HdrIntervalLog open(Path file, HistogramDecoder decoder) throws LogFault {
    try {
      boolean truncated = false;
      long count = 0;
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
        long size = ch.size();
        if (size > 0) {
          ByteBuffer last = ByteBuffer.allocate(1);
          ch.read(last, size - 1);
          truncated = last.get(0) != '\n';
        }
      }
      if (truncated) {
        // only then do we need the number of the last line, to name it
        try (Lines r = new Lines(FileChannel.open(file, StandardOpenOption.READ))) {
          while (r.next()) {
            count++;
          }
        }
      }
      return new HdrIntervalLog(file, new Lines(FileChannel.open(file, StandardOpenOption.READ)), truncated, count,
          decoder);
    } catch (IOException e) {
      throw new LogFault(file, 0, "cannot read the HdrHistogram log (" + e + ").",
          "check that the file exists and is readable.", e);
    }
  }

  public Path file() {
    return file;
  }

  /**
   * Advances to the next interval line.
   *
   * @return false at the end of the log
   */
  @Override
  public boolean next() throws LogFault {
    leave();
    try {
      while (lines.next()) {
        lineNo++;
        if (lastLineTruncated && lineNo == totalLines) {
          throw error("the last line has no end of line: the log was cut while being written (client killed, "
              + "disk full or an incomplete copy).",
              "take the complete log from the client, or re-run it; a cut log is never merged.");
        }
        byte[] b = lines.buf;
        int from = lines.from;
        int to = lines.to;
        if (from == to) {
          continue;
        }
        if (b[from] == '#') {
          header(b, from, to);
          continue;
        }
        if (startsWith(b, from, to, LEGEND)) {
          continue;
        }
        interval(b, from, to);
        return true;
      }
      return false;
    } catch (IOException e) {
      throw new LogFault(file, lineNo, "cannot read the HdrHistogram log (" + e + ").",
          "check the file.", e);
    }
  }

  private void header(byte[] b, int from, int to) throws LogFault {
    if (startsWith(b, from, to, START_TIME)) {
      startTimeSec = headerSeconds(b, from, to, START_TIME.length);
    } else if (startsWith(b, from, to, BASE_TIME)) {
      baseTimeSec = headerSeconds(b, from, to, BASE_TIME.length);
    }
  }

  private double headerSeconds(byte[] b, int from, int to, int skip) throws LogFault {
    int start = from + skip;
    int end = start;
    while (end < to && b[end] != ' ' && b[end] != ']') {
      end++;
    }
    try {
      return number(b, start, end);
    } catch (NumberFormatException e) {
      throw error("the header '" + abbreviate(b, from, to) + "' has no number of seconds since the epoch.",
          "restore the header as HdrHistogram's HistogramLogWriter wrote it.");
    }
  }

  private void interval(byte[] b, int from, int to) throws LogFault {
    if (startsWith(b, from, to, TAG)) {
      throw error("tagged interval lines are not part of the client-folder contract (YCSB writes one untagged log "
          + "per operation).", "give each operation its own untagged <prefix><OP>.hdr file, as YCSB does.");
    }
    int c1 = ByteScan.indexOf(b, from, to, (byte) ',');
    int c2 = c1 < 0 ? -1 : ByteScan.indexOf(b, c1 + 1, to, (byte) ',');
    int c3 = c2 < 0 ? -1 : ByteScan.indexOf(b, c2 + 1, to, (byte) ',');
    if (c3 < 0 || ByteScan.indexOf(b, c3 + 1, to, (byte) ',') >= 0) {
      throw error("an interval line must read StartTimestamp,Interval_Length,Interval_Max,"
          + "Interval_Compressed_Histogram; this one reads '" + abbreviate(b, from, to) + "'.",
          "the log is corrupt: take the complete log from the client, or re-run it.");
    }
    double start;
    double length;
    try {
      start = number(b, from, c1);
      length = number(b, c1 + 1, c2);
      number(b, c2 + 1, c3);
    } catch (NumberFormatException e) {
      throw error("the timestamp, interval length or interval max is not a number in '" + abbreviate(b, from, to)
          + "'.", "the log is corrupt: take the complete log from the client, or re-run it.");
    }
    if (!(length >= 0) || Double.isInfinite(start) || Double.isNaN(start)) {
      throw error("the interval length " + length + " is negative or not a number.",
          "the log is corrupt: take the complete log from the client, or re-run it.");
    }
    if (c3 + 1 == to) {
      throw error("the compressed histogram is missing.",
          "the log is corrupt: take the complete log from the client, or re-run it.");
    }
    if (!baseTimeDecided) {
      if (Double.isNaN(startTimeSec) && Double.isNaN(baseTimeSec)) {
        throw error("an interval line comes before any #[StartTime: ...] or #[BaseTime: ...] header, so it "
            + "cannot be placed on the absolute time line shared by the clients.",
            "keep the header lines HistogramLogWriter writes at the top of the log.");
      }
      if (Double.isNaN(baseTimeSec)) {
        // HistogramLogReader's rule: relative if more than a year before StartTime
        baseTimeSec = start < startTimeSec - YEAR_SECONDS ? startTimeSec : 0.0;
      }
      baseTimeDecided = true;
    }
    long s = Math.round((start + baseTimeSec) * 1000.0);
    long e = s + Math.round(length * 1000.0);
    if (s < previousStartMs) {
      throw error("this interval starts at " + s + " ms since the epoch, before the interval on line " + previousLine
          + " (" + previousStartMs + " ms): the lines are out of order (two logs concatenated?).",
          "give each client and operation its own log, as YCSB writes it; never concatenate logs.");
    }
    previousStartMs = s;
    previousLine = lineNo;
    payloadFrom = c3 + 1;
    payloadTo = to;
    currentLine = lineNo;
    enter(s, e);
  }

  /**
   * The value {@link Double#parseDouble} gives for these characters. HistogramLogWriter's plain decimals
   * ({@code 1234.567}) are read here without a String; anything else goes to parseDouble, which also decides what is
   * not a number.
   */
  public static double number(byte[] b, int from, int to) {
    long digits = 0;
    int count = 0;
    int point = -1;
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c >= '0' && c <= '9') {
        digits = digits * 10 + (c - '0');
        count++;
      } else if (c == '.' && point < 0) {
        point = i;
      } else {
        count = -1;
        break;
      }
    }
    if (count > 0 && count <= EXACT_DIGITS) {
      return point < 0 ? (double) digits : digits / POW10[to - point - 1];
    }
    return Double.parseDouble(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
  }

  private static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
    if (to - from < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (b[from + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public long addTo(IntervalCounts target) throws LogFault {
    return decodeInto(decoder, target);
  }

  public long line() {
    return currentLine;
  }

  /**
   * Decodes the current interval's histogram and adds it to {@code target}.
   *
   * @return the number of values it held
   */
  public long decodeInto(HistogramDecoder decoder, IntervalCounts target) throws LogFault {
    requireCurrent();
    try {
      return decoder.decodeInto(lines.buf, payloadFrom, payloadTo, target);
    } catch (IllegalArgumentException e) {
      throw new LogFault(file, currentLine, "the compressed histogram is not Base64 text (" + e.getMessage()
          + ").", "the log is corrupt: take the complete log from the client, or re-run it.", e);
    } catch (DataFormatException | RuntimeException e) {
      throw new LogFault(file, currentLine, "the compressed histogram cannot be decoded (" + e.getMessage()
          + ").", "the log is corrupt: take the complete log from the client, or re-run it.", e);
    }
  }

  private LogFault error(String problem, String fix) {
    return new LogFault(file, lineNo, problem, fix);
  }

  private static String abbreviate(byte[] b, int from, int to) {
    String line = new String(b, from, Math.min(to - from, 81), StandardCharsets.ISO_8859_1);
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }

  @Override
  public void close() {
    try {
      lines.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The lines of a file, as BufferedReader.readLine splits them, each left in {@link #buf} from {@link #from} to
   * {@link #to} until the next call. The buffer grows to the longest line only.
   */
  private static final class Lines implements Closeable {
    private final FileChannel channel;
    private ByteBuffer window = ByteBuffer.allocate(1 << 16);
    byte[] buf = window.array();
    int from;
    int to;
    private int pos;
    private int limit;
    private boolean eof;

    Lines(FileChannel channel) {
      this.channel = channel;
    }

    boolean next() throws IOException {
      int scan = pos;
      while (true) {
        int i = ByteScan.indexOfEither(buf, scan, limit, (byte) '\n', (byte) '\r');
        if (i < 0) {
          scan = limit;
        } else if (buf[i] == '\r' && i + 1 == limit && !eof) {
          scan = i; // a \r\n may be split over two reads: see the next byte first
        } else {
          from = pos;
          to = i;
          pos = i + 1;
          if (buf[i] == '\r' && pos < limit && buf[pos] == '\n') {
            pos++;
          }
          return true;
        }
        if (eof) {
          if (pos < limit) {
            from = pos;
            to = limit;
            pos = limit;
            return true;
          }
          return false;
        }
        scan -= pos;
        fill();
      }
    }

    /** Moves the unread bytes to the front (growing the buffer when they fill it) and reads more. */
    private void fill() throws IOException {
      int unread = limit - pos;
      if (unread == buf.length) {
        ByteBuffer bigger = ByteBuffer.allocate(buf.length * 2);
        bigger.put(buf, pos, unread);
        window = bigger;
        buf = bigger.array();
      } else {
        System.arraycopy(buf, pos, buf, 0, unread);
      }
      pos = 0;
      limit = unread;
      window.clear().position(limit);
      int n = channel.read(window);
      if (n < 0) {
        eof = true;
      } else {
        limit += n;
      }
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
