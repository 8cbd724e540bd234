package dev.ycsbpack.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FreshInsertsTest {
  @TempDir
  Path dir;

  @Test
  void oneClientsNextStepInsertsAfterEveryKeyTheEarlierStepsInsertedAndReadsTheLoadedOnes() throws Exception {
    RunPlan planned = plan(1, "0.5");
    assertTrue(FreshInserts.inserts(planned));
    assertSame(planned, FreshInserts.after(planned, 1000), "nothing inserted yet");
    // one client inserts key numbers recordcount, recordcount + 1, ...: contiguous, so the count says where they end
    Set<Long> used = new HashSet<>();
    long documents = 1000;
    for (int inserted : new int[] {50, 0, 7, 90}) {
      RunPlan p = FreshInserts.after(planned, documents);
      ClientPlan c = p.clients().get(0);
      long start = Long.parseLong(c.properties().get("recordcount"));
      assertEquals(Long.toString(start), p.properties().get("recordcount"));
      assertEquals("1000", c.properties().getOrDefault("insertcount", "1000"), "reads the loaded keys");
      assertEquals("0", c.properties().getOrDefault("insertstart", "0"));
      for (long k = 0; k < inserted; k++) {
        assertTrue(used.add(start + k), "key " + (start + k) + " inserted twice");
      }
      assertEquals(documents, start, "every key below recordcount exists");
      documents += inserted;
    }
  }

  @Test
  void severalStepsThatInsertWithSeveralClientsAreRefusedNamingWhatToDo() throws Exception {
    String line = FreshInserts.refusal(List.of(plan(2, "0.5"), plan(2, "0.5"))).orElseThrow();
    assertTrue(line.startsWith("insertproportion=0.5 with 2 clients in a step: "), line);
    assertTrue(line.contains("run the steps with one client (one host, --clients-per-host 1)"), line);
    assertTrue(FreshInserts.refusal(List.of(plan(2, "0.5"))).isEmpty(), "one step inserts once");
    assertTrue(FreshInserts.refusal(List.of(plan(1, "0.5"), plan(1, "0.5"))).isEmpty(), "one client");
    assertTrue(FreshInserts.refusal(List.of(plan(2, "0"), plan(2, null))).isEmpty(), "no inserts");
  }

  /**
   * YCSB uses up an insert's key even when the insert fails: the next step starts after every attempt of the one
   * before (its start plus all its INSERT Return= counts), not after what the collection holds, which is short by
   * the failures.
   */
  @Test
  void theNextStepStartsAfterEveryInsertTheStepAttemptedFailuresIncluded() throws Exception {
    RunPlan step = FreshInserts.after(plan(1, "0.5"), 1040);
    Path clients = Files.createDirectories(dir.resolve("clients"));
    assertTrue(FreshInserts.next(step, clients).isEmpty(), "no verdict: its attempts are not known");
    Files.createDirectories(clients.resolve("01-local1"));
    new ClientFolder(clients.resolve("01-local1")).writeVerdict(Verdict.fromProperties(Map.of("status", "FAILED",
        "reason", "too many errors", "return.INSERT.OK", "90", "return.INSERT.ERROR", "7",
        "return.INSERT.DUPLICATE_KEY", "3", "return.READ.OK", "150", "return.INSERT-FAILED.ERROR", "7")));
    // 1040 + 90 + 7 + 3: reads and the failures' copy YCSB keeps beside them are not inserts
    assertEquals(java.util.Optional.of(1140L), FreshInserts.next(step, clients));
    assertEquals("1140", FreshInserts.after(plan(1, "0.5"), 1140).properties().get("recordcount"));
  }

  @Test
  void onlyRunPhasesThatInsertMove() throws Exception {
    assertFalse(FreshInserts.inserts(plan(1, "0")));
    assertFalse(FreshInserts.inserts(plan(1, null)));
  }

  private RunPlan plan(int clients, String insertproportion) throws Exception {
    Path workload = Files.writeString(dir.resolve("w" + clients + insertproportion),
        "workload=site.ycsb.workloads.CoreWorkload\n"
            + "recordcount=1000\noperationcount=300\nreadproportion=0.5\n" + (insertproportion == null ? ""
                : "insertproportion=" + insertproportion + "\n"));
    List<Host> hosts = java.util.stream.IntStream.rangeClosed(1, clients).mapToObj(i -> (Host) new Host.Local(i))
        .toList();
    return StepRunner.plan(new RunRequest(Phase.RUN, "mongodb", List.of(workload), Map.of(), clients, 0, hosts, 1,
        dir.resolve("out"), List.of()));
  }
}
