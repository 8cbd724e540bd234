package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbpack.aggregate.experiment.ReproduciblePlan;
import dev.ycsbpack.cli.ToolCommandLine;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.experiment.ab.ChosenSteps;
import dev.ycsbpack.experiment.bundle.ExperimentBundle;
import dev.ycsbpack.experiment.reproduce.Original;
import dev.ycsbpack.experiment.reproduce.Replay;
import dev.ycsbpack.experiment.reproduce.ReproductionComparison;
import dev.ycsbpack.experiment.reproduce.Request;
import dev.ycsbpack.experiment.sweep.SweepRun;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An A/B experiment, a write-concern matrix and a repeat reproduced at unit level: the original's command planned as
 * its command plans it and run with chosen figures (no server), its {@code plan.json} as the launch records it, the
 * replay's command line ({@link Replay}) planned and run the same way. The replay's plan equals the original's field
 * by field, each run starts from the same properties with the same threads (an A/B experiment: each arm's), and the
 * comparison is written step by step.
 */
class ReproducedPlanTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String URL = "mongodb://127.0.0.1:1/ycsb";

  @TempDir
  Path dir;

  private Path workload() throws Exception {
    return Files.writeString(dir.resolve("workload"), "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=100\n"
        + "operationcount=1000\nreadproportion=1\nfieldcount=10\n");
  }

  @Test
  void anAbArmRunsWithWhatTheCommandsPropertiesGaveItNotWithItsOwnFilesOverriddenValues() throws Exception {
    // arm A's file sets fieldcount=1, which the command's -p replaced (A ran with 5); requestdistribution=zipfian
    // reached A from the command only, B's own -p replaced it
    Path a = Files.writeString(dir.resolve("a.properties"), "fieldcount=1\nfieldlength=7\n");
    Reproduced r = roundTrip("ab", "basic", "-p", "fieldcount=5", "-p", "requestdistribution=zipfian", "--a-label",
        "A", "--a-P", a.toString(), "--b-label", "B", "--b-p", "requestdistribution=uniform", "-threads", "2",
        "--rounds", "2", "--warmup-rounds", "0");

    assertEquals("5", r.before().get(0).properties().get("fieldcount"), "the command's -p over arm A's file");
    assertEquals("zipfian", r.runs().get(0).properties().get("requestdistribution"));
    assertEquals("7", r.runs().get(0).properties().get("fieldlength"));
    assertEquals("uniform", r.runs().get(1).properties().get("requestdistribution"));
    compared(r, List.of("arm A", "arm B"));
  }

  @Test
  void aWriteConcernMatrixReplaysEveryCellAndComparesThem() throws Exception {
    Reproduced r = roundTrip("wc-matrix", "mongodb", "--write-concerns", "w=1,w=majority+j=true", "--repeat", "1",
        "-threads", "2");
    assertEquals("majority", r.runs().get(1).properties().get("mongodb.w"));
    compared(r, List.of("w=1", "w=majority"));
  }

  @Test
  void aRepeatReplaysItsRunsAndWarmUpAndComparesThem() throws Exception {
    Reproduced r = roundTrip("repeat", "basic", "-p", "fieldcount=3", "--repeat", "2", "--warmup-rounds", "2",
        "-threads", "3", "-target", "300");
    assertEquals(300, r.runs().get(0).clients().stream().mapToLong(ClientPlan::target).sum());
    compared(r, List.of());
  }

  /** A reproduction: its folder, the original's and its runs' plans in order, the comparison. */
  private record Reproduced(Path out, List<RunPlan> before, List<RunPlan> runs,
      ReproductionComparison.Result comparison) {
  }

  /**
   * Runs {@code kind} of {@code binding} with {@code more} over the workload on the local host into a folder of its
   * own, reproduces it, and checks the reproduction's plan and runs are the original's.
   */
  private Reproduced roundTrip(String kind, String binding, String... more) throws Exception {
    Path original = dir.resolve(kind);
    List<String> args = new ArrayList<>(List.of(kind, binding, "-P", workload().toString(), "-p", "mongodb.url=" + URL,
        "--hosts", "local", "--out", original.toString()));
    args.addAll(List.of(more));
    List<RunPlan> before = run(args);
    Reproduced r = reproduce(original, before);
    samePlan(original, r.out());
    sameRuns(before, r.runs());
    return r;
  }

  /** Reproduces {@code original} as {@code reproduce} does, on the same URL and host: nothing is overridden. */
  private Reproduced reproduce(Path original, List<RunPlan> before) throws Exception {
    Original o = Original.open(original, original.toString(), false);
    Request request = new Request(Map.of("mongodb.url", URL), List.of(), null, null, null, null, List.of("local"),
        List.of());
    ReproduciblePlan plan = o.plan();
    int perHost = request.clientsPerHost(plan);
    Path out = dir.resolve("again");
    Replay replay = new Replay(plan, request.properties(plan), request.arms(plan), null, null, null, perHost,
        List.of("--hosts", "local"), out, true);
    List<RunPlan> runs = run(replay.arguments());
    ReproductionComparison.Result c = ReproductionComparison.write(o, out, ReproduciblePlan.read(out).orElseThrow(),
        request.listed(plan, perHost));
    return new Reproduced(out, before, runs, c);
  }

  /**
   * Plans {@code args} as the experiment tool does and runs the steps with chosen figures (a cell's probe write left
   * out: no server answers it); the runs' plans, in order.
   */
  private List<RunPlan> run(List<String> args) throws Exception {
    Object command = ToolCommandLine.create(new ExperimentMain()).parseArgs(args.toArray(String[]::new)).subcommand()
        .commandSpec().userObject();
    ExperimentLaunch.Launch l = ((ExperimentCommand) command).prepare(new LinkedHashMap<>());
    Map<String, Double> chosen = new LinkedHashMap<>();
    List<SweepRun.Planned> steps = new ArrayList<>();
    for (SweepRun.Planned s : l.study().steps()) {
      chosen.put(s.plan().out().getFileName().toString(), s.x() == 2 ? 900.0 : 1000.0);
      steps.add(new SweepRun.Planned(s.name(), s.x(), s.plan(), s.load(), s.last(), null, s.maximum(), s.share(),
          s.warmup()));
    }
    Files.createDirectories(l.site().dir());
    int status = new SweepRun(new ExperimentBundle(l.site().dir(), ExperimentLaunch.recordedPlan(l)),
        l.study().plan(), steps, l.study().slos(), new ChosenSteps(chosen, null), Map.of(),
        new PrintStream(OutputStream.nullOutputStream())).run(null);
    assertEquals(0, status, "the run with chosen figures completes");
    return steps.stream().map(SweepRun.Planned::plan).toList();
  }

  /** Every field of the two plans is equal, but the -P files' names (their contents are in the properties). */
  private static void samePlan(Path original, Path reproduction) throws Exception {
    JsonNode a = withoutFileNames(JSON.readTree(original.resolve(ReproduciblePlan.FILE).toFile()));
    JsonNode b = withoutFileNames(JSON.readTree(reproduction.resolve(ReproduciblePlan.FILE).toFile()));
    for (Iterator<String> it = a.fieldNames(); it.hasNext();) {
      String f = it.next();
      assertEquals(a.get(f), b.get(f), () -> "plan field " + f);
    }
    for (Iterator<String> it = a.get("experiment").fieldNames(); it.hasNext();) {
      String f = it.next();
      assertEquals(a.get("experiment").get(f), b.get("experiment").get(f), () -> "experiment field " + f);
    }
    assertEquals(a, b);
  }

  private static JsonNode withoutFileNames(JsonNode plan) {
    ((ObjectNode) plan).remove("workloadFiles");
    ObjectNode e = (ObjectNode) plan.get("experiment");
    e.remove("workloadFiles");
    if (e.has("arms")) {
      e.get("arms").forEach(arm -> ((ObjectNode) arm).remove("workloadFiles"));
    }
    return plan;
  }

  /** Run by run: the same properties, threads and target, in the same order of arms or cells. */
  private static void sameRuns(List<RunPlan> before, List<RunPlan> again) {
    assertEquals(before.size(), again.size());
    for (int i = 0; i < before.size(); i++) {
      RunPlan a = before.get(i);
      RunPlan b = again.get(i);
      assertEquals(a.properties(), b.properties(), "run " + (i + 1) + "'s properties");
      assertEquals(a.clients().stream().map(c -> c.threads() + "/" + c.target()).toList(),
          b.clients().stream().map(c -> c.threads() + "/" + c.target()).toList(), "run " + (i + 1) + "'s clients");
      assertEquals(a.out().getFileName(), b.out().getFileName(), "run " + (i + 1) + "'s folder");
    }
  }

  /** The comparison is written, the figures compared step by step (each of {@code labels} among them). */
  private static void compared(Reproduced r, List<String> labels) throws Exception {
    assertNull(r.comparison().notCompared(), r.comparison().markdown());
    String md = Files.readString(r.out().resolve(ReproductionComparison.MARKDOWN));
    assertEquals(r.comparison().markdown(), md);
    assertTrue(md.contains("## Figures"), md);
    assertTrue(!r.comparison().headlines().isEmpty(), md);
    for (String label : labels) {
      assertTrue(r.comparison().headlines().stream().anyMatch(h -> h.startsWith(label)),
          label + ": " + r.comparison().headlines());
    }
    JsonNode json = JSON.readTree(r.out().resolve(ReproductionComparison.JSON).toFile());
    assertEquals(r.comparison().headlines().size(), json.get("figures").get("steps").size(), json::toPrettyString);
  }
}
