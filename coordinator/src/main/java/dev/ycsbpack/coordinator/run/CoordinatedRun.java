package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.format.RunFacts;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.PartialResultException;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.FirstFailures;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.ClientOverview;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One coordinated run, start to bundle: check the hosts, stage the pack, supervise the clients, bring their folders
 * back, clean the hosts, merge, and write the manifest. The bundle says {@code COMPLETE} only when every client's own
 * verdict says so and the merge succeeded.
 */
public final class CoordinatedRun {
  public static final int COMPLETE = ExitCodes.COMPLETE;
  public static final int FAILED = ExitCodes.FAILED;

  private final RunPlan plan;
  private final Map<Host, HostSession> sessions;
  private final PackArchive pack;
  private final Supervisor.Settings settings;
  private final Redactor redactor;
  private final String command;
  private final PrintStream log;
  private final Function<Long, Progress> progressFactory;
  private final long commandStartMs;
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile Supervisor supervisor;
  private volatile String interrupted;
  /** The merge's result, for the manifest's summary of what the window holds. */
  private volatile MergeResult coverage;

  public CoordinatedRun(RunPlan plan, Map<Host, HostSession> sessions, PackArchive pack, Supervisor.Settings settings,
                        Redactor redactor, String command, PrintStream log, Function<Long, Progress> progressFactory,
                        long commandStartMs) {
    this.plan = plan;
    this.sessions = sessions;
    this.pack = pack;
    this.settings = settings;
    this.redactor = redactor;
    this.command = command;
    this.log = log;
    this.progressFactory = progressFactory;
    this.commandStartMs = commandStartMs;
  }

  /**
   * Ctrl-C that came before {@link #run} began: {@code run} stops every client the coordinator's way as soon as it
   * has them, and writes the bundle as FAILED. Returns at once: the caller is the thread that will call {@code run},
   * and {@link #interrupt} would wait for a run that cannot start until it returns.
   */
  public void interruptBeforeRun(String reason) {
    interrupted = reason;
  }

