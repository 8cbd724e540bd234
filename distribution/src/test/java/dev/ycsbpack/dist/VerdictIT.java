package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.YcsbRun.readMostly;
import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.PropertiesFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bin/ycsb}'s verdict weighs the {@code Return=} counts (failed and not-found operations), and reads every
 * exporter YCSB 0.17.0 ships, on stdout and in a file.
 */
class VerdictIT {
  private static final Pattern NOT_FOUND_LEAD = Pattern.compile("NOT FOUND: ([0-9,]+) of 600 READ \\(([0-9.]+)%\\)");

  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  /** Loads {@code records} records into this test's collection. */
  private void load(int records) {
    fresh.loadReadMostly(work, "-p", "recordcount=" + records);
  }

  @Test
  void readsOfKeysThatWereNeverLoadedFailTheRunUnlessAllowedAndThenLeadEveryOutput() throws Exception {
    load(100);
    // 100 loaded, 600 read uniformly: about 5 of 6 reads find nothing
    String[] run = concat("run", "mongodb", fresh.pointAt(), "-P", readMostly().toString(), "-p", "recordcount=600",
        "-p", "operationcount=600", "-p", "readproportion=1", "-p", "updateproportion=0",
        "-p", "requestdistribution=uniform");
    Path failed = work.resolve("failed");
    YcsbRun r = YcsbRun.run(work, concat(run, "--out", failed.toString()));
    assertEquals(1, r.exitCode, r::describe);
    long notFound = r.count("READ", "Return=NOT_FOUND");
    assertTrue(notFound > 300, r::describe);
    String reason = String.format(java.util.Locale.ROOT, "%,d of 600 READ operations returned NOT_FOUND", notFound);
    List<String> err = r.stderr.lines().toList();
    assertTrue(err.get(err.size() - 1).startsWith("bin/ycsb: FAILED: " + reason), r::describe);
    assertTrue(err.get(err.size() - 1).contains("over ycsbpack.maxnotfoundrate=10%"), r::describe);
    Map<String, String> verdict = PropertiesFiles.read(failed.resolve("verdict.properties"));
    assertEquals("FAILED", verdict.get("status"));
    assertTrue(verdict.get("reason").startsWith(reason), verdict::toString);
    assertEquals(Long.toString(notFound), verdict.get("operations.notfound"));
    assertEquals(Long.toString(notFound), verdict.get("return.READ.NOT_FOUND"));

    // the same counts read from the JSON exporter's output on stdout
    YcsbRun json = YcsbRun.run(work, concat(run, "-p",
        "exporter=site.ycsb.measurements.exporter.JSONMeasurementsExporter"));
    assertEquals(1, json.exitCode, json::describe);
    assertTrue(json.stderr.contains("bin/ycsb: FAILED: ") && json.stderr.contains(" READ operations returned "
        + "NOT_FOUND"), json::describe);

    Path allowed = work.resolve("allowed");
    YcsbRun ok = YcsbRun.run(work, concat(run, "-p", "ycsbpack.maxnotfoundrate=95", "--out", allowed.toString()));
    assertEquals(0, ok.exitCode, ok::describe);
    List<String> okErr = ok.stderr.lines().toList();
    String last = okErr.get(okErr.size() - 1);
    Matcher m = NOT_FOUND_LEAD.matcher(last);
    assertTrue(last.startsWith("bin/ycsb: NOT FOUND: ") && m.find(), ok::describe);
    assertEquals(ok.count("READ", "Return=NOT_FOUND"), Long.parseLong(m.group(1).replace(",", "")));
    assertTrue(last.contains(" successful ops/s of "), last);
    Map<String, String> okVerdict = PropertiesFiles.read(allowed.resolve("verdict.properties"));
    assertEquals("COMPLETE", okVerdict.get("status"));
    assertEquals(last.substring("bin/ycsb: ".length()), okVerdict.get("lead"));
    assertTrue(Double.parseDouble(okVerdict.get("throughput.successful")) < Double
        .parseDouble(okVerdict.get("throughput.attempted")), okVerdict::toString);
  }

  @Test
  void failedOperationsOverTheBudgetFailTheRunNamingCountRateAndStatus() {
    load(200);
    // run-phase inserts start at key recordcount: with recordcount=100, the first 100 keys already exist
    String[] run = concat("run", "mongodb", fresh.pointAt(), "-P", readMostly().toString(), "-p", "recordcount=100",
        "-p", "operationcount=200", "-p", "readproportion=0", "-p", "updateproportion=0",
        "-p", "insertproportion=1");
    YcsbRun r = YcsbRun.run(work, run);
    assertEquals(1, r.exitCode, r::describe);
    assertEquals(100, r.count("INSERT", "Return=DUPLICATE_KEY"), r::describe);
    List<String> err = r.stderr.lines().toList();
    // the counts, then the first failure the binding counted, as the server named it
    assertTrue(err.get(err.size() - 1).startsWith("bin/ycsb: FAILED: 100 of 200 operations failed (50.00%:"
        + " DUPLICATE_KEY 100), over ycsbpack.maxerrorrate=1%; first error: INSERT failure counted as"
        + " Return=DUPLICATE_KEY: server error 11000: E11000 duplicate key error"), r::describe);

    fresh.drop();
    load(200);
    YcsbRun within = YcsbRun.run(work, concat(run, "-p", "ycsbpack.maxerrorrate=60%"));
    assertEquals(0, within.exitCode, within::describe);
    List<String> lines = within.stderr.lines().toList();
    assertTrue(lines.get(lines.size() - 1).startsWith("bin/ycsb: ERRORS: 100 of 200 operations failed (50.00%: "
        + "DUPLICATE_KEY 100); "), within::describe);
  }

  @Test
  void aBadBudgetIsRefusedWithOneLineAndNothingWritten() {
    Path out = work.resolve("never");
    YcsbRun r = YcsbRun.run(work, "run", "basic", "-P", readMostly().toString(), "-p", "operationcount=10",
        "-p", "ycsbpack.maxerrorrate=lots", "--out", out.toString());
    assertEquals(2, r.exitCode, r::describe);
    assertEquals("bin/ycsb: error: invalid ycsbpack.maxerrorrate=lots: use a percentage from 0 to 100, e.g. 1, 0.5 "
        + "or 2% (0 fails the run on any such operation, 100 never)\n", r.stderr, r::describe);
    assertFalse(Files.exists(out), "nothing written before a refusal");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TextMeasurementsExporter", "JSONMeasurementsExporter", "JSONArrayMeasurementsExporter"})
  void everyExporterYcsbShipsIsReadOnStdoutAndInAFile(String exporter) throws Exception {
    String cls = "site.ycsb.measurements.exporter." + exporter;
    String[] args = {"run", "basic", "-P", readMostly().toString(), "-p", "operationcount=50", "-p",
        "basicdb.verbose=false",
        "-p", "exporter=" + cls};
    YcsbRun onStdout = YcsbRun.run(work, args);
    assertEquals(0, onStdout.exitCode, onStdout::describe);
    assertTrue(onStdout.stdout.contains("OVERALL"), onStdout::describe);
    assertFalse(onStdout.stderr.contains("FAILED"), onStdout::describe);
    Path file = work.resolve(exporter + ".out");
    YcsbRun inFile = YcsbRun.run(work, concat(args, "-p", "exportfile=" + file));
    assertEquals(0, inFile.exitCode, inFile::describe);
    assertTrue(Files.readString(file).contains("OVERALL"));
    assertFalse(inFile.stdout.contains("OVERALL"), "measurements went to the file");
  }
}
