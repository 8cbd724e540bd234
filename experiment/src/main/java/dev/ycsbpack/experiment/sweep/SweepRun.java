package dev.ycsbpack.experiment.sweep;

import dev.ycsbpack.aggregate.experiment.Answers;
import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.aggregate.experiment.Repeated;
import dev.ycsbpack.aggregate.experiment.SloAnswer;
import dev.ycsbpack.aggregate.experiment.StepFigures;
import dev.ycsbpack.aggregate.experiment.WcMatrix;
import dev.ycsbpack.aggregate.input.BundleLayout;
import dev.ycsbpack.aggregate.stats.Spread;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.coordinator.run.RunOutcome;
import dev.ycsbpack.experiment.ab.ArmComparison;
import dev.ycsbpack.experiment.answer.AnswerRules;
import dev.ycsbpack.experiment.answer.EarlyStop;
import dev.ycsbpack.experiment.answer.Point;
import dev.ycsbpack.experiment.answer.Repetitions;
import dev.ycsbpack.experiment.answer.Slo;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.run.StepFiguresReader;
import dev.ycsbpack.experiment.run.Steps;
import dev.ycsbpack.experiment.run.Warmup;
import dev.ycsbpack.experiment.wc.WcMatrixBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a sweep's steps in order, each a coordinated run with its own bundle under {@code steps/}, writes the
 * experiment's manifest and report after every step, and stops early by {@link EarlyStop}'s rule or at the first failed
 * step. On resume, steps whose bundles completed are read back instead of run again; a step left unfinished (killed,
 * interrupted, failed) is moved aside to {@code steps/NN-NAME.attempt-K} and run again.
 */
public final class SweepRun {
  /** Named, so the plan, the manifest and docs/experiments.md say the same thing. */
  public static final String EARLY_STOP = "stop after two consecutive steps that each gain under 5% throughput (steps"
      + " whose client machines were CPU-saturated excepted), an error rate over 0.1%, a p99 over 10x an SLO, or a "
      + "failed step";

  /**
   * One step to run.
   *
   * @param name    its folder under {@code steps/}
   * @param x       its swept value (0 for the load and the unthrottled probe)
   * @param plan    its coordinated run's plan (out = its bundle folder)
   * @param load    whether it is the experiment's load (not a sweep point)
   * @param last    whether it is the last repetition of its x (then the x's point is complete)
   * @param probe   asked just before the step runs whether the deployment can run it; null: always runnable
   * @param maximum whether it is the unthrottled probe that measures the maximum a target-share sweep takes its
   *                targets from (recorded as the probe, not a sweep point)
   * @param share   a target-share step's share of that maximum, with its plan at the target decided then; null
   *                for any other step
   * @param warmup  a warm-up run (repeat, ab): run like the others, recorded apart (order 0), never counted
   */
  public record Planned(String name, long x, RunPlan plan, boolean load, boolean last, Probe probe, boolean maximum,
      Share share, boolean warmup) {
    public Planned(String name, long x, RunPlan plan, boolean load, boolean last, Probe probe, boolean maximum,
        Share share) {
      this(name, x, plan, load, last, probe, maximum, share, false);
    }

    public Planned(String name, long x, RunPlan plan, boolean load, boolean last, Probe probe) {
      this(name, x, plan, load, last, probe, false, null);
    }

    public Planned(String name, long x, RunPlan plan, boolean load, boolean last) {
      this(name, x, plan, load, last, null, false, null);
    }
  }

  /**
   * A step run at a share of the measured unthrottled maximum: its target is known only once the probe has run.
   *
   * @param fraction the share (0.25 for 25%)
   * @param atTarget the step's plan at a total target (ops/s)
   */
  public record Share(double fraction, AtTarget atTarget) {
    /** The target of this share of {@code maximum} ops/s: rounded, at least 1 (0 would mean unthrottled). */
    public long target(double maximum) {
      return Math.max(1, Math.round(fraction * maximum));
    }
  }

