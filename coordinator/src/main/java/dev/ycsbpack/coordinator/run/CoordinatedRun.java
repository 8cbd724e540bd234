package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.format.RunFacts;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.PartialResultException;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.ClientOverview;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.telemetry.HostTelemetry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One coordinated run, start to bundle: check the hosts, stage the pack, supervise the clients, bring their folders
 * back, clean the hosts, merge, and write the manifest. The bundle says {@code COMPLETE} only when every client's own
 * verdict says so and the merge succeeded.
 */
public final class CoordinatedRun {
  public static final int COMPLETE = ExitCodes.COMPLETE;
  public static final int FAILED = ExitCodes.FAILED;

  private final RunPlan plan;
  private final RunSetup setup;
  private final long commandStartMs;
  private final CountDownLatch finished = new CountDownLatch(1);
  /**
   * Held while the interrupt's reason is set and while a final manifest is weighed and written: a Ctrl-C is either
   * seen by that weighing (the bundle says FAILED) or comes after the write (the bundle says what was written).
   */
  private final Object ending = new Object();
  private volatile Supervisor supervisor;
  private volatile String interrupted;
  private volatile String cannotRun;
  /** The status of the last manifest the run wrote once it ended ({@code COMPLETE} or {@code FAILED}); else null. */
  private volatile String written;
  /** Whether a Ctrl-C had come when that manifest was written (so a FAILED one is the interrupt's doing). */
  private volatile boolean writtenAfterInterrupt;
  /** The last manifest made to be written (written or not): what a failed write of its own marks FAILED. */
  private volatile Manifest latest;
  /** The status of the last manifest written into the bundle, or null before the first. */
  private volatile String onDisk;
  /** The merged figures, as merged.json holds them: what the run's outcome hands its caller. */
  private volatile MergedJson mergedFigures;
  /** The series sampled during the run, as written into the bundle's telemetry/: what the outcome hands on. */
  private volatile List<Series> telemetry = List.of();

  /** @param commandStartMs when the command started (epoch ms): the manifest's {@code startedAt} */
  public CoordinatedRun(RunPlan plan, RunSetup setup, long commandStartMs) {
    this.plan = plan;
    this.setup = setup;
    this.commandStartMs = commandStartMs;
  }

  /**
   * Ctrl-C that came before {@link #run} began: {@code run} stops every client the coordinator's way as soon as it
   * has them, and writes the bundle as FAILED. Returns at once: the caller is the thread that will call {@code run},
   * and {@link #interrupt} would wait for a run that cannot start until it returns.
   */
  public void interruptBeforeRun(String reason) {
    synchronized (ending) {
      interrupted = reason;
    }
  }

  /**
   * A reason found before {@link #run} began that the run must not start (an experiment step whose new keys' start
   * could not be counted): {@code run} ends FAILED with it after the host check, staging and launching nothing.
   */
  public void failBeforeRun(String reason) {
    cannotRun = reason;
  }

  /** How long {@link #interrupt} waits for the run to stop its clients and write its bundle. */
  public static final int INTERRUPT_WAIT_SECONDS = 60;

  /** What the bundle says once a Ctrl-C was handled: what the coordinator may tell the user. */
  public enum AfterInterrupt {
    /** The run saw the interrupt, stopped its clients, collected and cleaned its hosts and wrote FAILED. */
    MARKED_FAILED,
    /** The run had written its final manifest (COMPLETE) before the interrupt came: the bundle is as it says. */
    COMPLETE_BEFORE,
    /**
     * The run had failed for a reason of its own and written FAILED before the interrupt came: its manifest says
     * why.
     */
    FAILED_BEFORE,
    /** The run wrote no final manifest within {@link #INTERRUPT_WAIT_SECONDS}: the bundle may be incomplete. */
    NOT_FINISHED,
    /** The run ended with an error before writing its final manifest: the bundle may be incomplete. */
    ENDED_WITHOUT_MANIFEST;

