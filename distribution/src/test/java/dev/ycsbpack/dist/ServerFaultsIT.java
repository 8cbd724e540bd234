package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.testkit.FerretDbServer;
import dev.ycsbpack.testkit.NetnsHosts;
import dev.ycsbpack.testkit.NetworkNamespace;
import dev.ycsbpack.testkit.Prerequisites;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ycsb} against a FerretDB process that is killed for good, frozen (SIGSTOP, never resumed) or killed and
 * restarted mid-run: a run that loses its server ends FAILED within the stall timeout's bound, says when the server
 * was last seen and what the errors were, and keeps what it measured; a run whose server comes back carries on.
 */
class ServerFaultsIT {
  private static final String STALL_SECONDS = "3";
  /**
   * The driver's clock for the tests that wait out a read: a 10 s socket read timeout instead of the binding's default
   * 30 s (which OperationWaitTest checks is applied), and a server monitor that sees a frozen or cut-off server gone
   * within about 5 s, before that timeout, as the defaults' (10 s heartbeats, 10 s connect timeout) see it before 30 s.
   * So the run's end follows the read timeout as it does by default, in a third of the time: the last thread's count
   * after the run is skipped for a server the driver sees gone, not waited out (DocumentCounts).
   */
  private static final String SHORT_TIMEOUTS = "socketTimeoutMS=10000&connectTimeoutMS=2000&heartbeatFrequencyMS=1000";

  @TempDir
  Path work;
  private FerretDbServer server;

  @AfterEach
  void stopServer() throws IOException, InterruptedException {
    if (server != null) {
      if (server.isAlive()) {
        signal("KILL", server.pid()); // a frozen process only ends on SIGKILL
      }
      server.close();
    }
  }

  private String[] loadedWorkload() throws IOException {
    server = FerretDbServer.startSqlite(work.resolve("data"));
    String table = Servers.newTable();
    String[] common = concat("-P", YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=" + server.connectionString() + "/" + Servers.DATABASE, "-p", "table=" + table,
        "-p", "recordcount=100", "-threads", "2");
    YcsbRun.run(work, concat("load", "mongodb", common)).assertSucceeded();
    return common;
  }

  /** Starts a long run writing its client folder to {@code out}; returns once it has done some operations. */
  private CompletableFuture<YcsbRun> startRun(Path out, String... args) throws Exception {
    CompletableFuture<YcsbRun> run = CompletableFuture.supplyAsync(
        () -> YcsbRun.run(work, concat("run", "mongodb", args, "-s", "-p", "status.interval=1", "--out",
            out.toString())));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    Path stderr = new ClientFolder(out).stderr();
    while (true) {
      if (run.isDone()) {
        fail("the run ended before the fault: " + run.get().describe());
      }
      if (YcsbRun.lastReportedOperations(stderr) >= 20) {
        return run;
      }
      if (System.nanoTime() > deadline) {
        fail("the run did no operation in 90 s");
      }
      Thread.sleep(100);
    }
  }

  /** A run that met a fault of the server, and the seconds it took to end after the signal. */
  private record Faulted(YcsbRun run, double seconds) {
  }

  /**
   * Starts a run of the {@link #loadedWorkload} {@code common} with no end in sight (10,000,000 operations) and
   * {@code options}; sends {@code signal} to the server once it is under way, and waits for the run's end.
   */
  private Faulted endlessRunMeets(String signal, Path out, String[] common, String... options) throws Exception {
    CompletableFuture<YcsbRun> running = startRun(out, concat(common, "-p", "operationcount=10000000", options));
    signal(signal, server.pid());
    long sent = System.nanoTime();
    YcsbRun run = running.get(120, TimeUnit.SECONDS);
    return new Faulted(run, (System.nanoTime() - sent) / 1e9);
  }

