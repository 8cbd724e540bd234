package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A coordinated run's {@code plan.json} ({@link ReproduciblePlan}), from its plan and the supervisor's limits. */
final class PlanRecord {
  /** The server facts that say what the clients sent: the concerns a reproduction must send too. */
  static final List<String> CONCERNS = List.of(EnvironmentFacts.WRITE_CONCERN, EnvironmentFacts.READ_CONCERN,
      EnvironmentFacts.READ_PREFERENCE);

  private PlanRecord() {
  }

  /**
   * The plan of {@code plan} run under {@code settings}; {@code server} the manifest's server facts so far (the
   * concerns once a client recorded them).
   */
  static ReproduciblePlan of(RunPlan plan, Redactor redactor, Supervisor.Settings settings,
      Map<String, String> server) {
    long threads = plan.clients().stream().mapToLong(ClientPlan::threads).sum();
    long target = plan.clients().stream().mapToLong(ClientPlan::target).sum();
    int hosts = plan.hosts().size();
    Map<String, String> concerns = new TreeMap<>();
    for (String k : CONCERNS) {
      if (server != null && server.get(k) != null) {
        concerns.put(k, redactor.redact(server.get(k)));
      }
    }
    List<String> jvmArgs = plan.jvmArgs().stream().map(redactor::redact).toList();
    return ReproduciblePlan.builder().tool(ReproduciblePlan.COORDINATOR).kind(plan.phase().command())
        .binding(plan.binding()).properties(ReproduciblePlan.recorded(plan.properties(), redactor))
        .hosts(plan.hosts().stream().map(Host::toString).toList())
        .clientsPerHost(hosts == 0 ? 0 : plan.clients().size() / hosts).clients(plan.clients().size())
        .threads(threads).target(target).jvmArgs(jvmArgs.isEmpty() ? null : jvmArgs)
        .readyTimeoutSeconds(settings.readyTimeout().toSeconds()).stallTimeoutSeconds(settings.stallTimeout()
            .toSeconds())
        .concerns(concerns.isEmpty() ? null : concerns).build();
  }
}
