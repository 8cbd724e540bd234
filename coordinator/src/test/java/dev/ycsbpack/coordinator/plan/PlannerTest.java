package dev.ycsbpack.coordinator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.ClientShare;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlannerTest {
  @TempDir
  Path tmp;

  private Path workload(String text) throws IOException {
    Path f = tmp.resolve("workload");
    Files.writeString(f, "workload=site.ycsb.workloads.CoreWorkload\n" + text);
    return f;
  }

  private static List<Host> hosts(int n) {
    return java.util.stream.IntStream.rangeClosed(1, n).mapToObj(i -> (Host) new Host.Local(i)).toList();
  }

  private RunPlan plan(Phase phase, String text, Map<String, String> p, int threads, long target, int hosts, int k)
      throws Exception {
    return Planner.plan(new RunRequest(phase, "mongodb", List.of(workload(text)), p, threads, target, hosts(hosts), k,
        tmp.resolve("out")));
  }

  @Test
  void loadRangesAreDisjointAndCoverTheInsertRangeExactly() throws Exception {
    Random r = new Random(5);
    for (int round = 0; round < 200; round++) {
      int hosts = 1 + r.nextInt(4);
      int k = 1 + r.nextInt(3);
      int n = hosts * k;
      long start = r.nextInt(1000);
      long count = n + r.nextInt(100_000);
      RunPlan plan = plan(Phase.LOAD, "recordcount=" + (start + count + r.nextInt(10)) + "\n",
          Map.of("insertstart", Long.toString(start), "insertcount", Long.toString(count)), n + r.nextInt(20),
          r.nextBoolean() ? 0 : n + r.nextInt(5000), hosts, k);
      long next = start;
      long threads = 0;
      for (ClientPlan c : plan.clients()) {
        assertEquals(next, Long.parseLong(c.properties().get("insertstart")));
        long share = Long.parseLong(c.properties().get("insertcount"));
        assertTrue(share > 0);
        next += share;
        threads += Long.parseLong(c.properties().get("threadcount"));
        assertEquals(c.host(), plan.hosts().get(c.index() / k));
      }
      assertEquals(start + count, next);
      assertEquals(plan.clients().stream().mapToLong(ClientPlan::threads).sum(), threads);
    }
  }

  @Test
  void runSplitsOperationsThreadsAndTargetAndKeepsInsertsDisjoint() throws Exception {
    RunPlan plan = plan(Phase.RUN, "recordcount=1000\noperationcount=10001\n", Map.of(), 7, 1001, 3, 1);
    assertEquals(List.of(3L, 2L, 2L), plan.clients().stream().map(ClientPlan::threads).toList());
    assertEquals(List.of(334L, 334L, 333L), plan.clients().stream().map(ClientPlan::target).toList());
    assertEquals(List.of(3334L, 3334L, 3333L), plan.clients().stream().map(ClientPlan::operations).toList());
    for (ClientPlan c : plan.clients()) {
      assertEquals(Planner.MULTI_CLIENT_WORKLOAD, c.properties().get("workload"));
      assertEquals(Integer.toString(c.index()), c.properties().get("ycsbpack.client.index"));
      assertEquals("3", c.properties().get("ycsbpack.client.count"));
      assertEquals("10001", c.properties().get("ycsbpack.client.operationcount.total"), "one zipfian key space");
      assertEquals("1000", c.properties().get("recordcount"), "every client reads the whole loaded key space");
      assertEquals(Planner.DEFAULT_STATUS_INTERVAL, c.properties().get("status.interval"));
    }
    assertEquals(List.of("01-local1", "02-local2", "03-local3"),
        plan.clients().stream().map(ClientPlan::name).toList());
  }

  /** Aggregate lets exactly ClientShare.PROPERTIES differ between a run's clients: the planner must set no other. */
  @Test
  void clientsDifferOnlyInTheirSharesAndCarryTheRunsMarks() throws Exception {
    for (Phase phase : Phase.values()) {
      for (String workload : List.of("site.ycsb.workloads.CoreWorkload", "com.example.MyWorkload")) {
        RunPlan plan = plan(phase, "recordcount=1000\noperationcount=10001\ninsertstart=10\n",
            Map.of("workload", workload), 7, 1001, 3, 1);
        Set<String> differing = new TreeSet<>();
        for (ClientPlan c : plan.clients()) {
          assertEquals(Integer.toString(c.index()), c.properties().get(ClientShare.INDEX), phase + " " + workload);
          assertEquals("3", c.properties().get(ClientShare.COUNT), phase + " " + workload);
          for (String key : c.properties().keySet()) {
            if (!c.properties().get(key).equals(plan.clients().get(0).properties().get(key))) {
              differing.add(key);
            }
          }
        }
        assertTrue(ClientShare.PROPERTIES.containsAll(differing), phase + " " + workload + ": " + differing);
        assertTrue(differing.contains("threadcount") && differing.contains(ClientShare.INDEX), differing::toString);
        List<Map<String, String>> all = plan.clients().stream().map(ClientPlan::properties).toList();
        assertTrue(ClientShare.oneCoordinatedRun(all));
      }
    }
  }

  /** -P files are read as bin/ycsb (and YCSB) read them: ISO-8859-1 with \\u escapes, whatever their bytes. */
  @Test
  void workloadFilesAreReadAsYcsbReadsThem() throws Exception {
    Path latin1 = tmp.resolve("latin1");
    Files.write(latin1, "workload=site.ycsb.workloads.CoreWorkload\nlabel=caf\u00e9 \\u4e2d\n"
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    Path utf8 = tmp.resolve("utf8");
    Files.writeString(utf8, "fieldnameprefix=\u00e4\n", java.nio.charset.StandardCharsets.UTF_8);
    Map<String, String> merged = Planner.merge(new RunRequest(Phase.LOAD, "mongodb", List.of(latin1, utf8), Map.of(),
        0, 0, hosts(1), 1, tmp.resolve("out")));
    assertEquals("caf\u00e9 \u4e2d", merged.get("label"));
    assertEquals("\u00c3\u00a4", merged.get("fieldnameprefix"), "UTF-8 bytes read as YCSB reads them");
  }

  @Test
  void flagsWinOverFilesAndOtherWorkloadsGetANote() throws Exception {
    RunPlan plan = Planner.plan(new RunRequest(Phase.RUN, "mongodb", List.of(workload("threadcount=2\n"
        + "operationcount=100\nrecordcount=10\n")), Map.of("workload", "com.example.MyWorkload"), 0, 0, hosts(2), 1,
        tmp));
    assertEquals(2, plan.clients().stream().mapToLong(ClientPlan::threads).sum());
    assertEquals("com.example.MyWorkload", plan.clients().get(1).properties().get("workload"));
    assertTrue(plan.notes().get(0).contains("cannot keep its run-phase inserts disjoint"), plan.notes().toString());
  }

  @Test
  void impossibleSplitsAreRefusedNamingTheOption() throws Exception {
    assertEquals("-threads 1: the total must be at least the number of clients (2), so each client has a thread",
        assertThrows(PlanException.class, () -> plan(Phase.RUN, "operationcount=10\n", Map.of(), 1, 0, 2, 1))
            .getMessage());
    assertTrue(assertThrows(PlanException.class, () -> plan(Phase.RUN, "operationcount=10\n", Map.of(), 4, 3, 2, 2))
        .getMessage().startsWith("-target 3:"));
    assertTrue(assertThrows(PlanException.class, () -> plan(Phase.RUN, "operationcount=1\n", Map.of(), 2, 0, 2, 1))
        .getMessage().startsWith("operationcount=1:"));
    assertTrue(assertThrows(PlanException.class, () -> plan(Phase.LOAD, "recordcount=10\n",
        Map.of("insertstart", "5", "insertcount", "6"), 2, 0, 1, 1)).getMessage().contains("past recordcount=10"));
    assertTrue(assertThrows(PlanException.class, () -> plan(Phase.LOAD, "recordcount=1e3\n", Map.of(), 2, 0, 1, 1))
        .getMessage().startsWith("recordcount=1e3: expected a whole number"));
    assertTrue(assertThrows(PlanException.class, () -> Planner.plan(new RunRequest(Phase.RUN, "mongodb",
        List.of(tmp), Map.of(), 1, 0, hosts(1), 1, tmp))).getMessage().contains("is a directory"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-oProxyCommand=touch x", "h;rm", "h$(id)", "user@@h", "h:0", "h:70000", "h name", "`h`",
      "-p", "@h"})
  void hostsThatCouldBeReadAsOptionsOrCodeAreRefused(String spec) {
    assertThrows(IllegalArgumentException.class, () -> Host.parse(spec, 1));
  }

  @Test
  void hostsParse() {
    assertEquals(new Host.Ssh("bench", "db-client-1.example.net", 2222),
        Host.parse("bench@db-client-1.example.net:2222", 1));
    assertEquals(new Host.Ssh(null, "10.0.0.7", 0), Host.parse("10.0.0.7", 1));
    assertEquals(new Host.Ssh(null, "::1", 22), Host.parse("[::1]:22", 1));
    assertEquals(new Host.Local(3), Host.parse("local", 3));
  }

  @Test
  void withATargetEveryClientRecordsIntendedLatency() throws Exception {
    String w = "recordcount=1000\noperationcount=1000\n";
    for (ClientPlan c : plan(Phase.RUN, w, Map.of(), 4, 500, 2, 1).clients()) {
      assertEquals("both", c.properties().get("measurement.interval"), c.properties()::toString);
    }
    RunPlan op = plan(Phase.RUN, w + "measurement.interval=op\n", Map.of(), 4, 500, 2, 1);
    assertEquals("both", op.clients().get(1).properties().get("measurement.interval"));
    assertTrue(op.notes().stream().anyMatch(n -> n.startsWith("measurement.interval=op became both")),
        () -> op.notes().toString());
    assertEquals("intended", plan(Phase.RUN, w, Map.of("measurement.interval", "intended"), 4, 500, 2, 1).clients()
        .get(0).properties().get("measurement.interval"), "the user's intended-only choice stands");
    assertEquals(null, plan(Phase.RUN, w, Map.of(), 4, 0, 2, 1).clients().get(0).properties()
        .get("measurement.interval"), "no target: YCSB's default");
  }

  @Test
  void aBadErrorBudgetIsRefusedBeforeAnyClientStarts() {
    PlanException e = assertThrows(PlanException.class, () -> plan(Phase.RUN, "recordcount=10\noperationcount=10\n",
        Map.of("ycsbpack.maxnotfoundrate", "ten"), 2, 0, 2, 1));
    assertEquals("invalid ycsbpack.maxnotfoundrate=ten: use a percentage from 0 to 100, e.g. 1, 0.5 or 2% (0 fails the "
        + "run on any such operation, 100 never)", e.getMessage());
  }
}
