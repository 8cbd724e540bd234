package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.format.MergedJson;
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
 */
public record RunOutcome(Manifest manifest, MergedJson merged, List<ClientProblem> problems, int exitCode) {
  public RunOutcome {
    if (manifest == null) {
      throw new IllegalArgumentException("a run's outcome needs the manifest it wrote");
    }
    problems = List.copyOf(problems);
  }

  /** The manifest's status: what the bundle says. */
  public String status() {
    return manifest.status();
  }
}
