package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.PackVersion;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.bundle.ClientOverview;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.bundle.ManifestBuilder;
import dev.ycsbpack.coordinator.bundle.ManifestClientEntryBuilder;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One coordinated run's {@code manifest.json}, assembled from typed inputs (the plan, the host checks, the
 * supervisor's outcome, the collected clients, the merge, the step times): the verdict weighed over every client, the
 * server's facts from every client, the count check, and every value that could hold a secret redacted. It touches
 * no host and no file; {@link CoordinatedRun} orchestrates and writes what this returns.
 */
final class RunManifest {
  private final RunPlan plan;
  private final String command;
  private final Redactor redactor;
  private final String runId;
  private final long commandStartMs;

  /**
   * @param command        the coordinator's command line, secrets already masked
   * @param commandStartMs when the command started (epoch ms): the manifest's {@code startedAt}
   */
  RunManifest(RunPlan plan, String command, Redactor redactor, String runId, long commandStartMs) {
    this.plan = plan;
    this.command = command;
    this.redactor = redactor;
    this.runId = runId;
    this.commandStartMs = commandStartMs;
  }

  /**
   * How the clients' phase ended, everything but the merge.
   *
   * @param outcome       the supervisor's
   * @param probes        each host's check
   * @param fetchProblems why client folders could not be brought back
   * @param clients       what the collected folders say
   * @param phasesMs      the steps' times so far
   */
  record Ending(Supervisor.Outcome outcome, Map<Host, HostSession.Probe> probes, List<String> fetchProblems,
      CollectedClients clients, Map<String, Long> phasesMs) {
  }

  /** Written as the run starts: a bundle left by a killed coordinator never looks complete. */
  Manifest running() {
    return started().status(RunStatus.RUNNING.label()).server(Map.of()).hosts(List.of()).clients(List.of()).build();
  }

  /**
   * Written again once the hosts are checked, before any client starts: still RUNNING, with every host and client
   * (verdict RUNNING), so a bundle left by a killed coordinator says which clients to recover from where
   * ({@link Recovery}).
   */
  Manifest running(Map<Host, HostSession.Probe> probes) {
    List<Manifest.ClientEntry> clients = new ArrayList<>();
    for (ClientPlan c : plan.clients()) {
      clients.add(planned(c).verdict(RunStatus.RUNNING.label()).build());
    }
    return started().status(RunStatus.RUNNING.label()).server(Map.of()).hosts(hosts(probes)).clients(clients).build();
  }

  /** A run that failed before any client started: no server facts, no release, no client verdicts. */
  Manifest failedBeforeStart(String failure, Map<Host, HostSession.Probe> probes, Map<String, Long> phasesMs,
      Instant endedAt) {
    return started().status(RunStatus.FAILED.label()).reason(redacted(failure)).endedAt(endedAt.toString())
        .server(Map.of())
        .hosts(hosts(probes)).clients(clients(null, CollectedClients.none(), Map.of())).phasesMs(phasesMs).build();
  }

  /** The server's count of the collection against what the clients stored; empty when not every client counted. */
  Optional<Manifest.Count> count(CollectedClients clients) {
    return CountCheck.of(plan.phase(), plan.clients().size(), clients.environments());
  }

  /**
   * Why the phase failed before any merge, naming the client and host, in the failing client's own words where it
   * said more than the supervisor saw, followed by the first errors the failed clients printed; null when every
   * client completed by its own verdict and the server counted what they stored.
   */
  String failureBeforeMerge(Ending e) {
    Map<String, Verdict> verdicts = e.clients().verdicts();
    String failure = e.outcome().complete() ? null : e.outcome().reason();
    if (failure == null && !e.fetchProblems().isEmpty()) {
      failure = String.join("; ", e.fetchProblems());
    }
    if (failure != null) {
      failure = inTheClientsWords(failure, e.outcome(), verdicts);
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
      // the clients name the staged copies they read; the user fixes the file they gave
      return e.outcome().stagedNames().shown(failure + firstErrors(e.clients(), failure));
    }
    Manifest.Count count = count(e.clients()).orElse(null);
    if (count != null && !count.verdict().equals(CountCheck.COMPLETE)) {
      return "the server counted fewer documents than the clients stored: " + count.text();
    }
    return null;
  }