    /**
     * The coordinator's last line after the interrupt: what the bundle at {@code bundle} says, "marked FAILED" only
     * when the run wrote that; a run whose COMPLETE manifest came first keeps it, and says so.
     */
    public String line(Path bundle) {
      return switch (this) {
        case MARKED_FAILED -> "ycsb-coordinator: FAILED: interrupted; every client was stopped; the bundle (marked "
            + "FAILED) is " + bundle;
        case COMPLETE_BEFORE -> "ycsb-coordinator: interrupted after the run had finished; the bundle (COMPLETE) is "
            + bundle;
        case FAILED_BEFORE -> "ycsb-coordinator: FAILED: interrupted after the run had failed; the bundle (FAILED, "
            + "its manifest says why) is " + bundle;
        case NOT_FINISHED -> "ycsb-coordinator: FAILED: interrupted; the run did not finish within "
            + INTERRUPT_WAIT_SECONDS + " s; the bundle " + bundle + " may be incomplete";
        case ENDED_WITHOUT_MANIFEST -> "ycsb-coordinator: FAILED: interrupted; the run ended with an error before "
            + "writing its manifest; the bundle " + bundle + " may be incomplete";
      };
    }

    /** The coordinator's exit status after the interrupt: {@link #COMPLETE} only when the bundle says COMPLETE. */
    public int exitStatus() {
      return this == COMPLETE_BEFORE ? COMPLETE : FAILED;
    }
  }

