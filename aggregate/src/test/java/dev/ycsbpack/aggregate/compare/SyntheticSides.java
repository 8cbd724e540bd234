package dev.ycsbpack.aggregate.compare;

import dev.ycsbpack.aggregate.format.MergedJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Two sides of merged results drawn from a seeded model of known noise, for calibrating {@link Comparison}: no server,
 * the real {@link MergedJson} records {@code compare} reads. The model, per trial:
 * <ul>
 *   <li>a run-to-run RSD drawn from 2% to 10%;
 *   <li>per run, one factor (log-normal, 0.8 of that RSD) that moves throughput up and every latency down together
 *       (a faster run is faster in everything), plus per-figure noise (0.6 of the RSD) on each figure;
 *   <li>slow drift across the session: a linear ramp of up to ±5% from the first run to the last;
 *   <li>runs of 30 s, 10 s apart, in ABBA order (interleaved) or all of A then all of B (apart, with the later
 *       session's level moved by a further N(0, 5%): what a second session brings);
 *   <li>a workload of READ (95%) and UPDATE (5%), about 300,000 operations a run, so UPDATE's p99.99 rests on
 *       about 1.5 operations and must be shown untested.
 * </ul>
 */
final class SyntheticSides {
  static final long T0 = 1_790_000_000_000L;
  static final double BASE_OPS = 10_000;
  static final List<Double> PCTS = List.of(50.0, 90.0, 95.0, 99.0, 99.9, 99.99);
  private static final double[] LAT_SCALE = {1, 1.8, 2.3, 4, 8, 12};

  /** How the sides lie in time. */
  enum Order {
    ABBA, APART
  }

  final Random random;

  SyntheticSides(long seed) {
    this.random = new Random(seed);
  }

  /** One trial's two sides; B's throughput is {@code shift} times A's (1.0 for A/A), its latencies 1/shift. */
  List<List<Comparison.Named>> draw(int n, double shift, Order order) {
    double rsd = 0.02 + 0.08 * random.nextDouble();
    double drift = (random.nextDouble() * 2 - 1) * 0.05;
    double session = order == Order.APART ? random.nextGaussian() * 0.05 : 0;
    int total = 2 * n;
    List<Comparison.Named> a = new ArrayList<>();
    List<Comparison.Named> b = new ArrayList<>();
    int ai = 0;
    int bi = 0;
    for (int slot = 0; slot < total; slot++) {
      boolean isA = order == Order.APART ? slot < n : abba(slot);
      if (isA ? ai >= n : bi >= n) {
        isA = !isA;
      }
      double level = Math.exp(random.nextGaussian() * 0.8 * rsd) * (1 + drift * slot / (total - 1.0))
          * (!isA ? shift * (1 + session) : 1);
      long start = T0 + slot * 40_000L;
      MergedJson r = result(start, level, rsd);
      if (isA) {
        a.add(new Comparison.Named("a" + (++ai), r));
      } else {
        b.add(new Comparison.Named("b" + (++bi), r));
      }
    }
    return List.of(a, b);
  }

  /** A B B A, A B B A, ...: slot 0 A, 1 B, 2 B, 3 A, ... */
  private static boolean abba(int slot) {
    int k = slot % 4;
    return k == 0 || k == 3;
  }

  private double noise(double rsd) {
    return Math.max(0.5, 1 + random.nextGaussian() * 0.6 * rsd);
  }

  private MergedJson result(long start, double level, double rsd) {
    double seconds = 30;
    double overall = BASE_OPS * level * noise(rsd);
    MergedJson.Operation read = op("READ", overall * 0.95 * noise(rsd * 0.3), seconds, 800 / level, rsd);
    MergedJson.Operation update = op("UPDATE", overall * 0.05 * noise(rsd), seconds, 1500 / level, rsd);
    long ops = read.operations() + update.operations();
    MergedJson.Window w = new MergedJson.Window("common", start, start + 30_000, seconds, 0, 0, seconds);
    MergedJson.Overall o = MergedJson.Overall.builder().clients(1).clientsMerged(1).operations(ops)
        .reportedOperations(ops).coverage(1.0).throughputOpsPerSec(ops / seconds).insertDocuments(Map.of())
        .errorRate(0.0).successfulThroughputOpsPerSec(ops / seconds).build();
    MergedJson.Settings cfg = new MergedJson.Settings(Map.of("threadcount", "16"), Map.of(), List.of());
    MergedJson.Settings env = new MergedJson.Settings(Map.of("server.product", "MongoDB"), Map.of(), List.of());
    return MergedJson.builder().mode("run").server("mongodb").window(w).percentiles(PCTS).overall(o)
        .operations(List.of(read, update)).configuration(cfg).environment(env).build();
  }

  private MergedJson.Operation op(String name, double opsPerSec, double seconds, double p50, double rsd) {
    long count = Math.round(opsPerSec * seconds);
    Map<String, Long> pcts = new LinkedHashMap<>();
    for (int i = 0; i < PCTS.size(); i++) {
      double q = PCTS.get(i);
      pcts.put(q == Math.rint(q) ? Long.toString((long) q) : Double.toString(q),
          Math.round(p50 * LAT_SCALE[i] * noise(rsd)));
    }
    long max = Math.round(p50 * 20 * noise(rsd * 2));
    MergedJson.Latency lat = new MergedJson.Latency(count, Math.round(p50 / 4), p50 * 1.3 * noise(rsd), p50, max,
        pcts, List.of());
    return MergedJson.Operation.builder().name(name).operations(count).reportedOperations(count)
        .throughputOpsPerSec(count / seconds).latencyKind("latency").latencyUs(lat).returns(Map.of("OK", count))
        .errorRate(0.0).build();
  }
}