  /**
   * The finished manifest.
   *
   * @param failure      {@link #failureBeforeMerge}'s answer
   * @param merged       the merge's figures; null when not merged
   * @param mergeFailure what the merge refused; null when it succeeded or was not tried
   */
  Manifest finished(Ending e, String failure, MergeFigures merged, String mergeFailure, Instant endedAt) {
    String reason = failure;
    if (reason == null && mergeFailure != null) {
      reason = "the merge of the client folders failed: " + mergeFailure;
    } else if (reason == null && merged != null && merged.budgetFailure() != null) {
      reason = "the clients' operations together: " + merged.budgetFailure();
    }
    boolean mergedOk = merged != null && mergeFailure == null;
    Map<String, Verdict> verdicts = e.clients().verdicts();
    List<Manifest.ClientEntry> clients = clients(e.outcome(), e.clients(), e.probes());
    // merged: the merge's own lead line, as its outputs print it; else the clients' own counts summed, by the same rule
    String lead = mergedOk ? merged.lead() : ErrorBudget.lead(summed(verdicts)).orElse(null);
    return started().note(note(e.clients().environments())).status(RunJudgement.ofFailure(reason).label())
        .reason(redacted(reason)).endedAt(endedAt.toString()).server(serverFacts(e.clients().environments()))
        .release(release(e.outcome(), e.probes(), e.clients())).hosts(hosts(e.probes())).clients(clients)
        .merged(mergedOk ? merged.entry() : null).count(count(e.clients()).orElse(null)).lead(lead)
        .byHost(ClientOverview.of(clients, mergedOk ? merged.opsPerSec() : ownRates(verdicts))).phasesMs(e.phasesMs())
        .build();
  }

  /** The manifest's clients in plan order: what the merge lists by host ({@link ClientOverview#order}). */
  List<Manifest.ClientEntry> clients(Supervisor.Outcome o, CollectedClients collected,
      Map<Host, HostSession.Probe> probes) {
    List<Manifest.ClientEntry> out = new ArrayList<>();
    for (int i = 0; i < plan.clients().size(); i++) {
      ClientPlan c = plan.clients().get(i);
      Supervisor.ClientOutcome co = o == null ? null : o.clients().get(i);
      Verdict v = collected.verdicts().get(c.name());
      // a client redacts its own verdict, and the supervisor what it saw; masked again here all the same: the
      // manifest is what gets shared
      StagedNames names = o == null ? StagedNames.NONE : o.stagedNames();
      String reason = co != null && co.problem() != null ? redactor.redact(names.shown(co.problem().words()))
          : v != null && !v.complete() ? redactor.redact(names.shown(v.reason())) : null;
      Double firstMs = co == null ? null : firstOperation(co, v, probes);
      out.add(planned(c).verdict(RunJudgement.recordedClient(v)).reason(reason)
          .exitStatus(co == null || co.exitStatus() < 0 ? null : co.exitStatus())
          .firstOperationMs(firstMs == null ? null : Math.round(firstMs)).build());
    }
    return out;
  }

