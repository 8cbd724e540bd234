package dev.ycsbpack.common;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code bin/ycsb} concluded about one client run: the same decision that sets its exit status, written to the
 * client folder so that aggregate and the coordinator never have to guess it again from the output.
 *
 * @param status               {@link RunStatus#COMPLETE} or {@link RunStatus#FAILED}, as
 *                             {@link RunJudgement#ofFailure} decides
 * @param reason               why it failed; empty when complete
 * @param expectedOperations   operations YCSB was asked to attempt ({@link OperationCount})
 * @param completedOperations  operations YCSB reports done ({@code [OVERALL]}), -1 when unknown
 * @param runId                a random id given to this run, so a copied client folder is recognised as the same run
 * @param firstOperationEpochMs wall-clock time (ms) when the first measured operation began, -1 when none did
 * @param measuredWindowMs     with a time limit ({@code maxexecutiontime}) counted from the first operation: ms from
 *                             it to the end of the window (the limit asked, or less when the run ended by count);
 *                             -1 without such a limit
 * @param outcomes             the {@code Return=} counts and throughput the verdict weighed ({@link ErrorBudget})
 * @param lastSuccessEpochMs   wall-clock time (ms, to within a quarter second) of the last successful operation, -1
 *                             when unknown or none succeeded: with {@code measuredWindowMs}, how much of a timed
 *                             run's window its operations succeeded in
 */
public record Verdict(RunStatus status, String reason, long expectedOperations, long completedOperations, String runId,
    long firstOperationEpochMs, long measuredWindowMs, Outcomes outcomes, long lastSuccessEpochMs) {
  public Verdict {
    reason = reason == null ? "" : reason;
    runId = runId == null ? "" : runId;
    outcomes = outcomes == null ? Outcomes.none() : outcomes;
  }

  /**
   * The verdict of a run that failed before its first operation (the binding's init refused): nothing completed, no
   * operation began, no counts.
   */
  public static Verdict failedBeforeRun(String reason, long expectedOperations, String runId) {
    return new Verdict(RunStatus.FAILED, reason, expectedOperations, 0, runId, -1, -1, Outcomes.none(), -1);
  }

  /** The line to lead with when operations failed or found nothing ({@link ErrorBudget#lead}); empty if none did. */
  public String lead() {
    return ErrorBudget.lead(outcomes).orElse("");
  }

  public boolean complete() {
    return status == RunStatus.COMPLETE;
  }

  /** The verdict as properties ({@code status}, {@code reason}, ...), the form {@code verdict.properties} holds. */
  public Map<String, String> toProperties() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("status", status.label());
    m.put("reason", reason);
    m.put("lead", lead());
    m.put("operations.failed", Long.toString(outcomes.failed()));
    m.put("operations.notfound", Long.toString(outcomes.notFound()));
    m.put("operations.attempted", Long.toString(outcomes.attempted()));
    m.put("rate.error", Double.toString(outcomes.errorRate()));
    if (!Double.isNaN(outcomes.successfulOpsPerSec())) {
      m.put("throughput.successful", Double.toString(outcomes.successfulOpsPerSec()));
    }
    m.put("operations.expected", Long.toString(expectedOperations));
    m.put("operations.completed", Long.toString(completedOperations));
    m.put("run.id", runId);
    m.put("first.operation.epoch.ms", Long.toString(firstOperationEpochMs));
    m.putAll(outcomes.toProperties());
    if (measuredWindowMs >= 0) {
      m.put("measured.window.ms", Long.toString(measuredWindowMs));
    }
    if (lastSuccessEpochMs >= 0) {
      m.put("last.success.epoch.ms", Long.toString(lastSuccessEpochMs));
    }
    return m;
  }

  /**
   * Reads a verdict back.
   *
   * @throws IllegalArgumentException naming the key when a value is missing or malformed
   */
  public static Verdict fromProperties(Map<String, String> m) {
    RunStatus status = RunStatus.of(m.get("status"), RunStatus.COMPLETE, RunStatus.FAILED);
    return new Verdict(status, m.getOrDefault("reason", ""), number(m, "operations.expected"),
        number(m, "operations.completed"), m.getOrDefault("run.id", ""), number(m, "first.operation.epoch.ms"),
        number(m, "measured.window.ms"), Outcomes.fromProperties(m), number(m, "last.success.epoch.ms"));
  }

  private static long number(Map<String, String> m, String key) {
    String v = m.get(key);
    if (v == null) {
      return -1;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + "=" + Text.shown(v) + ": expected a whole number");
    }
  }
}
