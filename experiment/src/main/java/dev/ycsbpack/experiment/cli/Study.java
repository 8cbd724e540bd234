package dev.ycsbpack.experiment.cli;

import dev.ycsbpack.aggregate.experiment.ExperimentManifest;
import dev.ycsbpack.coordinator.options.RunOptions;
import dev.ycsbpack.experiment.answer.Slo;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.util.List;

/**
 * What an experiment runs: the binding and the workload options of every step, the plan its manifest records, the
 * steps in order (its own load first when {@code load}) and the objectives its answer weighs.
 */
record Study(String binding, RunOptions runOptions, ExperimentManifest.Plan plan, List<SweepRun.Planned> steps,
    List<Slo> slos, boolean load) {
}
