package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/ycsb-experiment sweeps with local hosts against the in-process server. */
class ExperimentIT {
  private static final String TOOL = "bin/ycsb-experiment";

  @TempDir
  Path work;

  private static List<String> sweep(Target target, String table, String... more) {
    List<String> a = new ArrayList<>(List.of("sweep", "mongodb",
        "-P", YcsbRun.home().resolve("workloads/read95-update5").toString(),
        "-p", "mongodb.url=" + target.connectionString(), "-p", "mongodb.database=" + Servers.DATABASE,
        "-p", "table=" + table, "-p", "recordcount=300", "-p", "operationcount=400", "--quiet", "--hosts", "local"));
    a.addAll(List.of(more));
    return a;
  }

  private Coordinator run(List<String> args) throws Exception {
    Coordinator c = Coordinator.start(work, List.of(), TOOL, args);
    c.await();
    return c;
  }

  @Test
  void sweepLoadsOnceRunsEveryStepAsABundleAndAnswers() throws Exception {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path dir = work.resolve("sweep");
    Coordinator c = run(sweep(target, table, "-threads", "1,2,4", "--load", "--slo", "READ.p99<=5s",
        "--out", dir.toString()));
    assertEquals(0, c.exitCode(), c::describe);
    assertEquals(300, Servers.countDocuments(target, table));
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals("ycsb-experiment/v1", m.get("schema").asText());
    JsonNode steps = m.get("steps");
    assertEquals(4, steps.size(), m::toPrettyString);
    assertEquals("00-load", steps.get(0).get("name").asText());
    for (int i = 1; i <= 3; i++) {
      JsonNode s = steps.get(i);
      assertEquals(i, s.get("order").asInt());
      assertEquals(1L << (i - 1), s.get("x").asLong());
      assertEquals("COMPLETE", s.get("verdict").asText(), s::toPrettyString);
      // each step is a normal coordinator bundle, merged, with its own report
      JsonNode bundle = Coordinator.manifest(dir.resolve(s.get("bundle").asText()));
      assertEquals("COMPLETE", bundle.get("status").asText());
      assertEquals(1L << (i - 1), bundle.get("clients").get(0).get("threads").asLong());
      assertTrue(Files.isRegularFile(dir.resolve(s.get("report").asText())));
      JsonNode f = s.get("figures");
      assertTrue(f.get("throughput").asDouble() > 0, f::toPrettyString);
      assertTrue(f.get("latencyUs").get("READ").get("99").asLong() > 0, f::toPrettyString);
      // the client JVM's CPU share of this machine, from its environment record
      assertEquals(1, f.get("hostCpu").size(), f::toPrettyString);
      assertTrue(s.get("startedAt").asText().compareTo(s.get("endedAt").asText()) < 0);
    }
    JsonNode answers = m.get("answers");
    assertEquals(3, answers.get("steps").asInt());
    assertTrue(answers.get("best").asDouble() >= 1, answers::toPrettyString);
    assertTrue(answers.has("knee") && answers.has("latencyKnee"), answers::toPrettyString);
    assertTrue(answers.get("slo").get("statement").asText().startsWith(">= "), answers::toPrettyString);
    assertTrue(c.stdout().contains("highest throughput: "), c::describe);
    String html = Files.readString(dir.resolve("report.html"));
    for (int i = 1; i <= 3; i++) {
      assertTrue(html.contains("href=\"" + steps.get(i).get("report").asText() + "\""), "links step " + i);
    }
    assertTrue(html.contains("<svg"), "charts");
    assertFalse(html.contains("src=\"http") || html.contains("href=\"http"), "no external request");
  }

