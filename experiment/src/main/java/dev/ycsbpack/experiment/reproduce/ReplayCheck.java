package dev.ycsbpack.experiment.reproduce;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.common.ClientControl;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.PlanException;
import dev.ycsbpack.coordinator.plan.Planner;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.coordinator.run.ClientCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code bin/ycsb} would refuse in a reproduction's properties (an unknown property, with its nearest known name;
 * a binding this pack lacks; a bad value), asked of {@code bin/ycsb --check} as the coordinator asks it, before the
 * reproduction writes anything: the same check its run would make, only earlier.
 */
public final class ReplayCheck {
  /** bin/ycsb --check is one JVM start and no network. */
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  private ReplayCheck() {
  }

  /**
   * Checks the replay's properties (an A/B experiment's: each arm's) as its first client would start with them.
   *
   * @param hosts how many hosts the user gave
   * @throws UsageError bin/ycsb's own line
   */
  public static void check(Path home, Replay replay, int hosts) throws UsageError, IOException {
    List<Map<String, String>> sets = new ArrayList<>();
    if (replay.arms().isEmpty()) {
      sets.add(replay.properties());
    }
    for (Map<String, String> arm : replay.arms().values()) {
      Map<String, String> p = new TreeMap<>(replay.properties());
      p.putAll(arm);
      sets.add(p);
    }
    Phase phase = "load".equals(replay.plan().kind()) ? Phase.LOAD : Phase.RUN;
    List<Host> local = new ArrayList<>();
    for (int i = 1; i <= hosts; i++) {
      local.add(new Host.Local(i));
    }
    int clients = hosts * replay.clientsPerHost();
    for (Map<String, String> p : sets) {
      RunPlan plan;
      try {
        plan = Planner.plan(new RunRequest(phase, replay.plan().binding(), List.of(), p, clients, 0, local,
            replay.clientsPerHost(), replay.out()));
      } catch (PlanException e) {
        throw new UsageError(e.getMessage());
      }
      ClientCheck.Result r = ClientCheck.run(home, plan, ClientControl.DEFAULT_TIMEOUT_SECONDS, TIMEOUT);
      if (!r.passed()) {
        throw new UsageError(r.line());
      }
    }
  }
}
