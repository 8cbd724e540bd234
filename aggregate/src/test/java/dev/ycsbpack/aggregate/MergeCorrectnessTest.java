package dev.ycsbpack.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.Merger;
import dev.ycsbpack.aggregate.result.LatencyStats;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.OpResult;
import dev.ycsbpack.aggregate.result.TimeSeries;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof: synthetic clients whose every recorded latency is known. The merged percentiles must equal the exact
 * percentiles of the union of all samples inside the window, within HdrHistogram's precision (same equivalence
 * bucket); averaging the clients' own percentiles must fail the same check.
 */
class MergeCorrectnessTest {
  static final long T = 1_790_000_000_000L;
  static final long INTERVAL = 1000;
  static final int INTERVALS = 60;
  static final List<String> OPS = List.of("READ", "UPDATE");
  /** Client start offsets (ms): not aligned with each other or with whole seconds. */
  static final long[] OFFSETS = {0, 300, 1700, 2500};
  static final double[] CHECKED = {1, 25, 50, 90, 95, 99, 99.9, 99.99, 100};

  @TempDir
  static Path dir;

  /** samples[client][op][interval] */
  static long[][][][] samples;

  @BeforeAll
  static void writeClients() throws Exception {
    samples = new long[OFFSETS.length][OPS.size()][INTERVALS][];
    for (int c = 0; c < OFFSETS.length; c++) {
      final int client = c;
      Random rnd = new Random(1000 + c);
      Map<String, String> props = SyntheticClients.baseProperties();
      props.put("insertstart", Integer.toString(c * 250_000));
      props.put("insertcount", "250000");
      SyntheticClients.writeClient(dir.resolve("c" + c), T + OFFSETS[c], INTERVAL, INTERVALS, OPS, (op, k) -> {
        long[] s = draw(client, rnd);
        samples[client][OPS.indexOf(op)][k] = s;
        Histogram h = new Histogram(3);
        for (long v : s) {
          h.recordValue(v);
        }
        return h;
      }, props);
    }
  }

  /** Four very different clients: fast, medium, slow with few samples, bimodal. */
  static long[] draw(int client, Random rnd) {
    int n = switch (client) {
      case 0 -> 300;
      case 1 -> 200;
      case 2 -> 40;
      default -> 150;
    };
    long[] s = new long[n];
    for (int i = 0; i < n; i++) {
      double v = switch (client) {
        case 0 -> 100 + rnd.nextInt(200);
        case 1 -> 2000 * Math.exp(0.6 * rnd.nextGaussian());
        case 2 -> 10_000 + rnd.nextInt(40_000);
        default -> rnd.nextInt(10) == 0 ? 80_000 + rnd.nextInt(20_000) : 500 + rnd.nextInt(500);
      };
      s[i] = Math.max(1, (long) v);
    }
    return s;
  }

  /** The union of every sample of every client whose interval midpoint lies in [w0, w1), sorted. */
  static long[] union(int op, long w0, long w1) {
    List<long[]> parts = new ArrayList<>();
    int n = 0;
    for (int c = 0; c < OFFSETS.length; c++) {
      for (int k = 0; k < INTERVALS; k++) {
        long mid = T + OFFSETS[c] + k * INTERVAL + INTERVAL / 2;
        if (mid >= w0 && mid < w1) {
          parts.add(samples[c][op][k]);
          n += samples[c][op][k].length;
        }
      }
    }
    long[] all = new long[n];
    int i = 0;
    for (long[] p : parts) {
      System.arraycopy(p, 0, all, i, p.length);
      i += p.length;
    }
    Arrays.sort(all);
    return all;
  }

  /** Nearest-rank percentile of sorted samples: the value at rank ceil(p/100 * n), at least 1. */
  static long exact(long[] sorted, double p) {
    long rank = Math.max(1, (long) Math.ceil(p / 100.0 * sorted.length));
    return sorted[(int) rank - 1];
  }

  static final Histogram PRECISION = new Histogram(3);

  static boolean equivalent(long a, long b) {
    return PRECISION.valuesAreEquivalent(a, b);
  }

