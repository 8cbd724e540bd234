package dev.ycsbpack.experiment.run;

import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run step's inserts moved past the keys earlier steps inserted. Every step of an experiment runs on the same
 * loaded collection, and YCSB's run-phase inserts start at {@code recordcount}: without this, a second repetition (or
 * sweep point, or write-concern cell) would insert the first one's keys again and measure duplicate-key errors.
 *
 * <p>The step gets a new {@code recordcount}: the first inserting step the collection's count when it starts (the
 * loaded records plus the inserts of any earlier experiment); each later one the previous inserting step's
 * {@code recordcount} plus every insert that step attempted ({@link #next}: one client inserts key numbers
 * {@code recordcount, recordcount + 1, ...} and uses a key up even when its insert fails, so a count would fall short
 * by the failures). {@code insertstart}/{@code insertcount} stay at the loaded range, so YCSB's key chooser reads the
 * same loaded keys (the same hot set) in every step. Several clients interleave
 * their new keys ({@code MultiClientWorkload}: client i of N takes every N-th) and insert unevenly, which leaves gaps
 * no count can place; so an experiment of more than one step whose workload inserts is refused with several clients
 * ({@link #refusal}). The collection grows by each step's inserts; every step's bundle records its
 * {@code recordcount}.
 */
public final class FreshInserts {
  /** YCSB's section of the workload's inserts. */
  private static final String INSERT = "INSERT";

  private FreshInserts() {
  }

  /** Whether the step's workload inserts: a run phase with {@code insertproportion} above 0. */
  public static boolean inserts(RunPlan plan) {
    if (plan.phase() != Phase.RUN) {
      return false;
    }
    try {
      return Double.parseDouble(plan.properties().getOrDefault("insertproportion", "0").trim()) > 0;
    } catch (NumberFormatException e) {
      return false; // bin/ycsb's own check refuses it before any step
    }
  }

  /**
   * Why these run steps cannot follow one another, or empty: a workload that inserts, more than one run step, and a
   * step with more than one client.
   */
  public static Optional<String> refusal(List<RunPlan> runSteps) {
    if (runSteps.size() < 2) {
      return Optional.empty();
    }
    for (RunPlan p : runSteps) {
      if (inserts(p) && p.clients().size() > 1) {
        return Optional.of("insertproportion=" + Text.shown(p.properties().get("insertproportion").trim()) + " with "
            + p.clients().size() + " clients in a step: each step after the first would insert keys among those the"
            + " earlier steps' clients inserted (YCSB starts run-phase inserts at recordcount, and several clients"
            + " leave gaps no count can place); run the steps with one client (one host, --clients-per-host 1), or"
            + " each as its own experiment after a fresh --load");
      }
    }
    return Optional.empty();
  }

  /**
   * The plan with its new keys from {@code next} on (the collection's count before the first inserting step, else
   * {@link #next}); the plan itself when that is not past {@code recordcount} (nothing inserted yet).
   */
  public static RunPlan after(RunPlan planned, long next) {
    Map<String, String> merged = planned.properties();
    long loaded = Long.parseLong(merged.getOrDefault("recordcount", "0").trim());
    if (next <= loaded) {
      return planned;
    }
    long start = Long.parseLong(merged.getOrDefault("insertstart", "0").trim());
    Map<String, String> moved = new LinkedHashMap<>();
    moved.put("recordcount", Long.toString(next));
    moved.put("insertstart", Long.toString(start));
    moved.put("insertcount", merged.getOrDefault("insertcount", Long.toString(loaded - start)).trim());
    List<ClientPlan> clients = new ArrayList<>();
    for (ClientPlan c : planned.clients()) {
      clients.add(new ClientPlan(c.index(), c.name(), c.host(), c.threads(), c.target(), c.operations(),
          c.keys().replace("inserts keys " + loaded + "+", "inserts keys " + next + "+"), with(c.properties(),
              moved)));
    }
    return new RunPlan(planned.phase(), planned.binding(), planned.hosts(), clients, with(merged, moved),
        planned.out(), planned.notes(), planned.jvmArgs());
  }

  /**
   * Where the step after {@code step} starts its new keys: {@code step}'s own start ({@code recordcount}) plus every
   * insert its clients attempted (every {@code INSERT Return=} count of their verdicts, failures included: YCSB takes
   * an insert's key before the call and never gives it back, so after k failed inserts the count is k short and the
   * next step's first inserts would meet existing keys). Empty when a client left no verdict (its attempts unknown).
   */
  public static Optional<Long> next(RunPlan step, Path clientsDir) throws IOException {
    long attempts = 0;
    for (ClientPlan c : step.clients()) {
      Optional<Verdict> v = new ClientFolder(clientsDir.resolve(c.name())).verdict();
      if (v.isEmpty()) {
        return Optional.empty();
      }
      attempts += v.get().outcomes().returns().getOrDefault(INSERT, Map.of()).values().stream()
          .mapToLong(Long::longValue).sum();
    }
    return Optional.of(Long.parseLong(step.properties().getOrDefault("recordcount", "0").trim()) + attempts);
  }

  private static Map<String, String> with(Map<String, String> properties, Map<String, String> changes) {
    Map<String, String> out = new LinkedHashMap<>(properties);
    out.putAll(changes);
    return out;
  }
}
