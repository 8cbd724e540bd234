package dev.ycsbpack.experiment.wc;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.experiment.WcMatrix.Cell;
import dev.ycsbpack.aggregate.experiment.WcMatrix.Operation;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** Builds a write-concern matrix's {@link WcMatrix} from the plan and the steps recorded so far. */
public final class WcMatrixBuilder {
  /** The properties of a cell that sends w=1 alone: the baseline ("w=1", or a constant meaning it, ACKNOWLEDGED). */
  private static final Map<String, String> BASELINE_PROPERTIES = Map.of("mongodb.w", "1");
  /** {@code server.topology} of a single server outside any replica set, as the binding records it. */
  static final String STANDALONE = "standalone";

  private WcMatrixBuilder() {
  }

  /** The matrix of a deployment whose topology is not known. */
  public static WcMatrix of(ExperimentManifest.Plan plan, List<ExperimentManifest.Step> steps) {
    return of(plan, steps, null);
  }

  /**
   * The matrix from the plan's cells and the steps recorded so far (step x = the cell's place from 1).
   *
   * @param topology the deployment as the clients' driver saw it ({@code server.topology}: {@code standalone},
   *                 {@code replica set}, ...), or null when not recorded
   */
  public static WcMatrix of(ExperimentManifest.Plan plan, List<ExperimentManifest.Step> steps, String topology) {
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
      List<StepFigures> done = mine.stream().filter(s -> RunJudgement.measured(s.verdict(), s.figures() != null))
          .map(ExperimentManifest.Step::figures).toList();
      String notRun = done.isEmpty() ? mine.stream().filter(s -> RunStatus.NOT_RUN.is(s.verdict()))
          .map(ExperimentManifest.Step::reason).reduce((a, b) -> b).orElse(null) : null;
      raw.add(cell(given.get(i), done, notRun, topology));
    }
    // the baseline is the first measured cell that sends w=1 alone: "w=1", or a constant meaning it (ACKNOWLEDGED)
    Cell base = raw.stream().filter(c -> c.properties().equals(BASELINE_PROPERTIES) && c.runs() > 0)
        .findFirst().orElse(null);
    List<Cell> cells = raw.stream().map(c -> base == null ? c : withRatios(c, base)).toList();
    return new WcMatrix(base == null ? null : base.writeConcern(), rotation, cells);
  }

  /**
   * Why a cell that ran did not measure what it names, or null: on a standalone, w &gt; 1 and tags (a real MongoDB
   * refuses them, so a server that ran them ignored them) and majority (one member: it means w:1).
   */
  static String notMeaningful(WriteConcernCell wc, String topology) {
    if (!STANDALONE.equals(topology == null ? null : topology.strip()) || wc.w() == null) {
      return null;
    }
    if (wc.w().equals("majority")) {
      return WcMatrix.STANDALONE_MAJORITY;
    }
    if (wc.w().startsWith("tag:")) {
      return WcMatrix.STANDALONE_TAG;
    }
    return Integer.parseInt(wc.w()) > 1 ? WcMatrix.STANDALONE_W : null;
  }

  private static Cell cell(WriteConcernCell wc, List<StepFigures> done, String notRun, String topology) {
    String means = DriverConstant.named(wc.label()).map(DriverConstant::means).orElse(null);
    if (done.isEmpty()) {
      return Cell.builder(wc.label(), wc.properties()).notRun(notRun).means(means).build();
    }
    Set<String> sent = new LinkedHashSet<>();
    done.forEach(f -> sent.add(f.writeConcern() == null ? "not recorded by the clients" : f.writeConcern()));
    Spread tp = Spread.of(done.stream().mapToDouble(StepFigures::throughput).toArray());
    Map<String, Operation> ops = new LinkedHashMap<>();
    for (String op : WcMatrix.OPERATIONS) {
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
    return Cell.builder(wc.label(), wc.properties()).sent(List.copyOf(sent)).runs(done.size()).throughput(tp)
        .operations(ops).noisy(noisy).means(means).notMeaningful(notMeaningful(wc, topology))
        .replicationLag(WcMatrix.Lag.of(done)).build();
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
    if (c.runs() == 0 || c.notMeaningful() != null) {
      return c; // a cell the server ignored is no measure of its write concern: no ratio
    }
    Map<String, Operation> ops = new LinkedHashMap<>();
    c.operations().forEach((name, o) -> {
      Operation b = base.operations().get(name);
      ops.put(name, new Operation(o.avgUs(), o.minUs(), o.maxUs(), o.p95Us(), o.p99Us(),
          b == null ? null : ratio(o.avgUs(), b.avgUs()), b == null ? null : ratio(o.p99Us(), b.p99Us())));
    });
    return c.toBuilder().notRun(null).throughputRatio(ratio(c.throughput(), base.throughput())).operations(ops)
        .notMeaningful(null).build();
  }

  private static Double ratio(Spread a, Spread b) {
    return a == null || b == null || b.median() == 0 ? null : Math.round(1000 * a.median() / b.median()) / 1000.0;
  }
}
