package dev.ycsbpack.aggregate.hdr;

import dev.ycsbpack.aggregate.input.InputException;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * the number of intervals. Histograms are only decoded on request ({@link #decode()}).
 */
public final class HdrIntervalLog implements Closeable {
  private static final double YEAR_SECONDS = 365 * 24 * 3600.0;

  private final Path file;
  private final BufferedReader reader;
  private final boolean lastLineTruncated;
  private final long totalLines;
  private long lineNo;

  private double startTimeSec = Double.NaN;
  private double baseTimeSec = Double.NaN;
  private boolean baseTimeDecided;

  private boolean hasCurrent;
  private long startMs;
  private long endMs;
  private String payload;
  private long currentLine;
  private long previousStartMs = Long.MIN_VALUE;
  private long previousLine;

  private HdrIntervalLog(Path file, BufferedReader reader, boolean lastLineTruncated, long totalLines) {
    this.file = file;
    this.reader = reader;
    this.lastLineTruncated = lastLineTruncated;
    this.totalLines = totalLines;
  }

  /** Opens a log. Nothing is read until {@link #next()}. */
  public static HdrIntervalLog open(Path file) throws InputException {
    try {
      boolean truncated = false;
      long lines = 0;
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
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
          while (r.readLine() != null) {
            lines++;
          }
        }
      }
      return new HdrIntervalLog(file, Files.newBufferedReader(file, StandardCharsets.ISO_8859_1), truncated, lines);
    } catch (IOException e) {
      throw new InputException(file, 0, "cannot read the HdrHistogram log (" + e + ").",
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
  public boolean next() throws InputException {
    hasCurrent = false;
    payload = null;
    try {
      String line;
      while ((line = reader.readLine()) != null) {
        lineNo++;
        if (lastLineTruncated && lineNo == totalLines) {
          throw error("the last line has no end of line: the log was cut while being written (client killed, "
                  + "disk full or an incomplete copy).",
              "take the complete log from the client, or re-run it; a cut log is never merged.");
        }
        if (line.isEmpty()) {
          continue;
        }
        if (line.charAt(0) == '#') {
          header(line);
          continue;
        }
        if (line.startsWith("\"StartTimestamp\"")) {
          continue;
        }
        interval(line);
        return true;
      }
      return false;
    } catch (IOException e) {
      throw new InputException(file, lineNo, "cannot read the HdrHistogram log (" + e + ").",
          "check the file.", e);
    }
  }

  private void header(String line) throws InputException {
    if (line.startsWith("#[StartTime: ")) {
      startTimeSec = headerSeconds(line, "#[StartTime: ".length());
    } else if (line.startsWith("#[BaseTime: ")) {
      baseTimeSec = headerSeconds(line, "#[BaseTime: ".length());
    }
  }

  private double headerSeconds(String line, int from) throws InputException {
    int end = from;
    while (end < line.length() && line.charAt(end) != ' ' && line.charAt(end) != ']') {
      end++;
    }
    try {
      return Double.parseDouble(line.substring(from, end));
    } catch (NumberFormatException e) {
      throw error("the header '" + abbreviate(line) + "' has no number of seconds since the epoch.",
          "restore the header as HdrHistogram's HistogramLogWriter wrote it.");
    }
  }

  private void interval(String line) throws InputException {
    if (line.startsWith("Tag=")) {
      throw error("tagged interval lines are not part of the client-folder contract (YCSB writes one untagged log "
          + "per operation).", "give each operation its own untagged <prefix><OP>.hdr file, as YCSB does.");
    }
    int c1 = line.indexOf(',');
    int c2 = c1 < 0 ? -1 : line.indexOf(',', c1 + 1);
    int c3 = c2 < 0 ? -1 : line.indexOf(',', c2 + 1);
    if (c3 < 0 || line.indexOf(',', c3 + 1) >= 0) {
      throw error("an interval line must read StartTimestamp,Interval_Length,Interval_Max,"
          + "Interval_Compressed_Histogram; this one reads '" + abbreviate(line) + "'.",
          "the log is corrupt: take the complete log from the client, or re-run it.");
    }
    double start;
    double length;
    try {
      start = Double.parseDouble(line.substring(0, c1));
      length = Double.parseDouble(line.substring(c1 + 1, c2));
      Double.parseDouble(line.substring(c2 + 1, c3));
    } catch (NumberFormatException e) {
      throw error("the timestamp, interval length or interval max is not a number in '" + abbreviate(line) + "'.",
          "the log is corrupt: take the complete log from the client, or re-run it.");
    }
    if (!(length >= 0) || Double.isInfinite(start) || Double.isNaN(start)) {
      throw error("the interval length " + length + " is negative or not a number.",
          "the log is corrupt: take the complete log from the client, or re-run it.");
    }
    String hist = line.substring(c3 + 1);
    if (hist.isEmpty()) {
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
    startMs = s;
    endMs = e;
    payload = hist;
    currentLine = lineNo;
    hasCurrent = true;
  }

  /** Absolute start of the current interval, milliseconds since the epoch. */
  public long startMs() {
    requireCurrent();
    return startMs;
  }

  /** Absolute end of the current interval, milliseconds since the epoch. */
  public long endMs() {
    requireCurrent();
    return endMs;
  }

  /** Midpoint of the current interval; the merge places an interval in a window or bucket by its midpoint. */
  public long midMs() {
    requireCurrent();
    return startMs + (endMs - startMs) / 2;
  }

  public long line() {
    return currentLine;
  }

  /**
   * Decodes the current interval's histogram and adds it to {@code target}.
   *
   * @return the number of values it held
   */
  public long decodeInto(HistogramDecoder decoder, IntervalCounts target) throws InputException {
    requireCurrent();
    try {
      return decoder.decodeInto(payload, target);
    } catch (IllegalArgumentException e) {
      throw new InputException(file, currentLine, "the compressed histogram is not Base64 text (" + e.getMessage()
          + ").", "the log is corrupt: take the complete log from the client, or re-run it.", e);
    } catch (DataFormatException | RuntimeException e) {
      throw new InputException(file, currentLine, "the compressed histogram cannot be decoded (" + e.getMessage()
          + ").", "the log is corrupt: take the complete log from the client, or re-run it.", e);
    }
  }

  private void requireCurrent() {
    if (!hasCurrent) {
      throw new IllegalStateException("no current interval");
    }
  }

  private InputException error(String problem, String fix) {
    return new InputException(file, lineNo, problem, fix);
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
