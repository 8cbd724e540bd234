package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.YcsbRun.readOrError;
import static dev.ycsbpack.dist.YcsbRun.readMostly;
import static dev.ycsbpack.dist.Servers.concat;
import static dev.ycsbpack.dist.Servers.pointAt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.hdr.CountsSidecar;
import dev.ycsbpack.testkit.TestTargets;
import dev.ycsbpack.testkit.TestTargets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ycsb --out DIR}: the client folder it leaves, its verdict, and the merge that reads it as it is. */
class ClientFolderIT {
  @TempDir
  Path work;
  @RegisterExtension
  final FreshTable fresh = new FreshTable();

  @Test
  void aRunLeavesAFolderThatAggregateMergesWithNothingWrittenByHand() throws Exception {
    fresh.loadReadMostly(work, "-p", "recordcount=200", "--out", work.resolve("load").toString());
    Path c1 = work.resolve("results/c1");
    YcsbRun run = YcsbRun.run(work, concat("run", "mongodb", fresh.pointAt(), "-P", readMostly().toString(),
        "-p", "recordcount=200", "-p", "operationcount=500", "-s", "-p", "ycsbpack.allow=mytoken",
        "-p", "mytoken=Hunter2-Secret", "--out", c1.toString()));
    assertEquals(0, run.exitCode, run::describe);
    for (String f : List.of("stdout.txt", "stderr.txt", "output.txt", "output.json", "client.properties",
        "environment.properties", "verdict.properties", "READ.hdr", "UPDATE.hdr")) {
      assertTrue(Files.isRegularFile(c1.resolve(f)), f + " missing in " + c1);
    }
    Map<String, String> verdict = PropertiesFiles.read(c1.resolve("verdict.properties"));
    assertEquals("COMPLETE", verdict.get("status"));
    assertEquals("500", verdict.get("operations.completed"));
    Map<String, String> env = PropertiesFiles.read(c1.resolve("environment.properties"));
    for (String k : List.of("host.name", "cpu.count", "memory.total.bytes", "os.name", "java.version",
        "driver.version", "server.version", "server.topology", "server.product")) {
      assertTrue(env.containsKey(k), k + " missing: " + env);
    }
    // what was run, for the report: the command line, its secrets masked
    String command = env.get("run.command");
    assertTrue(command != null && command.startsWith("bin/ycsb run mongodb ") && command.contains("-P "
        + readMostly()) && command.contains("operationcount=500"), "run.command: " + command);
    assertTrue(command.contains("mytoken=*****") && !command.contains("Hunter2"), "run.command: " + command);
    assertEquals("500", PropertiesFiles.read(c1.resolve("client.properties")).get("operationcount"));
    assertTrue(Files.readString(c1.resolve("output.json")).contains("\"metric\":\"OVERALL\""));
    // each log's counts sidecar, matching its log, written before the verdict (which stays the last file)
    for (String op : List.of("READ", "UPDATE")) {
      Path log = c1.resolve(op + ".hdr");
      CountsSidecar.Match match = CountsSidecar.check(log, (start, end) -> {
      });
      assertEquals(CountsSidecar.Match.State.MATCHES, match.state(), op + ": " + match.why());
      assertTrue(Files.getLastModifiedTime(CountsSidecar.of(log)).compareTo(
          Files.getLastModifiedTime(c1.resolve("verdict.properties"))) <= 0, op + ".hdr.counts after the verdict");
    }
    YcsbRun merge = YcsbRun.exec(work, YcsbRun.home().resolve("bin/ycsb-aggregate").toString(), "merge",
        c1.toString(), "-o", work.resolve("merged").toString());
    assertEquals(0, merge.exitCode, merge::describe);
    // the merge took the sidecars: a sidecar it passed over would be named in the notes
    assertFalse(Files.readString(work.resolve("merged/merged.txt")).contains("does not match"));
  }

