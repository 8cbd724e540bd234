package dev.ycsbpack.coordinator.run;

import dev.ycsbpack.aggregate.result.MergeResult;
import dev.ycsbpack.coordinator.bundle.Manifest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the manifest takes from a successful merge of the client folders.
 *
 * @param lead          the merge's own lead line ({@code ERRORS: ...; NOT FOUND: ...}), as its outputs print it; null
 *                      when every operation succeeded
 * @param budgetFailure why the summed counts exceed the clients' error budget, or null
 * @param entry         the manifest's {@code merged} entry: where the outputs are and what the window holds
 * @param opsPerSec     each merged client's operations per second inside the merge window
 */
record MergeFigures(String lead, String budgetFailure, Manifest.Merged entry, Map<String, Double> opsPerSec) {
  MergeFigures {
    opsPerSec = new LinkedHashMap<>(opsPerSec);
  }

  static MergeFigures of(MergeResult r) {
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("window", r.window().name().toLowerCase(Locale.ROOT));
    summary.put("operationsReported", r.reportedCount());
    summary.put("operationsMerged", r.totalCount());
    summary.put("coverage", r.coverageStatement());
    summary.put("windowMs", r.windowEndMs() - r.windowStartMs());
    summary.put("allClientsTogetherMs", r.togetherMs());
    summary.put("complete", r.complete());
    return new MergeFigures(r.lead(), r.budgetFailure(), new Manifest.Merged("merged", "merged/report.html", summary),
        windowRates(r));
  }

  /** Each merged client's operations per second inside the merge window. */
  static Map<String, Double> windowRates(MergeResult r) {
    Map<String, Double> out = new LinkedHashMap<>();
    r.clients().stream().filter(c -> !c.failed()).forEach(c -> out.put(c.name(), c.windowThroughput()));
    return out;
  }
}