  @Test
  void badInputIsOneLineExitTwoAndWritesNothing() throws Exception {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path dir = work.resolve("refused");
    List<List<String>> bad = List.of(
        List.of("-threads", "", "--load"), List.of("-threads", "1,,2", "--load"), List.of("-threads", "1,x", "--load"),
        List.of("-threads", "4,2", "--load"), List.of("--slo", "FETCH.p99<=1ms", "--load"),
        List.of("--slo", "READ.p42<=1ms", "--load"),
        // no --load and nothing loaded: the collection is empty
        List.of("-threads", "1,2"));
    List<String> expected = List.of("-threads", "-threads", "-threads", "-threads", "--slo", "--slo", "is empty");
    for (int i = 0; i < bad.size(); i++) {
      List<String> a = sweep(target, table, bad.get(i).toArray(String[]::new));
      a.addAll(List.of("--out", dir.toString()));
      Coordinator c = run(a);
      assertEquals(2, c.exitCode(), c::describe);
      String err = c.stderr().strip();
      assertEquals(1, err.lines().count(), c::describe);
      assertTrue(err.startsWith("ycsb-experiment: error: ") && err.contains(expected.get(i)), c::describe);
      assertFalse(Files.exists(dir), "nothing written: " + bad.get(i));
    }
    Files.createDirectories(work.resolve("not-an-experiment"));
    Coordinator r = run(sweep(target, table, "--resume", work.resolve("not-an-experiment").toString()));
    assertEquals(2, r.exitCode(), r::describe);
    assertTrue(r.stderr().contains("--resume") && r.stderr().contains("not an experiment folder"), r::describe);
    assertEquals(0, Servers.countDocuments(target, table));
  }

  @Test
  void resumeAfterAKilledExperimentRunsOnlyWhatWasLeftAndRefusesAnotherPlan() throws Exception {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path dir = work.resolve("resumed");
    List<String> args = sweep(target, table, "-threads", "1,2,4", "--load", "-p", "operationcount=3000",
        "--out", dir.toString());
    Coordinator first = Coordinator.start(work, List.of(), TOOL, args);
    Path second = dir.resolve("steps/02-threads-2");
    assertTrue(Coordinator.waitFor(() -> Files.isDirectory(second.resolve("clients")) || !first.process.isAlive(),
        (int) Coordinator.TIMEOUT_SECONDS), first::describe);
    assertTrue(first.process.isAlive(), first::describe);
    first.process.destroyForcibly();
    first.await();
    // its clients lose their coordinator and stop themselves: none is left loading the server
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", dir.toString()).isEmpty(), 30),
        () -> "clients still running: " + ProcessTable.matching("YcsbMain", dir.toString()));
    JsonNode killed = Coordinator.manifest(dir);
    assertEquals("RUNNING", killed.get("status").asText(), killed::toPrettyString);
    String firstStepStart = killed.get("steps").get(1).get("startedAt").asText();
    assertEquals("COMPLETE", killed.get("steps").get(1).get("verdict").asText(), killed::toPrettyString);

    List<String> other = new ArrayList<>(args.subList(0, args.size() - 2));
    other.set(other.indexOf("1,2,4"), "1,2,8");
    other.addAll(List.of("--resume", dir.toString()));
    Coordinator refused = run(other);
    assertEquals(2, refused.exitCode(), refused::describe);
    assertTrue(refused.stderr().contains("plan differs") && refused.stderr().contains("[1, 2, 8]"),
        refused::describe);

    List<String> same = new ArrayList<>(args.subList(0, args.size() - 2));
    same.addAll(List.of("--resume", dir.toString()));
    Coordinator resumed = run(same);
    assertEquals(0, resumed.exitCode(), resumed::describe);
    assertTrue(resumed.stdout().contains("step 00-load: COMPLETE earlier, not run again"), resumed::describe);
    assertTrue(resumed.stdout().contains("step 01-threads-1: COMPLETE earlier, not run again"), resumed::describe);
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    List<String> names = new ArrayList<>();
    m.get("steps").forEach(s -> names.add(s.get("name").asText() + ":" + s.get("verdict").asText()));
    assertEquals(List.of("00-load:COMPLETE", "01-threads-1:COMPLETE", "02-threads-2.attempt-1:KILLED",
        "02-threads-2:COMPLETE", "03-threads-4:COMPLETE"), names, m::toPrettyString);
    assertEquals(firstStepStart, m.get("steps").get(1).get("startedAt").asText(), "step 1 was not run again");
    assertTrue(Files.isDirectory(dir.resolve("steps/02-threads-2.attempt-1")));
    assertEquals(300, Servers.countDocuments(target, table), "loaded once");
  }
}
