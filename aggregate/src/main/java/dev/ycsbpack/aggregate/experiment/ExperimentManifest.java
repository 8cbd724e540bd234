package dev.ycsbpack.aggregate.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code DIR/manifest.json} of an experiment: the plan, the environment, every step (its bundle, verdict, order and
 * time, its figures) and the answers. Written when the experiment starts and after every step, so a killed experiment
 * leaves a manifest that says {@code RUNNING} and can be resumed.
 *
 * <p>The one definition of the file's schema: {@code bin/ycsb-experiment} writes it through {@link #json}, and
 * {@code publish} and {@code compare} read it through {@link #read}. Unknown fields are ignored on reading, so a
 * manifest written by a newer pack (more fields) is still read.
 *
 * @param schema      {@link #SCHEMA}: what {@code --resume} recognises
 * @param status      a {@link dev.ycsbpack.common.RunStatus} label: {@code RUNNING}; {@code COMPLETE} (every
 *                    planned step ran, or the sweep stopped by its rule);
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
 * @param comparison  an A/B experiment's comparison of its arms' runs (its files, relative to the folder); null for any
 *                    other experiment, or before the last round
 */
@JsonPropertyOrder({"schema", "status", "reason"})
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record ExperimentManifest(@RecordBuilder.Initializer("SCHEMA") String schema, String status, String reason,
    Plan plan,
    Map<String, String> environment, String startedAt, String endedAt, List<Step> steps,
    Answers answers, List<Repeated> repetitions, List<String> statements,
    WcMatrix matrix, Maximum maximum, Compared comparison) {
  /** A manifest of an experiment that compares no arms. */
  public ExperimentManifest(String schema, String status, String reason, Plan plan, Map<String, String> environment,
      String startedAt, String endedAt, List<Step> steps, Answers answers,
      List<Repeated> repetitions, List<String> statements, WcMatrix matrix, Maximum maximum) {
    this(schema, status, reason, plan, environment, startedAt, endedAt, steps, answers, repetitions, statements, matrix,
        maximum, null);
  }

  /** A builder of a manifest: {@link #SCHEMA}, every other part unset (null, absent from the JSON) until set. */
  public static ExperimentManifestBuilder builder() {
    return ExperimentManifestBuilder.builder();
  }

  /** A builder holding every part of this one, to change some. */
  public ExperimentManifestBuilder toBuilder() {
    return ExperimentManifestBuilder.builder(this);
  }

  public static final String SCHEMA = "ycsb-experiment/v1";
  /** The manifest's file name in the experiment's folder. */
  public static final String FILE = "manifest.json";

  /** The manifest as its file holds it (indented JSON, no final newline). */
  public String json() throws JsonProcessingException {
    return FolderJson.json(this);
  }

  /** Whether {@code dir} holds an experiment's manifest (a file of this name whose schema is {@link #SCHEMA}). */
  public static boolean isExperiment(Path dir) {
    return read(dir).isPresent();
  }

  /**
   * The experiment's manifest in {@code dir}, empty when {@code dir} holds none of this schema or it cannot be
   * read.
   */
  public static Optional<ExperimentManifest> read(Path dir) {
    return FolderJson.read(dir, FILE, ExperimentManifest.class, m -> SCHEMA.equals(m.schema()) && m.plan() != null);
  }

  /**
   * Why {@code dir}'s manifest.json cannot be read as JSON (its parser's words and where), empty when it reads or is
   * absent: a damaged manifest is named as damaged, not as missing.
   */
  public static Optional<String> corruption(Path dir) {
    Path f = dir.resolve(FILE);
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      FolderJson.JSON.readTree(f.toFile());
      return Optional.empty();
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
      return Optional.of((at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ")
          + e.getOriginalMessage());
    } catch (IOException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }

  /**
   * The unthrottled probe of a target-share sweep ({@code -target 25%,50%}).
   *
   * @param step       its step's name (a step of order 0, not a sweep point)
   * @param throughput its merged ops/s: each step's target is its share of this
   */
  public record Maximum(String step, double throughput) {
  }

  /**
   * An A/B experiment's comparison of its arms: A's runs against B's, written by {@code bin/ycsb-experiment ab}.
   *
   * @param markdown the comparison in Markdown, relative to the experiment folder ({@code comparison.md})
   * @param json     the same as compare's JSON ({@code comparison.json})
   */
  public record Compared(String markdown, String json) {
  }

  /**
   * One arm of an A/B experiment: its own properties and files on top of the command's common ones.
   *
   * @param label         its name ({@code --a-label}, {@code --b-label}), also in its steps' folder names
   * @param properties    its {@code --a-p}/{@code --b-p} properties as given, secrets masked
   * @param workloadFiles its {@code --a-P}/{@code --b-P} files as given
   */
  public record Arm(String label, Map<String, String> properties, List<String> workloadFiles) {
  }

  /**
   * The plan: two experiments with equal plans measure the same thing; {@code --resume} refuses another.
   *
   * @param kind           {@code sweep}, {@code wc-matrix} or {@code repeat}
   * @param binding        the binding
   * @param axis           what is swept: {@code threads}, {@code clients}, {@code target} or {@code target-percent}
   *                       (a sweep), {@code write concern} (a wc-matrix) or {@code run} (a repeat)
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
   * @param warmupRounds   rounds run first and never counted ({@code --warmup-rounds} of repeat and ab); null for the
   *                       experiments that run none
   * @param arms           an A/B experiment's two arms (x of a step is its arm's place, from 1); null for any other
   * @param notes          what the plan changed from what was asked, one sentence each (a sweep's values below the
   *                       number of clients, dropped); null when nothing
   * @param primary        an A/B experiment's declared primary figure ({@code --primary OP.FIGURE}), judged alone in
   *                       its comparison's headline; null for the comparison's default
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @RecordBuilder
  public record Plan(String kind, String binding, String axis, List<Long> values, List<String> workloadFiles,
      Map<String, String> properties, List<String> hosts, @RecordBuilder.Initializer("ONE") int clientsPerHost,
      long threads, long target, List<String> slos, boolean load, @RecordBuilder.Initializer("ONE") int repeat,
      String earlyStop, List<String> writeConcerns,
      Integer warmupRounds, List<Arm> arms, List<String> notes, String primary) {
    /** The canonical form, the one a manifest is read with. */
    @com.fasterxml.jackson.annotation.JsonCreator
    public Plan {
      notes = notes == null || notes.isEmpty() ? null : List.copyOf(notes);
    }

    /** A plan that changed nothing that was asked. */
    public Plan(String kind, String binding, String axis, List<Long> values, List<String> workloadFiles,
        Map<String, String> properties, List<String> hosts, int clientsPerHost, long threads, long target,
        List<String> slos, boolean load, int repeat, String earlyStop, List<String> writeConcerns,
        Integer warmupRounds, List<Arm> arms) {
      this(kind, binding, axis, values, workloadFiles, properties, hosts, clientsPerHost, threads, target, slos, load,
          repeat, earlyStop, writeConcerns, warmupRounds, arms, null, null);
    }

    /** A plan with no warm-up and no arms (a sweep, a write-concern matrix) that changed nothing that was asked. */
    public Plan(String kind, String binding, String axis, List<Long> values, List<String> workloadFiles,
        Map<String, String> properties, List<String> hosts, int clientsPerHost, long threads, long target,
        List<String> slos, boolean load, int repeat, String earlyStop, List<String> writeConcerns) {
      this(kind, binding, axis, values, workloadFiles, properties, hosts, clientsPerHost, threads, target, slos, load,
          repeat, earlyStop, writeConcerns, null, null, null, null);
    }

    /** One client per host, one run of each value: a builder's defaults. */
    public static final int ONE = 1;

    /**
     * A builder of a plan: one client per host and one run of each value ({@link #ONE}), every other part unset
     * (null, absent from the JSON; 0 or false) until set.
     */
    public static ExperimentManifestPlanBuilder builder() {
      return ExperimentManifestPlanBuilder.builder();
    }

    /** A builder holding every part of this one, to change some. */
    public ExperimentManifestPlanBuilder toBuilder() {
      return ExperimentManifestPlanBuilder.builder(this);
    }

    /** A step's swept value in words: {@code threads 4}; a matrix's cell (its x is the cell's place, from 1). */
    public String label(long x) {
      if (arms != null && x >= 1 && x <= arms.size()) {
        return "arm " + arms.get((int) x - 1).label();
      }
      if (writeConcerns != null && !writeConcerns.isEmpty()) {
        return x >= 1 && x <= writeConcerns.size() ? writeConcerns.get((int) x - 1) : "cell " + x;
      }
      return (axis == null ? "step" : axis) + " " + x;
    }

    /** Whether an experiment of {@code other} plan measured the same steps: same kind, axis and values (or cells). */
    public boolean sameSteps(Plan other) {
      return java.util.Objects.equals(kind, other.kind) && java.util.Objects.equals(axis, other.axis)
          && java.util.Objects.equals(values, other.values)
          && java.util.Objects.equals(writeConcerns, other.writeConcerns);
    }

    /** What the steps are, for a message: {@code sweep of threads 1, 2, 4}; {@code wc-matrix of w=1, majority}. */
    public String describeSteps() {
      if (arms != null && !arms.isEmpty()) {
        return kind + " of arms " + String.join(", ", arms.stream().map(Arm::label).toList());
      }
      List<String> v = writeConcerns != null && !writeConcerns.isEmpty() ? writeConcerns
          : values == null ? List.of() : values.stream().map(String::valueOf).toList();
      return kind + " of " + (writeConcerns != null && !writeConcerns.isEmpty() ? "" : axis + " ")
          + String.join(", ", v);
    }
  }

  /**
   * One step.
   *
   * @param order     1, 2, ... in the order run (the load and a target-share sweep's unthrottled probe are 0)
   * @param name      its folder under {@code steps/}
   * @param x         the swept value
   * @param bundle    its bundle, relative to the experiment folder
   * @param report    its merged HTML report, relative, when merged
   * @param verdict   {@code RUNNING}, {@code COMPLETE}, {@code FAILED}, {@code INTERRUPTED}, {@code KILLED} (left
   *                  RUNNING by a killed experiment, set aside on resume) or {@code NOT_RUN} (a write-concern cell the
   *                  deployment refused: no bundle, no figures): a {@link dev.ycsbpack.common.RunStatus} label
   * @param reason    why it failed, from its bundle's manifest; for NOT_RUN the probe's answer from the server
   * @param startedAt ISO-8601 UTC
   * @param endedAt   ISO-8601 UTC
   * @param figures   its headline figures, when it completed
   * @param target    the total target (ops/s) the step ran at, null when unthrottled
   * @param warmup    true for a warm-up run (order 0, under {@code warmup/}): run like the others, never counted;
   *                  null for any other step
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @RecordBuilder
  public record Step(int order, String name, long x, String bundle, String report, String verdict, String reason,
      String startedAt, String endedAt, StepFigures figures, Long target, Boolean warmup) {
    public Step(int order, String name, long x, String bundle, String report, String verdict, String reason,
        String startedAt, String endedAt, StepFigures figures, Long target) {
      this(order, name, x, bundle, report, verdict, reason, startedAt, endedAt, figures, target, null);
    }

    public Step(int order, String name, long x, String bundle, String report, String verdict, String reason,
        String startedAt, String endedAt, StepFigures figures) {
      this(order, name, x, bundle, report, verdict, reason, startedAt, endedAt, figures, null);
    }

    /** A builder of a step: order and x 0, every other part unset (null, absent from the JSON). */
    public static ExperimentManifestStepBuilder builder() {
      return ExperimentManifestStepBuilder.builder();
    }

    /** A builder holding every part of this one, to change some. */
    public ExperimentManifestStepBuilder toBuilder() {
      return ExperimentManifestStepBuilder.builder(this);
    }

    /**
     * Its bundle's folder in the experiment at {@code dir}; empty when it names none or one outside that folder (a
     * manifest is data: a path that leaves the experiment is never followed).
     */
    public Optional<Path> bundleIn(Path dir) {
      if (bundle == null || bundle.isBlank()) {
        return Optional.empty();
      }
      Path root = dir.toAbsolutePath().normalize();
      try {
        Path p = root.resolve(bundle).normalize();
        return p.startsWith(root) && !p.equals(root) ? Optional.of(p) : Optional.empty();
      } catch (RuntimeException e) {
        return Optional.empty();
      }
    }
  }
}
