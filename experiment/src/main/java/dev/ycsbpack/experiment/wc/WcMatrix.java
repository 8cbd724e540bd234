package dev.ycsbpack.experiment.wc;

import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.experiment.answer.Answers;
import dev.ycsbpack.experiment.bundle.ExperimentManifest;
import dev.ycsbpack.experiment.run.StepFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A write-concern matrix's result: per cell, the write operations' latency and the throughput over the repetitions
 * (each a {@link Spread} of per-repetition figures, never one pooled histogram), the ratio of each median to the
 * {@code w=1} cell's, what the clients actually sent, or why the cell was not run.
 *
 * @param baseline the cell the ratios compare with ({@code w=1}), or null when the matrix has none or it was not run
 * @param rotation per repetition, the cells in the order they ran
 * @param cells    in the order given
 */
public record WcMatrix(String baseline, List<List<String>> rotation, List<Cell> cells) {
  /** The operations a write concern applies to. */
  public static final List<String> OPERATIONS = List.of("INSERT", "UPDATE");
  private static final Map<String, String> BASELINE_PROPERTIES = Map.of("mongodb.w", "1");

  /**
   * One cell.
   *
   * @param writeConcern    the cell as given, normalised
   * @param properties      the binding properties it ran with
   * @param sent            the write concern its clients recorded sending, each distinct text once
   * @param notRun          the probe's reason (server code and message) when it was never run; then no figures
   * @param runs            completed repetitions
   * @param throughput      ops/s over the repetitions
   * @param throughputRatio the median over the baseline's median
   * @param operations      INSERT and UPDATE (those the workload ran)
   * @param noisy           whether a figure's range is over 10% of its median
   * @param means           for a cell named by a Java driver constant ({@link DriverConstant}), what that constant
   *                        means (w/j/fsync, an alias of which) and what was sent for it; else null
   */
  public record Cell(String writeConcern, Map<String, String> properties, List<String> sent, String notRun, int runs,
                     Spread throughput, Double throughputRatio, Map<String, Operation> operations, boolean noisy,
                     String means) {
  }

  /**
   * One operation of one cell, microseconds over the repetitions.
   *
   * @param avgRatio the median average over the baseline's
   * @param p99Ratio the median p99 over the baseline's
   */
  public record Operation(Spread avgUs, Spread minUs, Spread maxUs, Spread p95Us, Spread p99Us, Double avgRatio,
                          Double p99Ratio) {
  }

