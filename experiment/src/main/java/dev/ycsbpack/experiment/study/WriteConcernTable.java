package dev.ycsbpack.experiment.study;

import static dev.ycsbpack.common.RunStatus.NOT_RUN;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.StepTelemetry;
import dev.ycsbpack.aggregate.experiment.StudyTable;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.common.RunJudgement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answer table of a write-concern recipe ({@code experiments/wc-insert-latency},
 * {@code experiments/wc-driver-constants}): per write concern, the latency of each write operation it ran (mean and
 * p99, medians over the repetitions with their range, and p95) and its ratio to the w=1 cell, as the matrix computed
 * them, and the highest replication lag of any member during its runs. A cell the deployment refused is NOT RUN
 * with the server's reason; a cell without a ratio says why; nothing here is weighed again.
 */
final class WriteConcernTable {
  private WriteConcernTable() {
  }

  static StudyTable of(String question, String notMongo, List<StudyInput> experiments) {
    List<Row> all = rows(experiments);
    List<String> ops = WcMatrix.OPERATIONS.stream().filter(op -> all.stream().anyMatch(r -> r.cell() != null
        && r.cell().operations().containsKey(op))).toList();
    boolean means = all.stream().anyMatch(r -> r.cell() != null && r.cell().means() != null);
    Layout layout = new Layout(experiments.size() > 1, means, ops);
    TableBuilder t = new TableBuilder(layout.columns());
    for (Row r : all) {
      t.row(row(t, layout, r));
    }
    t.note("each latency and ops/s: the median over the cell's repetitions [their lowest-highest]; ratios: the "
        + "cell's median over the w=1 cell's median, as the matrix computed them");
    t.note("replication lag max: the highest lag of any replica set member (the primary's optime minus the "
        + "member's) in any sample of the server series taken during the cell's runs");
    t.note("steps: the cell's runs, folders under the experiment's steps/ in the recipe's folder");
    return t.build(question, notMongo);
  }

  /** Each experiment's cells in order; an experiment without a matrix is one row without a cell. */
  private static List<Row> rows(List<StudyInput> experiments) {
    List<Row> all = new ArrayList<>();
    for (StudyInput e : experiments) {
      WcMatrix w = e.manifest() == null ? null : e.manifest().matrix();
      if (w == null) {
        all.add(new Row(e, null, null, 0));
        continue;
      }
      for (int i = 0; i < w.cells().size(); i++) {
        all.add(new Row(e, w, w.cells().get(i), i + 1));
      }
    }
    return all;
  }

  /**
   * What the table shows.
   *
   * @param several whether there is more than one experiment (then each row names its own)
   * @param means   whether a cell names its means
   * @param ops     the write operations any cell ran
   */
  private record Layout(boolean several, boolean means, List<String> ops) {
    List<String> columns() {
      List<String> columns = new ArrayList<>();
      if (several) {
        columns.add("experiment");
      }
      columns.add("write concern");
      if (means) {
        columns.add("means");
      }
      columns.addAll(List.of("runs", "ops/s", "replication lag max (ms)"));
      for (String op : ops) {
        columns.addAll(List.of(op + " mean (ms)", op + " p95 (ms)", op + " p99 (ms)", op + " mean ratio",
            op + " p99 ratio"));
      }
      columns.add("steps");
      return columns;
    }
  }

  /** One cell's row: its figures, or in every figure's place why it has none. */
  private static List<String> row(TableBuilder t, Layout layout, Row r) {
    int width = layout.columns().size();
    List<String> row = new ArrayList<>();
    String name = r.input().incomplete() == null ? r.input().name() : t.noted(r.input().name(),
        r.input().incomplete());
    if (layout.several()) {
      row.add(name);
    }
    if (r.cell() == null) {
      return withoutFigures(row, t.na(r.input().noFigures()), width);
    }
    WcMatrix.Cell c = r.cell();
    row.add(layout.several() || r.input().incomplete() == null ? c.writeConcern() : t.noted(c.writeConcern(),
        r.input().incomplete()));
    if (layout.means()) {
      row.add(c.means() == null ? "-" : c.means());
    }
    if (c.runs() == 0) {
      String why = c.notRun() != null ? t.noted(NOT_RUN.words(), NOT_RUN.words() + ": " + c.notRun())
          : t.na("no run of " + c.writeConcern() + " finished");
      row.add("0");
      return withoutFigures(row, why, width);
    }
    row.add(c.runs() == 1 ? t.noted("1", "one run: the spread over repetitions is unknown") : c.runs() + "");
    row.add(spread(c.throughput(), v -> TableBuilder.ops(v)));
    row.add(lag(t, c.replicationLag()));
    for (String op : layout.ops()) {
      addOperation(row, t, r, op);
    }
    row.add(steps(r));
    return row;
  }

