package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb-experiment ab end to end, local hosts against the in-process server: an A/A of identical arms calls no
 * difference, an arm throttled far below the other is called worse, the runs alternate ABBA after a warm-up round that
 * is never compared, and bad input is one line.
 */
class AbExperimentIT {
  private static final String TOOL = "bin/ycsb-experiment";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path work;

  /** A small run: 300 records, 1,000 operations, 2 threads, one local client. */
  private static List<String> ab(Target target, String table, String... more) {
    return Servers.experiment("ab", "read95-update5", target.connectionString(), table, List.of("-p",
        "recordcount=300", "-p", "operationcount=1000", "-threads", "2", "--quiet", "--hosts", "local"), more);
  }

  private Coordinator run(List<String> args) throws Exception {
    return Coordinator.run(work, TOOL, args);
  }

  @Test
  void identicalArmsAreNotCalledDifferent() throws Exception {
    Target target = TestTargets.inProcess();
    Path dir = work.resolve("aa");
    Coordinator c = run(ab(target, Servers.newTable(), "--load", "--rounds", "4", "--warmup-rounds", "0",
        "--out", dir.toString()));

    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals("comparison.md", m.get("comparison").get("markdown").asText(), m::toPrettyString);
    assertTrue(Files.isRegularFile(dir.resolve("comparison.md")));
    JsonNode cmp = JSON.readTree(dir.resolve("comparison.json").toFile());
    assertEquals(4, cmp.get("a").size(), cmp::toPrettyString);
    assertEquals(4, cmp.get("b").size(), cmp::toPrettyString);
    JsonNode throughput = overallThroughput(cmp);
    assertNotEquals("TOO_FEW", throughput.get("verdict").asText(), "4 rounds are enough for a verdict");
    // the one verdict the comparison stands by: identical arms must not be called different, and no secondary
    // figure either (Holm-corrected)
    JsonNode headline = cmp.get("headline");
    assertEquals("overall throughput", headline.get("figure").asText(), headline::toPrettyString);
    assertNotEquals("DIFFERS", headline.get("kind").asText(), headline::toPrettyString);
    cmp.get("metrics").forEach(r -> assertNotEquals("DIFFERS", r.path("verdict").asText(), r::toPrettyString));
    for (String line : List.of("(the same command: an A/A experiment", "no warm-up round was run (--warmup-rounds 0)",
        "comparison: " + dir.resolve("comparison.md"), "### Comparison: A vs B")) {
      assertTrue(c.stdout().contains(line), line + "\n" + c.describe());
    }
  }

