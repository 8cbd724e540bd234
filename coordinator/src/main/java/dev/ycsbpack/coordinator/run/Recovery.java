package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.Aggregate;
import dev.ycsbpack.aggregate.format.OutputFormat;
import dev.ycsbpack.aggregate.format.RunFacts;
import dev.ycsbpack.aggregate.input.InputException;
import dev.ycsbpack.aggregate.merge.MergeOptions;
import dev.ycsbpack.aggregate.merge.PartialResultException;
import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.aggregate.result.WindowKind;
import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.ExitCodes;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunJudgement;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.ClientOverview;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code bin/ycsb-coordinator recover DIR}: turns the bundle of a coordinator that was killed mid-run (its manifest
 * still RUNNING) into an INCOMPLETE result from what its clients kept. A client that loses its coordinator stops as on
 * a STOP and writes its folder completely (YCSB's report, a verdict with true counts, reason
 * {@value ClientControl#LOST}...); local clients wrote theirs into the bundle, remote ones are collected from their
 * hosts here, as the coordinator would have at the end, and their hosts cleaned. The folders are then merged with
 * accept-partial semantics (the clients stopped by the loss are merged and named; others that failed are left out),
 * and the manifest says INCOMPLETE with why.
 */
public final class Recovery {
  private final Bundle bundle;
  private final Manifest manifest;
  private final Map<String, HostSession> sessions;
  private final PackArchive pack;
  private final PrintStream log;
  private final Redactor redactor;

  /**
   * @param manifest the bundle's manifest, RUNNING, listing its clients and hosts
   * @param sessions a session for each remote host of the manifest, by its name as recorded; local hosts need none
   * @param pack     the installed pack (a host's probe learns its remote folder by it)
   * @param redactor masks what a host's error may quote
   */
  public Recovery(Bundle bundle, Manifest manifest, Map<String, HostSession> sessions, PackArchive pack,
      PrintStream log, Redactor redactor) {
    this.bundle = bundle;
    this.manifest = manifest;
    this.sessions = sessions;
    this.pack = pack;
    this.log = log;
    this.redactor = redactor;
  }

  /** The hosts a RUNNING manifest recorded that are not on this machine: those whose clients must be collected. */
  public static List<Host> remoteHosts(Manifest m) {
    List<Host> out = new ArrayList<>();
    for (Manifest.HostEntry h : m.hosts()) {
      if (h.kind() == null || h.kind().equals("local")) {
        continue;
      }
      out.add(h.kind().equals("rsh") ? Host.parseRsh(h.host(), 0) : Host.parse(h.host(), 0));
    }
    return out;
  }

  /**
   * Collects, merges and marks the bundle; returns the exit status: {@link ExitCodes#COMPLETE} when the bundle now
   * holds an INCOMPLETE merged result, {@link ExitCodes#FAILED} when no client's measurements could be merged (the
   * bundle is then marked FAILED with why).
   */
  public int run() throws IOException, InterruptedException {
    List<Manifest.ClientEntry> planned = manifest.clients();
    List<String> problems = collect(planned);
    List<Manifest.ClientEntry> clients = new ArrayList<>();
    Map<String, Verdict> verdicts = new LinkedHashMap<>();
    long lastMeasured = -1;
    for (Manifest.ClientEntry c : planned) {
      Verdict v = null;
      try {
        v = new ClientFolder(bundle.clients().resolve(c.name())).verdict().orElse(null);
      } catch (IOException | IllegalArgumentException e) {
        problems.add(c.name() + ": its verdict cannot be read: " + e.getMessage());
      }
      if (v != null) {
        verdicts.put(c.name(), v);
        lastMeasured = Math.max(lastMeasured, v.lastSuccessEpochMs());
      }
      clients.add(c.toBuilder().verdict(RunJudgement.recordedClient(v))
          .reason(v == null ? "left no verdict (not collected, or killed)" : v.complete() ? null
              : redactor.redact(v.reason()))
          .exitStatus(null).build());
    }
    MergeResult merged = null;
    String mergeFailure = null;
    try {
      merged = merge(clients);
    } catch (InputException | PartialResultException | IOException | RuntimeException e) {
      mergeFailure = redactor.redact(String.valueOf(e.getMessage()));
    }
    long stopped = verdicts.values().stream().filter(v -> v.reason().startsWith(ClientControl.LOST)).count();
    String lost = "the coordinator was lost during the run (it ended without writing its manifest, left RUNNING)"
        + (lastMeasured > 0 ? "; the clients' last successful operation was at " + Instant.ofEpochMilli(lastMeasured)
            : "")
        + "; recovered from " + verdicts.size() + " of " + planned.size() + " clients (" + stopped
        + " stopped when they lost it)" + (problems.isEmpty() ? "" : "; " + String.join("; ", problems));
    String status = RunJudgement.recovered(merged != null).label();
    String reason = merged != null ? lost : lost + "; nothing could be merged: " + mergeFailure;
    MergeFigures figures = merged == null ? null : MergeFigures.of(merged);
    String lead = figures != null ? figures.lead() : ErrorBudget.lead(summed(verdicts)).orElse(null);
    Map<String, Double> rates = figures == null ? Map.of() : figures.opsPerSec();
    bundle.write(manifest.toBuilder().status(status).reason(reason).endedAt(Instant.now().toString())
        .clients(clients).merged(figures == null ? null : figures.entry()).lead(lead)
        .byHost(ClientOverview.of(clients, rates)).build());
    bundle.removeStaging(); // the clients' staged properties hold secrets; a killed coordinator left them
    log.println("ycsb-coordinator: " + status + ": " + reason);
    if (merged != null) {
      log.println("ycsb-coordinator: " + merged.incompleteBanner());
      log.println("ycsb-coordinator: merged result: " + bundle.merged().resolve("report.html"));
    }
    return merged != null ? ExitCodes.COMPLETE : ExitCodes.FAILED;
  }

  /**
   * Brings every remote client's folder that the bundle lacks back from its host (probing the host first, to learn
   * its folder), then, once every host's fetch has ended, removes the run's working folder on each (killing a client
   * still running); returns what failed.
   */
  private List<String> collect(List<Manifest.ClientEntry> planned) throws InterruptedException {
    Map<String, List<Manifest.ClientEntry>> byHost = new LinkedHashMap<>();
    for (Manifest.ClientEntry c : planned) {
      if (sessions.containsKey(c.host()) && !Files.isDirectory(bundle.clients().resolve(c.name()))) {
        byHost.computeIfAbsent(c.host(), h -> new ArrayList<>()).add(c);
      }
    }
    List<String> hosts = new ArrayList<>(byHost.keySet());
    List<String> problems = new ArrayList<>();
    Fanout.map(hosts, Fanout.DEFAULT_PARALLEL, "collect", h -> {
      HostSession s = sessions.get(h);
      HostSession.Probe p = s.probe(pack); // learns the host's folder (a wrong Java is no matter here)
      List<String> out = new ArrayList<>();
      for (Manifest.ClientEntry c : byHost.get(h)) {
        try {
          s.fetch(asPlan(c, s.host()), manifest.runId(), bundle.clients());
          log.println("ycsb-coordinator: collected " + c.name() + " from " + h);
        } catch (IOException e) {
          out.add(e.getMessage());
        } catch (IllegalStateException e) { // the probe could not reach the host's folder
          out.add(h + ": cannot collect " + c.name() + ": " + String.join("; ", p.problems()));
        }
      }
      return out;
    }).stream().filter(Objects::nonNull).flatMap(List::stream).map(redactor::redact).forEach(problems::add);
    // only after every fetch: hosts may share one filesystem (an NFS home), where one host's cleanup removes the
    // run's folder of every host, and a fetch still under way would lose its client
    Fanout.map(hosts, Fanout.DEFAULT_PARALLEL, "cleanup", h -> {
      try {
        sessions.get(h).cleanup(manifest.runId());
      } catch (IOException e) {
        log.println("ycsb-coordinator: warning: " + redactor.redact(e.getMessage()));
      }
      return null;
    });
    return problems;
  }

  /** The fetch needs only the client's name and host. */
  private static ClientPlan asPlan(Manifest.ClientEntry c, Host host) {
    return new ClientPlan(0, c.name(), host, c.threads(), c.target(), c.operations(), c.keys(), Map.of());
  }

  /** Merges the clients' folders as the run would have, admitting those stopped by the loss; writes the outputs. */
  private MergeResult merge(List<Manifest.ClientEntry> clients)
      throws InputException, PartialResultException, IOException {
    Map<String, String> hosts = new LinkedHashMap<>();
    clients.forEach(c -> hosts.put(c.name(), c.host()));
    MergeOptions options = MergeOptions.builder().hosts(hosts).window(WindowKind.UNION).acceptPartial(true).build();
    MergeResult merged = Aggregate.merge(List.of(bundle.clients()), options);
    MergeResult result = merged.listingClients(ClientOverview.order(clients, MergeFigures.windowRates(merged)));
    Map<String, String> given = new LinkedHashMap<>();
    given.put(RunFacts.COMMAND, "bin/ycsb-coordinator " + manifest.command());
    List<String> local = manifest.hosts().stream().filter(h -> "local".equals(h.kind()))
        .map(Manifest.HostEntry::host).toList();
    given.put(RunFacts.LOCAL_HOSTS, String.join(",", local));
    Aggregate.write(result, bundle.merged(), EnumSet.allOf(OutputFormat.class), given);
    return result;
  }

  private static Outcomes summed(Map<String, Verdict> verdicts) {
    Outcomes sum = Outcomes.none();
    for (Verdict v : verdicts.values()) {
      sum = sum.plus(v.outcomes());
    }
    return sum;
  }
}
