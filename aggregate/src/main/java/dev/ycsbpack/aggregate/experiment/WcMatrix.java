package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ycsbpack.aggregate.stats.Spread;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
  /** The cell the ratios compare with, when it was measured. */
  public static final String BASELINE = "w=1";

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
   * @param means           for a cell named by a Java driver constant, what that constant means (w/j/fsync, an alias
   *                        of which) and what was sent for it; else null
   * @param notMeaningful   why the cell's figures do not measure the write concern it names, though it ran (on a
   *                        standalone, w &gt; 1, a tag or majority: {@link #STANDALONE_W},
   *                        {@link #STANDALONE_MAJORITY}); such a cell has no ratio to the baseline; null for a cell
   *                        that measured what it names
   * @param replicationLag  the highest replication lag of any member during the cell's runs, from their server
   *                        series; null in a matrix written before the pack sampled them
   */
  @RecordBuilder
  public record Cell(String writeConcern, Map<String, String> properties,
      @RecordBuilder.Initializer("NOTHING_SENT") List<String> sent, String notRun, int runs, Spread throughput,
      Double throughputRatio, @RecordBuilder.Initializer("NO_OPERATIONS") Map<String, Operation> operations,
      boolean noisy,
      String means, String notMeaningful, @JsonInclude(JsonInclude.Include.NON_NULL) Lag replicationLag) {
    /** A builder's {@link #sent}: nothing. */
    public static final List<String> NOTHING_SENT = List.of();
    /** A builder's {@link #operations}: none. */
    public static final Map<String, Operation> NO_OPERATIONS = Map.of();

    /**
     * The cell of this write concern, run with these binding properties, built field by field: nothing sent, no
     * runs, no figures and no operations unless set; every other field null.
     */
    public static WcMatrixCellBuilder builder(String writeConcern, Map<String, String> properties) {
      return WcMatrixCellBuilder.builder().writeConcern(writeConcern).properties(properties);
    }

    /** A builder holding every field of this cell, to change some of them. */
    public WcMatrixCellBuilder toBuilder() {
      return WcMatrixCellBuilder.builder(this);
    }
  }

  /**
   * The highest replication lag of any member during a cell's runs, or why there is none.
   *
   * @param maxMs the lag in milliseconds (the primary's optime minus the member's), or null
   * @param missing why there is no lag ({@link StepTelemetry#NOT_REPORTED}: the series has no member lag, as on a
   *        standalone; {@link StepTelemetry#NOT_SAMPLED}: no run had a server series), or null with a lag
   */
  public record Lag(Double maxMs, String missing) {
    /** The cell's lag from its runs' figures: the highest any reported, else why none did. */
    public static Lag of(List<StepFigures> runs) {
      List<StepTelemetry> sampled = runs.stream().map(StepFigures::telemetry).filter(t -> t != null).toList();
      if (sampled.isEmpty()) {
        return new Lag(null, StepTelemetry.NOT_SAMPLED);
      }
      return sampled.stream().map(StepTelemetry::replicationLagMaxMs).filter(v -> v != null).max(Double::compare)
          .map(v -> new Lag(v, null)).orElse(new Lag(null, StepTelemetry.NOT_REPORTED));
    }
  }

  /** A w &gt; 1 cell that ran on a standalone: a real MongoDB standalone refuses it before writing anything. */
  public static final String STANDALONE_W = "not meaningful on a standalone (MongoDB refuses w > 1 there; this server"
      + " accepted and ignored it)";
  /** A tag cell that ran on a standalone: a real MongoDB standalone refuses a tag as it refuses w &gt; 1. */
  public static final String STANDALONE_TAG = "not meaningful on a standalone (MongoDB refuses a tag write concern "
      + "there; this server accepted and ignored it)";
  /** A majority cell on a standalone: accepted by MongoDB, with one member to wait for it means w:1. */
  public static final String STANDALONE_MAJORITY = "not meaningful on a standalone (MongoDB accepts w:majority there,"
      + " and with no other member to wait for it means w:1)";

  /**
   * One operation of one cell, microseconds over the repetitions.
   *
   * @param avgRatio the median average over the baseline's
   * @param p99Ratio the median p99 over the baseline's
   */
  public record Operation(Spread avgUs, Spread minUs, Spread maxUs, Spread p95Us, Spread p99Us, Double avgRatio,
      Double p99Ratio) {
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
      if (c.notMeaningful() != null) {
        b.append(c.notMeaningful()).append(": ");
      }
      b.append(String.format(Locale.ROOT, "%,.0f ops/s", c.throughput().median()));
      c.operations().forEach((op, o) -> b.append(String.format(Locale.ROOT, ", %s avg %.3f ms p99 %s ms", op,
          o.avgUs().median() / 1000, o.p99Us() == null ? "-" : String.format(Locale.ROOT, "%.3f",
              o.p99Us().median() / 1000)))
          .append(o.p99Ratio() == null ? "" : " (" + Answers.num(o.p99Ratio())
              + "x " + baseline + ")"));
      b.append(c.runs() > 1 ? " (median of " + c.runs() + ")" : " (one run: noise unknown)");
      if (c.noisy()) {
        b.append("; NOISY (a figure's range is over 10% of its median)");
      }
      b.append("; sent ").append(String.join(" / ", c.sent()));
      s.add(b.toString());
    }
    if (baseline == null) {
      s.add("no ratios: the matrix has no measured " + BASELINE + " cell (or ACKNOWLEDGED) to compare with");
    }
    return s;
  }
}