  @Test
  void anArmThrottledFarBelowTheOtherIsCalledWorseAndTheArmsAlternateAfterAnUncountedWarmUp() throws Exception {
    Target target = TestTargets.inProcess();
    Path dir = work.resolve("ab");
    // B runs at 50 ops/s (50 operations, 1 s): A, unthrottled, runs hundreds to thousands of ops/s even on a busy
    // machine, so every A run is above every B run and the verdict is a difference, B worse
    Coordinator c = run(ab(target, Servers.newTable(), "--load", "--rounds", "4", "--b-label", "slow",
        "--b-p", "target=50", "--b-p", "operationcount=50", "--primary", "OVERALL.throughput",
        "--out", dir.toString()));

    assertEquals(0, c.exitCode(), c::describe);
    JsonNode m = Coordinator.manifest(dir);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    JsonNode cmp = JSON.readTree(dir.resolve("comparison.json").toFile());
    JsonNode throughput = overallThroughput(cmp);
    assertEquals("DIFFERS", throughput.get("verdict").asText(), throughput::toPrettyString);
    assertTrue(throughput.get("changePercent").asDouble() < 0, "B is the worse: " + throughput.toPrettyString());
    // declared with --primary (B is throttled, which would make the main operation's p99 the default question)
    JsonNode headline = cmp.get("headline");
    assertEquals("DIFFERS", headline.get("kind").asText(), headline::toPrettyString);
    assertTrue(headline.get("statement").asText().contains("lower") && headline.get("statement").asText()
        .contains(": worse, beyond run-to-run noise"), headline::toPrettyString);
    assertTrue(c.stdout().contains("Headline (primary figure, judged at 5%): overall throughput: B's overall "
        + "throughput is "), c::describe);

    // the warm-up round ran first, one run of each arm in warmup/, and is none of the compared runs
    List<String> order = new ArrayList<>();
    long previousEnd = 0;
    for (JsonNode s : m.get("steps")) {
      String name = s.get("name").asText();
      if (name.equals("00-load")) {
        continue;
      }
      boolean warm = s.path("warmup").asBoolean(false);
      assertEquals(name.startsWith("warmup-"), warm, s::toPrettyString);
      assertEquals(warm ? "warmup/" + name : "steps/" + name, s.get("bundle").asText());
      JsonNode window = JSON.readTree(dir.resolve(s.get("bundle").asText()).resolve("merged/merged.json").toFile())
          .get("window");
      // one run at a time, in the manifest's order: each window starts after the one before it ended
      assertTrue(window.get("startEpochMs").asLong() >= previousEnd, name + " overlaps the run before it");
      previousEnd = window.get("endEpochMs").asLong();
      order.add((warm ? "w:" : "") + (s.get("x").asInt() == 1 ? "A" : "slow"));
    }
    assertEquals(List.of("w:A", "w:slow", "A", "slow", "slow", "A", "A", "slow", "slow", "A"), order,
        "a warm-up round, then ABBA");
    for (String side : List.of("a", "b")) {
      assertEquals(4, cmp.get(side).size(), cmp::toPrettyString);
      cmp.get(side).forEach(n -> assertTrue(n.asText().startsWith("steps/"), "compared: " + n.asText()));
    }
    assertTrue(c.stdout().contains("warm-up round: not counted (1 round in warmup/: warmup-1-A COMPLETE"),
        c::describe);
    assertTrue(c.stdout().contains("step warmup-1-slow: running (warm-up round 1, arm slow: not counted)"),
        c::describe);
    assertTrue(Files.readString(dir.resolve("report.html")).contains("comparison.md"));
  }

  @Test
  void badInputIsOneLineExitTwoWritesNothingAndShowsNoSecret() throws Exception {
    Target target = TestTargets.inProcess();
    String table = Servers.newTable();
    Path dir = work.resolve("refused");
    List<List<String>> bad = List.of(List.of("--a-p", "writeconcern"),
        List.of("--b-p", "mongodb.url=mongodb://alice:Zq9secret@127.0.0.1:1/ycsb", "--rounds", "0"),
        List.of("--b-pp", "x=1"),
        // nothing loaded and no --load: refused before any run
        List.of("--rounds", "2"));
    List<String> expected = List.of("--a-p writeconcern: expected NAME=VALUE", "--rounds 0: expected a whole number",
        "--b-pp", "is empty");
    for (int i = 0; i < bad.size(); i++) {
      List<String> a = ab(target, table, bad.get(i).toArray(String[]::new));
      a.addAll(List.of("--out", dir.toString()));
      Coordinator c = run(a);
      String err = Coordinator.assertRefusedInOneLine(c, "ycsb-experiment", expected.get(i));
      assertFalse((c.stdout() + err).contains("Zq9"), c::describe);
      assertFalse(Files.exists(dir), "nothing written: " + bad.get(i));
    }
    assertEquals(0, Servers.countDocuments(target, table));
  }

  /** comparison.json's row of the overall throughput. */
  private static JsonNode overallThroughput(JsonNode cmp) {
    return StreamSupport.stream(cmp.get("metrics").spliterator(), false)
        .filter(row -> row.get("operation").asText().equals("OVERALL")
            && row.get("metric").asText().startsWith("throughput"))
        .findFirst().orElseThrow(() -> new AssertionError("no overall throughput row: " + cmp.toPrettyString()));
  }
}