  /**
   * Ctrl-C: stop every client, write the bundle as FAILED, then return (bounded by {@link #INTERRUPT_WAIT_SECONDS})
   * what the bundle says. A Ctrl-C at any point before the final manifest is written (while the clients run, while
   * their folders are collected, the hosts cleaned or the folders merged) makes that manifest FAILED.
   */
  public AfterInterrupt interrupt(String reason) {
    synchronized (ending) {
      interrupted = reason;
    }
    Supervisor s = supervisor;
    if (s != null) {
      s.abort(reason);
    }
    try {
      if (!finished.await(INTERRUPT_WAIT_SECONDS, TimeUnit.SECONDS)) {
        return AfterInterrupt.NOT_FINISHED;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return AfterInterrupt.NOT_FINISHED;
    }
    String status = written;
    if (status == null) {
      return AfterInterrupt.ENDED_WITHOUT_MANIFEST;
    }
    if (writtenAfterInterrupt) {
      return AfterInterrupt.MARKED_FAILED; // a manifest weighed after the Ctrl-C is never COMPLETE
    }
    return RunJudgement.counts(status) ? AfterInterrupt.COMPLETE_BEFORE : AfterInterrupt.FAILED_BEFORE;
  }

  /**
   * A write of the coordinator's own into the bundle failed (a full disk, a lost mount): its message names the path,
   * the step and the system's words, and says whether the manifest could still be marked FAILED.
   */
  public static final class BundleWriteException extends IOException {
    private static final long serialVersionUID = 1L;

    BundleWriteException(String message, IOException cause) {
      super(message, cause);
    }
  }

  /**
   * Runs it; returns what it ended with: the manifest written, the merged figures and the exit status
   * ({@link #COMPLETE} or {@link #FAILED}).
   */
  public RunOutcome run(Bundle bundle) throws IOException {
    try {
      return runInside(bundle);
    } catch (BundleWriteException e) {
      return markFailed(bundle, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("the coordinator was interrupted", e);
    } finally {
      finished.countDown();
    }
  }

  /**
   * After a failed write of its own: the staging folder goes first (its secrets must not stay, and its space may
   * be what the manifest needs), then the manifest is marked FAILED with the write's path and step.
   *
   * @throws BundleWriteException when even that manifest cannot be written: its message says so
   */
  private RunOutcome markFailed(Bundle bundle, BundleWriteException e) throws BundleWriteException {
    try {
      bundle.removeStaging();
    } catch (IOException ignored) {
      // the manifest is what matters now; a staging folder left is named by nothing, but holds the same files
    }
    Manifest last = latest;
    String reason = e.getMessage() + (last != null && last.reason() != null ? "; " + last.reason() : "");
    Manifest failed = last == null ? null : last.failed(reason, Instant.now().toString());
    try {
      if (failed == null) {
        throw new IOException("no manifest was made yet");
      }
      synchronized (ending) {
        write(bundle, failed);
      }
    } catch (IOException again) {
      IOException why = again instanceof BundleWriteException && again.getCause() instanceof IOException io ? io
          : again;
      throw new BundleWriteException(e.getMessage() + "; the manifest could not be marked FAILED either ("
          + reason(why) + "): " + (onDisk == null ? "there is none" : "it still says " + onDisk), again);
    }
    return outcome(failed, List.of(), FAILED);
  }

  /** What the run ended with once {@code written} is in the bundle, with the merged figures if it was merged. */
  private RunOutcome outcome(Manifest written, List<ClientProblem> problems, int exitCode) {
    return new RunOutcome(written, mergedFigures, problems, exitCode, telemetry);
  }

  /** {@code cannot write PATH (STEP): ERROR}, for the step's write that failed. */
  private static BundleWriteException failedWrite(java.nio.file.Path path, String step, IOException e) {
    return new BundleWriteException("cannot write " + path + " (" + step + "): " + reason(e), e);
  }

  /** The system's words for a failed write ("No space left on device"), without the path a message may repeat. */
  private static String reason(IOException e) {
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return String.valueOf(e.getMessage());
  }

  /** Writes a manifest in {@code step}; a failure names the manifest's path and the step. */
  private void writeManifest(Bundle bundle, Manifest m, String step) throws BundleWriteException {
    latest = m;
    try {
      bundle.write(m);
      onDisk = m.status();
    } catch (IOException e) {
      throw failedWrite(bundle.dir().resolve(Bundle.MANIFEST), step, e);
    }
    try {
      // beside the manifest, from the same plan: what a reproduction runs again (the concerns once clients said them)
      PlanRecord.of(plan, setup.redactor(), setup.settings(), m.server()).write(bundle.dir());
    } catch (IOException e) {
      throw failedWrite(bundle.dir().resolve(ReproduciblePlan.FILE), step, e);
    }
  }

  private RunOutcome runInside(Bundle bundle) throws IOException, InterruptedException {
    String runId = Instant.now().toString().replaceAll("[^0-9]", "").substring(0, 14) + "-"
        + UUID.randomUUID().toString().substring(0, 8);
    RunManifest manifest = new RunManifest(plan, setup.command(), setup.redactor(), runId, commandStartMs);
    writeManifest(bundle, manifest.running(), "the manifest at the start");

    PhaseTimes times = new PhaseTimes();
    Map<Host, HostSession.Probe> probes = probeAll();
    times.end("check");
    if (interrupted != null) {
      // Ctrl-C during the check: staging every host (minutes for a new pack) would outlast interrupt()'s wait
      return failBeforeStart(bundle, manifest, interrupted, probes, times);
    }
    if (cannotRun != null) {
      return failBeforeStart(bundle, manifest, cannotRun, probes, times);
    }
    List<String> hostProblems = probes.values().stream().flatMap(p -> p.problems().stream()).toList();
    if (!hostProblems.isEmpty()) {
      return failBeforeStart(bundle, manifest, "host check failed: " + String.join("; ", hostProblems), probes, times);
    }
    String stageFailure = stageAll(probes);
    times.end("stage");
    if (interrupted != null) {
      // Ctrl-C during staging: the hosts not begun were skipped, so the run cannot start; it fails here, in time
      return failBeforeStart(bundle, manifest, interrupted, probes, times);
    }
    if (stageFailure != null) {
      return failBeforeStart(bundle, manifest, stageFailure, probes, times);
    }
    long total = plan.clients().stream().mapToLong(ClientPlan::operations).sum();
    Map<Host, Double> offsets = new LinkedHashMap<>();
    probes.forEach((h, p) -> offsets.put(h, p.clockOffsetMs()));
    // from here on the clients write what they measure: a coordinator killed now leaves a bundle to recover
    writeManifest(bundle, manifest.running(probes), "the manifest listing the clients");
    try {
      bundle.markCoordinator();
    } catch (IOException e) {
      throw failedWrite(bundle.staging(), "recording the coordinator's process", e);
    }
    supervisor = new Supervisor(plan, setup.sessions(), setup.pack(), bundle.clients(), bundle.staging(), runId,
        setup.redactor(), setup.settings(), setup.progress(total), setup.log(), offsets);
    if (interrupted != null) {
      supervisor.abort(interrupted);
    }
    ServerTelemetry server = new ServerTelemetry(plan, setup);
    Supervisor.Outcome outcome = supervised(bundle, server, offsets);
    times.end("start", outcome.releaseAfterMs(), "run");
    List<String> fetchProblems = fetchAndClean(runId, bundle, times);
    CollectedClients collected = CollectedClients.read(plan, bundle.clients());
    // not named "ending": a local of that name hid the lock below, which then locked this record instead
    RunManifest.Ending collectedEnd = new RunManifest.Ending(outcome, probes, fetchProblems, collected,
        times.asMap());
    // Ctrl-C during the collection or the clean: nothing is merged, as for any failed run
    String failure = orInterrupted(manifest.failureBeforeMerge(collectedEnd));
    MergeFigures merged = null;
    String mergeFailure = null;
    if (failure == null) {
      try {
        merged = merge(bundle, manifest.count(collected).orElse(null), manifest.clients(outcome, collected, probes));
      } catch (InputException | PartialResultException | IOException | RuntimeException e) {
        mergeFailure = setup.redactor().redact(String.valueOf(e.getMessage()));
      }
      times.end("merge");
    }
    Manifest m;
    synchronized (ending) {
      // Ctrl-C during the merge: the bundle says FAILED, as the interrupt's hook tells the user
      m = server.noted(manifest.finished(new RunManifest.Ending(outcome, probes, fetchProblems, collected,
          times.asMap()), orInterrupted(failure), merged, mergeFailure, Instant.now()), collected);
      write(bundle, m);
    }
    bundle.removeStaging();
    List<ClientProblem> problems = outcome.clients().stream().map(Supervisor.ClientOutcome::problem)
        .filter(Objects::nonNull).toList();
    return outcome(m, problems, RunJudgement.exitStatus(m.status()));
  }

  /**
   * Runs the clients with the server and the machines sampled from the clients' release to their end; the series are
   * written into the bundle before the merge, which reads them.
   */
  private Supervisor.Outcome supervised(Bundle bundle, ServerTelemetry server, Map<Host, Double> offsets)
      throws InterruptedException {
    HostTelemetry hosts = HostTelemetry.start(setup.hostWatch(), plan.properties(), offsets, setup.log(),
        setup.redactor());
    supervisor.beforeRelease(hosts::release);
    supervisor.beforeRelease(server::start);
    Supervisor.Outcome outcome = supervisor.run();
    List<Series> sampled = new ArrayList<>(server.stopAndWrite(bundle.dir()));
    sampled.addAll(hosts.stop(bundle.dir()));
    telemetry = List.copyOf(sampled);
    return outcome;
  }

  /** {@code failure}, or when there is none and a Ctrl-C came, the interrupt's reason. */
  private String orInterrupted(String failure) {
    return failure != null ? failure : interrupted;
  }

  private void write(Bundle bundle, Manifest m) throws IOException {
    writeManifest(bundle, m, "the final manifest");
    writtenAfterInterrupt = interrupted != null;
    written = m.status();
  }

  private RunOutcome failBeforeStart(Bundle bundle, RunManifest manifest, String failure,
      Map<Host, HostSession.Probe> probes, PhaseTimes times) throws IOException {
    Manifest m = manifest.failedBeforeStart(failure, probes, times.asMap(), Instant.now());
    synchronized (ending) { // as the final manifest: a Ctrl-C comes either before this write or after it
      write(bundle, m);
    }
    bundle.removeStaging();
    return outcome(m, List.of(), FAILED);
  }

  private Map<Host, HostSession.Probe> probeAll() throws InterruptedException {
    List<HostSession.Probe> probes = Fanout.map(plan.hosts(), setup.settings().parallel(), "check",
        h -> setup.sessions().get(h).probe(setup.pack()));
    Map<Host, HostSession.Probe> out = new LinkedHashMap<>();
    for (int i = 0; i < probes.size(); i++) {
      out.put(plan.hosts().get(i), probes.get(i));
    }
    return out;
  }

  private String stageAll(Map<Host, HostSession.Probe> probes) throws InterruptedException {
    List<Host> missing = plan.hosts().stream().filter(h -> !probes.get(h).staged()).toList();
    List<String> problems = Fanout.map(missing, setup.settings().parallel(), "stage", h -> {
      if (interrupted != null) {
        return null; // Ctrl-C: a host not begun yet is not touched; those in flight end within their step's limit
      }
      try {
        setup.sessions().get(h).stage(setup.pack());
        return null;
      } catch (IOException e) {
        return setup.redactor().redact(e.getMessage());
      }
    }).stream().filter(Objects::nonNull).toList();
    return problems.isEmpty() ? null : String.join("; ", problems);
  }

  /** Brings every remote client folder back (even after a failure: its stderr says what happened), then cleans up. */
  private List<String> fetchAndClean(String runId, Bundle bundle, PhaseTimes times) throws InterruptedException {
    List<String> problems = Fanout.map(plan.clients(), setup.settings().parallel(), "collect", c -> {
      try {
        setup.sessions().get(c.host()).fetch(c, runId, bundle.clients());
        return null;
      } catch (IOException e) {
        return setup.redactor().redact(e.getMessage());
      }
    }).stream().filter(Objects::nonNull).toList();
    times.end("collect");
    Fanout.map(plan.hosts(), setup.settings().parallel(), "clean", h -> {
      try {
        setup.sessions().get(h).cleanup(runId);
      } catch (IOException e) {
        setup.log().println("ycsb-coordinator: warning: " + setup.redactor().redact(e.getMessage()));
      }
      return null;
    });
    times.end("clean");
    return problems;
  }

  /**
   * Merges the client folders in process and writes the merged outputs; throws what aggregate refused. Both phases
   * are merged over the union window, from the first client's first interval to the last client's last: the clients
   * were released together, so the start edge is shared, and every operation counts, as in one YCSB process's own
   * {@code [OVERALL]}. The common window (only while all clients ran) would drop the tail of every client but the
   * first to finish: up to one status interval each, a tenth of a ten-second run. How long all clients ran together
   * is recorded beside it.
   */
  private MergeFigures merge(Bundle bundle, Manifest.Count count, List<Manifest.ClientEntry> clients)
      throws InputException, PartialResultException, IOException {
    Map<String, String> hosts = new LinkedHashMap<>();
    plan.clients().forEach(c -> hosts.put(c.name(), c.host().toString()));
    // each client's share (ClientShare, its staged TLS file paths included) may differ: aggregate sees the clients
    // are one coordinated run
    MergeOptions options = MergeOptions.builder().hosts(hosts)
        .window(WindowKind.UNION).build();
    MergeResult merged = Aggregate.merge(List.of(bundle.clients()), options);
    // the outputs list the clients as the manifest's byHost does: by host, the slowest first
    MergeResult result = merged.listingClients(ClientOverview.order(clients, MergeFigures.windowRates(merged)));
    // the report says what was run: the coordinator's own command, and the server's count (issue 17)
    Map<String, String> given = new LinkedHashMap<>();
    given.put(RunFacts.COMMAND, "bin/ycsb-coordinator " + setup.command());
    if (count != null) {
      given.put(RunFacts.COUNT, count.text() + " (" + count.verdict() + ")");
    }
    given.put(RunFacts.LOCAL_HOSTS, String.join(",", Host.localNames(plan.hosts())));
    try {
      Aggregate.write(result, bundle.merged(), EnumSet.allOf(OutputFormat.class), given);
    } catch (IOException e) {
      throw failedWrite(bundle.merged(), "the merged result", e);
    }
    mergedFigures = MergedJson.of(result);
    return MergeFigures.of(result);
  }
}
