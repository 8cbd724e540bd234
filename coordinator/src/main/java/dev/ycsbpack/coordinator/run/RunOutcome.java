package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.common.telemetry.Series;
import dev.ycsbpack.coordinator.bundle.Manifest;
import java.util.List;

/**
 * What a coordinated run ended with, handed to its callers (the coordinator's command, an experiment's step) so none
 * of them reads back the {@code manifest.json} and {@code merged/merged.json} the same process has just written.
 *
 * @param manifest the final manifest, as written into the bundle
 * @param merged   the merged figures, as {@code merged/merged.json} holds them; null when the run was not merged
 * @param problems what went wrong with the clients, as the supervisor saw it; empty when nothing did or none started
 * @param exitCode the coordinator's exit status: {@link CoordinatedRun#COMPLETE} or {@link CoordinatedRun#FAILED}
 * @param telemetry the series sampled during the run (the server's, the hosts'), as written into the bundle's
 *        {@code telemetry/}; empty when none was sampled
 */
public record RunOutcome(Manifest manifest, MergedJson merged, List<ClientProblem> problems, int exitCode,
    List<Series> telemetry) {
  public RunOutcome {
    if (manifest == null) {
      throw new IllegalArgumentException("a run's outcome needs the manifest it wrote");
    }
    problems = List.copyOf(problems);
    telemetry = List.copyOf(telemetry);
  }

  /** An outcome without telemetry: a run that sampled nothing. */
  public RunOutcome(Manifest manifest, MergedJson merged, List<ClientProblem> problems, int exitCode) {
    this(manifest, merged, problems, exitCode, List.of());
  }

  /** The manifest's status: what the bundle says. */
  public String status() {
    return manifest.status();
  }
}