  MergeResult merge(double warmup, double cooldown) throws Exception {
    List<Double> pcts = new ArrayList<>();
    for (double p : CHECKED) {
      pcts.add(p);
    }
    MergeOptions o = MergeOptions.builder().percentiles(pcts).warmupSeconds(warmup).cooldownSeconds(cooldown).build();
    return Merger.merge(List.of(dir), o);
  }

  void assertExact(MergeResult r, long w0, long w1) {
    assertEquals(w0, r.windowStartMs());
    assertEquals(w1, r.windowEndMs());
    for (int op = 0; op < OPS.size(); op++) {
      long[] all = union(op, w0, w1);
      OpResult merged = r.operationsByName().get(OPS.get(op));
      assertEquals(all.length, merged.count(), OPS.get(op) + " count");
      for (double p : CHECKED) {
        long want = exact(all, p);
        long got = merged.latency().percentiles().get(p);
        assertTrue(equivalent(want, got), OPS.get(op) + " p" + p + ": merged " + got + " vs exact " + want);
      }
      assertTrue(equivalent(all[all.length - 1], merged.latency().maxUs()), "max");
      assertTrue(equivalent(all[0], merged.latency().minUs()), "min");
    }
  }

  @Test
  void mergedPercentilesEqualExactPercentilesOfTheUnion() throws Exception {
    MergeResult r = merge(0, 0);
    // common window: the latest start to the earliest end
    assertExact(r, T + 2500, T + INTERVALS * INTERVAL);
    assertEquals("intervals", r.mode().label());
    assertTrue(r.complete());
  }

  @Test
  void warmupAndCooldownAreCutBeforeReadingPercentiles() throws Exception {
    MergeResult r = merge(5, 3);
    assertExact(r, T + 2500 + 5000, T + INTERVALS * INTERVAL - 3000);
  }

  @Test
  void averagingTheClientsOwnPercentilesFailsTheSameCheck() throws Exception {
    MergeResult r = merge(0, 0);
    long w0 = r.windowStartMs();
    long w1 = r.windowEndMs();
    int failures = 0;
    for (int op = 0; op < OPS.size(); op++) {
      long[] all = union(op, w0, w1);
      for (double p : new double[] {50, 90, 99, 99.9}) {
        double sum = 0;
        for (int c = 0; c < OFFSETS.length; c++) {
          long[] own = ownSamples(c, op, w0, w1);
          sum += exact(own, p); // each client's exact percentile, even better than what it prints
        }
        long averaged = Math.round(sum / OFFSETS.length);
        long want = exact(all, p);
        long merged = r.operationsByName().get(OPS.get(op)).latency().percentiles().get(p);
        assertTrue(equivalent(want, merged));
        if (!equivalent(want, averaged)) {
          failures++;
        }
      }
      // the commonly quoted figure: the average of the clients' p99
      double sum99 = 0;
      for (int c = 0; c < OFFSETS.length; c++) {
        sum99 += exact(ownSamples(c, op, w0, w1), 99);
      }
      long avg99 = Math.round(sum99 / OFFSETS.length);
      assertFalse(equivalent(exact(all, 99), avg99), "averaged p99 " + avg99 + " would have passed");
    }
    assertEquals(2 * 4, failures, "averaging should fail at every checked percentile here");
  }

  static long[] ownSamples(int c, int op, long w0, long w1) {
    List<Long> l = new ArrayList<>();
    for (int k = 0; k < INTERVALS; k++) {
      long mid = T + OFFSETS[c] + k * INTERVAL + INTERVAL / 2;
      if (mid >= w0 && mid < w1) {
        for (long v : samples[c][op][k]) {
          l.add(v);
        }
      }
    }
    long[] a = l.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(a);
    return a;
  }