  /** {@code row} filled with {@code why} up to its steps, which are none. */
  private static List<String> withoutFigures(List<String> row, String why, int width) {
    while (row.size() < width - 1) {
      row.add(why);
    }
    row.add("-");
    return row;
  }

  /** Operation {@code op}'s five figures in the cell's row, or why each is missing. */
  private static void addOperation(List<String> row, TableBuilder t, Row r, String op) {
    WcMatrix.Operation o = r.cell().operations().get(op);
    if (o == null) {
      String why = t.na("the cell ran no " + op);
      for (int k = 0; k < 5; k++) {
        row.add(why);
      }
      return;
    }
    row.add(spread(o.avgUs(), TableBuilder::ms));
    row.add(o.p95Us() == null ? t.na("no " + op + " p95 recorded") : spread(o.p95Us(), TableBuilder::ms));
    row.add(o.p99Us() == null ? t.na("no " + op + " p99 recorded") : spread(o.p99Us(), TableBuilder::ms));
    row.add(o.avgRatio() != null ? TableBuilder.ratio(o.avgRatio()) : t.na(noRatio(r, op)));
    row.add(o.p99Ratio() != null ? TableBuilder.ratio(o.p99Ratio()) : t.na(noRatio(r, op)));
  }

  /** The highest lag of any member during the cell, or why there is none. */
  private static String lag(TableBuilder t, WcMatrix.Lag lag) {
    if (lag == null) {
      return t.na(StepTelemetry.NOT_SAMPLED);
    }
    return lag.maxMs() != null ? String.format(Locale.ROOT, "%,.0f", lag.maxMs()) : t.na(lag.missing());
  }

  private record Row(StudyInput input, WcMatrix matrix, WcMatrix.Cell cell, long x) {
  }

  private static String spread(Spread s, java.util.function.DoubleFunction<String> f) {
    return s.n() <= 1 ? f.apply(s.median()) : String.format(Locale.ROOT, "%s [%s-%s]", f.apply(s.median()),
        f.apply(s.min()), f.apply(s.max()));
  }

  /** Why a measured cell has no ratio: what the matrix said of it, else the missing baseline. */
  private static String noRatio(Row r, String op) {
    String said = statement(r.input().manifest(), r.cell().writeConcern());
    int at = said == null ? -1 : said.indexOf("not meaningful");
    if (at >= 0) {
      // the clause up to its ';', one inside its parentheses excepted
      int end = at;
      for (int depth = 0; end < said.length() && (said.charAt(end) != ';' || depth > 0); end++) {
        depth += said.charAt(end) == '(' ? 1 : said.charAt(end) == ')' ? -1 : 0;
      }
      return "no ratio: " + said.substring(at, end).strip();
    }
    if (r.matrix().baseline() == null) {
      return "no ratio: the matrix has no measured " + WcMatrix.BASELINE + " cell to compare with";
    }
    WcMatrix.Cell base = r.matrix().cells().stream().filter(c -> c.writeConcern().equals(r.matrix().baseline()))
        .findFirst().orElse(null);
    return base != null && !base.operations().containsKey(op) ? "no ratio: the " + r.matrix().baseline()
        + " cell ran no " + op : "no ratio: the matrix gives none for this cell";
  }

  /** The matrix's own line about a cell, or null. */
  private static String statement(ExperimentManifest m, String cell) {
    if (m == null || m.statements() == null) {
      return null;
    }
    return m.statements().stream().filter(s -> s.startsWith(cell + ":") || s.startsWith(cell + " ("))
        .findFirst().orElse(null);
  }

  private static String steps(Row r) {
    ExperimentManifest m = r.input().manifest();
    List<String> names = m.steps() == null ? List.of() : m.steps().stream().filter(s -> s.x() == r.x()
        && RunJudgement.measured(s.verdict(), s.figures() != null)).map(ExperimentManifest.Step::name).toList();
    return names.isEmpty() ? "-" : String.join(", ", names);
  }
}