  @Test
  void theClientFolderRecordsTheWriteConcernSentOrThatTheServerDefaultApplied() throws Exception {
    String[] load = concat("load", "mongodb", fresh.pointAt(), "-P", readMostly().toString(),
        "-p", "recordcount=20");
    YcsbRun sent = YcsbRun.run(work, concat(load, "-p", "mongodb.w=majority", "-p", "mongodb.j=true",
        "-p", "mongodb.readConcern=majority", "--out", work.resolve("sent").toString()));
    assertEquals(0, sent.exitCode, sent::describe);
    assertTrue(sent.stderr.contains(" writeConcern={w=majority, j=true} readPreference={primary}"
        + " readConcern={majority} "), sent::describe);
    Map<String, String> env = PropertiesFiles.read(work.resolve("sent/environment.properties"));
    assertEquals("w=majority, j=true", env.get("server.writeConcern"), env::toString);
    assertEquals("majority", env.get("server.readConcern"), env::toString);
    assertEquals("primary", env.get("server.readPreference"), env::toString);

    fresh.drop();
    YcsbRun defaults = YcsbRun.run(work, concat(load, "--out", work.resolve("defaults").toString()));
    assertEquals(0, defaults.exitCode, defaults::describe);
    env = PropertiesFiles.read(work.resolve("defaults/environment.properties"));
    assertEquals("server default (not reported by this server)", env.get("server.writeConcern"), env::toString);
    assertEquals("server default (not reported by this server)", env.get("server.readConcern"), env::toString);
  }

  @Test
  void aFailedRunsVerdictSaysWhatItsExitStatusSays() throws Exception {
    String[] args = concat("load", "mongodb", fresh.pointAt(), "-P", readMostly().toString(),
        "-p", "recordcount=100", "-p", "insertorder=ordered");
    YcsbRun.run(work, concat(args, "-p", "insertstart=50", "-p", "insertcount=50")).assertSucceeded();
    Path out = work.resolve("failed");
    YcsbRun again = YcsbRun.run(work, concat(args, "--out", out.toString()));
    assertEquals(1, again.exitCode, again::describe);
    Map<String, String> verdict = PropertiesFiles.read(out.resolve("verdict.properties"));
    assertEquals("FAILED", verdict.get("status"));
    assertEquals("only 50 of 100 operations completed (a client thread stopped early: failed init, or a failed"
        + " insert during load; see the errors above)", verdict.get("reason"));
    assertTrue(again.stderr.contains("bin/ycsb: FAILED: " + verdict.get("reason")), again::describe);
  }