  /**
   * The operations of the intervals in the window [w0, w1) (by midpoint), each spread over its time inside the window
   * in proportion, that fall in [b0, b1): {share, pieces}. Rounding to whole operations moves each piece by under one.
   */
  static double[] apportioned(int op, long w0, long w1, long b0, long b1) {
    double share = 0;
    int pieces = 0;
    for (int c = 0; c < OFFSETS.length; c++) {
      for (int k = 0; k < INTERVALS; k++) {
        long start = T + OFFSETS[c] + k * INTERVAL;
        long mid = start + INTERVAL / 2;
        if (mid < w0 || mid >= w1) {
          continue;
        }
        long from = Math.max(start, w0);
        long to = Math.min(start + INTERVAL, w1);
        long overlap = Math.min(to, b1) - Math.max(from, b0);
        if (overlap > 0) {
          share += (double) samples[c][op][k].length * overlap / (to - from);
          pieces++;
        }
      }
    }
    return new double[] {share, Math.max(1, pieces)};
  }

  @Test
  void timeSeriesBucketsHoldExactPercentilesOfTheirIntervalsAndApportionedCounts() throws Exception {
    MergeResult r = merge(0, 0);
    TimeSeries ts = r.timeSeries();
    assertEquals(1000, ts.bucketMs());
    assertTrue(ts.buckets() > 50);
    int p99 = ts.percentiles().indexOf(99.0);
    for (int op = 0; op < OPS.size(); op++) {
      TimeSeries.OpSeries s = ts.series().get(OPS.get(op));
      long sum = 0;
      for (int k = 0; k < ts.buckets(); k++) {
        long b0 = ts.startMs() + k * ts.bucketMs();
        long b1 = Math.min(b0 + ts.bucketMs(), ts.endMs());
        long[] in = union(op, b0, b1);
        double[] share = apportioned(op, r.windowStartMs(), r.windowEndMs(), b0, b1);
        assertTrue(Math.abs(s.counts()[k] - share[0]) < share[1], "bucket " + k + " count " + s.counts()[k]
            + ", apportioned " + share[0]);
        sum += s.counts()[k];
        if (in.length > 0) {
          assertTrue(equivalent(exact(in, 99), s.percentiles()[p99][k]), "bucket " + k + " p99");
          assertTrue(equivalent(in[in.length - 1], s.max()[k]), "bucket " + k + " max");
        }
      }
      assertEquals(r.operationsByName().get(OPS.get(op)).count(), sum, "buckets add up to the window");
    }
  }

  @Test
  void throughputIsTheSumOfEachClientsRateInTheWindow() throws Exception {
    MergeResult r = merge(0, 0);
    double expected = 0;
    Map<Integer, Long> perClient = new HashMap<>();
    for (int c = 0; c < OFFSETS.length; c++) {
      long n = 0;
      long intervals = 0;
      for (int k = 0; k < INTERVALS; k++) {
        long mid = T + OFFSETS[c] + k * INTERVAL + INTERVAL / 2;
        if (mid >= r.windowStartMs() && mid < r.windowEndMs()) {
          intervals++;
          for (int op = 0; op < OPS.size(); op++) {
            n += samples[c][op][k].length;
          }
        }
      }
      perClient.put(c, n);
      expected += n / (intervals * INTERVAL / 1000.0);
    }
    assertEquals(expected, r.totalThroughput(), 1e-6);
    for (int c = 0; c < OFFSETS.length; c++) {
      assertEquals(perClient.get(c), r.clients().get(c).windowOperations());
    }
  }

  @Test
  void onePassPercentilesMatchHdrHistogramsOwnDefinition() {
    Random rnd = new Random(7);
    double[] ps = {0.1, 1, 10, 33.3, 50, 90, 99, 99.9, 99.99, 99.999, 100};
    for (int round = 0; round < 200; round++) {
      Histogram h = new Histogram(3);
      int n = 1 + rnd.nextInt(round < 20 ? 5 : 5000);
      for (int i = 0; i < n; i++) {
        h.recordValue(1 + (long) Math.abs(rnd.nextGaussian() * Math.pow(10, 1 + rnd.nextInt(5))));
      }
      long[] got = LatencyStats.valuesAt(h, ps);
      for (int i = 0; i < ps.length; i++) {
        assertEquals(h.getValueAtPercentile(ps[i]), got[i], "p" + ps[i] + " of " + n + " values");
      }
    }
  }
}
