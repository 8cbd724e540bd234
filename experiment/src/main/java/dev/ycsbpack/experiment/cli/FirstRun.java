package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.cli.ToolMain;
import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an experiment command checks of its first run, the one whose merged properties stand for every step's (the
 * steps differ only in what the experiment varies), and how its manifest shows them.
 */
final class FirstRun {
  private FirstRun() {
  }

  /**
   * Refuses TLS files the coordinator cannot copy and {@code -jvm-args} that break its contract; the redactor of
   * everything the experiment prints or records: the run's secrets and the secret words of the arguments
   * ({@code --rsh 'kubectl --token T ...'}).
   */
  static Redactor check(RunPlan first, RunOptions runOptions) throws UsageError {
    RunOptions.checkTlsFiles(first.properties());
    Redactor redactor = ToolMain.redactor(first.properties());
    runOptions.checkJvmArgs(redactor);
    return redactor;
  }

  /** {@code properties} as a manifest shows them, in name order, secrets masked. */
  static Map<String, String> shown(Map<String, String> properties, Redactor redactor) {
    Map<String, String> shown = new TreeMap<>();
    properties.forEach((k, v) -> shown.put(k, redactor.show(k, v)));
    return shown;
  }
}