  /**
   * Ctrl-C (or kill) during a run stops it as the coordinator's STOP does: YCSB reports what it measured, and the
   * verdict says the run was interrupted, with its counts. Before, the JVM ended where it stood: no summary, a reason
   * blaming "the errors above" (there were none) and operations.completed=-1.
   */
  @Test
  void aCtrlCDuringARunKeepsWhatWasMeasuredAndSaysItWasInterrupted() throws Exception {
    fresh.loadReadMostly(work, "-p", "recordcount=100");
    for (String signal : List.of("INT", "TERM")) {
      Path out = work.resolve("interrupted-" + signal);
      ProcessBuilder pb = new ProcessBuilder(concat(new String[] {YcsbRun.home().resolve("bin/ycsb").toString()},
          concat("run", "mongodb", fresh.pointAt(), "-P", readMostly().toString(), "-p", "recordcount=100",
              "-p", "operationcount=100000000", "-target", "500", "-s", "-p", "status.interval=1", "--out",
              out.toString())));
      pb.environment().put("YCSB_CDS", "off");
      Path log = work.resolve("interrupted-" + signal + ".log");
      pb.redirectErrorStream(true).redirectOutput(log.toFile());
      Process run = pb.start();
      try {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        // until a status line counts an operation: it is measuring (the first line, "0 sec: 0 operations", comes
        // before the threads' init and first operation, and a stop before that ends the run with nothing to report)
        java.util.regex.Pattern measuring = java.util.regex.Pattern.compile(" sec: [1-9][0-9]* operations");
        while (run.isAlive() && System.nanoTime() < deadline && !measuring.matcher(Files.readString(log)).find()) {
          Thread.sleep(100);
        }
        assertTrue(run.isAlive(), () -> signal + ": still running: " + readOrError(log));
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(run.pid())).start().waitFor());
        assertTrue(run.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), signal + ": ends once stopped");
      } finally {
        run.destroyForcibly();
      }
      String printed = readOrError(log);
      assertEquals(1, run.exitValue(), () -> signal + ": " + printed);
      assertTrue(printed.contains("bin/ycsb: FAILED: interrupted (SIG" + signal + ")"),
          () -> signal + ": " + printed);
      assertTrue(printed.contains("[OVERALL], RunTime(ms)"), () -> signal + ": YCSB reported: " + printed);
      Map<String, String> verdict = PropertiesFiles.read(out.resolve("verdict.properties"));
      assertEquals("FAILED", verdict.get("status"));
      assertTrue(verdict.get("reason").startsWith("interrupted (SIG" + signal + ")"), verdict::toString);
      assertTrue(Long.parseLong(verdict.get("operations.completed")) > 0, verdict::toString);
    }
  }

  /**
   * The disk under {@code --out} fills mid-run (a small tmpfs, filled once the run measures): one line names the file
   * and the error at once and the run goes on, YCSB's report still reaches stdout, no exception trace, exit 1, and the
   * verdict (written once space is back) says FAILED with that cause and the true counts. Before, two threads died
   * with UncheckedIOException traces, nothing reached stdout and no verdict was written.
   */
  @Test
  void aFullDiskUnderOutIsOneLineNamingTheFileAndTheReportStillReachesStdout() throws Exception {
    try (SmallDisk disk = SmallDisk.mountAt(work.resolve("small-disk"))) {
      Path mount = disk.path();
      fresh.loadReadMostly(work, "-p", "recordcount=100");
      Path out = mount.resolve("run");
      ProcessBuilder pb = new ProcessBuilder(concat(new String[] {YcsbRun.home().resolve("bin/ycsb").toString()},
          concat("run", "mongodb", fresh.pointAt(), "-P", readMostly().toString(), "-p", "recordcount=100",
              "-p", "operationcount=15000", "-target", "500", "-s", "-p", "status.interval=1", "--out",
              out.toString())));
      Path stdout = work.resolve("full.out");
      Path stderr = work.resolve("full.err");
      pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
      Process run = pb.start();
      String error = "bin/ycsb: error: cannot write " + out + "/";
      try {
        assertTrue(Coordinator.waitFor(() -> YcsbRun.lastReportedOperations(stderr) > 0, 60),
            () -> readOrError(stderr));
        Path fill = mount.resolve("fill");
        SmallDisk.fillUp(fill);
        // the status lines soon need a page the disk no longer has; then space comes back for the verdict
        assertTrue(Coordinator.waitFor(() -> readOrError(stderr).contains(error), 60), () -> readOrError(stderr));
        Files.delete(fill);
        assertTrue(run.waitFor(90, java.util.concurrent.TimeUnit.SECONDS), "ends at its operation count");
      } finally {
        run.destroyForcibly();
      }
      String printed = readOrError(stderr);
      assertEquals(1, run.exitValue(), printed);
      assertTrue(
          readOrError(stdout).contains("[OVERALL], RunTime(ms)") && readOrError(stdout).contains("[READ], Operations"),
          () -> "YCSB's report on stdout: " + readOrError(stdout));
      List<String> errors = printed.lines().filter(l -> l.startsWith(error)).toList();
      assertEquals(1, errors.size(), printed);
      assertTrue(errors.get(0).matches(java.util.regex.Pattern.quote(error)
          + "(stderr|stdout|output)\\.txt: No space left on device; the run goes on.*"), printed);
      assertFalse(printed.contains("Exception") || printed.contains("\tat "), printed);
      String cause = errors.get(0).substring("bin/ycsb: error: ".length(), errors.get(0).indexOf(';'));
      assertTrue(printed.contains("bin/ycsb: FAILED: " + cause), printed);
      Map<String, String> verdict = PropertiesFiles.read(out.resolve("verdict.properties"));
      assertEquals("FAILED", verdict.get("status"), verdict::toString);
      assertTrue(verdict.get("reason").startsWith(cause), verdict::toString);
      assertEquals("15000", verdict.get("operations.completed"), verdict::toString);
    }
  }

  @Test
  void aFolderThatHoldsAnythingOrAnExportfileIsRefused() throws Exception {
    Target target = TestTargets.inProcess();
    Path used = Files.createDirectories(work.resolve("used"));
    Files.writeString(used.resolve("verdict.properties"), "status=COMPLETE\n");
    YcsbRun r = YcsbRun.run(work, concat("run", "basic", "-P", readMostly().toString(), "-p", "operationcount=10",
        "--out", used.toString()));
    assertEquals(2, r.exitCode, r::describe);
    assertTrue(r.stderr.contains("--out " + used + ": the folder is not empty"), r::describe);
    assertEquals("status=COMPLETE\n", Files.readString(used.resolve("verdict.properties")), "nothing overwritten");
    YcsbRun e = YcsbRun.run(work, concat("run", "mongodb", pointAt(target, "t"), "-P", readMostly().toString(),
        "-p", "exportfile=x.json", "--out", work.resolve("fresh").toString()));
    assertEquals(2, e.exitCode, e::describe);
    assertTrue(e.stderr.contains("exportfile=x.json cannot be combined with --out"), e::describe);
    assertFalse(Files.exists(work.resolve("fresh/verdict.properties")));
  }

  @Test
  void aRefusedCommandWritesNothingNotEvenTheOutFolderOrItsParents() throws java.io.IOException {
    Target target = TestTargets.inProcess();
    Path top = work.resolve("new");
    Path out = top.resolve("results/client1");
    String[][] refused = {
        {"-p", "readproportion=abc"},
        {"-p", "mongodb.w=abc"},
        {"-p", "ycsbpack.stalltimeout=0"},
        {"-p", "hdrhistogram.percentiles=50,,99"},
        {"-p", "operationcount=0"}};
    for (String[] bad : refused) {
      YcsbRun r = YcsbRun.run(work, concat("run", "mongodb", pointAt(target, "t"), "-P", readMostly().toString(),
          "-p", "operationcount=10", bad, "--out", out.toString()));
      assertEquals(2, r.exitCode, r::describe);
      assertFalse(Files.exists(top), "refused (" + String.join(" ", bad) + ") but wrote " + top);
    }
    // a server that cannot be reached is not a refusal (exit 1): the accepted run leaves its folder, FAILED with the
    // reason, and the driver's full report in stderr.txt (a coordinator bundle keeps it)
    YcsbRun unreachable = YcsbRun.run(work, concat("run", "mongodb", "-p",
        "mongodb.url=mongodb://127.0.0.1:1/db?serverSelectionTimeoutMS=300", "-P", readMostly().toString(),
        "-p", "operationcount=10", "--out", out.toString()));
    assertEquals(1, unreachable.exitCode, unreachable::describe);
    java.util.Map<String, String> verdict = dev.ycsbpack.common.PropertiesFiles.read(out.resolve("verdict.properties"));
    assertEquals("FAILED", verdict.get("status"), verdict::toString);
    assertTrue(verdict.get("reason").contains("cannot reach the server"), verdict::toString);
    assertTrue(Files.exists(out.resolve("stderr.txt")), unreachable::describe);
  }
}
