package dev.ycsbpack.dist;

import static dev.ycsbpack.dist.Servers.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.common.ClientFolder;
import dev.ycsbpack.common.ErrorBudget;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.testkit.ProxiedServer;
import dev.ycsbpack.testkit.WireProxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connections reset (RST) under a running benchmark, through {@link WireProxy} in front of mongo-java-server: the run
 * carries on (the driver reconnects), the operations the resets broke are counted as failed, and the error budget,
 * not luck, decides COMPLETE or FAILED, for {@code bin/ycsb} and for the coordinator with two local clients.
 */
class ConnectionResetsIT {
  private static final Pattern LEAD = Pattern.compile("ERRORS: ([\\d,]+) of ([\\d,]+) operations failed");
  /** Every 400 ms, at most 10 times: a few seconds of resets, bounded whatever the run does. */
  private static final long RESET_EVERY_MS = 400;
  private static final int MAX_RESET_ROUNDS = 10;

  @TempDir
  Path work;
  @RegisterExtension
  final ProxiedServer proxied = new ProxiedServer();
  private ScheduledExecutorService resetter;

  /** Stops the resets before the proxy closes. */
  @AfterEach
  void stopResetting() throws InterruptedException {
    if (resetter != null) {
      resetter.shutdownNow();
      resetter.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  /** The workload through the proxy; no driver retries, so every reset the clients meet shows as a failed operation. */
  private String[] workload(String table) {
    return concat("-P", YcsbRun.readMostly().toString(),
        "-p", "mongodb.url=" + proxied.proxy().connectionString() + "/" + Servers.DATABASE
            + "?retryReads=false&retryWrites=false",
        "-p", "table=" + table, "-p", "recordcount=100");
  }

  /** Resets every open connection every {@link #RESET_EVERY_MS}; returns the count of rounds that reset any. */
  private AtomicInteger startResetting() {
    AtomicInteger rounds = new AtomicInteger();
    AtomicInteger tries = new AtomicInteger();
    resetter = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "connection-resetter");
      t.setDaemon(true);
      return t;
    });
    resetter.scheduleAtFixedRate(() -> {
      if (tries.incrementAndGet() > MAX_RESET_ROUNDS) {
        resetter.shutdown();
      } else if (proxied.proxy().resetAll() > 0) {
        rounds.incrementAndGet();
      }
    }, RESET_EVERY_MS, RESET_EVERY_MS, TimeUnit.MILLISECONDS);
    return rounds;
  }

  private static void awaitOperations(Path stderr, CompletableFuture<?> running) throws Exception {
    assertTrue(Coordinator.waitFor(() -> running.isDone() || YcsbRun.lastReportedOperations(stderr) >= 20, 90),
        "no operation in 90 s");
    if (running.isDone()) {
      fail("the run ended before the resets: " + running.get());
    }
  }

  @Test
  void aRunWhoseConnectionsAreResetCarriesOnAndTheBudgetDecidesOnItsCountedFailures() throws Exception {
    String table = Servers.newTable();
    YcsbRun.run(work, concat("load", "mongodb", workload(table))).assertSucceeded();
    for (String budget : List.of("100", "0")) {
      Path out = work.resolve("budget-" + budget);
      int connectionsBefore = proxied.proxy().connections();
      // paced (about 6 s), so the resets land mid-run however fast the machine is
      CompletableFuture<YcsbRun> running = CompletableFuture.supplyAsync(() -> YcsbRun.run(work, concat("run",
          "mongodb", workload(table), "-threads", "2", "-target", "250", "-p", "operationcount=1500", "-s",
          "-p", "status.interval=1", "-p", ErrorBudget.MAX_ERROR_RATE + "=" + budget, "--out", out.toString())));
      awaitOperations(new ClientFolder(out).stderr(), running);
      AtomicInteger rounds = startResetting();
      YcsbRun run = running.get(180, TimeUnit.SECONDS);
      resetter.shutdownNow();

      assertTrue(rounds.get() >= 3, "resets during the run: " + rounds + "\n" + run.describe());
      assertTrue(proxied.proxy().connections() > connectionsBefore + rounds.get(),
          "the clients reconnected after each reset");
      Verdict verdict = new ClientFolder(out).verdict().orElseThrow();
      Outcomes o = verdict.outcomes();
      // the run carried on: every operation was attempted, whatever the resets broke
      assertEquals(1500, o.attempted(), run::describe);
      long failedOnStdout = failedReturns(run);
      assertTrue(failedOnStdout > 0, "the resets broke operations in flight or on pooled connections\n"
          + run.describe());
      assertEquals(failedOnStdout, o.failed(), run::describe);
      boolean breach = new ErrorBudget(Double.parseDouble(budget), ErrorBudget.DEFAULT_MAX_NOT_FOUND_PERCENT)
          .breach(o).isPresent();
      assertEquals(budget.equals("0"), breach, "100% never fails, 0% fails on any failed operation");
      assertEquals(breach ? RunStatus.FAILED : RunStatus.COMPLETE, verdict.status(), run::describe);
      assertEquals(breach ? 1 : 0, run.exitCode, run::describe);
      String errors = String.format(Locale.ROOT, "%,d of 1,500 operations failed", failedOnStdout);
      assertTrue(run.stderr.contains(breach ? "bin/ycsb: FAILED: " + errors : "bin/ycsb: ERRORS: " + errors),
          run::describe);
    }
  }

  @Test
  void aCoordinatedRunWithTwoLocalClientsCarriesOnThroughResetsAndLeadsWithTheSummedFailures() throws Exception {
    String table = Servers.newTable();
    YcsbRun.run(work, concat("load", "mongodb", workload(table))).assertSucceeded();
    Path bundle = work.resolve("coordinated");
    List<String> args = new ArrayList<>(List.of("run", "mongodb"));
    args.addAll(List.of(workload(table)));
    args.addAll(List.of("-threads", "2", "-target", "300", "-p", "operationcount=2000", "-p",
        ErrorBudget.MAX_ERROR_RATE + "=100", "--hosts", "local,local", "--quiet", "--out", bundle.toString()));
    Coordinator c = Coordinator.start(work, List.of(), args);
    try {
      Path clientErr = new ClientFolder(bundle.resolve("clients/01-local1")).stderr();
      assertTrue(Coordinator.waitFor(
          () -> !c.process.isAlive() || YcsbRun.lastReportedOperations(clientErr) >= 20, 120), c::describe);
      assertTrue(c.process.isAlive(), () -> "ended before the resets: " + c.describe());
      int connectionsBefore = proxied.proxy().connections();
      AtomicInteger rounds = startResetting();
      assertEquals(0, c.await(), c::describe);
      resetter.shutdownNow();
      assertTrue(rounds.get() >= 3, "resets during the run: " + rounds);
      assertTrue(proxied.proxy().connections() > connectionsBefore + rounds.get(), "the clients reconnected");
    } finally {
      if (c.process.isAlive()) {
        c.process.destroyForcibly();
      }
    }
    JsonNode manifest = Coordinator.manifest(bundle);
    assertEquals("COMPLETE", manifest.get("status").asText(), manifest::toPrettyString);
    long failed = 0;
    long attempted = 0;
    for (String client : List.of("01-local1", "02-local2")) {
      Verdict v = new ClientFolder(bundle.resolve("clients").resolve(client)).verdict().orElseThrow();
      assertEquals(RunStatus.COMPLETE, v.status(), client);
      failed += v.outcomes().failed();
      attempted += v.outcomes().attempted();
    }
    assertEquals(2000, attempted, "the clients carried on through the resets");
    assertTrue(failed > 0, "the resets broke operations");
    Matcher lead = LEAD.matcher(manifest.path("lead").asText());
    assertTrue(lead.find(), manifest::toPrettyString);
    assertEquals(String.format(Locale.ROOT, "%,d", failed), lead.group(1), "the summed failures lead the manifest");
    assertEquals("2,000", lead.group(2));
    assertTrue(c.stdout().contains(lead.group()) || c.stderr().contains(lead.group()),
        () -> "the summary line leads with them too: " + c.describe());
  }

  /** The failed operations of YCSB's own {@code Return=} counts: any status but OK, BATCHED_OK and NOT_FOUND. */
  private static long failedReturns(YcsbRun run) {
    long failed = 0;
    for (Map.Entry<String, Map<String, String>> section : run.measurements.entrySet()) {
      if (!Outcomes.counts(section.getKey())) {
        continue;
      }
      for (Map.Entry<String, String> e : section.getValue().entrySet()) {
        String name = e.getKey();
        if (name.startsWith("Return=") && !name.equals("Return=OK") && !name.equals("Return=BATCHED_OK")
            && !name.equals("Return=NOT_FOUND")) {
          failed += Math.round(Double.parseDouble(e.getValue()));
        }
      }
    }
    return failed;
  }
}
