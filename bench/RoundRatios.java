import dev.ycsbpack.aggregate.stats.MannWhitney;
import dev.ycsbpack.aggregate.stats.RatioCi;
import dev.ycsbpack.aggregate.stats.Spread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two arms of a {@code bench/client-cpu.sh} CSV on one column (default {@code cpu_us_per_op}), per workload,
 * thread count and length, with the pack's own statistics (those {@code bin/ycsb-aggregate compare} uses): the ratio
 * of the arms' medians with its 95% bootstrap interval ({@code RatioCi}, 10,000 resamples, seed 1) and the
 * Mann-Whitney p; then, because the arms ran in the same rounds, the median of the per-round ratios and in how many
 * rounds the first arm was below the second (a sign test's two-sided p). A few rounds on this machine cannot tell 5%
 * from its noise; 30 can.
 *
 * <p>Usage: java -cp 'DIST/lib/*' bench/RoundRatios.java RESULTS.csv ARM REFERENCE_ARM [COLUMN]
 */
public class RoundRatios {
  public static void main(String[] args) throws Exception {
    List<String> lines = Files.readAllLines(Path.of(args[0]));
    String arm = args[1];
    String reference = args[2];
    List<String> header = List.of(lines.get(0).split(","));
    String columnName = args.length > 3 ? args[3] : "cpu_us_per_op";
    int column = header.indexOf(columnName);
    if (column < 0) {
      System.err.println("RoundRatios: no column " + columnName + " in " + args[0] + "; it has " + header);
      System.exit(2);
    }
    int armAt = header.indexOf("arm");
    int roundAt = header.indexOf("round");
    // cell -> round -> {arm's value, reference's value}
    Map<String, Map<String, double[]>> cells = new LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      int side = f[armAt].equals(arm) ? 0 : f[armAt].equals(reference) ? 1 : -1;
      if (side < 0 || f[column].isEmpty()) {
        continue;
      }
      String cell = f[header.indexOf("workload")] + " " + f[header.indexOf("threads")] + " threads "
          + f[header.indexOf("ops")] + " ops";
      double[] pair = cells.computeIfAbsent(cell, c -> new LinkedHashMap<>())
          .computeIfAbsent(f[roundAt], r -> new double[] {Double.NaN, Double.NaN});
      pair[side] = Double.parseDouble(f[column]);
    }
    int compared = 0;
    for (Map.Entry<String, Map<String, double[]>> cell : cells.entrySet()) {
      List<double[]> rounds = new ArrayList<>();
      cell.getValue().values().forEach(p -> {
        if (!Double.isNaN(p[0]) && !Double.isNaN(p[1])) {
          rounds.add(p);
        }
      });
      if (rounds.isEmpty()) {
        continue; // a cell only one of the arms ran
      }
      compared++;
      double[] a = rounds.stream().mapToDouble(p -> p[0]).toArray();
      double[] b = rounds.stream().mapToDouble(p -> p[1]).toArray();
      RatioCi ci = RatioCi.bootstrap(b, a, RatioCi.DEFAULT_RESAMPLES, RatioCi.DEFAULT_LEVEL, 1L);
      MannWhitney mw = MannWhitney.test(a, b);
      double[] perRound = rounds.stream().mapToDouble(p -> p[0] / p[1]).sorted().toArray();
      long below = rounds.stream().filter(p -> p[0] < p[1]).count();
      long above = rounds.stream().filter(p -> p[0] > p[1]).count();
      System.out.printf("%s, %d rounds: %s / %s medians %.2f / %.2f = %.3f (95%% interval %.3f-%.3f), Mann-Whitney "
              + "p=%.2g; per round median %.3f (%.2f-%.2f), below 1 in %d, above in %d (sign test p=%.2g)%n",
          cell.getKey(), rounds.size(), arm, reference, Spread.of(a).median(), Spread.of(b).median(), ci.ratio(),
          ci.low(), ci.high(), mw.p(), Spread.of(perRound).median(), perRound[0], perRound[perRound.length - 1],
          below, above, signTest(below, above));
    }
    if (compared == 0) {
      System.err.println("RoundRatios: no round of " + args[0] + " has both arms " + arm + " and " + reference);
      System.exit(2);
    }
  }

  /** Two-sided sign test: the chance of a split at least this uneven when either arm is as likely to be lower. */
  private static double signTest(long below, long above) {
    long n = below + above;
    long k = Math.min(below, above);
    double tail = 0;
    for (long i = 0; i <= k; i++) {
      tail += Math.exp(logChoose(n, i) - n * Math.log(2));
    }
    return Math.min(1, 2 * tail);
  }

  private static double logChoose(long n, long k) {
    double sum = 0;
    for (long i = 1; i <= k; i++) {
      sum += Math.log(n - k + i) - Math.log(i);
    }
    return sum;
  }
}
