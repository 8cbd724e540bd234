package dev.ycsbpack.experiment.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.cli.ToolCommandLine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Bad input to {@code ab}: one line naming the option and the value, exit 2, nothing written, no secret shown. */
class AbCommandTest {
  @TempDir
  Path work;

  private String err;

  private int run(String... more) {
    List<String> args = new ArrayList<>(List.of("ab", "basic", "-p", "mongodb.url=mongodb://alice:Zq9simple@db1/ycsb",
        "--hosts", "local", "--out", work.resolve("out").toString()));
    args.addAll(List.of(more));
    CommandLine cl = ToolCommandLine.create(new ExperimentMain());
    StringWriter out = new StringWriter();
    StringWriter e = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(e, true));
    PrintStream stdErr = System.err;
    ByteArrayOutputStream own = new ByteArrayOutputStream();
    System.setErr(new PrintStream(own, true, StandardCharsets.UTF_8)); // the command's own refusals go there
    int rc;
    try {
      rc = cl.execute(args.toArray(String[]::new));
    } finally {
      System.setErr(stdErr);
    }
    err = e + own.toString(StandardCharsets.UTF_8);
    assertFalse((out + err).contains("Zq9"), out + err);
    assertEquals(1, err.lines().count(), err);
    assertFalse(Files.exists(work.resolve("out")), "nothing written");
    return rc;
  }

  @Test
  void eachRefusalIsOneLineNamingTheOptionAndTheValue() {
    List<List<String>> bad = List.of(List.of("--a-p", "x"), List.of("--b-p", "=Zq9secret"),
        List.of("--a-label", "same", "--b-label", "same"), List.of("--a-label", "a b"), List.of("--rounds", "0"),
        List.of("--rounds", "many"), List.of("--warmup-rounds", "6"), List.of("--c-p", "x=1"));
    List<String> expected = List.of("ycsb-experiment: error: --a-p x: expected NAME=VALUE",
        "ycsb-experiment: error: --b-p =...: expected NAME=VALUE",
        "ycsb-experiment: error: --b-label same: the same name as arm A's; give the arms two names",
        "ycsb-experiment: error: --a-label a b: expected a name of letters, digits",
        "ycsb-experiment: error: --rounds 0: expected a whole number from 1 to 20 (a verdict needs at least 4)",
        "ycsb-experiment: error: --rounds many: expected a whole number from 1 to 20",
        "ycsb-experiment: error: --warmup-rounds 6: expected a whole number from 0 to 5", "--c-p");
    for (int i = 0; i < bad.size(); i++) {
      assertEquals(2, run(bad.get(i).toArray(String[]::new)), err);
      assertTrue(err.startsWith(expected.get(i)) || (i == bad.size() - 1 && err.contains(expected.get(i))),
          expected.get(i) + "\n" + err);
    }
  }

  @Test
  void freshWithoutLoadIsRefusedAsForEveryExperiment() throws Exception {
    Path workload = Files.writeString(work.resolve("workload"),
        "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=10\noperationcount=10\n");
    assertEquals(2, run("-P", workload.toString(), "--fresh"));
    assertTrue(err.startsWith("ycsb-experiment: error: --fresh: it drops the collection before the experiment's own "
        + "load; give --load too"), err);
  }

  @Test
  void loadIsRefusedWhenTheArmsReadDifferentCollections() {
    assertEquals(2, run("--load", "--b-p", "mongodb.url=mongodb://bob:Zq9other@db2/ycsb"));
    assertTrue(err.startsWith("ycsb-experiment: error: --load: the arms read different collections (their "
        + "mongodb.url differs)"), err);
  }
}