  private static void signal(String name, long pid) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "kill -" + name + " " + pid);
  }

  /** Asserts the run failed because its server was gone, with what it measured kept and marked partial. */
  private static void assertFailedForLostServer(YcsbRun run, Path out, boolean errorsExpected) throws IOException {
    assertEquals(1, run.exitCode, run::describe);
    String last = run.stderr.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("bin/ycsb: FAILED: no operation succeeded for " + STALL_SECONDS + " s"), last);
    assertTrue(last.contains("the server was last seen at 20"), last);
    assertTrue(last.contains("partial"), last);
    if (errorsExpected) {
      assertTrue(last.contains("errors so far: ") && last.contains("first error: "), last);
    }
    assertTrue(run.measurements.containsKey("OVERALL"), "YCSB reported what it measured: " + run.describe());
    assertTrue(run.count("READ", "Return=OK") > 0, run::describe);
    Verdict verdict = new ClientFolder(out).verdict().orElseThrow();
    assertEquals(RunStatus.FAILED, verdict.status());
    assertEquals(last.substring("bin/ycsb: FAILED: ".length()), verdict.reason());
    assertTrue(Files.size(new ClientFolder(out).textOutput()) > 0, "output.txt holds the partial measurements");
  }

  @Test
  void aServerKilledForGoodEndsTheRunWithinTheStallTimeoutNamingTheErrors() throws Exception {
    String[] common = loadedWorkload();
    Path out = work.resolve("killed");
    // operations fail after 1.5 s of server selection, so by the stall there are errors to name
    Faulted faulted = endlessRunMeets("KILL", out, common, "-p", "ycsbpack.stalltimeout=" + STALL_SECONDS,
        "-p", "mongodb.url=" + server.connectionString() + "/" + Servers.DATABASE + "?serverSelectionTimeoutMS=1500");
    YcsbRun run = faulted.run();
    assertFailedForLostServer(run, out, true);
    assertTrue(run.stderr.contains("Return=SERVICE_UNAVAILABLE: com.mongodb.MongoTimeoutException"), run::describe);
    // stall timeout 3 s + 2 s grace before interrupting + YCSB's report and the JVM's exit on a busy machine
    assertTrue(faulted.seconds() < 15, "ended " + faulted.seconds() + " s after the kill\n" + run.describe());
  }

  @Test
  void aFrozenServerEndsTheRunWithinTheStallTimeoutPlusTheSocketTimeout() throws Exception {
    String[] common = loadedWorkload();
    Path out = work.resolve("frozen");
    Faulted faulted = endlessRunMeets("STOP", out, common, "-p", "ycsbpack.stalltimeout=" + STALL_SECONDS,
        "-p", "mongodb.url=" + server.connectionString() + "/" + Servers.DATABASE + "?" + SHORT_TIMEOUTS);
    // nothing fails before the stall: every operation hangs in a read until the socket timeout
    assertFailedForLostServer(faulted.run(), out, false);
    assertTrue(faulted.run().stderr.contains("no operation had failed by then either"), faulted.run()::describe);
    assertTrue(faulted.seconds() < 3 + 10 + 12, "ended " + faulted.seconds() + " s after the freeze\n"
        + faulted.run().describe());
  }

  @Test
  void aServerKilledAndRestartedWithinTheStallTimeoutLetsTheRunCarryOn() throws Exception {
    String[] common = loadedWorkload();
    int port = server.port();
    Path out = work.resolve("restarted");
    // paced (about 6 s), so the fault lands mid-run however fast the machine is
    CompletableFuture<YcsbRun> running = startRun(out, concat(common, "-p", "operationcount=600", "-target", "100",
        "-p", "ycsbpack.stalltimeout=20"));
    signal("KILL", server.pid());
    server.close();
    Thread.sleep(1000);
    server = FerretDbServer.startSqlite(work.resolve("data"), port);
    YcsbRun run = running.get(180, TimeUnit.SECONDS);
    assertFalse(run.stderr.contains("no operation succeeded"), run::describe);
    // failed operations are YCSB's READ-FAILED / UPDATE-FAILED sections
    assertEquals(600, run.operations("READ") + run.operations("UPDATE") + run.operations("READ-FAILED")
        + run.operations("UPDATE-FAILED"), run::describe);
    assertTrue(run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK") > 500, run::describe);
  }

  @Test
  void aTimeLimitEndsTheRunInTimeWhenOperationsBlockOnADeadServerAndSaysItWorkedForPartOfItsWindow()
      throws Exception {
    String[] common = loadedWorkload();
    Path out = work.resolve("timed");
    // the stall rule and the error budget are set far away: only the time limit may end this run, and only the
    // window rule may fail it
    CompletableFuture<YcsbRun> running = startRun(out, concat(common, "-p", "operationcount=10000000",
        "-p", "maxexecutiontime=12", "-p", "ycsbpack.stalltimeout=600", "-p", "ycsbpack.maxerrorrate=100"));
    signal("KILL", server.pid());
    long killedEpochMs = System.currentTimeMillis();
    YcsbRun run = running.get(120, TimeUnit.SECONDS);
    long endedEpochMs = System.currentTimeMillis();
    assertTrue(run.measurements.containsKey("OVERALL"), run::describe);

    assertEquals(1, run.exitCode, run::describe);
    String last = run.stderr.strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("bin/ycsb: FAILED: operations succeeded for only the first "), last);
    // the window ends when its timer thread wakes: 12.0 s, or a little more on a busy machine
    assertTrue(last.matches(".* s of the 12\\.\\d s measured window \\(maxexecutiontime\\): the last successful "
        + "operation was at 20.*"), last);
    assertTrue(last.contains("the measurements are partial"), last);
    Verdict verdict = new ClientFolder(out).verdict().orElseThrow();
    assertEquals(RunStatus.FAILED, verdict.status());
    assertEquals(last.substring("bin/ycsb: FAILED: ".length()), verdict.reason());
    // the folder records when successes stopped, against the window: before the kill (to within one 250 ms poll)
    // and more than the 5 s allowed before the window's end
    assertTrue(verdict.lastSuccessEpochMs() >= verdict.firstOperationEpochMs()
        && verdict.lastSuccessEpochMs() <= killedEpochMs + 250, verdict::toString);
    assertTrue(verdict.firstOperationEpochMs() + verdict.measuredWindowMs() - verdict.lastSuccessEpochMs() > 5_000,
        verdict::toString);
    // the window's end + 2 s grace + YCSB's report and the JVM's exit; blocked, each thread's last wait alone
    // would be 30 s
    double afterWindow = (endedEpochMs - verdict.firstOperationEpochMs() - verdict.measuredWindowMs()) / 1000.0;
    assertTrue(afterWindow < 2 + 8, "ended " + afterWindow + " s after its window\n" + run.describe());
  }

  @Test
  void aCoordinatedTimedRunWhoseServerDiedSaysItWorkedForPartOfItsWindow() throws Exception {
    Path bundle = work.resolve("coordinated-timed");
    Killed k = coordinatedRunWithServerFault(bundle, "KILL", "serverSelectionTimeoutMS=1000",
        "-p", "maxexecutiontime=15", "-p", "ycsbpack.stalltimeout=600", "-p", "ycsbpack.maxerrorrate=100",
        "--hosts", "local");
    String reason = Coordinator.manifest(bundle).get("reason").asText();
    assertTrue(reason.startsWith("client 01-local1 on local1 exited with status 1: operations succeeded for only the "
        + "first "), reason);
    assertTrue(reason.matches(".* s of the 15\\.\\d s measured window \\(maxexecutiontime\\).*"), reason);
    assertTrue(k.coordinator().stderr().contains(reason), "the summary says the same: " + k.coordinator().describe());
    Verdict v = new ClientFolder(bundle.resolve("clients/01-local1")).verdict().orElseThrow();
    assertTrue(v.lastSuccessEpochMs() > 0, v::toString);
  }

  @Test
  void aCoordinatedRunWhoseServerIsFrozenEndsFailedNamingTheStallWithNothingLeftRunning() throws Exception {
    Path bundle = work.resolve("coordinated-frozen");
    // a frozen server fails no operation: each waits out the socket timeout (10 s here, 30 s by default)
    Killed k = coordinatedRunWithServerFault(bundle, "STOP", SHORT_TIMEOUTS, "-p",
        "ycsbpack.stalltimeout=" + STALL_SECONDS, "--hosts", "local,local");
    String reason = assertAStalledClientFailedTheRun(bundle, k);
    assertTrue(reason.contains("no operation had failed by then either")
        && reason.contains("the measurements are partial"), reason);
    for (String client : List.of("01-local1", "02-local2")) {
      Verdict v = new ClientFolder(bundle.resolve("clients").resolve(client)).verdict().orElseThrow();
      assertEquals(RunStatus.FAILED, v.status(), client);
      assertTrue(v.reason().contains("partial") || v.reason().contains("stopped"), client + ": " + v.reason());
    }
    assertEquals(List.of(), ProcessTable.matching(bundle.toString()), "no client outlives the coordinator");
    // README, When the server is gone: stall timeout 3 s + 2 s grace + the 10 s socket timeout, then YCSB's report,
    // the other client's stop and the bundle
    assertTrue(k.secondsAfterKill() < 3 + 2 + 10 + 20, "ended " + k.secondsAfterKill() + " s after the freeze\n"
        + k.coordinator().describe());
  }

  @Test
  void aTimeLimitedRunThatLostItsServerForAQuarterOfItsWindowFailsSayingWhen() throws Exception {
    String[] common = loadedWorkload();
    Path out = work.resolve("timed-default");
    long started = System.nanoTime();
    CompletableFuture<YcsbRun> running = startRun(out, concat(common, "-p", "operationcount=10000000",
        "-p", "maxexecutiontime=24"));
    signal("KILL", server.pid());
    YcsbRun run = running.get(120, TimeUnit.SECONDS);
    double seconds = (System.nanoTime() - started) / 1e9;
    assertEquals(1, run.exitCode, run::describe);
    String last = run.stderr.strip().lines().reduce((a, b) -> b).orElse("");
    // the default stall timeout of a 24 s window is a quarter of it (above the 5 s floor)
    assertTrue(last.startsWith("bin/ycsb: FAILED: no operation succeeded for 6 s"), last);
    assertTrue(last.contains("s into the run"), last);
    assertTrue(seconds < 24, "stopped by the stall rule, not the time limit: " + seconds + " s\n" + run.describe());
  }

  /**
   * A coordinated run whose server was signalled once its first client had done some operations, and how long after.
   */
  private record Killed(Coordinator coordinator, double secondsAfterKill) {
  }

  /**
   * Runs {@code bin/ycsb-coordinator run} with {@code more} arguments and operations that give up server selection
   * after {@code selectionTimeoutMs}, kills the server mid-run, and awaits the end.
   */
  private Killed coordinatedRunWithServerKilled(Path bundle, int selectionTimeoutMs, String... more) throws Exception {
    return coordinatedRunWithServerFault(bundle, "KILL", "serverSelectionTimeoutMS=" + selectionTimeoutMs, more);
  }

  /**
   * Runs {@code bin/ycsb-coordinator run} with {@code more} arguments and {@code urlQuery} on the URL, sends the
   * server {@code signal} (KILL, or STOP to freeze it) mid-run, and awaits the end.
   */
  private Killed coordinatedRunWithServerFault(Path bundle, String signal, String urlQuery, String... more)
      throws Exception {
    String[] common = loadedWorkload();
    List<String> args = new ArrayList<>(List.of("run", "mongodb"));
    args.addAll(List.of(common));
    args.addAll(List.of("-p", "operationcount=10000000", "-p", "mongodb.url=" + server.connectionString() + "/"
        + Servers.DATABASE + "?" + urlQuery, "--quiet", "--out", bundle.toString()));
    args.addAll(List.of(more));
    Coordinator c = Coordinator.start(work, List.of(), args);
    try {
      Path clientErr = new ClientFolder(bundle.resolve("clients/01-local1")).stderr();
      assertTrue(Coordinator.waitFor(() -> YcsbRun.lastReportedOperations(clientErr) >= 20, 120), c::describe);
      signal(signal, server.pid());
      long killed = System.nanoTime();
      assertEquals(1, c.await(), c::describe);
      return new Killed(c, (System.nanoTime() - killed) / 1e9);
    } finally {
      if (c.process.isAlive()) {
        c.process.destroyForcibly();
      }
    }
  }

  @Test
  void aCoordinatedRunWhoseServerIsKilledEndsFailedWithTheClientsOwnReasonInFull() throws Exception {
    Path bundle = work.resolve("coordinated");
    Killed k = coordinatedRunWithServerKilled(bundle, 1500, "-p", "ycsbpack.stalltimeout=" + STALL_SECONDS,
        "--hosts", "local,local");
    String reason = assertAStalledClientFailedTheRun(bundle, k);
    // the client's own reason in full, then the first failure lines of every client (CoordinatedRun)
    assertTrue(reason.contains("first error: ") && reason.contains("until it was stopped); the first errors: "),
        reason);
    // the client's 3 s + 2 s grace, the coordinator stopping the other client and writing the bundle
    assertTrue(k.secondsAfterKill() < 30, "ended " + k.secondsAfterKill() + " s after the kill\n"
        + k.coordinator().describe());
  }

  @Test
  void theCoordinatorStopsARunWhoseStatusLinesShowOnlyFailures() throws Exception {
    Path bundle = work.resolve("coordinator-stall");
    // the client's own rule is far away: only the coordinator's may stop this run; operations fail every second
    Killed k = coordinatedRunWithServerKilled(bundle, 1000, "-p", "ycsbpack.stalltimeout=600",
        "--hosts", "local", "--stall-timeout", "5");
    String reason = Coordinator.manifest(bundle).get("reason").asText();
    assertTrue(reason.startsWith("client 01-local1 on local1 made no progress: no operation succeeded for "), reason);
    assertTrue(reason.contains("though it kept reporting"), reason);
    assertTrue(Files.size(new ClientFolder(bundle.resolve("clients/01-local1")).textOutput()) > 0,
        "the stopped client still reported what it measured");
    // 5 s (whole seconds, so up to 7) + the client's 2 s stop grace and report + the bundle
    assertTrue(k.secondsAfterKill() < 30, "ended " + k.secondsAfterKill() + " s after the kill\n"
        + k.coordinator().describe());
  }

  /**
   * A silent network partition in the middle of a batched load (issue 38): the embedded server in a network namespace,
   * every packet to and from it dropped with iptables, no RST or ICMP, so each client thread waits in its batch's
   * socket read. The run ends within the read timeout, as an unbatched load does (not after waiting on the lost
   * server again to re-send in cleanup), with YCSB's report on stdout, the batches in flight counted as documents
   * of unknown fate, true counts in verdict.properties, and a reason that blames no setting the user never made.
   * After healing, the server holds what was acknowledged and at most the documents whose fate was unknown besides.
   */
  @Test
  void aSilentPartitionDuringABatchedLoadEndsWithinTheReadTimeoutCountingItsBatchesInFlightAsOfUnknownFate()
      throws Exception {
    NetnsHosts.requireOrSkip();
    try (NetnsLab lab = NetnsLab.start(1)) {
      NetworkNamespace server = lab.rig().server();
      requireIptables(server);
      String table = Servers.newTable();
      Path out = work.resolve("partitioned");
      List<String> command = lab.rig().coordinator().command(YcsbRun.home().resolve("bin/ycsb").toString(), "load",
          "mongodb", "-P", YcsbRun.home().resolve("workloads/workloada").toString(), "-p", "mongodb.url=" + lab.url()
              + "/" + Servers.DATABASE + "?" + SHORT_TIMEOUTS,
          "-p", "table=" + table, "-p", "recordcount=1000000", "-p",
          "mongodb.batchsize=50", "-threads", "4", "-target", "400", "-s", "-p", "status.interval=1", "-p",
          "ycsbpack.stalltimeout=" + STALL_SECONDS, "--out", out.toString());
      CompletableFuture<YcsbRun> running = CompletableFuture.supplyAsync(() -> YcsbRun.exec(work, command.get(0),
          command.subList(1, command.size()).toArray(new String[0])));
      waitForOperations(running, new ClientFolder(out).stderr(), 800);
      iptables(server, "-A", "INPUT", "-j", "DROP");
      iptables(server, "-A", "OUTPUT", "-j", "DROP");
      long cut = System.nanoTime();
      YcsbRun run;
      try {
        run = running.get(150, TimeUnit.SECONDS);
      } finally {
        iptables(server, "-F");
      }
      double seconds = (System.nanoTime() - cut) / 1e9;

      assertEquals(1, run.exitCode, run::describe);
      // the 10 s socket read timeout, the fill time of a batch begun before the cut, YCSB's report and the JVM's exit
      // on a busy machine; re-sending in cleanup (10 s more) or giving up on the threads (35 s after the stop's grace)
      // would pass 25 s
      assertTrue(seconds < 10 + 10, "ended " + seconds + " s after the cut\n" + run.describe());
      assertTrue(run.measurements.containsKey("OVERALL"), "YCSB's report on stdout: " + run.describe());
      long counted = run.count("INSERT-DOCUMENTS", "Counted");
      long acknowledged = run.count("INSERT-DOCUMENTS", "Acknowledged");
      long unknown = run.count("INSERT-DOCUMENTS", "FateUnknown");
      long failedInserts = run.count("INSERT", "Return=SERVICE_UNAVAILABLE");
      assertTrue(acknowledged >= 400, run::describe);
      assertTrue(unknown > 0 && failedInserts > 0, "the batches in flight: " + run.describe());
      assertEquals(counted, acknowledged + run.count("INSERT-DOCUMENTS", "NotAcknowledged") + unknown,
          "Counted = Acknowledged + NotAcknowledged + FateUnknown: " + run.describe());
      // the user set a bounded read timeout: the stop never blames an unbounded one ("socketTimeoutMS=0?")
      assertFalse(run.stderr.contains("socketTimeoutMS=0"), "no setting the user never made: " + run.describe());
      assertTrue(run.stderr.contains("MongoSocketReadTimeoutException"), "the read timeout is named: "
          + run.describe());
      assertTrue(run.stderr.contains(String.format(java.util.Locale.ROOT, "NOT ACKNOWLEDGED: only %,d of %,d buffered "
          + "inserts were acknowledged by the server (the other %,d were counted as done, but their fate is unknown",
          acknowledged, counted, unknown)), run::describe);
      String last = run.stderr.strip().lines().reduce((a, b) -> b).orElse("");
      assertTrue(last.startsWith("bin/ycsb: FAILED: no operation succeeded for " + STALL_SECONDS + " s"), last);
      Verdict verdict = new ClientFolder(out).verdict().orElseThrow();
      assertEquals(RunStatus.FAILED, verdict.status());
      assertEquals(counted + failedInserts, verdict.outcomes().attempted(), "every insert YCSB made");
      assertEquals(acknowledged, verdict.completedOperations(), "only what the server acknowledged");

      // healed: documents of unknown fate may arrive late (TCP retransmissions of the batches in flight)
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      long stored = lab.count(table);
      while (stored < acknowledged + unknown + failedInserts && System.nanoTime() < deadline) {
        Thread.sleep(1000);
        stored = lab.count(table);
      }
      System.err.printf(java.util.Locale.ROOT, "partitioned batched load: ended %.1f s after the cut; %d acknowledged,"
          + " %d of unknown fate, %d failed inserts; %d stored after healing%n", seconds, acknowledged, unknown,
          failedInserts, stored);
      assertTrue(acknowledged <= stored && stored <= acknowledged + unknown + failedInserts, stored + " stored, "
          + acknowledged + " acknowledged, " + unknown + " of unknown fate, " + failedInserts + " failed inserts");
    }
  }

  /** Returns once {@code running}'s status lines count {@code operations}, failing when it ends or takes 90 s. */
  private static void waitForOperations(CompletableFuture<YcsbRun> running, Path stderr, long operations)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (YcsbRun.lastReportedOperations(stderr) < operations) {
      if (running.isDone()) {
        fail("the run ended before the fault: " + running.get().describe());
      }
      if (System.nanoTime() > deadline) {
        fail("the run did not reach " + operations + " operations in 90 s");
      }
      Thread.sleep(100);
    }
  }

  /** Skips (or, where the netns tests are required, fails) without a working iptables in {@code namespace}. */
  private static void requireIptables(NetworkNamespace namespace) throws Exception {
    Process p = namespace.processBuilder("iptables", "-S").redirectErrorStream(true).start();
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
      return;
    }
    String reason = "iptables does not work in a network namespace (" + said + "); " + Prerequisites.INSTALL_HINT;
    if (Prerequisites.netnsRequired()) {
      fail(reason);
    }
    Assumptions.abort(reason);
  }

  private static void iptables(NetworkNamespace namespace, String... args) throws Exception {
    Process p = namespace.processBuilder(concat("iptables", args)).redirectErrorStream(true).start();
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "iptables " + String.join(" ", args) + ": "
        + said);
  }

  /**
   * Asserts that a two-client coordinated run failed with a stalled client's own verdict, whole (not the
   * coordinator's guess from a line cut at 300 characters), said by the summary too, and that both clients kept
   * their partial measurements; returns the reason.
   */
  private static String assertAStalledClientFailedTheRun(Path bundle, Killed k) throws IOException {
    JsonNode manifest = Coordinator.manifest(bundle);
    assertEquals("FAILED", manifest.get("status").asText(), manifest::toPrettyString);
    String reason = manifest.get("reason").asText();
    assertTrue(reason.matches("client 0[12]-local[12] on local[12] exited with status 1: no operation succeeded"
        + " for 3 s \\(ycsbpack.stalltimeout\\): the server was last seen at .*"), reason);
    assertTrue(k.coordinator().stderr().contains(reason), "the summary says the same: " + k.coordinator().describe());
    for (String client : List.of("01-local1", "02-local2")) {
      assertTrue(Files.size(new ClientFolder(bundle.resolve("clients").resolve(client)).textOutput()) > 0,
          client + " kept its partial measurements");
    }
    return reason;
  }
}
