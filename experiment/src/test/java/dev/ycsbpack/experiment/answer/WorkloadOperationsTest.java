package dev.ycsbpack.experiment.answer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An SLO on an operation the workload never runs is refused before anything runs. */
class WorkloadOperationsTest {
  /** workloads/read95-update5's proportions. */
  private static final Map<String, String> READ95 = Map.of("workload", "site.ycsb.workloads.CoreWorkload",
      "readproportion", "0.95", "updateproportion", "0.05", "scanproportion", "0", "insertproportion", "0",
      "readmodifywriteproportion", "0");

  @Test
  void theOperationsComeFromTheProportions() {
    assertEquals(Set.of("READ", "UPDATE"), WorkloadOperations.of(READ95).orElseThrow().operations());
    Map<String, String> rmw = new HashMap<>(READ95);
    rmw.put("readproportion", "0");
    rmw.put("updateproportion", "0");
    rmw.put("readmodifywriteproportion", "1");
    // YCSB times a read-modify-write's read and update too
    assertEquals(List.of("READ", "UPDATE", "READ-MODIFY-WRITE"),
        List.copyOf(WorkloadOperations.of(rmw).orElseThrow().operations()));
    // CoreWorkload's defaults: read 0.95, update 0.05
    assertEquals(Set.of("READ", "UPDATE"), WorkloadOperations.of(Map.of("workload",
        "com.yahoo.ycsb.workloads.CoreWorkload")).orElseThrow().operations());
  }

  @Test
  void anSloOnAnOperationTheWorkloadNeverRunsIsRefusedInOneLine() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WorkloadOperations.check(List.of(Slo.parse("READ.p99<=5ms"), Slo.parse("INSERT.p99<=10ms")), READ95));
    assertEquals("--slo INSERT.p99<=10ms: the workload never runs INSERT; it runs READ, UPDATE (readproportion=0.95,"
        + " updateproportion=0.05, insertproportion=0, scanproportion=0, readmodifywriteproportion=0); give an SLO on"
        + " one of those", e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
    assertThrows(IllegalArgumentException.class, () -> WorkloadOperations.check(List.of(Slo.parse("SCAN.p99<=1s")),
        READ95));
    assertThrows(IllegalArgumentException.class, () -> WorkloadOperations.check(
        List.of(Slo.parse("DELETE.p99<=1s")), READ95), "CoreWorkload never deletes");
  }

  @Test
  void anSloOnAnOperationTheWorkloadRunsIsAccepted() {
    assertDoesNotThrow(() -> WorkloadOperations.check(List.of(Slo.parse("READ.p99<=5ms"),
        Slo.parse("UPDATE.p99.9<=20ms")), READ95));
    Map<String, String> inserts = new HashMap<>(READ95);
    inserts.put("insertproportion", "0.05");
    assertDoesNotThrow(() -> WorkloadOperations.check(List.of(Slo.parse("INSERT.p99<=10ms")), inserts));
  }

  @Test
  void aWorkloadItCannotReadIsLeftToTheRun() {
    // another workload class, a proportion that is no number (the launcher refuses it), every proportion 0
    assertTrue(WorkloadOperations.of(Map.of("workload", "com.example.MyWorkload")).isEmpty());
    Map<String, String> bad = new HashMap<>(READ95);
    bad.put("insertproportion", "lots");
    assertTrue(WorkloadOperations.of(bad).isEmpty());
    Map<String, String> zero = new HashMap<>(READ95);
    zero.put("readproportion", "0");
    zero.put("updateproportion", "0");
    assertTrue(WorkloadOperations.of(zero).isEmpty());
  }
}