  /** The matrix from the plan's cells and the steps recorded so far (step x = the cell's place from 1). */
  public static WcMatrix of(ExperimentManifest.Plan plan, List<ExperimentManifest.Step> steps) {
    List<WriteConcernCell> given = WriteConcernCell.parseList("--write-concerns", String.join(",",
        plan.writeConcerns()));
    List<List<String>> rotation = new ArrayList<>();
    for (int r = 1; r <= plan.repeat(); r++) {
      rotation.add(Rotation.order(given.size(), r).stream().map(i -> given.get(i).label()).toList());
    }
    List<Cell> raw = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      long x = i + 1;
      List<ExperimentManifest.Step> mine = steps.stream().filter(s -> s.x() == x).toList();
      List<StepFigures> done = mine.stream().filter(s -> "COMPLETE".equals(s.verdict()) && s.figures() != null)
          .map(ExperimentManifest.Step::figures).toList();
      String notRun = done.isEmpty() ? mine.stream().filter(s -> "NOT_RUN".equals(s.verdict()))
          .map(ExperimentManifest.Step::reason).reduce((a, b) -> b).orElse(null) : null;
      raw.add(cell(given.get(i), done, notRun));
    }
    // the baseline is the first measured cell that sends w=1 alone: "w=1", or a constant meaning it (ACKNOWLEDGED)
    Cell base = raw.stream().filter(c -> c.properties().equals(BASELINE_PROPERTIES) && c.runs() > 0)
        .findFirst().orElse(null);
    List<Cell> cells = raw.stream().map(c -> base == null ? c : withRatios(c, base)).toList();
    return new WcMatrix(base == null ? null : base.writeConcern(), rotation, cells);
  }

  private static Cell cell(WriteConcernCell wc, List<StepFigures> done, String notRun) {
    String means = DriverConstant.named(wc.label()).map(DriverConstant::means).orElse(null);
    if (done.isEmpty()) {
      return new Cell(wc.label(), wc.properties(), List.of(), notRun, 0, null, null, Map.of(), false, means);
    }
    Set<String> sent = new LinkedHashSet<>();
    done.forEach(f -> sent.add(f.writeConcern() == null ? "not recorded by the clients" : f.writeConcern()));
    Spread tp = Spread.of(done.stream().mapToDouble(StepFigures::throughput).toArray());
    Map<String, Operation> ops = new LinkedHashMap<>();
    for (String op : OPERATIONS) {
      List<StepFigures> with = done.stream().filter(f -> f.rangeUs() != null && f.rangeUs().containsKey(op)
          && f.rangeUs().get(op).avg() != null && f.latencyUs().containsKey(op)).toList();
      if (with.isEmpty()) {
        continue;
      }
      ops.put(op, new Operation(spread(with, f -> f.rangeUs().get(op).avg()),
          spread(with, f -> (double) f.rangeUs().get(op).min()), spread(with, f -> (double) f.rangeUs().get(op).max()),
          spread(with, f -> percentile(f, op, "95")), spread(with, f -> percentile(f, op, "99")), null, null));
    }
    boolean noisy = tp.noisy() || ops.values().stream().anyMatch(o -> o.avgUs().noisy() || o.p99Us() != null
        && o.p99Us().noisy());
    return new Cell(wc.label(), wc.properties(), List.copyOf(sent), null, done.size(), tp, null, ops, noisy, means);
  }

  private static Double percentile(StepFigures f, String op, String label) {
    Long v = f.latencyUs().get(op).get(label);
    return v == null ? null : v.doubleValue();
  }

  private static Spread spread(List<StepFigures> figures, Function<StepFigures, Double> value) {
    double[] v = figures.stream().map(value).filter(d -> d != null).mapToDouble(Double::doubleValue).toArray();
    return v.length == 0 ? null : Spread.of(v);
  }

  private static Cell withRatios(Cell c, Cell base) {
    if (c.runs() == 0) {
      return c;
    }
    Map<String, Operation> ops = new LinkedHashMap<>();
    c.operations().forEach((name, o) -> {
      Operation b = base.operations().get(name);
      ops.put(name, new Operation(o.avgUs(), o.minUs(), o.maxUs(), o.p95Us(), o.p99Us(),
          b == null ? null : ratio(o.avgUs(), b.avgUs()), b == null ? null : ratio(o.p99Us(), b.p99Us())));
    });
    return new Cell(c.writeConcern(), c.properties(), c.sent(), null, c.runs(), c.throughput(),
        ratio(c.throughput(), base.throughput()), ops, c.noisy(), c.means());
  }

  private static Double ratio(Spread a, Spread b) {
    return a == null || b == null || b.median() == 0 ? null : Math.round(1000 * a.median() / b.median()) / 1000.0;
  }

  /** The result in words, one line per cell, as printed and in the report. */
  public List<String> statements() {
    List<String> s = new ArrayList<>();
    for (Cell c : cells) {
      String name = c.means() == null ? c.writeConcern() : c.writeConcern() + " (" + c.means() + ")";
      if (c.runs() == 0) {
        s.add(name + ": " + (c.notRun() != null ? "NOT RUN: " + c.notRun() : "no run finished"));
        continue;
      }
      StringBuilder b = new StringBuilder(name).append(": ");
      b.append(String.format(Locale.ROOT, "%,.0f ops/s", c.throughput().median()));
      c.operations().forEach((op, o) -> b.append(String.format(Locale.ROOT, ", %s avg %.3f ms p99 %s ms", op,
          o.avgUs().median() / 1000, o.p99Us() == null ? "-" : String.format(Locale.ROOT, "%.3f",
              o.p99Us().median() / 1000))).append(o.p99Ratio() == null ? "" : " (" + Answers.num(o.p99Ratio())
          + "x " + baseline + ")"));
      b.append(c.runs() > 1 ? " (median of " + c.runs() + ")" : " (one run: noise unknown)");
      if (c.noisy()) {
        b.append("; NOISY (a figure's range is over 10% of its median)");
      }
      b.append("; sent ").append(String.join(" / ", c.sent()));
      s.add(b.toString());
    }
    if (baseline == null) {
      s.add("no ratios: the matrix has no measured " + WriteConcernCell.BASELINE + " cell (or ACKNOWLEDGED) to compare "
          + "with");
    }
    return s;
  }
}
