package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.coordinator.options.RunOptions;
import java.util.concurrent.Callable;

/** What {@code run} reads of the command a recipe runs: the options it shares with the user's command line. */
sealed interface ExperimentCommand extends Callable<Integer>
    permits SweepCommand, WcMatrixCommand {
  ExperimentOptions options();

  RunOptions runOptions();
}
