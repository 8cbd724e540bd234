package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.hosts.FakeHost;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.hosts.RemoteSession;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A whole coordinated run over fake hosts behind the remote-shell seam (see {@link FakeHost}). */
@Timeout(60)
class CoordinatedRunTest {
  @TempDir
  Path dir;

  /**
   * Ctrl-C before the run began (an experiment's step interrupted while it read serverStatus): the run ends FAILED
   * after the host check, naming the interruption, and no host is staged: staging a new pack takes minutes per host,
   * longer than the coordinator waits for an interrupted run to write its bundle.
   */
  @Test
  void anInterruptBeforeTheRunFailsItAfterTheCheckWithoutStagingAnyHost() throws Exception {
    PackArchive pack = PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
    Host host = new Host.Rsh("fake1");
    RemoteSession session = new RemoteSession(host, FakeHost.withJava(Files.createDirectories(dir.resolve("home"))),
        ".ycsb-pack");
    Map<Host, HostSession> sessions = new LinkedHashMap<>(Map.of(host, session));
    RunPlan plan = new RunPlan(Phase.LOAD, "basic", List.of(host),
        List.of(new ClientPlan(0, "01-fake1", host, 1, 0, 10, "all", Map.of())), Map.of(), dir.resolve("bundle"),
        List.of(), List.of());
    CoordinatedRun run = new CoordinatedRun(plan, sessions, pack, Supervisor.Settings.defaults(), Redactor.of(Map.of()),
        "bin/ycsb-coordinator load", new PrintStream(PrintStream.nullOutputStream()), total -> new Progress.Silent(),
        System.currentTimeMillis());

    run.interruptBeforeRun("interrupted by the user (Ctrl-C)");
    assertEquals(CoordinatedRun.FAILED, run.run(Bundle.create(plan.out())));

    Manifest m = Bundle.read(plan.out());
    assertEquals("FAILED", m.status());
    assertTrue(m.reason().contains("Ctrl-C"), m.reason());
    assertTrue(session.probe(pack).ok());
    assertFalse(session.probe(pack).staged(), "the pack was not staged on the host");
  }
}