  /** Ctrl-C: stop every client, write the bundle as FAILED, then return (bounded). */
  public void interrupt(String reason) {
    interrupted = reason;
    Supervisor s = supervisor;
    if (s != null) {
      s.abort(reason);
    }
    try {
      finished.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The merge of the clients' folders, once {@link #run} has merged them; empty when the run was not merged. */
  public Optional<MergeResult> merged() {
    return Optional.ofNullable(coverage);
  }

  /** Runs it; returns the exit status ({@link #COMPLETE} or {@link #FAILED}). */
  public int run(Bundle bundle) throws IOException {
    try {
      return runInside(bundle);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("the coordinator was interrupted", e);
    } finally {
      finished.countDown();
    }
  }

  private int runInside(Bundle bundle) throws IOException, InterruptedException {
    String runId = Instant.now().toString().replaceAll("[^0-9]", "").substring(0, 14) + "-"
        + UUID.randomUUID().toString().substring(0, 8);
    String startedAt = Instant.ofEpochMilli(commandStartMs).toString();
    bundle.write(manifest(null, "RUNNING", null, runId, startedAt, null, Map.of(), null, List.of(), List.of(), null, null));

    PhaseTimes times = new PhaseTimes();
    Map<Host, HostSession.Probe> probes = probeAll();
    times.end("check");
    List<Manifest.HostEntry> hostEntries = hostEntries(probes);
    if (interrupted != null) {
      // Ctrl-C during the check: staging every host (minutes for a new pack) would outlast interrupt()'s wait
      return failBeforeStart(bundle, runId, startedAt, interrupted, hostEntries, times);
    }
    List<String> hostProblems = probes.values().stream().flatMap(p -> p.problems().stream()).toList();
    if (!hostProblems.isEmpty()) {
      return failBeforeStart(bundle, runId, startedAt, "host check failed: " + String.join("; ", hostProblems),
          hostEntries, times);
    }
    String stageFailure = stageAll(probes);
    times.end("stage");
    if (stageFailure != null) {
      return failBeforeStart(bundle, runId, startedAt, stageFailure, hostEntries, times);
    }
    long total = plan.clients().stream().mapToLong(ClientPlan::operations).sum();
    Map<Host, Double> offsets = new LinkedHashMap<>();
    probes.forEach((h, p) -> offsets.put(h, p.clockOffsetMs()));
    supervisor = new Supervisor(plan, sessions, pack, bundle.clients(), bundle.staging(), runId, redactor, settings,
        progressFactory.apply(total), log, offsets);
    if (interrupted != null) {
      supervisor.abort(interrupted);
    }
    Supervisor.Outcome outcome = supervisor.run();
    times.end("start", outcome.releaseAfterMs(), "run");
    String failure = outcome.complete() ? null : outcome.reason();
    List<String> fetchProblems = fetchAndClean(runId, bundle, times);
    if (failure == null && !fetchProblems.isEmpty()) {
      failure = String.join("; ", fetchProblems);
    }
    Map<String, Verdict> verdicts = verdicts(bundle);
    if (failure != null) {
      failure = inTheClientsWords(failure, outcome, verdicts);
    }
    if (failure == null) {
      for (ClientPlan c : plan.clients()) {
        Verdict v = verdicts.get(c.name());
        if (v == null || !v.complete()) {
          failure = "client " + c.name() + " on " + c.host() + " "
              + (v == null ? "left no verdict in its folder" : "reports FAILED: " + v.reason());
          break;
        }
      }
    }
    if (failure != null) {
      failure += firstFailures(bundle, verdicts);
    }
    List<Map<String, String>> environments = environments(bundle);
    Manifest.Count count = CountCheck.of(plan.phase(), plan.clients().size(), environments).orElse(null);
    if (failure == null && count != null && !count.verdict().equals(CountCheck.COMPLETE)) {
      failure = "the server counted fewer documents than the clients stored: " + count.text();
    }
    Manifest.Release release = release(outcome, probes, verdicts, environments);
    List<Manifest.ClientEntry> clients = clientEntries(outcome, verdicts, probes);
    Manifest.Merged merged = null;
    if (failure == null) {
      String mergeFailure = merge(bundle, count, clients);
      times.end("merge");
      if (mergeFailure != null) {
        failure = "the merge of the client folders failed: " + mergeFailure;
      } else {
        merged = mergedEntry();
        if (coverage.budgetFailure() != null) {
          failure = "the clients' operations together: " + coverage.budgetFailure();
        }
      }
    }
    Map<String, String> server = serverFacts(environments);
    Manifest m = manifest(note(environments), failure == null ? "COMPLETE" : "FAILED", failure, runId, startedAt,
        Instant.now().toString(), server, release, hostEntries, clients, merged, count);
    // merged: the merge's own lead line, as its outputs print it; else the clients' own counts summed, by the same rule
    m = finished(m, merged != null ? coverage.lead() : ErrorBudget.lead(summed(verdicts)).orElse(null),
        ClientOverview.of(clients,
        rates(merged != null, verdicts)), times.asMap());
    bundle.write(m);
    bundle.removeStaging();
    return failure == null ? COMPLETE : FAILED;
  }

  /** The clients' own {@code Return=} counts summed: what leads a run that was not merged. */
  private static Outcomes summed(Map<String, Verdict> verdicts) {
    Outcomes sum = Outcomes.none();
    for (Verdict v : verdicts.values()) {
      sum = sum.plus(v.outcomes());
    }
    return sum;
  }

  /**
   * Each client's measured ops/s: inside the merge window when merged; else its own {@code [OVERALL]} figure (which
   * includes its wait at the start gate), for ranking the slowest only.
   */
  private Map<String, Double> rates(boolean merged, Map<String, Verdict> verdicts) {
    if (merged) {
      return windowRates(coverage);
    }
    Map<String, Double> out = new LinkedHashMap<>();
    verdicts.forEach((name, v) -> {
      if (v.outcomes().opsPerSec() > 0) {
        out.put(name, v.outcomes().opsPerSec());
      }
    });
    return out;
  }

  /** Each merged client's operations per second inside the merge window. */
  private static Map<String, Double> windowRates(MergeResult merged) {
    Map<String, Double> out = new LinkedHashMap<>();
    merged.clients().stream().filter(c -> !c.failed()).forEach(c -> out.put(c.name(), c.windowThroughput()));
    return out;
  }

  /** The manifest with what only the end knows: the lead line and the clients by host. */
  private static Manifest finished(Manifest m, String lead, List<Manifest.HostGroup> byHost,
                                   Map<String, Long> phasesMs) {
    return new Manifest(m.note(), m.status(), m.reason(), m.command(), m.phase(), m.runId(), m.packVersion(),
        m.startedAt(), m.endedAt(), m.server(), m.release(), m.hosts(), m.clients(), m.merged(), m.properties(),
        m.notes(), lead, m.count(), byHost, phasesMs);
  }

  /**
   * The failure as the failing client itself put it, in full, when it ended by itself with a FAILED verdict (its
   * server gone, say); the supervisor only saw the last line of its output, cut short. Else {@code failure} (a client
   * the coordinator stopped says only that it was stopped).
   */
  private static String inTheClientsWords(String failure, Supervisor.Outcome outcome, Map<String, Verdict> verdicts) {
    for (Supervisor.ClientOutcome c : outcome.clients()) {
      Verdict v = verdicts.get(c.plan().name());
      if (c.problem() != null && c.problem().kind() == ClientProblem.Kind.EXITED && c.exitStatus() > 0 && v != null
          && !v.complete() && !v.reason().isEmpty()) {
        return "client " + c.plan().name() + " on " + c.plan().host() + " exited with status " + c.exitStatus()
            + ": " + v.reason();
      }
    }
    return failure;
  }

  /** A run that failed before any client started: no server facts, no release, no client verdicts. */
  private int failBeforeStart(Bundle bundle, String runId, String startedAt, String failure,
                              List<Manifest.HostEntry> hosts, PhaseTimes times) throws IOException {
    Manifest m = manifest(null, "FAILED", failure, runId, startedAt, Instant.now().toString(), Map.of(), null, hosts,
        clientEntries(null, Map.of(), Map.of()), null, null);
    bundle.write(finished(m, null, null, times.asMap()));
    bundle.removeStaging();
    return FAILED;
  }


  private Map<Host, HostSession.Probe> probeAll() throws InterruptedException {
    List<HostSession.Probe> probes = Fanout.map(plan.hosts(), settings.parallel(), "check",
        h -> sessions.get(h).probe(pack));
    Map<Host, HostSession.Probe> out = new LinkedHashMap<>();
    for (int i = 0; i < probes.size(); i++) {
      out.put(plan.hosts().get(i), probes.get(i));
    }
    return out;
  }

  private String stageAll(Map<Host, HostSession.Probe> probes) throws InterruptedException {
    List<Host> missing = plan.hosts().stream().filter(h -> !probes.get(h).staged()).toList();
    List<String> problems = Fanout.map(missing, settings.parallel(), "stage", h -> {
      try {
        sessions.get(h).stage(pack);
        return null;
      } catch (IOException e) {
        return redactor.redact(e.getMessage());
      }
    }).stream().filter(Objects::nonNull).toList();
    return problems.isEmpty() ? null : String.join("; ", problems);
  }

  /** Brings every remote client folder back (even after a failure: its stderr says what happened), then cleans up. */
  private List<String> fetchAndClean(String runId, Bundle bundle, PhaseTimes times) throws InterruptedException {
    List<String> problems = Fanout.map(plan.clients(), settings.parallel(), "collect", c -> {
      try {
        sessions.get(c.host()).fetch(c, runId, bundle.clients());
        return null;
      } catch (IOException e) {
        return redactor.redact(e.getMessage());
      }
    }).stream().filter(Objects::nonNull).toList();
    times.end("collect");
    Fanout.map(plan.hosts(), settings.parallel(), "clean", h -> {
      try {
        sessions.get(h).cleanup(runId);
      } catch (IOException e) {
        log.println("ycsb-coordinator: warning: " + redactor.redact(e.getMessage()));
      }
      return null;
    });
    times.end("clean");
    return problems;
  }

  /**
   * The first failure of each kind that the failed clients' bindings printed (at most three), as the cause of a
   * failure whose client verdict only says "see the errors above"; empty when none printed one.
   */
  private String firstFailures(Bundle bundle, Map<String, Verdict> verdicts) {
    List<String> causes = new ArrayList<>();
    for (ClientPlan c : plan.clients()) {
      Verdict v = verdicts.get(c.name());
      if (v == null || !v.complete()) {
        for (String line : FirstFailures.in(new ClientFolder(bundle.clients().resolve(c.name())).stderr(),
            3 - causes.size())) {
          causes.add(c.name() + ": " + line);
        }
      }
    }
    return causes.isEmpty() ? "" : "; the first errors: " + String.join("; ", causes);
  }

  private Map<String, Verdict> verdicts(Bundle bundle) {
    Map<String, Verdict> out = new TreeMap<>();
    for (ClientPlan c : plan.clients()) {
      try {
        new ClientFolder(bundle.clients().resolve(c.name())).verdict().ifPresent(v -> out.put(c.name(), v));
      } catch (IOException e) {
        // an unreadable verdict counts as none
      }
    }
    return out;
  }

  /**
   * Merges the client folders in process; returns null on success, else what aggregate refused. Both phases are
   * merged over the union window, from the first client's first interval to the last client's last: the clients
   * were released together, so the start edge is shared, and every operation counts, as in one YCSB process's own
   * {@code [OVERALL]}. The common window (only while all clients ran) would drop the tail of every client but the
   * first to finish: up to one status interval each, a tenth of a ten-second run. How long all clients ran together
   * is recorded beside it.
   */
  private String merge(Bundle bundle, Manifest.Count count, List<Manifest.ClientEntry> clients) {
    Map<String, String> hosts = new LinkedHashMap<>();
    plan.clients().forEach(c -> hosts.put(c.name(), c.host().toString()));
    // each client's share (ClientShare, its staged TLS file paths included) may differ: aggregate sees the clients
    // are one coordinated run
    MergeOptions options = MergeOptions.builder().hosts(hosts)
        .window(WindowKind.UNION).build();
    try {
      MergeResult merged = Aggregate.merge(List.of(bundle.clients()), options);
      // the outputs list the clients as the manifest's byHost does: by host, the slowest first
      MergeResult result = merged.listingClients(ClientOverview.order(clients, windowRates(merged)));
      // the report says what was run: the coordinator's own command, and the server's count (issue 17)
      Map<String, String> given = new LinkedHashMap<>();
      given.put(RunFacts.COMMAND, "bin/ycsb-coordinator " + command);
      if (count != null) {
        given.put(RunFacts.COUNT, count.text() + " (" + count.verdict() + ")");
      }
      Aggregate.write(result, bundle.merged(), EnumSet.allOf(OutputFormat.class), given);
      coverage = result;
      return null;
    } catch (InputException | PartialResultException | IOException | RuntimeException e) {
      return redactor.redact(String.valueOf(e.getMessage()));
    }
  }

  private Manifest.Merged mergedEntry() {
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("window", coverage.window().name().toLowerCase(java.util.Locale.ROOT));
    summary.put("operationsReported", coverage.reportedCount());
    summary.put("operationsMerged", coverage.totalCount());
    summary.put("coverage", coverage.coverageStatement());
    summary.put("windowMs", coverage.windowEndMs() - coverage.windowStartMs());
    summary.put("allClientsTogetherMs", coverage.togetherMs());
    summary.put("complete", coverage.complete());
    return new Manifest.Merged("merged", "merged/report.html", summary);
  }

  /** Every client's environment record that could be read, in plan order. */
  private List<Map<String, String>> environments(Bundle bundle) {
    List<Map<String, String>> out = new ArrayList<>();
    for (ClientPlan c : plan.clients()) {
      Path env = new ClientFolder(bundle.clients().resolve(c.name())).environment();
      try {
        if (Files.isRegularFile(env)) {
          out.add(PropertiesFiles.read(env));
        }
      } catch (IOException e) {
        // a client without a readable record is not counted
      }
    }
    return out;
  }

  /** The server and driver facts of the first client that recorded its environment. */
  private static Map<String, String> serverFacts(List<Map<String, String>> environments) {
    for (Map<String, String> env : environments) {
      Map<String, String> facts = new TreeMap<>();
      env.forEach((k, v) -> {
        if (k.startsWith("server.") || k.startsWith("driver.")) {
          facts.put(k, v);
        }
      });
      return facts;
    }
    return Map.of();
  }

  /** The manifest's first line when the numbers are not MongoDB's: the rule every output uses, over every client. */
  private static String note(List<Map<String, String>> environments) {
    return EnvironmentFacts.notMongoDb(environments.stream().map(e -> e.get(EnvironmentFacts.SERVER_PRODUCT))
        .filter(Objects::nonNull).toList()).orElse(null);
  }

  private Manifest.Release release(Supervisor.Outcome o, Map<Host, HostSession.Probe> probes,
                                   Map<String, Verdict> verdicts, List<Map<String, String>> environments) {
    if (o.releaseEpochMs() < 0) {
      return null;
    }
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    double error = 0;
    for (Supervisor.ClientOutcome c : o.clients()) {
      Double t = firstOperation(c, verdicts, probes);
      if (t != null) {
        min = Math.min(min, t);
        max = Math.max(max, t);
        error = Math.max(error, probes.get(c.plan().host()).clockErrorMs());
      }
    }
    Double spread = min <= max ? max - min : null;
    long slowestReady = o.clients().stream().mapToLong(Supervisor.ClientOutcome::readyAfterMs).max().orElse(-1);
    long afterStart = o.releaseEpochMs() - commandStartMs;
    return new Manifest.Release(Instant.ofEpochMilli(o.releaseEpochMs()).toString(), afterStart, spread,
        spread == null ? null : 2 * error, slowestReady < 0 ? null : slowestReady,
        slowestReady < 0 ? null : afterStart - slowestReady, Crowding.of(environments));
  }

  /** The client's first measured operation on the coordinator's clock. */
  private static Double firstOperation(Supervisor.ClientOutcome c, Map<String, Verdict> verdicts,
                                       Map<Host, HostSession.Probe> probes) {
    Verdict v = verdicts.get(c.plan().name());
    long t = v != null && v.firstOperationEpochMs() > 0 ? v.firstOperationEpochMs() : c.startedEpochMs();
    if (t <= 0) {
      return null;
    }
    HostSession.Probe p = probes.get(c.plan().host());
    return t - (p == null ? 0 : p.clockOffsetMs());
  }

  private List<Manifest.HostEntry> hostEntries(Map<Host, HostSession.Probe> probes) {
    List<Manifest.HostEntry> out = new ArrayList<>();
    for (Host h : plan.hosts()) {
      HostSession.Probe p = probes.get(h);
      out.add(new Manifest.HostEntry(h.toString(), p.javaVersion(), round(p.clockOffsetMs()), round(p.clockErrorMs()),
          p.problems()));
    }
    return out;
  }

  private List<Manifest.ClientEntry> clientEntries(Supervisor.Outcome o, Map<String, Verdict> verdicts,
                                                   Map<Host, HostSession.Probe> probes) {
    List<Manifest.ClientEntry> out = new ArrayList<>();
    for (int i = 0; i < plan.clients().size(); i++) {
      ClientPlan c = plan.clients().get(i);
      Supervisor.ClientOutcome co = o == null ? null : o.clients().get(i);
      Verdict v = verdicts.get(c.name());
      String reason = co != null && co.problem() != null ? co.problem().words()
          : v != null && !v.complete() ? v.reason() : null;
      Double firstMs = co == null ? null : firstOperation(co, verdicts, probes);
      Long first = firstMs == null ? null : Math.round(firstMs);
      out.add(new Manifest.ClientEntry(c.name(), c.host().toString(), c.threads(), c.target(), c.operations(),
          c.keys(), longOrNull(c.properties(), "insertstart", plan), longOrNull(c.properties(), "insertcount", plan),
          v == null ? "MISSING" : v.status().name(), reason, co == null || co.exitStatus() < 0 ? null : co.exitStatus(),
          first));
    }
    return out;
  }

  private static Long longOrNull(Map<String, String> p, String key, RunPlan plan) {
    if (plan.phase() != Phase.LOAD || !p.containsKey(key)) {
      return null;
    }
    return Long.parseLong(p.get(key));
  }

  private Manifest manifest(String note, String status, String reason, String runId, String startedAt, String endedAt,
                            Map<String, String> server, Manifest.Release release, List<Manifest.HostEntry> hosts,
                            List<Manifest.ClientEntry> clients, Manifest.Merged merged, Manifest.Count count) {
    Map<String, String> props = new TreeMap<>();
    plan.properties().forEach((k, v) -> props.put(k, redactor.show(k, v)));
    return new Manifest(note, status, reason == null ? null : redactor.redact(reason), command, plan.phase().command(),
        runId, version(), startedAt, endedAt, server, release, hosts, clients, merged, props, plan.notes(), null, count,
        null, null);
  }

  private static String version() {
    return dev.ycsbpack.common.PackVersion.current().shown();
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