  /** A step's plan at a total target. */
  public interface AtTarget {
    RunPlan plan(long target) throws PlanException;
  }

  /** Asked just before a step runs: whether the deployment can run it (a write-concern cell: one probe write). */
  public interface Probe {
    /** Why the step cannot run, in the server's own words; empty when it can. */
    Optional<String> notRun();

    /**
     * The plan to run, decided when the step starts, when the server's state moves it (a matrix run's new keys start
     * after the documents earlier runs inserted); by default the plan as made.
     */
    default RunPlan plan(RunPlan planned) {
      return planned;
    }
  }

  /** The plan kind of a plain coordinated run repeated ({@code bin/ycsb-experiment repeat}): no rule stops it. */
  public static final String REPEAT = "repeat";

  /** How {@link EnvironmentFacts#notMongoDb}'s warning starts. */
  private static final String NOT_MONGODB_WORDS = "NOT MongoDB";
  /** Leads every answer line printed about a server that is not MongoDB. */
  static final String NOT_MONGODB_MARK = "[" + NOT_MONGODB_WORDS + "] ";
  /** The plan kind of two arms run in alternating rounds ({@code bin/ycsb-experiment ab}): no rule stops it. */
  public static final String AB = "ab";

  /** A repeated step's name ends with its repetition: {@code 02-run-r2}, {@code 01-threads-4-r3}. */
  private static final Pattern REPETITION = Pattern.compile("-r(\\d+)$");

  private final ExperimentBundle bundle;
  private final ExperimentManifest.Plan plan;
  private final List<Planned> steps;
  private final List<Slo> slos;
  private final Steps runner;
  private final Map<String, String> environment;
  private final PrintStream out;
  private final List<ExperimentManifest.Step> entries = new ArrayList<>();
  /** Per swept value (ascending), the points of its finished runs, in the order they ran. */
  private final NavigableMap<Long, List<Point>> runsByX = new TreeMap<>();
  private ExperimentManifest.Maximum maximum;
  private final CountDownLatch done = new CountDownLatch(1);
  private final Object lock = new Object();
  private volatile String interrupted;
  private String startedAt;

  public SweepRun(ExperimentBundle bundle, ExperimentManifest.Plan plan, List<Planned> steps, List<Slo> slos,
      Steps runner, Map<String, String> environment, PrintStream out) {
    this.bundle = bundle;
    this.plan = plan;
    this.steps = steps;
    this.slos = slos;
    this.runner = runner;
    this.environment = new TreeMap<>(environment);
    this.out = out;
  }

