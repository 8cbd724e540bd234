package dev.ycsbpack.experiment.ab;

import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.run.Warmup;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An A/B experiment's runs in the order they run: the warm-up rounds ({@code DIR/warmup/warmup-R-LABEL}, never
 * counted), then the measured rounds ({@code DIR/steps/NN-LABEL-rR}), both in {@link AbOrder}. A run's x is its arm's
 * place, 1 for A and 2 for B.
 */
public final class AbSteps {
  private AbSteps() {
  }

  /** Makes the plan of one run of an arm into its folder. */
  public interface RunMaker {
    /**
     * @param arm 0 for A, 1 for B
     * @param out the run's bundle folder
     */
    RunPlan plan(int arm, Path out) throws PlanException;
  }

  /** The runs of {@code rounds} measured rounds after {@code warmupRounds} warm-up rounds, in order. */
  public static List<SweepRun.Planned> of(List<String> labels, int rounds, int warmupRounds, Path dir, RunMaker maker)
      throws PlanException {
    List<SweepRun.Planned> steps = new ArrayList<>();
    for (AbOrder.Slot s : AbOrder.of(warmupRounds)) {
      String name = Warmup.name(s.round(), labels.get(s.arm()));
      steps.add(new SweepRun.Planned(name, s.arm() + 1, maker.plan(s.arm(), Warmup.folder(dir, name)), false, false,
          null, false, null, true));
    }
    int place = 0;
    for (AbOrder.Slot s : AbOrder.of(rounds)) {
      String name = s.name(++place, labels.get(s.arm()));
      steps.add(new SweepRun.Planned(name, s.arm() + 1,
          maker.plan(s.arm(), dir.resolve(ExperimentBundle.STEPS).resolve(name)), false, s.round() == rounds));
    }
    return steps;
  }
}
