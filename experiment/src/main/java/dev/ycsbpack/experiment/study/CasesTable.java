package dev.ycsbpack.experiment.study;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.ServerMemory;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.StepTelemetry;
import dev.ycsbpack.aggregate.experiment.StudyTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * The answer table of a recipe whose experiments are cases of one question ({@code experiments/larger-than-ram}:
 * fits / exceeds / focus 10% / focus 1%), side by side: each case's throughput and READ p50 and p99, the server's
 * memory and cache figures where it reports them (snapshots around the step, and the cache fill and pages read from the
 * series sampled during it), and its throughput as a ratio to the first case's at the same step.
 * One row per completed step of each case (one, as the recipe runs them: {@code -threads 1}).
 */
final class CasesTable {
  private static final List<String> MEMORY = List.of(ServerMemory.RESIDENT, ServerMemory.CACHE_IN_USE,
      ServerMemory.CACHE_MAXIMUM, ServerMemory.PAGES_READ);

  private CasesTable() {
  }

  static StudyTable of(String question, String notMongo, List<StudyInput> cases) {
    String first = cases.get(0).name();
    List<String> columns = new ArrayList<>(List.of("case", "records", "ops/s", "ratio to " + first,
        "READ p50 (ms)", "READ p99 (ms)", "resident", "cache in use", "cache maximum", "pages read into cache",
        "cache fill max (sampled)", "pages read (sampled)", "step"));
    TableBuilder t = new TableBuilder(columns);
    List<ExperimentManifest.Step> base = cases.get(0).measured();
    for (StudyInput c : cases) {
      List<ExperimentManifest.Step> steps = c.measured();
      String name = c.incomplete() == null ? c.name() : t.noted(c.name(), c.incomplete());
      if (steps.isEmpty()) {
        String why = t.na(c.noFigures());
        List<String> row = new ArrayList<>(List.of(name, records(c)));
        while (row.size() < columns.size() - 1) {
          row.add(why);
        }
        row.add("-");
        t.row(row);
        continue;
      }
      for (ExperimentManifest.Step s : steps) {
        StepFigures f = s.figures();
        List<String> row = new ArrayList<>(List.of(name, records(c), TableBuilder.ops(f.throughput())));
        row.add(ratio(t, first, base, s));
        Map<String, Long> read = f.latencyUs() == null ? null : f.latencyUs().get("READ");
        for (String p : List.of("50", "99")) {
          Long v = read == null ? null : read.get(p);
          row.add(v != null ? TableBuilder.ms(v) : t.na(read == null ? "the step ran no READ" : "no READ p" + p
              + " recorded"));
        }
        for (String k : MEMORY) {
          row.add(memory(t, f.server(), k));
        }
        row.add(sampled(t, f.telemetry(), StepTelemetry::cacheFillMax, v -> String.format(Locale.ROOT, "%.1f%%",
            100 * v)));
        row.add(sampled(t, f.telemetry(), x -> x.pagesRead() == null ? null : x.pagesRead().doubleValue(),
            v -> String.format(Locale.ROOT, "%,d", (long) v)));
        row.add(c.where(s));
        t.row(row);
      }
    }
    t.note("ratio to " + first + ": the case's throughput over " + first + "'s at the same step (same swept value "
        + "and repetition); memory and cache figures are the server's serverStatus at the step's end, pages read "
        + "into cache its growth over the step");
    t.note("sampled: from the server's series sampled during the step (its telemetry/): cache fill max is the "
        + "highest cache bytes in use over the configured maximum of any sample, pages read the growth of the "
        + "pages-read-into-cache counter from the sample before the clients started to the one after they ended");
    t.note("step: each row's figures come from that step's folder in the recipe's folder (its merged/report.html "
        + "has every figure)");
    return t.build(question, notMongo);
  }

  private static String records(StudyInput c) {
    Map<String, String> p = c.manifest() == null || c.manifest().plan().properties() == null ? Map.of()
        : c.manifest().plan().properties();
    String n = p.get("recordcount");
    if (n == null) {
      return "-";
    }
    try {
      return String.format(Locale.ROOT, "%,d", Long.parseLong(n.strip()));
    } catch (NumberFormatException e) {
      return n;
    }
  }

  private static String ratio(TableBuilder t, String first, List<ExperimentManifest.Step> base,
      ExperimentManifest.Step s) {
    String key = key(s.name());
    ExperimentManifest.Step b = base.stream().filter(x -> key(x.name()).equals(key)).findFirst().orElse(null);
    if (b == null) {
      return t.na(first + " has no completed step " + key + " to compare with");
    }
    if (!(b.figures().throughput() > 0)) {
      return t.na(first + "'s step " + key + " measured no throughput");
    }
    return TableBuilder.ratio(s.figures().throughput() / b.figures().throughput());
  }

  /** A step's name without its place: {@code 01-threads-1-r2} is {@code threads-1-r2}. */
  static String key(String step) {
    return step.replaceFirst("^\\d+-", "");
  }

  /** A figure from the step's series, or why there is none. */
  private static String sampled(TableBuilder t, StepTelemetry during, Function<StepTelemetry, Double> figure,
      DoubleFunction<String> shown) {
    if (during == null) {
      return t.na(StepTelemetry.NOT_SAMPLED);
    }
    Double v = figure.apply(during);
    return v == null ? t.na(StepTelemetry.NOT_REPORTED) : shown.apply(v);
  }

  private static String memory(TableBuilder t, ServerMemory m, String figure) {
    if (m == null || m.figures() == null) {
      return t.na("not asked: the step's binding has no server to ask (serverStatus)");
    }
    Object v = m.figures().get(figure);
    if (v instanceof Number n) {
      return figure.equals(ServerMemory.PAGES_READ) ? String.format(Locale.ROOT, "%,d", n.longValue())
          : ServerMemory.bytes(n.longValue());
    }
    return t.na(ServerMemory.NOT_REPORTED + (m.reason() == null ? "" : " (" + m.reason() + ")"));
  }
}