  /**
   * The server and driver facts of every client that recorded its environment: one value per fact when they agree;
   * when clients saw different values (a mixed fleet, a failover between two clients' starts), every distinct value
   * in plan order, joined by {@code " / "}, so a manifest never quotes one client's view as the run's.
   */
  static Map<String, String> serverFacts(List<Map<String, String>> environments) {
    Map<String, Set<String>> values = new TreeMap<>();
    for (Map<String, String> env : environments) {
      env.forEach((k, v) -> {
        if (EnvironmentFacts.isServerFact(k)) {
          values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v);
        }
      });
    }
    Map<String, String> out = new TreeMap<>();
    values.forEach((k, v) -> out.put(k, String.join(" / ", v)));
    return out;
  }

  /** The manifest's first line when the numbers are not MongoDB's: the rule every output uses, over every client. */
  private static String note(List<Map<String, String>> environments) {
    return EnvironmentFacts.notMongoDb(environments.stream().map(e -> e.get(EnvironmentFacts.SERVER_PRODUCT))
        .filter(Objects::nonNull).toList()).orElse(null);
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
   * Each client's own {@code [OVERALL]} ops/s (which includes its wait at the start gate), for ranking the slowest
   * of a run that was not merged only.
   */
  private static Map<String, Double> ownRates(Map<String, Verdict> verdicts) {
    Map<String, Double> out = new LinkedHashMap<>();
    verdicts.forEach((name, v) -> {
      if (v.outcomes().opsPerSec() > 0) {
        out.put(name, v.outcomes().opsPerSec());
      }
    });
    return out;
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

  /**
   * The first errors the failed clients printed (at most three, in plan order), as a failure's cause; or empty. An
   * error the failure already quotes (the failing client's verdict names its first failure) is not said again.
   */
  private static String firstErrors(CollectedClients collected, String failure) {
    List<String> causes = new ArrayList<>();
    collected.firstErrors().forEach((name, lines) -> lines.stream().filter(l -> !quoted(failure, name, l))
        .forEach(l -> causes.add(name + ": " + l)));
    return causes.isEmpty() ? ""
        : "; the first errors: " + String.join("; ", causes.subList(0, Math.min(causes.size(),
            CollectedClients.FIRST_ERRORS)));
  }

  private static final Pattern FIRST_ERROR_KIND = Pattern
      .compile("first (\\S+ failure counted as Return=\\S+): ");

  /**
   * Whether {@code failure} is client {@code name}'s and already quotes the first error of {@code line}'s kind: its
   * verdict says {@code first error: READ failure counted as Return=ERROR: ...} where the client's stderr said {@code
   * mongodb binding: first READ failure counted as Return=ERROR: ...}.
   */
  private static boolean quoted(String failure, String name, String line) {
    Matcher kind = FIRST_ERROR_KIND.matcher(line);
    return failure.startsWith("client " + name + " ") && kind.find()
        && failure.contains("first error: " + kind.group(1) + ": ");
  }

  private Manifest.Release release(Supervisor.Outcome o, Map<Host, HostSession.Probe> probes,
      CollectedClients collected) {
    if (o.releaseEpochMs() < 0) {
      return null;
    }
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    double error = 0;
    for (Supervisor.ClientOutcome c : o.clients()) {
      Double t = firstOperation(c, collected.verdicts().get(c.plan().name()), probes);
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
        slowestReady < 0 ? null : afterStart - slowestReady, Crowding.of(collected.environments()));
  }

  /** The client's first measured operation on the coordinator's clock. */
  private static Double firstOperation(Supervisor.ClientOutcome c, Verdict v, Map<Host, HostSession.Probe> probes) {
    long t = v != null && v.firstOperationEpochMs() > 0 ? v.firstOperationEpochMs() : c.startedEpochMs();
    if (t <= 0) {
      return null;
    }
    HostSession.Probe p = probes.get(c.plan().host());
    return t - (p == null ? 0 : p.clockOffsetMs());
  }

  private List<Manifest.HostEntry> hosts(Map<Host, HostSession.Probe> probes) {
    List<Manifest.HostEntry> out = new ArrayList<>();
    for (Host h : plan.hosts()) {
      HostSession.Probe p = probes.get(h);
      out.add(new Manifest.HostEntry(h.toString(), h.kind(), p.javaVersion(), round(p.clockOffsetMs()),
          round(p.clockErrorMs()),
          p.problems()));
    }
    return out;
  }

  private Long loadOnly(ClientPlan c, String key) {
    if (plan.phase() != Phase.LOAD || !c.properties().containsKey(key)) {
      return null;
    }
    return Long.parseLong(c.properties().get(key));
  }

  /** What every manifest of this run says of it: the command, phase, id, pack, start, properties and notes. */
  private ManifestBuilder started() {
    Map<String, String> props = new TreeMap<>();
    plan.properties().forEach((k, v) -> props.put(k, redactor.show(k, v)));
    return Manifest.builder().command(command).phase(plan.phase().command()).runId(runId)
        .packVersion(PackVersion.current().shown()).startedAt(Instant.ofEpochMilli(commandStartMs).toString())
        .properties(props).notes(plan.notes());
  }

  /** A reason as the manifest shows it: secrets masked. */
  private String redacted(String reason) {
    return reason == null ? null : redactor.redact(reason);
  }

  /** Client {@code c}'s entry as planned: its host, share and keys. */
  private ManifestClientEntryBuilder planned(ClientPlan c) {
    return Manifest.ClientEntry.builder().name(c.name()).host(c.host().toString()).threads(c.threads())
        .target(c.target()).operations(c.operations()).keys(c.keys()).insertstart(loadOnly(c, "insertstart"))
        .insertcount(loadOnly(c, "insertcount"));
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
