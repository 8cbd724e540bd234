package dev.ycsbpack.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.LocalSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import dev.ycsbpack.coordinator.plan.RunRequest;
import dev.ycsbpack.coordinator.run.CoordinatedRun;
import dev.ycsbpack.coordinator.run.Supervisor;
import dev.ycsbpack.testkit.EmbeddedMongoServer;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.testkit.WireDecision;
import dev.ycsbpack.testkit.WireProxy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The serverStatus snapshots around a step, counted on the wire: the local host here has no pack, so the step fails
 * at its host check, after the "before" snapshot and before any client.
 */
class StepRunnerTest {
  @TempDir
  Path dir;

  @Test
  void ctrlCBeforeTheStepTakesNoServerStatusSnapshot() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      StepRunner runner = runner();
      runner.interrupt("interrupted: Ctrl-C");
      assertEquals(CoordinatedRun.FAILED, runner.run(plan(proxy, "interrupted")).exitCode());
      assertEquals(0, proxy.messages("serverStatus"), "no snapshot after Ctrl-C");
      assertEquals(null, runner.lastServer());
    }
  }

  @Test
  void aStepNotInterruptedTakesItsBeforeSnapshot() throws Exception {
    // the counterpart: the same step without Ctrl-C asks serverStatus once before it (no "after": it failed)
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      assertEquals(CoordinatedRun.FAILED, runner().run(plan(proxy, "not-interrupted")).exitCode());
      assertEquals(1, proxy.messages("serverStatus"));
    }
  }

  /**
   * A step that inserts whose count (where its new keys start) fails: the step fails with the count's reason, in one
   * line, before any client, instead of inserting the earlier steps' keys again and counting DUPLICATE_KEY errors.
   */
  @Test
  void aStepThatInsertsFailsWithTheReasonItsCountFailed() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      // countDocuments is an aggregate: refused as a server refuses a user without the right to read
      proxy.onRequest(r -> r.command().equals("aggregate") ? WireDecision.reply(new BsonDocument("ok",
          new BsonDouble(0)).append("errmsg", new BsonString("not authorized on steprunner to execute command"))
          .append("code", new BsonInt32(13)).append("codeName", new BsonString("Unauthorized")))
          : WireDecision.forward());
      RunPlan plan = plan(proxy, "count-refused", "insertproportion=0.5\n");
      assertEquals(CoordinatedRun.FAILED, runner().run(plan).exitCode());
      Manifest m = Bundle.read(plan.out());
      assertEquals("FAILED", m.status());
      assertTrue(m.reason().startsWith("the count of steprunner.usertable before the step (its inserts start after the"
          + " documents there) failed: Command execution failed on MongoDB server with error 13 (Unauthorized): 'not"
          + " authorized on steprunner to execute command'"), m.reason());
      assertEquals(1, m.reason().lines().count(), m.reason());
      assertTrue(proxy.messages("aggregate") > 0, "the count was asked");
    }
  }

  /**
   * A step that inserts whose run ends with an error of its own (its manifest cannot be written) and whose client's
   * verdict cannot be read either (so where the next step's keys start is unknown): the step's own error is the one
   * thrown, the unreadable verdict stated after it; the next inserting step fails before any client instead of
   * counting (a count misses the keys failed inserts used up).
   */
  @Test
  void aStepsOwnErrorIsReportedAndTheNextInsertingStepFailsWhenItsAttemptsCannotBeRead() throws Exception {
    // the pack's bin/ycsb: a client that leaves an unreadable verdict and puts a folder where the step's manifest goes
    Path home = Files.createDirectories(dir.resolve("pack/bin")).getParent();
    Path ycsb = Files.writeString(home.resolve("bin/ycsb"), """
        #!/bin/sh
        while [ "$1" != --out ]; do shift; done
        mkdir -p "$2" && printf 'status=MAYBE\n' > "$2/verdict.properties"
        rm -f "$2/../../manifest.json" && mkdir -p "$2/../../manifest.json/in-the-way"
        exit 3
        """);
    Files.setPosixFilePermissions(ycsb, PosixFilePermissions.fromString("rwx------"));
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(); WireProxy proxy = WireProxy.start(server.port())) {
      StepRunner runner = runner(home);
      RunPlan first = plan(proxy, "first", "insertproportion=0.5\n");
      IOException e = assertThrows(IOException.class,
          () -> runner.run(first));
      assertTrue(String.valueOf(e.getMessage()).contains("manifest.json"), "the step's own error: " + e);
      assertEquals(1, e.getSuppressed().length, "the unreadable verdict, stated after it");
      assertTrue(e.getSuppressed()[0].getMessage().contains("status=MAYBE"), e.getSuppressed()[0].getMessage());

      long counts = proxy.messages("aggregate");
      RunPlan second = plan(proxy, "second", "insertproportion=0.5\n");
      assertEquals(CoordinatedRun.FAILED, runner.run(second).exitCode());
      Manifest m = Bundle.read(second.out());
      assertTrue(m.reason().startsWith("the insert attempts of the inserting step in " + first.out() + " could not be"
          + " read, so where this step's new keys start is not known"), m.reason());
      assertFalse(Files.exists(second.out().resolve("clients/" + second.clients().get(0).name())), "no client ran");
      assertEquals(counts, proxy.messages("aggregate"), "no count instead");
    }
  }

  private StepRunner runner() throws Exception {
    return runner(Files.createDirectories(dir.resolve("no-pack")));
  }

  private StepRunner runner(Path home) throws Exception {
    Host.Local host = new Host.Local(1);
    Map<Host, HostSession> sessions = Map.of(host, new LocalSession(host, home));
    PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    return new StepRunner(sessions, new PackArchive(home, "test", 0), Supervisor.Settings.defaults(),
        Redactor.of(Map.of()), "test", log, true);
  }

  private RunPlan plan(WireProxy proxy, String name) throws Exception {
    return plan(proxy, name, "");
  }

  private RunPlan plan(WireProxy proxy, String name, String more) throws Exception {
    Path workload = Files.writeString(dir.resolve(name + ".workload"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "recordcount=10\noperationcount=10\nreadproportion=1\n" + more);
    RunPlan plan = StepRunner.plan(new RunRequest(Phase.RUN, "mongodb", List.of(workload),
        Map.of("mongodb.url", proxy.connectionString() + "/steprunner"), 1, 0, List.of(new Host.Local(1)), 1,
        dir.resolve(name), List.of()));
    assertTrue(plan.binding().equals("mongodb"));
    return plan;
  }
}
