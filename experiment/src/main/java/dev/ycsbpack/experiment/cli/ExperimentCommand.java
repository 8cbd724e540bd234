package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.plan.PlanException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * An experiment command whose command line becomes one launch: checked and planned first, so a refusal leaves nothing
 * written, then run. {@code run} prepares the commands a recipe is made of (sweep, wc-matrix) through it too.
 */
abstract sealed class ExperimentCommand implements Callable<Integer>
    permits SweepCommand, WcMatrixCommand, RepeatCommand, AbCommand {
  /** This command as picocli read it; its mixins include the {@link ExperimentOptions}. */
  @Spec
  CommandSpec spec;

  /**
   * The options the experiment commands share: the workload, the hosts, the load, the folder. Each command mixes them
   * in as its last options (a superclass's would be listed first in its help), and this finds them there.
   */
  final ExperimentOptions options() {
    return spec.mixins().values().stream().map(CommandSpec::userObject).filter(ExperimentOptions.class::isInstance)
        .map(ExperimentOptions.class::cast).findFirst().orElseThrow();
  }

  /** The command line checked and planned, first problem first; {@code overrides} (its -p) filled as soon as read. */
  abstract ExperimentLaunch.Launch prepare(Map<String, String> overrides) throws UsageError, PlanException,
      IOException;

  /** What masks the line refusing this command line: the secrets of the -p values read so far, {@code overrides}. */
  Redactor refusalRedactor(Map<String, String> overrides) {
    return Redactor.of(overrides);
  }

  /**
   * Prepares the launch and {@link ExperimentOptions#launch}es it; a command line that cannot be run is one line,
   * masked by {@link #refusalRedactor}, exit status 2.
   */
  @Override
  public final Integer call() throws IOException {
    PrintStream err = System.err;
    Map<String, String> overrides = new LinkedHashMap<>();
    ExperimentLaunch.Launch launch;
    try {
      launch = prepare(overrides);
    } catch (UsageError | PlanException | ArithmeticException e) {
      err.println("ycsb-experiment: error: " + refusalRedactor(overrides).redact(String.valueOf(e.getMessage())));
      return ExperimentMain.USAGE;
    }
    return options().launch(launch, err);
  }
}
