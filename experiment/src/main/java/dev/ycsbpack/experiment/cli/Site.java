package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.coordinator.options.HostOptions;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import java.nio.file.Path;
import java.util.List;

/**
 * Where an experiment runs: its folder, new or resumed (with the earlier manifest, null for a new one), and its hosts
 * as {@code reach} reaches them, {@code parallel} worked on at once.
 */
record Site(Path dir, ExperimentManifest earlier, HostOptions reach, List<Host> hosts, int parallel) {
  /** The folder of the steps' bundles. */
  Path stepsDir() {
    return dir.resolve(ExperimentBundle.STEPS);
  }

  /** The hosts as the experiment's manifest records them. */
  List<String> hostNames() {
    return hosts.stream().map(Host::toString).toList();
  }
}
