package dev.ycsbpack.aggregate.model;

import java.util.List;
import java.util.Map;

/**
 * Everything a merge found. Outputs only format this.
 *
 * @param clients          every client given, failed ones included
 * @param failedClients    names of failed clients (left out of every merged figure)
 * @param mode             {@code intervals} (clients ran with -s: a common window and a time series) or
 *                         {@code whole-run} (at least one client's logs hold one histogram for its whole run)
 * @param windowStartMs    common window, ms since the epoch
 * @param windowEndMs      end of the common window
 * @param warmupSeconds    trimmed from the start
 * @param cooldownSeconds  trimmed from the end
 * @param percentiles      the percentiles reported
 * @param operations       merged operations, {@code Intended-*} folded into their operation
 * @param totalCount       workload operations in the window (all operations but CLEANUP and Intended-*)
 * @param totalThroughput  their throughput, summed over clients
 * @param config           the configuration check
 * @param forced           true when clients with different configurations were merged on request
 * @param environment      environment facts equal on every client, and the ones that differ (per client)
 * @param timeSeries       the per-bucket series
 * @param notes            things the reader must know (shown in every output)
 */
public record MergeResult(List<ClientResult> clients, List<String> failedClients, String mode, long windowStartMs,
                          long windowEndMs, double warmupSeconds, double cooldownSeconds, List<Double> percentiles,
                          List<OpResult> operations, long totalCount, double totalThroughput,
                          ConfigCheck.Result config, boolean forced, ConfigCheck.Result environment,
                          TimeSeries timeSeries, List<String> notes) {
  public MergeResult {
    clients = List.copyOf(clients);
    failedClients = List.copyOf(failedClients);
    percentiles = List.copyOf(percentiles);
    operations = List.copyOf(operations);
    notes = List.copyOf(notes);
  }

  public boolean complete() {
    return failedClients.isEmpty();
  }

  public double windowSeconds() {
    return (windowEndMs - windowStartMs) / 1000.0;
  }

  /** The one-line statement every output starts with when the merge is incomplete, else null. */
  public String incompleteBanner() {
    if (complete()) {
      return null;
    }
    long merged = clients.size() - failedClients.size();
    return "INCOMPLETE: merged " + merged + " of " + clients.size() + " clients; failed (left out): "
        + String.join(", ", failedClients) + ". These numbers do not describe the whole run.";
  }

  /** Convenience for outputs: operations by name. */
  public Map<String, OpResult> operationsByName() {
    Map<String, OpResult> m = new java.util.LinkedHashMap<>();
    for (OpResult o : operations) {
      m.put(o.name(), o);
    }
    return m;
  }
}
