package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden outputs: the numbers and sentences the pack prints are unchanged on the same runs. Fixed inputs (client
 * folders, coordinator bundles and experiment folders recorded once by the distribution against
 * {@code bin/embedded-mongo}, in {@code src/test/golden/input}) go through the distribution's own {@code bin/} tools
 * as a user runs them, and every output (exit status, stdout, stderr and every file the tool writes) must equal, byte
 * for byte, the golden copy in {@code src/test/golden/expected/CASE/} (named as the output, then {@code .golden}),
 * captured from the code before issue 39's structural step. {@code src/test/golden/README.md} says how the inputs
 * were recorded.
 *
 * <p>Each case runs in a fresh copy of the inputs, with relative paths ({@code run/clients}), so most outputs hold no
 * path that varies. Only what may vary is normalised, in every output alike:
 * <ul>
 *   <li>the case's absolute working folder (a temporary folder) becomes {@code @WORK@};</li>
 *   <li>the running pack's version and build ({@code 0.1.0-SNAPSHOT (build 1bf99c4dbfae)}, as {@code --version}
 *       prints it) would become {@code @PACK@} (no output of these cases names it today); the inputs' own recorded
 *       version reads {@code (build golden-fixture)}, so it is never mistaken for the running one.</li>
 * </ul>
 * Nothing else is: no output of these cases holds the current time (every time shown is the inputs').
 *
 * <p>A change that means to alter an output rewrites the golden copies with {@code -Dgolden.update=true} (e.g.
 * {@code ./mvnw -B -ntp -pl distribution -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * -Dit.test=GoldenOutputIT -Dgolden.update=true}) and shows the difference in its commit.
 */
class GoldenOutputIT {
  private static final Path GOLDEN = Path.of(System.getProperty("repo.root", "."), "distribution/src/test/golden");
  private static final boolean UPDATE = Boolean.getBoolean("golden.update");
  /**
   * Every golden copy's name ends in this, after the output's own name: the copies are data, and a tool that looks
   * for repeated code ({@code duplicates}) must not read ten copies of the report template as ten copies of code.
   */
  private static final String SUFFIX = ".golden";

  @TempDir
  static Path work;
  private static String pack;

  /** One invocation of a bin/ tool in a copy of the fixed inputs; its outputs go under {@code out/}. */
  record Case(String name, String tool, List<String> args) {
    static Case of(String name, String tool, String... args) {
      return new Case(name, tool, List.of(args));
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    String a = "repeat-a/steps/";
    String b = "repeat-b/steps/";
    String agg = "ycsb-aggregate";
    // the sweep's own command, as recorded in its manifest: its resume is refused for the plan's state alone
    List<String> sweep = List.of("sweep", "mongodb", "-P", "workloads/workloada", "-p", "recordcount=500", "-p",
        "operationcount=2000", "-p", "mongodb.url=mongodb://127.0.0.1:36323/ycsb", "-threads", "2,4,8",
        "--slo", "READ.p99<=50ms", "--hosts", "local,local", "--resume", "sweep");
    return Stream.of(
        Case.of("merge-run", agg, "merge", "run/clients", "-o", "out/merged"),
        Case.of("merge-run-cut", agg, "merge", "run/clients", "-o", "out/merged", "--warmup", "1",
            "--cooldown", "1", "--bucket", "2", "--percentiles", "50,90,99.9", "--format", "txt,json,csv,md"),
        Case.of("merge-load-union", agg, "merge", "load/clients", "-o", "out/merged", "--window", "union",
            "--host", "01-local1=loadgen-a"),
        Case.of("merge-step-json", agg, "merge", "sweep/steps/03-threads-8/clients", "-o", "out/merged",
            "--format", "json,md", "--percentiles", "99,99.99"),
        Case.of("merge-refused-bundle", agg, "merge", "run", "-o", "out/merged"),
        // clients whose verdicts are FAILED: refused whole, refused as partial, merged as INCOMPLETE when asked
        Case.of("merge-refused-all-failed", agg, "merge", "run-notfound/clients", "-o", "out/merged"),
        Case.of("merge-refused-config-differs", agg, "merge", "run/clients/01-local1",
            "run-notfound/clients/02-local2", "-o", "out/merged"),
        Case.of("merge-refused-partial", agg, "merge", "run/clients/01-local1", "run-notfound/clients/02-local2",
            "-o", "out/merged", "--force"),
        Case.of("merge-accepted-partial", agg, "merge", "run/clients/01-local1", "run-notfound/clients/02-local2",
            "-o", "out/merged", "--force", "--accept-partial", "--format", "txt,json,md"),
        Case.of("merge-refused-same-name", agg, "merge", "sweep/steps/01-threads-2/clients",
            "sweep/steps/03-threads-8/clients/02-local2", "-o", "out/merged"),
        Case.of("compare-two-md", agg, "compare", a + "01-run-r1/merged", b + "01-run-r1/merged",
            "-o", "out/compare.md"),
        Case.of("compare-two-json", agg, "compare", a + "01-run-r1/merged", b + "02-run-r2/merged",
            "-o", "out/compare.json"),
        Case.of("compare-refused-no-shared-op", agg, "compare", "run/merged", "load/merged"),
        Case.of("compare-sets", agg, "compare", "--a", "repeat-a", "--b", "repeat-b", "-o", "out/compare.md"),
        Case.of("compare-sets-primary", agg, "compare", "--primary", "READ.p99",
            "--a", a + "01-run-r1/merged", a + "02-run-r2/merged", a + "03-run-r3/merged",
            "--b", b + "01-run-r1/merged", b + "02-run-r2/merged", b + "03-run-r3/merged", "-o", "out/compare.csv"),
        Case.of("compare-sweeps", agg, "compare", "--a", "sweep", "--b", "sweep", "-o", "out/compare.md"),
        Case.of("publish", agg, "publish", "--out", "out/site", "run", "load", "sweep", "repeat-a"),
        Case.of("publish-failed-bundle", agg, "publish", "--out", "out/site", "run-notfound"),
        new Case("experiment-resume-complete", "ycsb-experiment", sweep),
        new Case("experiment-resume-differs", "ycsb-experiment",
            List.of("sweep", "mongodb", "-P", "workloads/workloada", "--hosts", "local,local", "--resume", "sweep")),
        Case.of("coordinator-recover-complete", "ycsb-coordinator", "recover", "run"));
  }

  @BeforeAll
  static void packVersion() {
    YcsbRun v = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(), "--version");
    assertEquals(0, v.exitCode, v::describe);
    // "ycsb-aggregate 0.1.0-SNAPSHOT (build 1bf99c4dbfae)": the pack as every output names it
    String line = v.stdout.strip();
    pack = line.substring(line.indexOf(' ') + 1);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void outputsAreTheGoldenOnes(Case c) throws IOException {
    Path dir = work.resolve(c.name());
    copyTree(GOLDEN.resolve("input"), dir);
    Files.createDirectories(dir.resolve("out"));
    YcsbRun run = YcsbRun.exec(dir, YcsbRun.home().resolve("bin").resolve(c.tool()).toString(),
        c.args().toArray(String[]::new));
    Map<String, String> actual = new TreeMap<>();
    actual.put("exit.txt", run.exitCode + "\n");
    actual.put("stdout.txt", run.stdout);
    actual.put("stderr.txt", run.stderr);
    for (Path f : files(dir.resolve("out"))) {
      actual.put("out/" + dir.resolve("out").relativize(f), Files.readString(f, StandardCharsets.UTF_8));
    }
    actual.replaceAll((name, text) -> normalised(text, dir));
    Path expectedDir = GOLDEN.resolve("expected").resolve(c.name());
    if (UPDATE) {
      write(expectedDir, actual);
      return;
    }
    Map<String, String> expected = new TreeMap<>();
    for (Path f : files(expectedDir)) {
      String name = expectedDir.relativize(f).toString();
      expected.put(name.substring(0, name.length() - SUFFIX.length()), Files.readString(f, StandardCharsets.UTF_8));
    }
    assertEquals(expected.keySet(), actual.keySet(), c + ": the outputs written\n" + run.describe());
    for (String name : expected.keySet()) {
      assertEquals(expected.get(name), actual.get(name),
          c + ": " + name + " differs from its golden copy, first at " + firstDifference(expected.get(name),
              actual.get(name)));
    }
  }

  /** Where two texts first differ, as "line N: golden ... / now ...", to read before the whole texts. */
  private static String firstDifference(String golden, String now) {
    String[] g = golden.split("\n", -1);
    String[] n = now.split("\n", -1);
    for (int i = 0; i < Math.min(g.length, n.length); i++) {
      if (!g[i].equals(n[i])) {
        return "line " + (i + 1) + ":\n  golden " + g[i] + "\n  now    " + n[i] + "\n";
      }
    }
    return "line " + (Math.min(g.length, n.length) + 1) + " (one text ends there)\n";
  }

  /** The outputs with what varies from run to run replaced, as the class comment lists. */
  private static String normalised(String text, Path dir) {
    String s = text;
    for (Path p : List.of(dir.toAbsolutePath(), realPath(dir))) {
      s = s.replace(p.toString(), "@WORK@");
    }
    return s.replace(pack, "@PACK@");
  }

  private static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Path> files(Path root) throws IOException {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(root)) {
      return new ArrayList<>(s.filter(Files::isRegularFile).sorted().toList());
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    for (Path f : files(from)) {
      Path target = to.resolve(from.relativize(f).toString());
      Files.createDirectories(target.getParent());
      Files.copy(f, target);
    }
  }

  private static void write(Path dir, Map<String, String> outputs) throws IOException {
    for (Path old : files(dir)) {
      Files.delete(old);
    }
    for (Map.Entry<String, String> e : outputs.entrySet()) {
      Path target = dir.resolve(e.getKey() + SUFFIX);
      Files.createDirectories(target.getParent());
      Files.writeString(target, e.getValue(), StandardCharsets.UTF_8);
    }
  }
}
