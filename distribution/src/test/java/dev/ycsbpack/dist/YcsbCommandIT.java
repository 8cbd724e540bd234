package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static dev.ycsbpack.dist.Servers.pointAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code bin/ycsb} from the assembled distribution, as a user runs it, against every available server. */
class YcsbCommandIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  static Stream<Named<Target>> targets() {
    return TestTargets.allNamed();
  }

  private static Path workload(String name) {
    return YcsbRun.home().resolve("workloads").resolve(name);
  }

  private static String upstream(String name) {
    return Path.of(System.getProperty("repo.root"), "distribution/src/test/resources/upstream-0.17.0", name)
        .toString();
  }

  @ParameterizedTest(name = "[{0}]")
  @MethodSource("targets")
  void batchedLoadThenRunLeavesEveryRecordAndCountsEveryOperation(Target target) {
    String table = Servers.newTable();
    String[] common = concat(pointAt(target, table), "-P", workload("read95-update5").toString(),
        "-p", "recordcount=1000", "-p", "operationcount=400", "-threads", "3");
    try {
      YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", common, "-p", "mongodb.batchsize=64"))
          .assertSucceeded().assertNoFailedOperations();
      assertEquals(1000, load.operations("INSERT"), load::describe);
      assertTrue(load.operations(MongoBatch.NAME) >= 1000 / 64, load::describe);
      assertEquals(1000, Servers.countDocuments(target, table), "every record, the partial batches included");
      assertEquals(1000, load.count("INSERT-DOCUMENTS", "Acknowledged"), load::describe);
      assertEquals(0, load.count("INSERT-DOCUMENTS", "NotAcknowledged"), load::describe);

      YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", common))
          .assertSucceeded().assertNoFailedOperations();
      assertEquals(400, run.operations("READ") + run.operations("UPDATE"), run::describe);
      assertEquals(run.operations("READ"), run.count("READ", "Return=OK"), "every read found its record");
      assertTrue(run.stderr.contains("writeConcern="), "the effective settings are printed: " + run.stderr);
    } finally {
      Servers.drop(target, table);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void aBatchedLoadWhoseBatchPartlyFailsReportsTheAcknowledgedDocumentsAndFails(Target target) throws IOException {
    String table = Servers.newTable();
    String[] common = concat(pointAt(target, table), "-P", workload("read95-update5").toString(),
        "-p", "recordcount=100", "-threads", "1");
    try {
      // keys 25..34 are stored already: the third batch of 10 (keys 20..29) stores 20..24 and fails on 25..29
      YcsbRun.run(work, concat("load", "mongodb", common, "-p", "insertstart=25", "-p", "insertcount=10"))
          .assertSucceeded();
      Path out = work.resolve("batched");
      YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", common, "-p", "mongodb.batchsize=10",
          "--out", out.toString()));
      assertEquals(1, load.exitCode, load::describe);
      long acknowledged = load.count("INSERT-DOCUMENTS", "Acknowledged");
      assertEquals(25, acknowledged, load::describe);
      assertEquals(29, load.count("INSERT-DOCUMENTS", "Counted"), "keys 0..28 returned BATCHED_OK or OK");
      // 25..28 were counted as done and refused; 29, the insert that sent the batch, got its own DUPLICATE_KEY
      assertEquals(4, load.count("INSERT-DOCUMENTS", "NotAcknowledged"), load::describe);
      assertEquals(acknowledged + 10, Servers.countDocuments(target, table), "stored = acknowledged + the 10 before");
      assertTrue(load.stderr.contains("bin/ycsb: FAILED: only 25 of 29 buffered inserts were acknowledged by the "
          + "server"), load::describe);
      java.util.Map<String, String> verdict = dev.ycsbpack.common.PropertiesFiles
          .read(out.resolve("verdict.properties"));
      assertEquals("FAILED", verdict.get("status"));
      assertEquals("25", verdict.get("operations.completed"), verdict::toString);
      assertTrue(verdict.get("reason").startsWith("only 25 of 29 buffered inserts"), verdict::toString);
      String json = Files.readString(out.resolve("output.json"), StandardCharsets.UTF_8);
      assertTrue(json.contains("{\"metric\":\"INSERT-DOCUMENTS\",\"measurement\":\"Acknowledged\",\"value\":25}"),
          json);
    } finally {
      Servers.drop(target, table);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf"})
  void upstreamWorkloadsRunUnchanged(String name) {
    String[] args = concat(fresh.pointAt(), "-P", upstream(name), "-threads", "2");
    YcsbRun.run(work, concat("load", "mongodb", args)).assertSucceeded()
        .assertNoFailedOperations();
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", args)).assertSucceeded()
        .assertNoFailedOperations();
    long done = Stream.of("READ", "UPDATE", "SCAN", "INSERT", "READ-MODIFY-WRITE")
        .mapToLong(run::operations).sum() - (name.equals("workloadf") ? 2 * run.operations("READ-MODIFY-WRITE") : 0);
    assertEquals(1000, done, run::describe);
  }

  @Test
  void hdrHistogramFileOutputWorksOnThisJavaAndMatchesTheSummary() throws IOException {
    String[] args = concat(fresh.pointAt(), "-P", workload("read95-update5").toString(),
        "-p", "recordcount=300", "-p", "operationcount=300");
    YcsbRun.run(work, concat("load", "mongodb", args)).assertSucceeded();
    Path hdr = work.resolve("hdr");
    Files.createDirectories(hdr);
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", args, "-s",
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + hdr + "/")).assertSucceeded();
    Histogram total = new Histogram(3);
    try (HistogramLogReader reader = new HistogramLogReader(hdr.resolve("READ.hdr").toFile())) {
      while (reader.hasNext()) {
        total.add((Histogram) reader.nextIntervalHistogram());
      }
    }
    assertEquals(run.operations("READ"), total.getTotalCount(), run::describe);
  }

  @Test
  void jsonExportFileIsValidatedToo() throws IOException {
    Path export = work.resolve("load.json");
    YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", fresh.pointAt(),
        "-P", workload("read95-update5").toString(), "-p", "recordcount=200",
        "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter",
        "-p", "exportfile=" + export));
    assertEquals(0, load.exitCode, load::describe);
    assertTrue(Files.readString(export).contains("\"OVERALL\""));
    assertFalse(load.stdout.contains("[OVERALL]"), "measurements went to the export file");
  }

  @Test
  void aLoadThatStopsAtAFailedInsertExitsNonZero() {
    String[] args = concat("load", "mongodb", fresh.pointAt(),
        "-P", workload("read95-update5").toString(), "-p", "recordcount=100", "-p", "insertorder=ordered");
    YcsbRun.run(work, concat(args, "-p", "insertstart=50", "-p", "insertcount=50")).assertSucceeded();
    // Keys 0-49 are new, key 50 exists: YCSB stops the thread at that failed insert, yet exits 0 on its own.
    YcsbRun again = YcsbRun.run(work, args);
    assertEquals(1, again.exitCode, again::describe);
    assertTrue(again.stderr.contains("bin/ycsb: FAILED: only 50 of 100 operations completed"), again::describe);
    assertTrue(again.stdout.contains("Return=DUPLICATE_KEY"), again::describe);
  }

  @Test
  void badCommandLinesExitWithStatus2AndNameTheProblem() {
    Target target = TestTargets.inProcess();
    String wl = workload("read95-update5").toString();
    String url = "mongodb.url=" + target.connectionString();
    assertUsage(List.of("run", "mongo", "-P", wl), "unknown binding 'mongo'; available: mongodb");
    assertUsage(List.of("walk", "mongodb", "-P", wl), "unknown command 'walk'");
    assertUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-thread", "4"), "unknown option '-thread'");
    assertUsage(List.of("run", "mongodb", "-P", "no/such/file"), "-P no/such/file: no such file");
    assertUsage(List.of("run", "mongodb", "-P", wl, "-threads", "many"), "-threads many");
    assertUsage(List.of("run", "mongodb", "-p", url), "no workload given");
    assertUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "mongodb.w=abc"), "invalid mongodb.w=abc");
    assertUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "mongodb.w=0", "-p", "mongodb.j=true"),
        "w=0 cannot be combined with j=true");
    assertUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "mongodb.batchSize=10"),
        "did you mean mongodb.batchsize?");
    assertUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "operationcount=0"), "operationcount is 0");
  }

  @Test
  void badPropertyValuesAreRefusedBeforeAnythingRunsWithOneLine() throws IOException {
    Target target = TestTargets.inProcess();
    String wl = workload("workloada").toString();
    String url = "mongodb.url=" + target.connectionString();
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "fieldcount=0"),
        "bin/ycsb: error: invalid fieldcount=0: expected a whole number from 1 to 2147483647");
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "requestdistribution=Zipfian"),
        "invalid requestdistribution=Zipfian: expected one of uniform, exponential, sequential, zipfian, latest,"
            + " hotspot");
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-s", "-p", "status.interval=0"),
        "invalid status.interval=0");
    assertOneLineUsage(List.of("load", "mongodb", "-P", wl, "-p", url, "-p", "insertstart=500", "-p",
        "insertcount=600"), "insertstart=500 + insertcount=600 = 1100 is more than recordcount=1000");
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=no/such/folder/host1-"), "folder no/such/folder does not exist");
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", "readallfields=yes\n[OVERALL]"),
        "invalid readallfields=yes\\n[OVERALL]: expected true or false");
    Files.createDirectories(work.resolve("wl"));
    assertOneLineUsage(List.of("run", "mongodb", "-P", "wl"), "-P wl: is a directory");
    assertOneLineUsage(
        List.of("run", "mongodb", "-P", wl, "-p", "mongodb.url=mongodb://u:s3cret@127.0.0.1:1/?tls=maybe"),
        "invalid mongodb.url option tls=maybe: use true or false");
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url + "/?w=1&wtimout=5000"),
        "unknown option wtimout (did you mean wtimeoutMS?)");
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url + "/?maxPoolSize=-1"),
        "invalid mongodb.url option maxPoolSize=-1");
    assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-jvm-args", "Xmx2g"),
        "bin/ycsb: error: -jvm-args 'Xmx2g': every JVM argument starts with '-' (e.g. -jvm-args '-Xmx2g')");
  }

  private void assertOneLineUsage(List<String> args, String expected) {
    YcsbRun r = YcsbRun.run(work, args.toArray(new String[0]));
    assertEquals(2, r.exitCode, r::describe);
    assertEquals(1, r.stderr.lines().count(), () -> "one line\n" + r.describe());
    assertTrue(r.stderr.contains(expected), () -> "expected '" + expected + "'\n" + r.describe());
    assertFalse(r.stderr.contains("s3cret"), r::describe);
    assertEquals("", r.stdout, r::describe);
  }

  @Test
  void aRunOnANeverLoadedCollectionStopsNamingItAndTheLoadUnlessAllowed() {
    String[] args = concat(fresh.pointAt(), "-P", workload("workloada").toString(), "-threads", "2");
    YcsbRun refused = YcsbRun.run(work, concat("run", "mongodb", args));
    assertEquals(1, refused.exitCode, refused::describe);
    assertTrue(refused.stderr.contains(Servers.DATABASE + "." + fresh.table() + " is empty (never loaded)"),
        refused::describe);
    assertTrue(refused.stderr.contains("bin/ycsb load mongodb -P <the same workload files>"), refused::describe);
    assertFalse(refused.stdout.contains("[OVERALL]"), refused::describe);

    // allowed, every read finds nothing: the not-found budget fails it unless that is allowed too
    YcsbRun notFound = YcsbRun.run(work, concat("run", "mongodb", args, "-p", "mongodb.allowEmpty=true"));
    assertEquals(1, notFound.exitCode, notFound::describe);
    assertTrue(notFound.stderr.contains(" operations returned NOT_FOUND (100.00%)"), notFound::describe);
    YcsbRun allowed = YcsbRun.run(work, concat("run", "mongodb", args, "-p", "mongodb.allowEmpty=true",
        "-p", "ycsbpack.maxnotfoundrate=100")).assertSucceeded();
    // what the refusal prevents: a complete-looking report in which every read found nothing
    assertEquals(0, allowed.count("READ", "Return=OK"), allowed::describe);
    assertEquals(allowed.operations("READ-FAILED"), allowed.count("READ", "Return=NOT_FOUND"), allowed::describe);
    assertTrue(allowed.operations("READ-FAILED") > 0, allowed::describe);

    YcsbRun.run(work, concat("load", "mongodb", args)).assertSucceeded().assertNoFailedOperations();
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", args)).assertSucceeded()
        .assertNoFailedOperations();
    assertEquals(1000, run.operations("READ") + run.operations("UPDATE"), run::describe);
    assertEquals(run.operations("READ"), run.count("READ", "Return=OK"), run::describe);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"--help", "-h", "help"})
  void helpPrintsTheUsageWithTheBindingOptionsAndExitsZero(String flag) {
    YcsbRun r = YcsbRun.run(work, flag);
    assertEquals(0, r.exitCode, r::describe);
    for (String needed : List.of("usage: bin/ycsb load|run BINDING", "mongodb.url", "mongodb.w=majority",
        "hdrhistogram.fileoutput=true", "bin/ycsb-aggregate", "bin/ycsb-coordinator", "mongodb.allowEmpty")) {
      assertTrue(r.stdout.contains(needed), () -> needed + "\n" + r.describe());
    }
    assertEquals("", r.stderr, r::describe);
    assertTrue(Files.isRegularFile(YcsbRun.home().resolve("docs/refusals.md")), "the help names docs/refusals.md");
  }

  @Test
  void valuesSpelledLikeTheScriptsOwnFlagsAreLeftAlone() {
    String wl = workload("workloada").toString();
    YcsbRun labelled = YcsbRun.run(work, "load", "basic", "-P", wl, "-p", "basicdb.verbose=false",
        "-l", "-cp", "-s", "-p", "label2=-jvm-args", "-p", "ycsbpack.allow=label2");
    assertEquals(0, labelled.exitCode, labelled::describe);
    assertTrue(labelled.stderr.lines().anyMatch(l -> l.startsWith("-cp") && l.contains("operations")),
        () -> "status lines carry the label -cp\n" + labelled.describe());
    YcsbRun dashP = YcsbRun.run(work, "load", "basic", "-P", wl, "-p", "basicdb.verbose=false", "-p", "label=-cp");
    assertEquals(0, dashP.exitCode, dashP::describe);
    YcsbRun jvm = YcsbRun.run(work, "load", "basic", "-P", wl, "-p", "basicdb.verbose=false",
        "-jvm-args", "-Xmx256m -Dycsbpack.test=1");
    assertEquals(0, jvm.exitCode, jvm::describe);
  }

  /**
   * A secret given to a single run's JVM ({@code -jvm-args}: a secret-named {@code -D}, a URL with user info) reaches
   * neither its output nor any file of its folder (environment.properties' {@code jvm.arguments}), whatever
   * characters it holds ({@code -jvm-args} splits on blanks, so it holds none).
   */
  @Test
  void aSecretInTheJvmArgumentsReachesNoOutputAndNoFileOfTheRun() throws IOException {
    String wl = workload("workloada").toString();
    for (String password : dev.ycsbpack.common.AwkwardStrings.passwords(23, 12)) {
      // its two ends are marked ('_' is in no base64 text of the HDR logs), so a piece cut at any separator shows
      String secret = "Zq_" + password.replaceAll("\\s", "") + "_qZ";
      Path out = work.resolve("jvm-secret-" + Math.abs(secret.hashCode()));
      YcsbRun r = YcsbRun.run(work, "load", "basic", "-P", wl, "-p", "basicdb.verbose=false", "-p", "recordcount=10",
          "-jvm-args", "-Xmx128m -Djavax.net.ssl.trustStorePassword=" + secret + " -Dapp.url=mongodb://u:" + secret
              + "@db1/ycsb",
          "--out", out.toString());
      assertEquals(0, r.exitCode, r::describe);
      String printed = r.stdout + r.stderr;
      assertFalse(printed.contains("Zq_") || printed.contains("_qZ"), r::describe);
      String jvm = dev.ycsbpack.common.PropertiesFiles.read(out.resolve("environment.properties"))
          .get(dev.ycsbpack.common.EnvironmentFacts.JVM_ARGUMENTS);
      assertTrue(jvm.contains("-Xmx128m -Djavax.net.ssl.trustStorePassword=***** -Dapp.url=*****"), jvm);
      try (Stream<Path> files = Files.walk(out)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          String text = Files.readString(f, StandardCharsets.ISO_8859_1);
          assertFalse(text.contains("Zq_") || text.contains("_qZ"), "a piece of the secret in " + f + ":\n" + text);
        }
      }
    }
  }

  /**
   * bin/ycsb starts its JVM with smaller C2 inlining budgets (issue 42: about half the JIT's CPU), recorded where the
   * run's JVM options are; an inlining option the user names, in {@code -jvm-args} or {@code JAVA_TOOL_OPTIONS}
   * (which the JVM reads before the command line), leaves all three to the user.
   */
  @Test
  void smallerInliningIsTheDefaultAndAnInliningOptionTheUserNamesReplacesIt() throws IOException {
    assertEquals("-XX:MaxInlineLevel=6 -XX:InlineSmallCode=1000 -XX:FreqInlineSize=100",
        inliningOfALoad("default", Map.of()));
    assertEquals("-XX:MaxInlineLevel=15", inliningOfALoad("own", Map.of(), "-jvm-args", "-XX:MaxInlineLevel=15"));
    assertEquals("-XX:FreqInlineSize=325",
        inliningOfALoad("env", Map.of("JAVA_TOOL_OPTIONS", "-XX:FreqInlineSize=325")));
  }

  /**
   * Loads 10 records with {@code basic} into a folder named {@code name} and returns the inlining options its JVM saw
   * (environment.properties' {@code jvm.arguments}), space-separated.
   */
  private String inliningOfALoad(String name, Map<String, String> environment, String... more) throws IOException {
    Path out = work.resolve("inline-" + name);
    List<String> args = new ArrayList<>(List.of("load", "basic", "-P", workload("workloada").toString(), "-p",
        "basicdb.verbose=false", "-p", "recordcount=10", "--out", out.toString()));
    args.addAll(List.of(more));
    YcsbRun r = YcsbRun.runWith(work, environment, args.toArray(String[]::new));
    assertEquals(0, r.exitCode, r::describe);
    String jvm = dev.ycsbpack.common.PropertiesFiles.read(out.resolve("environment.properties"))
        .get(dev.ycsbpack.common.EnvironmentFacts.JVM_ARGUMENTS);
    return String.join(" ",
        Stream.of(jvm.split(" ")).filter(a -> a.matches("-XX:(MaxInlineLevel|InlineSmallCode|FreqInlineSize)=\\d+"))
            .toList());
  }

  @Test
  void theEqualsFormOfJvmArgsThatUpstreamsLauncherTakesWorksToo() {
    String wl = workload("workloada").toString();
    YcsbRun jvm = YcsbRun.run(work, "load", "basic", "-P", wl, "-p", "basicdb.verbose=false", "-p", "recordcount=10",
        "-jvm-args=-Xmx256m -Dycsbpack.test=1", "-cp=" + work);
    assertEquals(0, jvm.exitCode, jvm::describe);
    assertOneLineUsage(List.of("load", "basic", "-P", wl, "-jvm-args=Xmx2g"),
        "bin/ycsb: error: -jvm-args 'Xmx2g': every JVM argument starts with '-' (e.g. -jvm-args '-Xmx2g')");
    assertOneLineUsage(List.of("load", "basic", "-P", wl, "-jvm-args="),
        "bin/ycsb: error: -jvm-args is empty; e.g. -jvm-args '-Xmx2g'");
  }

  @Test
  void aMisspelledPropertyIsRefusedWithTheNameItMeantUnlessTheUserAllowsIt() {
    Target target = TestTargets.inProcess();
    String wl = workload("workloada").toString();
    String url = "mongodb.url=" + target.connectionString();
    for (String[] typo : new String[][] {{"recordcont", "recordcount"}, {"opertioncount", "operationcount"},
        {"updatepropotion", "updateproportion"}}) {
      assertOneLineUsage(List.of("run", "mongodb", "-P", wl, "-p", url, "-p", typo[0] + "=1000"),
          "bin/ycsb: error: unknown property " + typo[0] + " (did you mean " + typo[1] + "?): no part of this run"
              + " reads it; correct it, or list your own properties in ycsbpack.allow=NAME,PREFIX* to keep them");
    }
    YcsbRun allowed = YcsbRun.run(work, "load", "basic", "-P", wl, "-p", "basicdb.verbose=false", "-p",
        "recordcount=10", "-p", "experiment.id=42", "-p", "ycsbpack.allow=experiment.*");
    assertEquals(0, allowed.exitCode, allowed::describe);
  }

  @Test
  void aForkWorkloadFileNamingPre017ClassesRunsUnchangedWithANotice() throws IOException {
    // as the mongodb-labs fork's evergreen workload files are written
    Path fork = Files.writeString(work.resolve("fork-workload"), String.join("\n",
        "workload=com.yahoo.ycsb.workloads.CoreWorkload", "recordcount=200", "operationcount=200",
        "readproportion=0.5", "updateproportion=0.5", "requestdistribution=zipfian",
        "exporter=com.yahoo.ycsb.measurements.exporter.TextMeasurementsExporter", ""));
    String[] args = concat(fresh.pointAt(), "-P", fork.toString());
    YcsbRun load = YcsbRun.run(work, concat("load", "mongodb", args)).assertSucceeded().assertNoFailedOperations();
    assertEquals(200, load.operations("INSERT"), load::describe);
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", args)).assertSucceeded().assertNoFailedOperations();
    assertEquals(200, run.operations("READ") + run.operations("UPDATE"), run::describe);
    assertTrue(run.stderr.contains("bin/ycsb: notice: workload=com.yahoo.ycsb.workloads.CoreWorkload is YCSB's name"
        + " before 0.17; running site.ycsb.workloads.CoreWorkload"), run::describe);
    assertFalse(run.stderr.contains("ClassNotFoundException"), run::describe);
  }

  @Test
  void theScriptsPassShellcheck() throws Exception {
    boolean present = new ProcessBuilder("sh", "-c", "command -v shellcheck").start().waitFor() == 0;
    org.junit.jupiter.api.Assumptions.assumeTrue(present || System.getenv("CI") != null,
        "shellcheck is not installed (apt-get install -y shellcheck)");
    List<String> command = new java.util.ArrayList<>(List.of("shellcheck"));
    try (Stream<Path> bin = Files.walk(YcsbRun.home().resolve("bin"))) { // bin/lib's sourced parts too
      bin.filter(Files::isRegularFile).map(Path::toString).sorted().forEach(command::add);
    }
    YcsbRun r = YcsbRun.exec(work, "shellcheck", command.subList(1, command.size()).toArray(new String[0]));
    assertEquals(0, r.exitCode, r::describe);
  }

  /** The repository's own scripts too (quick start, test runner, prerequisites, FerretDB build, benches). */
  @Test
  void theRepositoryScriptsPassShellcheck() throws Exception {
    boolean present = new ProcessBuilder("sh", "-c", "command -v shellcheck").start().waitFor() == 0;
    org.junit.jupiter.api.Assumptions.assumeTrue(present || System.getenv("CI") != null,
        "shellcheck is not installed (apt-get install -y shellcheck)");
    Path root = Path.of(System.getProperty("repo.root")).toRealPath();
    List<String> scripts = new java.util.ArrayList<>(List.of(
        root.resolve("quickstart.sh").toString(), root.resolve("test.sh").toString()));
    for (String dir : List.of("scripts", "testkit/ferretdb", "bench")) {
      try (Stream<Path> files = Files.list(root.resolve(dir))) {
        files.filter(f -> f.toString().endsWith(".sh")).map(Path::toString).sorted().forEach(scripts::add);
      }
    }
    // the repository's .shellcheckrc applies: shellcheck looks for it from each script's directory up
    YcsbRun r = YcsbRun.exec(work, "shellcheck", scripts.toArray(new String[0]));
    assertEquals(0, r.exitCode, r::describe);
  }

  private void assertUsage(List<String> args, String expected) {
    YcsbRun r = YcsbRun.run(work, args.toArray(new String[0]));
    assertEquals(2, r.exitCode, r::describe);
    assertTrue(r.stderr.contains(expected), () -> "expected '" + expected + "'\n" + r.describe());
    assertFalse(r.stdout.contains("[OVERALL]"), r::describe);
  }

  @Test
  void anUnreachableServerStopsTheClientEarlyWithStatus1() {
    YcsbRun r = YcsbRun.run(work, "run", "mongodb", "-P", workload("read95-update5").toString(),
        "-p", "mongodb.url=mongodb://127.0.0.1:1/ycsb?serverSelectionTimeoutMS=500", "-threads", "4");
    assertEquals(1, r.exitCode, r::describe);
    assertTrue(r.stderr.contains("cannot reach the server at mongodb://127.0.0.1:1/ycsb"), r::describe);
    assertFalse(r.stdout.contains("[OVERALL]"), r::describe);
  }

  @Test
  void aPasswordInTheUrlAppearsInNoOutputAndNoFile() throws IOException {
    String secret = "pw-" + Long.toHexString(System.nanoTime());
    String userUrl = "mongodb://alice:" + secret + "@127.0.0.1:1/ycsb?serverSelectionTimeoutMS=300";
    YcsbRun refused = YcsbRun.run(work, "run", "mongodb", "-P", workload("read95-update5").toString(),
        "-p", "mongodb.url=" + userUrl);
    assertEquals(1, refused.exitCode, refused::describe);
    assertTrue(refused.stderr.contains("alice:*****@"), refused::describe);

    // A run that gets as far as YCSB echoing its command line, writing an export file and HDR logs.
    Path hdr = work.resolve("hdr");
    Files.createDirectories(hdr);
    YcsbRun echoed = YcsbRun.run(work, "load", "basic", "-P", workload("read95-update5").toString(),
        "-p", "recordcount=50", "-p", "mongodb.url=" + userUrl, "-s", "-p", "exportfile=" + work.resolve("out.txt"),
        "-p", "hdrhistogram.fileoutput=true", "-p", "hdrhistogram.output.path=" + hdr + "/",
        "-p", "basicdb.verbose=false");
    assertEquals(0, echoed.exitCode, echoed::describe);
    assertTrue(echoed.stderr.contains("Command line:") && echoed.stderr.contains("alice:*****@"), echoed::describe);

    for (YcsbRun r : List.of(refused, echoed)) {
      String printed = r.stdout + r.stderr;
      assertFalse(printed.contains("Zq_") || printed.contains("_qZ"), r::describe);
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(work)) {
      files = walk.filter(Files::isRegularFile).collect(Collectors.toList());
    }
    assertTrue(files.size() >= 2, "export file and HDR logs were written: " + files);
    for (Path f : files) {
      assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret), f.toString());
    }
  }

  static List<String> awkwardPasswords() {
    return dev.ycsbpack.common.AwkwardStrings.passwords(4242, 8);
  }

  /** Whatever characters the password holds, raw or percent-encoded: no output and no file of the run shows it. */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("awkwardPasswords")
  void anAwkwardPasswordAppearsInNoOutputAndNoFile(String secret) throws IOException {
    String encoded = java.net.URLEncoder.encode(secret, StandardCharsets.UTF_8);
    List<YcsbRun> runs = new java.util.ArrayList<>();
    for (String pw : List.of(secret, encoded)) {
      String url = "mongodb://alice:" + pw + "@127.0.0.1:1/ycsb?serverSelectionTimeoutMS=300";
      YcsbRun refused = YcsbRun.run(work, "run", "mongodb", "-P", workload("read95-update5").toString(),
          "-p", "mongodb.url=" + url, "--out", work.resolve("refused-" + runs.size()).toString());
      assertTrue(refused.exitCode == 1 || refused.exitCode == 2, refused::describe);
      runs.add(refused);
      YcsbRun echoed = YcsbRun.run(work, "load", "basic", "-P", workload("read95-update5").toString(),
          "-p", "recordcount=20", "-p", "mongodb.url=" + url, "-p", "app.password=" + secret, "-s",
          "-p", "ycsbpack.allow=app.password",
          "-p", "basicdb.verbose=false", "--out", work.resolve("echoed-" + runs.size()).toString());
      assertEquals(0, echoed.exitCode, echoed::describe);
      runs.add(echoed);
    }
    for (YcsbRun r : runs) {
      for (String form : List.of(secret, encoded)) {
        assertFalse(r.stdout.contains(form) || r.stderr.contains(form), r::describe);
      }
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(work)) {
      files = walk.filter(Files::isRegularFile).collect(Collectors.toList());
    }
    assertTrue(files.stream().anyMatch(f -> f.endsWith("client.properties")), files::toString);
    for (Path f : files) {
      String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
      for (String form : List.of(secret, encoded)) {
        assertFalse(text.contains(form), f.toString());
      }
    }
  }

  /** The measurement name the binding records each batch under. */
  static final class MongoBatch {
    static final String NAME = dev.ycsbpack.mongodb.MongoDbClient.BATCH_MEASUREMENT;
  }
}
