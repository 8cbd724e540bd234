package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.common.telemetry.OpcounterCheck;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.telemetry.ServerSampling;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A coordinated run's server telemetry, sampled in the coordinator's process (its clients, under {@code --control},
 * sample nothing) from the run's URL and TLS properties: started once every client is ready, just before the release
 * (after the clients' start-up checks and warm-ups, which the server would count and YCSB does not), stopped once they
 * ended, written into {@code BUNDLE/telemetry/} before the merge, and checked against the clients' counts. Nothing
 * here fails the run or changes its status.
 */
final class ServerTelemetry {
  private final RunPlan plan;
  private final RunSetup setup;
  private volatile ServerSampling sampling;
  private volatile List<Series> series = List.of();

  ServerTelemetry(RunPlan plan, RunSetup setup) {
    this.plan = plan;
    this.setup = setup;
  }

  /**
   * Starts sampling the run's server, unless {@code --no-telemetry} or another binding than mongodb; returns once the
   * first sample is taken (a bounded wait).
   */
  void start() {
    if (!setup.telemetry() || !plan.binding().equals("mongodb")) {
      return;
    }
    Map<String, String> properties = plan.properties();
    try {
      sampling = ServerSampling.start(properties, ServerSampling.intervalMs(properties),
          line -> setup.log().println("ycsb-coordinator: warning: " + setup.redactor().redact(line)));
    } catch (RuntimeException e) {
      setup.log().println("ycsb-coordinator: warning: the server telemetry could not start (" + setup.redactor()
          .redact(String.valueOf(e)) + "); the run goes on without it");
    }
  }

  /** Takes the last samples and writes the series into {@code bundle}'s {@code telemetry/}; the series. */
  List<Series> stopAndWrite(Path bundle) {
    ServerSampling s = sampling;
    if (s == null) {
      return List.of(); // not started: off, or the clients were never released
    }
    series = s.stopAndWrite(bundle, line -> setup.log().println("ycsb-coordinator: warning: " + setup.redactor()
        .redact(line)));
    return series;
  }

  /** {@code m} with the self-check's note after its reason ({@link #note}), or {@code m} when there is none. */
  Manifest noted(Manifest m, CollectedClients clients) {
    Optional<String> note = note(series, clients);
    if (note.isEmpty()) {
      return m;
    }
    String line = "note: " + setup.redactor().redact(note.get());
    return m.toBuilder().reason(m.reason() == null ? line : m.reason() + "; " + line).build();
  }

  /**
   * The self-check's note: the server's opcounters over the sampled window against every client's {@code Return=}
   * counts summed (what the merge sums, failed operations included), several mongos' counters summed (each routes
   * only a part); empty when they agree or when nothing was sampled.
   */
  static Optional<String> note(List<Series> series, CollectedClients clients) {
    if (series.isEmpty()) {
      return Optional.empty();
    }
    Outcomes sum = Outcomes.none();
    for (Verdict v : clients.verdicts().values()) {
      sum = sum.plus(v.outcomes());
    }
    return OpcounterCheck.of(series, OpcounterCheck.clientOperations(sum), 0).note();
  }
}
