package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.StudyTable;
import dev.ycsbpack.common.RunJudgement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The answer table of a recipe of sweeps ({@code experiments/clients-6to1}: clients 1 to N;
 * {@code experiments/mongodb-26-vs-30}: per workload, threads 1 to 128): per experiment, its load (when it loaded,
 * from the load's own bundle) and each completed step, with the throughput and each measured operation's p95 and p99,
 * and the experiment's own answers marked on their rows (highest throughput, the knee where throughput stops paying,
 * the latency knee) and quoted below the table as the experiment stated them: this table never weighs the steps again.
 */
final class SweepTable {
  /** The operations in the order a reader looks for them; any other the steps ran follows. */
  private static final List<String> ORDER = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE");
  private static final List<String> PERCENTILES = List.of("95", "99");

  private SweepTable() {
  }

  static StudyTable of(String question, String notMongo, List<StudyInput> experiments) {
    String axis = experiments.stream().map(StudyInput::manifest).filter(Objects::nonNull)
        .map(m -> m.plan().axis()).filter(Objects::nonNull).findFirst().orElse("value");
    List<String> ops = operations(experiments);
    List<String> columns = new ArrayList<>(List.of("experiment", axis, "ops/s"));
    // one column per operation, its percentiles side by side: a reader compares p95 with p99 along one row
    ops.forEach(op -> columns.add(op + " p" + String.join("/p", PERCENTILES) + " (ms)"));
    columns.addAll(List.of("answer", "step"));
    TableBuilder t = new TableBuilder(columns);
    for (StudyInput e : experiments) {
      String name = e.incomplete() == null ? e.name() : t.noted(e.name(), e.incomplete());
      ExperimentManifest.Step loadStep = loadStep(e.manifest());
      if (loadStep != null) {
        List<String> row = new ArrayList<>(List.of(name, "load"));
        if (e.load() == null) {
          String why = t.na("the load's bundle " + e.where(loadStep) + " has no merged figures");
          while (row.size() < columns.size() - 2) {
            row.add(why);
          }
        } else {
          figures(t, row, e.load(), ops);
        }
        row.add("the experiment's load");
        row.add(e.where(loadStep));
        t.row(row);
      }
      List<ExperimentManifest.Step> steps = e.measured();
      if (steps.isEmpty()) {
        String why = t.na(e.noFigures());
        List<String> row = new ArrayList<>(List.of(name));
        while (row.size() < columns.size() - 1) {
          row.add(why);
        }
        row.add("-");
        t.row(row);
      }
      Answers a = e.manifest() == null ? null : e.manifest().answers();
      for (ExperimentManifest.Step s : steps) {
        List<String> row = new ArrayList<>(List.of(name, Answers.num(s.x())));
        figures(t, row, s.figures(), ops);
        row.add(marks(a, s));
        row.add(e.where(s));
        t.row(row);
      }
      List<String> said = said(e.manifest());
      if (!said.isEmpty()) {
        t.note(e.name() + ": " + String.join("; ", said));
      }
    }
    t.note("answer: the experiment's own answers (bin/ycsb-experiment's rules), marked on the step they name; "
        + "latencies are the step's merged percentiles over all clients");
    t.note("step: each row's figures come from that step's folder in the recipe's folder (its merged/report.html "
        + "has every figure)");
    return t.build(question, notMongo);
  }

  private static void figures(TableBuilder t, List<String> row, StepFigures f, List<String> ops) {
    row.add(TableBuilder.ops(f.throughput()));
    for (String op : ops) {
      Map<String, Long> p = f.latencyUs() == null ? null : f.latencyUs().get(op);
      if (p == null) {
        row.add(t.na("the step ran no " + op));
        continue;
      }
      List<String> values = new ArrayList<>();
      for (String pc : PERCENTILES) {
        Long v = p.get(pc);
        values.add(v != null ? TableBuilder.ms(v) : t.na("no " + op + " p" + pc + " recorded"));
      }
      row.add(String.join(" / ", values));
    }
  }

  /** The marks of a step's row: which of the experiment's answers name its value. */
  private static String marks(Answers a, ExperimentManifest.Step s) {
    List<String> m = new ArrayList<>();
    if (a != null) {
      if (a.best() != null && a.best() == s.x()) {
        m.add("highest throughput");
      }
      if (a.knee() != null && a.knee().x() == s.x()) {
        m.add("knee: throughput stops paying" + (a.kneeNote() == null ? "" : " (" + a.kneeNote() + ")"));
      }
      if (a.latencyKnee() != null && a.latencyKnee() == s.x()) {
        m.add("latency knee");
      }
    }
    if (s.figures().clientSaturated()) {
      m.add("CLIENT-SATURATED (the client machines, not the server, were the limit)");
    }
    return m.isEmpty() ? "-" : String.join("; ", m);
  }

  /** The experiment's answers as it stated them: its highest throughput, knee and latency knee lines. */
  private static List<String> said(ExperimentManifest m) {
    if (m == null || m.statements() == null) {
      return List.of();
    }
    return m.statements().stream().filter(s -> s.startsWith("highest throughput") || s.startsWith("knee")
        || s.startsWith("latency knee") || s.startsWith("stopped early") || s.startsWith("SLO")).toList();
  }

  /** The experiment's own load ({@code steps/00-load}), when it completed. */
  static ExperimentManifest.Step loadStep(ExperimentManifest m) {
    if (m == null || m.steps() == null || !m.plan().load()) {
      return null;
    }
    return m.steps().stream().filter(s -> s.order() == 0 && s.name().endsWith("-load")
        && RunJudgement.counts(s.verdict())).findFirst().orElse(null);
  }

  private static List<String> operations(List<StudyInput> experiments) {
    Set<String> seen = new LinkedHashSet<>();
    for (StudyInput e : experiments) {
      if (e.load() != null && e.load().latencyUs() != null) {
        seen.addAll(e.load().latencyUs().keySet());
      }
      e.measured().forEach(s -> seen.addAll(s.figures().latencyUs() == null ? Set.of()
          : s.figures().latencyUs().keySet()));
    }
    List<String> out = new ArrayList<>(ORDER.stream().filter(seen::contains).toList());
    seen.stream().filter(op -> !ORDER.contains(op)).sorted().forEach(out::add);
    return out;
  }
}
