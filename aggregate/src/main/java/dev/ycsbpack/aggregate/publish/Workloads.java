package dev.ycsbpack.aggregate.publish;

import dev.ycsbpack.aggregate.result.Settings;
import java.util.ArrayList;
import java.util.List;

/**
 * The workload a bundle ran, in words, from the properties that decide what is measured: bundles with the same words
 * ran the same workload and are compared. The client count, threads, target, server and write concern are what a
 * comparison looks at, so they are not part of it; neither is the workload class (a coordinated run's clients run
 * YCSB's core workload through the pack's multi-client wrapper).
 */
final class Workloads {
  /** The properties that make two workloads the same, in the order they are named. */
  private static final List<String> KEYS = List.of("readproportion", "updateproportion", "insertproportion",
      "scanproportion", "readmodifywriteproportion", "requestdistribution", "recordcount", "fieldcount",
      "fieldlength", "readallfields", "writeallfields", "maxscanlength", "mongodb.batchsize");

  private Workloads() {
  }

  static String of(Settings config) {
    List<String> parts = new ArrayList<>();
    parts.add(config.values("dotransactions").contains("false") ? "load" : "run");
    for (String k : KEYS) {
      String v = String.join(" / ", config.values(k));
      if (!v.isEmpty()) {
        parts.add(k + "=" + v);
      }
    }
    return String.join(" ", parts);
  }
}
