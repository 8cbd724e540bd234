package dev.ycsbpack.aggregate.synthetic;

import dev.ycsbpack.common.hdr.CountsSidecar;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes client folders the way a YCSB 0.17 client with {@code -s}, {@code hdrhistogram.fileoutput=true} and
 * {@code hdrhistogram.output.path=<folder>/} leaves them: {@code <OP>.hdr} interval logs (HistogramLogWriter, a
 * StartTime header, timestamps relative to it), {@code output.txt} in YCSB's text format, {@code client.properties}.
 * The latencies come from the caller, so tests know every recorded value.
 *
 * <p>{@link #main} generates the benchmark's inputs (many clients, one-second intervals, five operations) fast: it
 * encodes a small pool of realistic interval histograms per operation once and reuses them.
 */
public final class SyntheticClients {
  private SyntheticClients() {
  }

  /** Produces the latencies (µs) one client records for one operation in one interval. */
  @FunctionalInterface
  public interface Latencies {
    Histogram interval(String op, int index);
  }

  /** The workload properties every synthetic client shares. */
  public static Map<String, String> baseProperties() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("workload", "site.ycsb.workloads.CoreWorkload");
    p.put("db", "site.ycsb.BasicDB");
    p.put("recordcount", "1000000");
    // a synthetic client runs for its intervals, as YCSB does with maxexecutiontime: operationcount is a bound only
    p.put("operationcount", "100000000");
    p.put("maxexecutiontime", "3600");
    p.put("threadcount", "16");
    p.put("readproportion", "0.5");
    p.put("updateproportion", "0.5");
    p.put("hdrhistogram.fileoutput", "true");
    p.put("status.interval", "1");
    p.put("dotransactions", "true");
    return p;
  }

  /**
   * Writes one client folder.
   *
   * @return per operation, the client's whole-run histogram (what it would print)
   */
  public static Map<String, Histogram> writeClient(Path dir, long startMs, long intervalMs, int intervals,
      List<String> ops, Latencies latencies,
      Map<String, String> properties) throws IOException {
    Files.createDirectories(dir);
    Map<String, Histogram> totals = new LinkedHashMap<>();
    for (String op : ops) {
      Histogram total = new Histogram(3);
      try (OutputStream os = Files.newOutputStream(dir.resolve(op + ".hdr"));
          PrintStream ps = new PrintStream(new java.io.BufferedOutputStream(os, 1 << 16), false,
              StandardCharsets.UTF_8)) {
        HistogramLogWriter w = new HistogramLogWriter(ps);
        w.outputComment("[Logging for: " + op + "]");
        w.outputLogFormatVersion();
        w.outputStartTime(startMs);
        w.setBaseTime(startMs);
        w.outputLegend();
        for (int k = 0; k < intervals; k++) {
          Histogram h = latencies.interval(op, k);
          h.setStartTimeStamp(startMs + k * intervalMs);
          h.setEndTimeStamp(startMs + (k + 1) * intervalMs);
          w.outputIntervalHistogram(h);
          total.add(h);
        }
        ps.flush();
      }
      totals.put(op, total);
    }
    writeOutput(dir.resolve("output.txt"), intervals * intervalMs, totals);
    Map<String, String> props = new LinkedHashMap<>(properties);
    props.put("hdrhistogram.output.path", dir + "/");
    writeProperties(dir.resolve("client.properties"), props);
    return totals;
  }

  /** YCSB's text export for these histograms: [OVERALL], then per operation as OneMeasurementHdrHistogram. */
  public static void writeOutput(Path file, long runTimeMs, Map<String, Histogram> totals) throws IOException {
    long ops = 0;
    for (Map.Entry<String, Histogram> e : totals.entrySet()) {
      if (!e.getKey().startsWith("Intended-")) {
        ops += e.getValue().getTotalCount();
      }
    }
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      // as YCSB starts its output; the folder makes every client's output its own (copies are refused)
      w.write("YCSB Client 0.17.0 (synthetic, " + file.toAbsolutePath().getParent() + ")\n");
      w.write("[OVERALL], RunTime(ms), " + runTimeMs + "\n");
      w.write("[OVERALL], Throughput(ops/sec), " + (1000.0 * ops / runTimeMs) + "\n");
      w.write("[TOTAL_GCs], Count, 0\n");
      for (Map.Entry<String, Histogram> e : totals.entrySet()) {
        String n = e.getKey();
        Histogram h = e.getValue();
        w.write("[" + n + "], Operations, " + h.getTotalCount() + "\n");
        w.write("[" + n + "], AverageLatency(us), " + h.getMean() + "\n");
        w.write("[" + n + "], MinLatency(us), " + h.getMinValue() + "\n");
        w.write("[" + n + "], MaxLatency(us), " + h.getMaxValue() + "\n");
        w.write("[" + n + "], 95thPercentileLatency(us), " + h.getValueAtPercentile(95) + "\n");
        w.write("[" + n + "], 99thPercentileLatency(us), " + h.getValueAtPercentile(99) + "\n");
        if (!n.startsWith("Intended-")) {
          w.write("[" + n + "], Return=OK, " + h.getTotalCount() + "\n");
        }
      }
    }
  }

  public static void writeProperties(Path file, Map<String, String> props) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
      for (Map.Entry<String, String> e : props.entrySet()) {
        w.write(e.getKey() + "=" + e.getValue().replace("\\", "\\\\") + "\n");
      }
    }
  }

  /**
   * Benchmark inputs: {@code <out>/client-NNN/} for each client, {@code intervals} one-second intervals of the five
   * operations READ, UPDATE, INSERT, SCAN, READ-MODIFY-WRITE. Usage: {@code SyntheticClients OUT CLIENTS INTERVALS}.
   *
   * <p>The logs look like YCSB 0.17's (HdrHistogram 2.1.12's HistogramLogWriter as OneMeasurementHdrHistogram drives
   * it): a StartTime header, timestamps relative to it in seconds with 3 decimals, the interval's max,
   * and intervals that drift as YCSB's status thread does (each starts a few ms after the previous one
   * ended, lengths of 1.000 s give or take a few ms), every client starting at its own moment. Same arguments, same
   * bytes: the generator is seeded.
   */
  public static void main(String[] args) throws IOException {
    write(Path.of(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]),
        args.length > 3 && args[3].equals("sidecars"));
  }

  /**
   * One bundle written twice below a folder, to {@code plain} and {@code sidecars}: the logs alone, and each log with
   * its counts sidecar as bin/ycsb writes it (the same bytes otherwise: the generator is seeded).
   */
  public record Twins(Path plain, Path sidecars) {
    /** {@code clients} clients of {@code intervals} intervals each, both ways, below {@code dir}. */
    public static Twins write(Path dir, int clients, int intervals) throws IOException {
      return new Twins(SyntheticClients.write(dir.resolve("plain"), clients, intervals, false),
          SyntheticClients.write(dir.resolve("sidecars"), clients, intervals, true));
    }
  }

  /**
   * {@code clients} client folders of {@code intervals} one-second intervals each, written below {@code out} as
   * {@link #main} describes; with {@code sidecars}, each with its counts sidecars as bin/ycsb writes them. Returns
   * {@code out}.
   */
  public static Path write(Path out, int clients, int intervals, boolean sidecars) throws IOException {
    long sidecarNanos = 0;
    long sidecarCpuNanos = 0;
    // the writer's own thread CPU as well as its wall time: on a shared machine the wall time is mostly the queue
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    List<String> ops = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE");
    int pool = 32;
    Random rnd = new Random(42);
    Map<String, List<String>> encoded = new LinkedHashMap<>();
    Map<String, List<Long>> counts = new LinkedHashMap<>();
    Map<String, List<Long>> maxima = new LinkedHashMap<>();
    for (int o = 0; o < ops.size(); o++) {
      List<String> lines = new ArrayList<>();
      List<Long> cs = new ArrayList<>();
      List<Long> ms = new ArrayList<>();
      for (int i = 0; i < pool; i++) {
        Histogram h = new Histogram(3);
        int n = 400 + rnd.nextInt(200);
        double median = 300 + 200 * o;
        for (int s = 0; s < n; s++) {
          // log-normal body with a rare slow tail, as a database shows
          double v = median * Math.exp(0.5 * rnd.nextGaussian());
          if (rnd.nextInt(1000) == 0) {
            v *= 50;
          }
          h.recordValue(Math.max(1, (long) v));
        }
        lines.add(encode(h));
        cs.add(h.getTotalCount());
        ms.add(h.getMaxValue());
      }
      encoded.put(ops.get(o), lines);
      counts.put(ops.get(o), cs);
      maxima.put(ops.get(o), ms);
    }
    long base = 1_700_000_000_000L;
    for (int c = 0; c < clients; c++) {
      Path dir = out.resolve(String.format(Locale.ROOT, "client-%03d", c));
      Files.createDirectories(dir);
      long start = base + rnd.nextInt(500);
      // one time line per client: all its operations' intervals are cut by the same status thread
      long[] startsMs = new long[intervals];
      long[] lengthsMs = new long[intervals];
      long t = 2 + rnd.nextInt(30);
      for (int k = 0; k < intervals; k++) {
        startsMs[k] = t;
        lengthsMs[k] = 997 + rnd.nextInt(7);
        t += lengthsMs[k] + rnd.nextInt(3);
      }
      Map<String, Histogram> totalsForOutput = new LinkedHashMap<>();
      for (String op : ops) {
        long total = 0;
        try (Writer w = Files.newBufferedWriter(dir.resolve(op + ".hdr"), StandardCharsets.ISO_8859_1)) {
          w.write("#[Histogram log format version 1.3]\n");
          w.write(String.format(Locale.ROOT, "#[StartTime: %.3f (seconds since epoch), %s]%n", start / 1000.0,
              java.time.format.DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss 'UTC' yyyy", Locale.ROOT)
                  .format(java.time.Instant.ofEpochMilli(start).atZone(java.time.ZoneOffset.UTC))));
          w.write("\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n");
          List<String> lines = encoded.get(op);
          for (int k = 0; k < intervals; k++) {
            int pick = (c * 7 + k) % pool;
            total += counts.get(op).get(pick);
            // HistogramLogWriter: seconds with 3 decimals, the max divided by its default unit ratio of 1e6 (meant
            // for ns to ms; YCSB records µs, so its logs show the max in seconds)
            w.write(String.format(Locale.ROOT, "%.3f,%.3f,%.3f,", startsMs[k] / 1000.0, lengthsMs[k] / 1000.0,
                maxima.get(op).get(pick) / 1_000_000.0));
            w.write(lines.get(pick));
            w.write('\n');
          }
        }
        Histogram fake = new Histogram(3);
        fake.recordValueWithCount(1000, total); // only the count is checked against the logs
        totalsForOutput.put(op, fake);
      }
      writeOutput(dir.resolve("output.txt"), t, totalsForOutput);
      Map<String, String> props = baseProperties();
      props.put("hdrhistogram.output.path", dir + "/");
      props.put("insertstart", Integer.toString(c * 1000));
      props.put("insertcount", "1000");
      writeProperties(dir.resolve("client.properties"), props);
      if (sidecars) {
        long t0 = System.nanoTime();
        long c0 = threads.getCurrentThreadCpuTime();
        if (CountsSidecar.writeAll(dir) != ops.size()) {
          throw new IllegalStateException("not every log of " + dir + " got its counts sidecar");
        }
        sidecarNanos += System.nanoTime() - t0;
        sidecarCpuNanos += threads.getCurrentThreadCpuTime() - c0;
      }
    }
    if (sidecars) {
      // the client-side cost: what bin/ycsb spends writing them at the end of its run
      System.err.printf(Locale.ROOT,
          "sidecars: %.0f ms per client, %.0f ms of its CPU (%d intervals x %d operations)%n",
          sidecarNanos / 1e6 / clients, sidecarCpuNanos / 1e6 / clients, intervals, ops.size());
    }
    return out;
  }

  private static String encode(Histogram h) {
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int len = h.encodeIntoCompressedByteBuffer(buf, 9);
    byte[] b = new byte[len];
    buf.rewind();
    buf.get(b);
    return java.util.Base64.getEncoder().encodeToString(b);
  }
}
