package dev.ycsbpack.experiment.answer;

import dev.ycsbpack.common.Text;
import dev.ycsbpack.common.YcsbClasses;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The operations a run of YCSB's CoreWorkload measures, from its proportions (CoreWorkload 0.17.0's defaults: read
 * 0.95, update 0.05, the others 0): an SLO on any other operation could only ever read as a miss, so it is refused
 * before anything runs. A read-modify-write is measured as itself and as the READ and UPDATE it is made of (YCSB's
 * DB wrapper times every call).
 *
 * @param operations  YCSB's names of the operations the run measures, in YCSB's order
 * @param proportions each proportion as the workload gives it (defaults filled in), for the message
 */
public record WorkloadOperations(Set<String> operations, Map<String, String> proportions) {
  /** Each proportion, its CoreWorkload 0.17.0 default and the operations it runs, in YCSB's order. */
  private static final List<Proportion> PROPORTIONS = List.of(
      new Proportion("readproportion", "0.95", List.of("READ")),
      new Proportion("updateproportion", "0.05", List.of("UPDATE")),
      new Proportion("insertproportion", "0", List.of("INSERT")),
      new Proportion("scanproportion", "0", List.of("SCAN")),
      new Proportion("readmodifywriteproportion", "0", List.of("READ-MODIFY-WRITE", "READ", "UPDATE")));

  private record Proportion(String key, String fallback, List<String> operations) {
  }

  /**
   * The operations a run with these merged properties measures; empty when that cannot be told here: a workload
   * class other than CoreWorkload, or a proportion that is not a number (the launcher refuses that with its own
   * message before a step runs).
   */
  public static Optional<WorkloadOperations> of(Map<String, String> properties) {
    String workload = properties.get("workload");
    if (workload == null || !YcsbClasses.isCoreWorkload(YcsbClasses.renamed(workload).orElse(workload.strip()))) {
      return Optional.empty();
    }
    Set<String> ops = new LinkedHashSet<>();
    Map<String, String> given = new LinkedHashMap<>();
    for (Proportion p : PROPORTIONS) {
      String v = properties.getOrDefault(p.key(), p.fallback()).strip();
      given.put(p.key(), v);
      double d;
      try {
        d = Double.parseDouble(v);
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
      if (d > 0) {
        ops.addAll(p.operations());
      }
    }
    // YCSB's order, whatever order the proportions added them in
    Set<String> ordered = new LinkedHashSet<>();
    for (String op : List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE")) {
      if (ops.contains(op)) {
        ordered.add(op);
      }
    }
    if (ordered.isEmpty()) {
      return Optional.empty(); // every proportion 0: the launcher refuses it, naming them
    }
    return Optional.of(new WorkloadOperations(Collections.unmodifiableSet(ordered),
        Collections.unmodifiableMap(given)));
  }

  /**
   * Refuses the first SLO on an operation the workload at {@code properties} never runs: one line naming
   * {@code --slo}, the value and the operations the workload does run (with the proportions that decide it).
   *
   * @throws IllegalArgumentException the refusal
   */
  public static void check(List<Slo> slos, Map<String, String> properties) {
    Optional<WorkloadOperations> w = of(properties);
    if (w.isEmpty()) {
      return;
    }
    for (Slo s : slos) {
      if (!w.get().operations().contains(s.operation())) {
        throw new IllegalArgumentException("--slo " + Text.shown(s.text()) + ": the workload never runs "
            + s.operation() + "; it runs " + String.join(", ", w.get().operations()) + " (" + w.get().shown()
            + "); give an SLO on one of those");
      }
    }
  }

  /** {@code readproportion=0.95, updateproportion=0.05, insertproportion=0, ...}. */
  String shown() {
    List<String> parts = new ArrayList<>();
    proportions.forEach((k, v) -> parts.add(k + "=" + Text.shown(v)));
    return String.join(", ", parts);
  }
}