  /** Ctrl-C: stop the running step the coordinator's way, let the loop write INCOMPLETE, wait for it (bounded). */
  public void interrupt(String reason) {
    interrupted = reason;
    runner.interrupt(reason);
    try {
      done.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Runs what is left; {@code earlier} is the manifest of a resumed experiment, or null.
   *
   * @return 0 COMPLETE, 1 anything else
   */
  public int run(ExperimentManifest earlier) throws IOException {
    try {
      return runInside(earlier);
    } finally {
      done.countDown();
    }
  }

  private int runInside(ExperimentManifest earlier) throws IOException {
    startedAt = earlier != null ? earlier.startedAt() : Instant.now().toString();
    if (earlier != null) {
      resume(earlier);
    }
    write(RunStatus.RUNNING, null, null);
    return finish(runSteps(earlier));
  }

  /** How the loop over the steps went: where the rule stopped it, or what ended it. */
  private static final class Course {
    /** Why the rule stopped the sweep early, or null. */
    private String stop;
    /** The value the sweep stopped at: later rounds run only the values up to it; null while it goes on. */
    private Long stopX;
    /** Why the sweep ended before its last step (the manifest's reason), or null. */
    private String failed;
    /** What ended the sweep, in a few words for each answer line (the manifest's reason, printed above, says all). */
    private String failedStep;
  }

  /** Takes over what a resumed experiment's earlier attempt recorded. */
  private void resume(ExperimentManifest earlier) {
    // the server the earlier steps measured, as they recorded it: steps read back are not read again
    if (earlier.environment() != null) {
      earlier.environment().forEach((k, v) -> {
        if (EnvironmentFacts.isServerFact(k) || k.equals("note")) {
          environment.putIfAbsent(k, v);
        }
      });
    }
    // a cell not run is probed again (the deployment may have changed); its earlier record goes with it
    entries.addAll(earlier.steps().stream().filter(s -> !RunJudgement.counts(s.verdict())
        && !RunStatus.NOT_RUN.is(s.verdict())).toList());
  }

  /** Runs (or reads back) the steps in order until the last, a failure, Ctrl-C or the early-stop rule ends them. */
  private Course runSteps(ExperimentManifest earlier) throws IOException {
    Course course = new Course();
    for (Planned p : steps) {
      if (interrupted != null) {
        break;
      }
      if (course.stopX != null && !p.load() && !p.maximum() && p.x() > course.stopX) {
        continue; // past the value where the sweep stopped: later rounds run only the values up to it
      }
      ExperimentManifest.Step finished = runOrReadBack(earlier, p);
      if (RunStatus.NOT_RUN.is(finished.verdict())) {
        continue;
      }
      if (!RunJudgement.counts(finished.verdict())) {
        if (interrupted == null) {
          course.failed = "step " + p.name() + " failed: " + finished.reason();
          course.failedStep = "step " + p.name() + " failed";
        }
        break;
      }
      if (p.maximum()) {
        if (!recordMaximum(p, finished, course)) {
          break;
        }
        continue;
      }
      if (p.load() || p.warmup() || !sweep()) {
        continue; // a warm-up run is recorded, never counted
      }
      weigh(p, finished, course);
    }
    return course;
  }

  /** The step as an earlier attempt completed it, else as it ends now: run, or not run when its probe refuses. */
  private ExperimentManifest.Step runOrReadBack(ExperimentManifest earlier, Planned p) throws IOException {
    ExperimentManifest.Step finished = earlier == null ? null : completed(earlier, p);
    if (finished == null) {
      String notRun = p.probe() == null ? null : p.probe().notRun().orElse(null);
      return notRun == null ? runStep(p) : notRun(p, notRun);
    }
    synchronized (lock) {
      entries.add(finished);
      entries.sort(Comparator.comparing(ExperimentManifest.Step::startedAt));
    }
    out.println("ycsb-experiment: step " + p.name() + ": COMPLETE earlier, not run again");
    return finished;
  }

  /**
   * Records the unthrottled probe's throughput, the maximum the target shares are taken from; false (the sweep ends)
   * when its figures cannot set them.
   */
  private boolean recordMaximum(Planned p, ExperimentManifest.Step finished, Course course) throws IOException {
    Optional<String> unusable = unusableProbe(p.name(), finished.figures());
    if (unusable.isPresent()) {
      course.failed = unusable.get();
      course.failedStep = "the unthrottled probe measured no usable throughput";
      return false;
    }
    synchronized (lock) {
      maximum = new ExperimentManifest.Maximum(p.name(), finished.figures().throughput());
    }
    write(RunStatus.RUNNING, null, null);
    return true;
  }

  /** Adds a swept step's point and weighs the early-stop rule on the values up to it. */
  private void weigh(Planned p, ExperimentManifest.Step finished, Course course) throws IOException {
    List<Point> runs;
    synchronized (lock) {
      runs = runsByX.computeIfAbsent(p.x(), k -> new ArrayList<>());
      runs.add(StepFiguresReader.point(finished.figures(), p.x(), finished.target() == null ? 0 : finished.target()));
    }
    // weighed when a value is first reached (round 1 of interleaved repetitions) and when its last run is in;
    // a plain repetition of one run (repeat) has no rule to stop by
    if (course.stopX != null || noStopRule() || (runs.size() > 1 && !p.last())) {
      return;
    }
    // only the values up to this one: in a later round the higher values' points are already in, and the rule
    // judges the last point it is given
    List<Point> weighed;
    synchronized (lock) {
      weighed = upTo(runsByX, p.x());
    }
    String stop = EarlyStop.after(weighed, slos).orElse(null);
    if (stop != null && !skipsSteps(p)) {
      // the rule fired on the highest value: every step runs anyway, so nothing stopped early
      stop = null;
    }
    course.stop = stop;
    write(RunStatus.RUNNING, null, answers(points(), stop, null));
    if (stop != null) {
      course.stopX = p.x();
      out.println("ycsb-experiment: stopping early: " + stop + (p.last() ? ""
          : "; the remaining rounds run the values up to " + Answers.num(p.x()) + " only"));
    }
  }

  /** Writes the experiment's final manifest: COMPLETE, PARTIAL after a failure, INCOMPLETE after Ctrl-C. */
  private int finish(Course course) throws IOException {
    List<Point> points = points();
    RunStatus status = RunJudgement.experiment(interrupted != null, course.failed != null);
    String reason;
    String basis = null;
    if (status == RunStatus.INCOMPLETE) {
      reason = interrupted + "; continue it with --resume " + bundle.dir();
      basis = basis(points.size(), "the experiment was interrupted");
    } else if (status == RunStatus.PARTIAL) {
      basis = basis(points.size(), course.failedStep);
      reason = course.failed + (!sweep() ? "; the cells measured before it are reported"
          : points.isEmpty() ? "; no step of the sweep completed before it: nothing to answer"
          : "; the answers come from the " + completedPoints(points.size()) + " before it");
    } else {
      reason = null;
    }
    Answers answers = sweep() && !noStopRule() ? answers(points, course.stop, basis) : null;
    write(status, reason, answers);
    return RunJudgement.exitStatus(status.label());
  }

  /** Whether steps after {@code p} go beyond its value, so a stop there skips them. */
  private boolean skipsSteps(Planned p) {
    List<Planned> after = steps.subList(steps.indexOf(p) + 1, steps.size());
    return after.stream().anyMatch(s -> !s.load() && !s.maximum() && s.x() > p.x());
  }

  /** What a point is called: a step, or with repetitions a swept value (each of its runs is a step). */
  private String unit() {
    return plan.repeat() > 1 ? "swept values" : "steps";
  }

  /** {@code 2 steps that completed}, {@code 1 step that completed}. */
  private String completedPoints(int n) {
    String unit = unit();
    return n + " " + (n == 1 ? unit.substring(0, unit.length() - 1) : unit) + " that completed";
  }

  /** What an unfinished sweep's answers come from: {@code from the 2 steps that completed before step 03 failed}. */
  private String basis(int completed, String ended) {
    return "from the " + completedPoints(completed) + " before " + ended;
  }

  /**
   * Why an unthrottled probe's figures cannot set the target shares (no throughput: every target would be 1 ops/s),
   * or empty when they can.
   */
  private static Optional<String> unusableProbe(String step, StepFigures figures) {
    if (figures != null && figures.throughput() > 0 && Double.isFinite(figures.throughput())) {
      return Optional.empty();
    }
    return Optional.of("step " + step + " (the unthrottled probe) measured " + (figures == null ? "no figures"
        : String.format(Locale.ROOT, "a throughput of %s ops/s", Answers.num(figures.throughput())))
        + ": the target shares of it cannot be set");
  }

  /** Each swept value run so far, in ascending order: its one run, or the medians of its repetitions. */
  private List<Point> points() {
    synchronized (lock) {
      return upTo(runsByX, Long.MAX_VALUE);
    }
  }

  /** The values up to {@code x} in ascending order: each one's run, or the medians of its repetitions. */
  private static List<Point> upTo(NavigableMap<Long, List<Point>> runsByX, long x) {
    return runsByX.headMap(x, true).values().stream()
        .map(r -> r.size() == 1 ? r.get(0) : Repetitions.median(r)).toList();
  }

  /** With {@code --repeat} above 1, each value's spread over the runs it has. */
  private List<Repeated> repeated() {
    if (plan.repeat() <= 1 && !plan.kind().equals(REPEAT)) {
      return null;
    }
    return runsByX.values().stream().map(Repetitions::of).toList();
  }

  /** The step as an earlier attempt of this experiment completed it (a load has no figures), or null. */
  private static ExperimentManifest.Step completed(ExperimentManifest earlier, Planned p) {
    for (ExperimentManifest.Step s : earlier.steps()) {
      if (s.name().equals(p.name()) && RunJudgement.measured(s.verdict(), p.load() || s.figures() != null)) {
        return s;
      }
    }
    return null;
  }

  /** Whether every run is run whatever the figures: a repeat, an A/B experiment. */
  private boolean noStopRule() {
    return plan.kind().equals(REPEAT) || plan.kind().equals(AB);
  }

  /** A sweep weighs its points and may stop early; a write-concern matrix runs every cell and summarises them. */
  private boolean sweep() {
    return plan.writeConcerns() == null;
  }

  private int order(Planned p) {
    return p.load() || p.maximum() || p.warmup() ? 0
        : steps.stream().filter(s -> !s.load() && !s.maximum() && !s.warmup()).toList().indexOf(p) + 1;
  }

  private ExperimentManifest.Step notRun(Planned p, String reason) throws IOException {
    String now = Instant.now().toString();
    ExperimentManifest.Step s = ExperimentManifest.Step.builder().order(order(p)).name(p.name()).x(p.x())
        .verdict(RunStatus.NOT_RUN.label()).reason(reason).startedAt(now).endedAt(now).build();
    synchronized (lock) {
      entries.add(s);
    }
    write(RunStatus.RUNNING, null, null);
    out.println("ycsb-experiment: step " + p.name() + ": " + RunStatus.NOT_RUN.words() + ": " + reason);
    return s;
  }

  private ExperimentManifest.Step runStep(Planned p) throws IOException {
    Path dir = p.plan().out();
    if (Files.exists(dir)) {
      setAside(p, dir);
    }
    Files.createDirectories(dir.getParent());
    int order = order(p);
    Launch launch = launch(p);
    long target = launch.plan().clients().stream().mapToLong(ClientPlan::target).sum();
    ExperimentManifest.Step running = ExperimentManifest.Step.builder().order(order).name(p.name()).x(p.x())
        .bundle(rel(dir)).verdict(RunStatus.RUNNING.label()).startedAt(Instant.now().toString())
        .target(target > 0 ? target : null)
        .warmup(p.warmup() ? true : null).build();
    synchronized (lock) {
      entries.add(running);
    }
    write(RunStatus.RUNNING, null, null);
    out.println("ycsb-experiment: step " + p.name() + ": running (" + launch.what() + ")");
    ExperimentManifest.Step ended = ended(p, running, dir, runner.run(launch.plan()));
    synchronized (lock) {
      entries.set(entries.indexOf(running), ended);
    }
    StepFigures figures = ended.figures();
    out.println("ycsb-experiment: step " + p.name() + ": " + ended.verdict() + (figures == null ? ""
        : String.format(Locale.ROOT, ", %,.0f ops/s, error rate %.3f%%%s", figures.throughput(),
            100 * figures.errorRate(), figures.clientSaturated() ? ", CLIENT-SATURATED " + figures.hostCpu() : ""))
        + (ended.reason() == null ? "" : ": " + ended.reason()));
    return ended;
  }

  /**
   * Moves an unfinished attempt (killed, interrupted or failed) of step {@code p} aside: kept for the record, out of
   * the way of the new one, and recorded under its new name.
   */
  private void setAside(Planned p, Path dir) throws IOException {
    int k = 1;
    while (Files.exists(dir.resolveSibling(p.name() + ".attempt-" + k))) {
      k++;
    }
    Path aside = dir.resolveSibling(p.name() + ".attempt-" + k);
    Files.move(dir, aside);
    synchronized (lock) {
      for (int i = 0; i < entries.size(); i++) {
        ExperimentManifest.Step e = entries.get(i);
        if (e.name().equals(p.name())) {
          entries.set(i, e.toBuilder().name(aside.getFileName().toString()).bundle(rel(aside)).report(null)
              .verdict(RunJudgement.resumed(e.verdict())).figures(null).build());
        }
      }
    }
  }

  /**
   * What a step runs, decided as it starts.
   *
   * @param plan its plan
   * @param what the step in words, for the line that says it is running
   */
  private record Launch(RunPlan plan, String what) {
  }

  private Launch launch(Planned p) throws IOException {
    if (p.share() != null) {
      // a share of the unthrottled probe's throughput, as the probe measured it (read back on resume)
      long target = p.share().target(maximum.throughput());
      try {
        return new Launch(p.share().atTarget().plan(target), String.format(Locale.ROOT,
            "target %s%% of the probe's %,.0f ops/s = %,d ops/s", Answers.num(p.x()), maximum.throughput(), target));
      } catch (PlanException e) {
        throw new IOException("step " + p.name() + " at target " + target + ": " + e.getMessage(), e);
      }
    }
    RunPlan stepPlan = p.probe() == null ? p.plan() : p.probe().plan(p.plan());
    // a repetition's number is only in its name (NN-...-rR); a repeat's x is the same for every run
    Matcher r = REPETITION.matcher(p.name());
    String repetition = r.find() ? "repetition " + r.group(1) : null;
    String what = p.load() ? "load" : p.warmup() ? Warmup.words(p.name()) + ": " + Warmup.NOT_COUNTED
        : p.maximum() ? "unthrottled probe: the maximum the target shares are taken from"
        : plan.kind().equals(REPEAT) && repetition != null ? repetition
        : plan.arms() != null ? plan.label(p.x()) + (repetition == null ? "" : ", round " + r.group(1))
        : plan.axis() + " " + (sweep() ? String.valueOf(p.x()) : plan.writeConcerns().get((int) p.x() - 1))
            + (repetition == null ? "" : ", " + repetition);
    return new Launch(stepPlan, what);
  }

  /**
   * The step {@code running} as its run ended, from the run's outcome: its verdict, and a COMPLETE step's figures
   * and the server it measured (the experiment's environment takes the first server a step names).
   */
  private ExperimentManifest.Step ended(Planned p, ExperimentManifest.Step running, Path dir, RunOutcome outcome)
      throws IOException {
    RunStatus verdict = RunJudgement.step(interrupted != null, outcome.exitCode() == CoordinatedRun.COMPLETE);
    String reason = null;
    StepFigures figures = null;
    String report = null;
    if (verdict == RunStatus.INTERRUPTED) {
      reason = interrupted;
    } else if (verdict == RunStatus.COMPLETE) {
      Manifest m = outcome.manifest();
      synchronized (lock) {
        if (m.note() != null) {
          environment.putIfAbsent("note", m.note());
        }
        m.server().forEach(environment::putIfAbsent);
      }
      if (!p.load()) {
        figures = StepFiguresReader.of(outcome, dir).withServer(runner.lastServer());
        report = rel(dir.resolve("merged/report.html"));
      }
    } else {
      reason = outcome.manifest().reason();
    }
    return running.toBuilder().report(report).verdict(verdict.label()).reason(reason).endedAt(Instant.now().toString())
        .figures(figures).build();
  }

  private Answers answers(List<Point> points, String stop, String basis) {
    return AnswerRules.of(points, slos, stop, basis, unit());
  }

  /** The answers in words, as printed and in the manifest and the report. */
  List<String> statements(Answers a) {
    List<String> s = new ArrayList<>();
    if (a == null || a.steps() == 0) {
      s.add("no step finished: nothing to answer yet");
      return s;
    }
    String axis = plan.axis();
    if (maximum != null) {
      s.add(String.format(Locale.ROOT, "unthrottled probe (step %s, not a sweep point): %,.0f ops/s; each step's "
          + "target is its %s of it", maximum.step(), maximum.throughput(), axis));
    }
    // an unfinished sweep's answers say, on each line, what they come from
    String from = a.basis() == null ? "" : "; " + a.basis();
    s.add(String.format(Locale.ROOT, "highest throughput: %,.0f ops/s at %s %s", a.bestThroughput(), axis,
        Answers.num(a.best())) + from);
    s.add((a.noKnee() != null ? "knee: " + a.noKnee() : a.knee() == null ? "knee: none found"
        : "knee: " + axis + " " + Answers.num(a.knee().x()) + " (" + a.knee().method() + ")"
            + (a.kneeNote() == null ? "" : "; " + a.kneeNote()))
        + from);
    s.add((a.noKnee() != null ? "latency knee: " + a.noKnee() : a.latencyKnee() == null
        ? "latency knee: no p99 measured"
        : "latency knee: " + axis + " " + Answers.num(a.latencyKnee()) + " (last step whose worst p99 stays within 2x "
            + "the sweep's lowest)")
        + from);
    if (a.slo() != null) {
      s.add("SLO: " + a.slo().statement() + from);
      if (a.slo().failed().size() > 1) {
        s.add("SLO failed at " + axis + " " + String.join(", at ", a.slo().failed().stream()
            .map(SloAnswer.Failed::describe).toList()));
      }
    }
    for (Repeated r : repeated() == null ? List.<Repeated>of() : repeated()) {
      s.add(String.format(Locale.ROOT, "%s %s over %d repetitions: median %,.0f ops/s, %,.0f-%,.0f, RSD %s%s", axis,
          Answers.num(r.x()), r.throughput().n(), r.throughput().median(), r.throughput().min(), r.throughput().max(),
          Double.isNaN(r.throughput().relativeStdDev()) ? "-"
              : String.format(Locale.ROOT, "%.1f%%", 100 * r.throughput().relativeStdDev()),
          r.noisy() ? "; NOISY (a figure's range is over 10% of its median)" : ""));
    }
    if (a.stoppedEarly() != null) {
      s.add("stopped early: " + a.stoppedEarly());
    }
    return s;
  }

  /** A repeated run's figures in words: each headline figure's spread, the noisy ones marked, how to compare. */
  private List<String> spreadStatements() {
    List<String> s = new ArrayList<>();
    List<Repeated> all = repeated();
    if (all.isEmpty()) {
      s.add("no repetition finished: nothing to summarise yet");
      return s;
    }
    Repeated r = all.get(0);
    s.add(spread("throughput", r.throughput(), v -> String.format(Locale.ROOT, "%,.0f", v), " ops/s"));
    s.add(spread("error rate", r.errorRate(), v -> String.format(Locale.ROOT, "%.3f%%", 100 * v), ""));
    r.latencyUs().forEach((op, byLabel) -> byLabel.forEach((label, sp) -> s.add(spread(op + " " + label, sp,
        v -> String.format(Locale.ROOT, "%.3f", v / 1000), " ms"))));
    s.addAll(Warmup.statement(plan, entries));
    double[] inTimeOrder;
    synchronized (lock) {
      inTimeOrder = entries.stream().filter(e -> e.order() > 0 && !Boolean.TRUE.equals(e.warmup())
          && RunJudgement.measured(e.verdict(), e.figures() != null))
          .sorted(Comparator.comparingInt(ExperimentManifest.Step::order))
          .mapToDouble(e -> e.figures().throughput()).toArray();
    }
    Repetitions.instability(inTimeOrder).ifPresent(s::add);
    int n = r.throughput().n();
    s.add(n < 2 ? "noise: unknown with one repetition"
        : r.noisyFigures().isEmpty() ? "noise: no figure's range is over 10% of its median"
        : "NOISY (range over 10% of the median): " + String.join(", ", r.noisyFigures()));
    List<Path> runs;
    synchronized (lock) {
      runs = completeRuns(bundle.dir(), entries);
    }
    // the COMPLETE runs by name: a glob would also take the set-aside attempts (02-run-r2.attempt-1)
    s.add("compare with another set: bin/ycsb-aggregate compare --a " + bundle.dir() + " --b OTHER (its complete runs: "
        + String.join(" ", runs.stream().map(Path::toString).toList()) + ")");
    return s;
  }

  /** The merged results of the COMPLETE swept steps, in order (never the load, a probe or a set-aside attempt). */
  static List<Path> completeRuns(Path dir, List<ExperimentManifest.Step> steps) {
    return steps.stream().filter(s -> s.order() != 0 && RunJudgement.counts(s.verdict()))
        .map(s -> s.bundleIn(dir)).flatMap(Optional::stream).map(b -> b.resolve(BundleLayout.MERGED)).toList();
  }

  private static String spread(String figure, Spread sp,
      DoubleFunction<String> fmt, String unit) {
    return figure + ": median " + fmt.apply(sp.median()) + unit + ", " + fmt.apply(sp.min()) + "-"
        + fmt.apply(sp.max()) + unit + ", RSD " + (Double.isNaN(sp.relativeStdDev()) ? "-"
            : String.format(Locale.ROOT, "%.1f%%", 100 * sp.relativeStdDev()))
        + ", n=" + sp.n()
        + (sp.noisy() ? ", NOISY" : "");
  }

  private void write(RunStatus status, String reason, Answers answers) throws IOException {
    synchronized (lock) {
      WcMatrix matrix = sweep() ? null : WcMatrixBuilder.of(plan, entries,
          environment.get(EnvironmentFacts.TOPOLOGY));
      // an A/B experiment's arms are compared once, when it ends: the comparison's files, its lines and its Markdown
      ArmComparison.Result arms = plan.kind().equals(AB) && status != RunStatus.RUNNING
          ? ArmComparison.write(bundle.dir(), plan, entries, status.label()) : null;
      List<String> statements = matrix != null ? (status == RunStatus.RUNNING ? null : matrix.statements())
          : plan.kind().equals(REPEAT) ? (status == RunStatus.RUNNING ? null : spreadStatements())
          : arms != null ? arms.statements()
          : answers == null ? null : statements(answers);
      bundle.write(ExperimentManifest.builder().status(status.label()).reason(reason).plan(plan)
          .environment(environment)
          .startedAt(startedAt).endedAt(status == RunStatus.RUNNING ? null : Instant.now().toString())
          .steps(List.copyOf(entries)).answers(answers).repetitions(repeated()).statements(statements).matrix(matrix)
          .maximum(maximum).comparison(arms == null ? null : arms.compared()).build());
      if (arms != null && arms.markdown() != null) {
        out.println();
        out.print(arms.markdown());
        out.println();
      }
      if (status != RunStatus.RUNNING && statements != null) {
        out.println("ycsb-experiment: " + status.label() + (reason == null ? "" : ": " + reason));
        // a line copied from the terminal alone must still say which server it describes, as the report and site do
        String notMongoDb = notMongoDb().orElse(null);
        if (notMongoDb != null) {
          out.println("  " + notMongoDb);
        }
        statements.forEach(l -> out.println("  " + (notMongoDb == null ? "" : NOT_MONGODB_MARK) + l));
        out.println("  report: " + bundle.dir().resolve(ExperimentBundle.REPORT));
      }
    }
  }

  /** The NOT MongoDB warning, when the steps' clients measured another server. */
  private Optional<String> notMongoDb() {
    String note = environment.get("note");
    if (note != null && note.startsWith(NOT_MONGODB_WORDS)) {
      return Optional.of(note);
    }
    String product = environment.get(EnvironmentFacts.SERVER_PRODUCT);
    return product == null ? Optional.empty() : EnvironmentFacts.notMongoDb(List.of(product.split(" / ")));
  }

  private String rel(Path p) {
    return bundle.dir().relativize(p).toString();
  }
}
