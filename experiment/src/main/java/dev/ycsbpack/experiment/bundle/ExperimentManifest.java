package dev.ycsbpack.experiment.bundle;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ycsbpack.experiment.answer.Answers;
import dev.ycsbpack.experiment.answer.Repeated;
import dev.ycsbpack.experiment.run.StepFigures;
import dev.ycsbpack.experiment.wc.WcMatrix;
import java.util.List;
import java.util.Map;

/**
 * {@code DIR/manifest.json} of an experiment: the plan, the environment, every step (its bundle, verdict, order and
 * time, its figures) and the answers. Written when the experiment starts and after every step, so a killed experiment
 * leaves a manifest that says {@code RUNNING} and can be resumed.
 *
 * @param schema      {@link #SCHEMA}: what {@code --resume} recognises
 * @param status      {@code RUNNING}; {@code COMPLETE} (every planned step ran, or the sweep stopped by its rule);
 *                    {@code PARTIAL} (a step failed: the sweep stopped there, the answers come from the steps before);
 *                    {@code INCOMPLETE} (interrupted; {@code --resume} continues it)
 * @param reason      why it is not COMPLETE, or null
 * @param plan        what was asked (compared on {@code --resume})
 * @param environment where it ran: the pack's version, the experiment's host and Java, the server as the first step saw
 *                    it
 * @param startedAt   ISO-8601 UTC
 * @param endedAt     ISO-8601 UTC, null while running
 * @param steps       every step started, in order (a step run again on resume keeps its earlier attempt's folder)
 * @param answers     the answers from the finished steps (from the medians, with {@code --repeat})
 * @param repetitions with {@code --repeat} above 1, each swept value's spread over its repetitions; else null
 * @param statements  the answers in words, as printed
 * @param matrix      a write-concern matrix's cells (figures over repetitions, ratios, not-run reasons) and its
 *                    rotation; null for a sweep
 * @param maximum     a target-share sweep's unthrottled probe: its step and the throughput the targets are shares of;
 *                    null for any other experiment (or before the probe ran)
 */
@JsonPropertyOrder({"schema", "status", "reason"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExperimentManifest(String schema, String status, String reason, Plan plan,
                                 Map<String, String> environment, String startedAt, String endedAt, List<Step> steps,
                                 Answers answers, List<Repeated> repetitions, List<String> statements,
                                 WcMatrix matrix, Maximum maximum) {
  public static final String SCHEMA = "ycsb-experiment/v1";

  /**
   * The unthrottled probe of a target-share sweep ({@code -target 25%,50%}).
   *
   * @param step       its step's name (a step of order 0, not a sweep point)
   * @param throughput its merged ops/s: each step's target is its share of this
   */
  public record Maximum(String step, double throughput) {
  }

  /**
   * The plan: two experiments with equal plans measure the same thing; {@code --resume} refuses another.
   *
   * @param kind           {@code sweep}
   * @param binding        the binding
   * @param axis           what is swept: {@code threads}, {@code clients} or {@code target}
   * @param values         the swept values, in order
   * @param workloadFiles  the {@code -P} files as given
   * @param properties     the merged properties every step starts from (files and {@code -p}), secrets masked
   * @param hosts          the hosts, in order
   * @param clientsPerHost clients per host
   * @param threads        the threads of every step (a -target sweep: in total; a --clients sweep: per client), 0
   *                       for the default; unused by a -threads sweep
   * @param target         the total target of every step, 0 for unthrottled; unused by a -target sweep
   * @param slos           the SLOs as given
   * @param load           whether the experiment loads the records itself before the first step
   * @param repeat         runs of each swept value ({@code --repeat})
   * @param earlyStop      the early-stop rule in words
   * @param writeConcerns  a {@code wc-matrix}'s cells in the order given (x of a step is its cell's place, from 1);
   *                       null for a sweep
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Plan(String kind, String binding, String axis, List<Long> values, List<String> workloadFiles,
                     Map<String, String> properties, List<String> hosts, int clientsPerHost, long threads,
                     long target,
                     List<String> slos, boolean load, int repeat, String earlyStop, List<String> writeConcerns) {
  }

  /**
   * One step.
   *
   * @param order     1, 2, ... in the order run (the load and a target-share sweep's unthrottled probe are 0)
   * @param name      its folder under {@code steps/}
   * @param x         the swept value
   * @param bundle    its bundle, relative to the experiment folder
   * @param report    its merged HTML report, relative, when merged
   * @param verdict   {@code RUNNING}, {@code COMPLETE}, {@code FAILED}, {@code INTERRUPTED} or {@code NOT_RUN} (a
   *                  write-concern cell the deployment refused: no bundle, no figures)
   * @param reason    why it failed, from its bundle's manifest; for NOT_RUN the probe's answer from the server
   * @param startedAt ISO-8601 UTC
   * @param endedAt   ISO-8601 UTC
   * @param figures   its headline figures, when it completed
   * @param target    the total target (ops/s) the step ran at, null when unthrottled
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Step(int order, String name, long x, String bundle, String report, String verdict, String reason,
                     String startedAt, String endedAt, StepFigures figures, Long target) {
    public Step(int order, String name, long x, String bundle, String report, String verdict, String reason,
                String startedAt, String endedAt, StepFigures figures) {
      this(order, name, x, bundle, report, verdict, reason, startedAt, endedAt, figures, null);
    }
  }
}
