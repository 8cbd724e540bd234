package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.aggregate.format.MergedJson;
import dev.ycsbpack.aggregate.synthetic.SyntheticClients;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.coordinator.bundle.Bundle;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.hosts.FakeHost;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.LocalSession;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
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
    Map<Host, HostSession> sessions = fakeSession(host);
    HostSession session = sessions.get(host);
    RunPlan plan = oneClientLoad(host, dir.resolve("bundle"));
    CoordinatedRun run = quietRun(plan, sessions, pack, Supervisor.Settings.defaults());

    run.interruptBeforeRun("interrupted by the user (Ctrl-C)");
    RunOutcome outcome = run.run(Bundle.create(plan.out()));
    assertEquals(CoordinatedRun.FAILED, outcome.exitCode());
    assertOutcomeIsWhatWasWritten(outcome, plan.out());

    Manifest m = Bundle.read(plan.out());
    assertEquals("FAILED", m.status());
    assertTrue(m.reason().contains("Ctrl-C"), m.reason());
    assertTrue(session.probe(pack).ok());
    assertFalse(session.probe(pack).staged(), "the pack was not staged on the host");
  }

  /**
   * A bundle whose manifest cannot be written at all (here its path is a folder; a full disk in life): the run fails
   * at once with one message naming the path, the step and the error, and saying that no manifest could be marked
   * FAILED, instead of an IOException without path or step.
   */
  @Test
  void aManifestThatCannotBeWrittenFailsTheRunNamingPathStepAndThatNoneWasMarked() throws Exception {
    PackArchive pack = PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
    Host host = new Host.Rsh("fake1");
    Map<Host, HostSession> sessions = fakeSession(host);
    RunPlan plan = oneClientLoad(host, dir.resolve("bundle"));
    Bundle bundle = Bundle.create(plan.out());
    Path manifest = plan.out().resolve(Bundle.MANIFEST);
    Files.createDirectories(manifest.resolve("in-the-way")); // a non-empty folder: no file can be renamed onto it
    CoordinatedRun run = quietRun(plan, sessions, pack, Supervisor.Settings.defaults());

    CoordinatedRun.BundleWriteException e = org.junit.jupiter.api.Assertions.assertThrows(
        CoordinatedRun.BundleWriteException.class, () -> run.run(bundle));
    assertTrue(e.getMessage().startsWith("cannot write " + manifest + " (the manifest at the start): "),
        e.getMessage());
    assertTrue(e.getMessage().matches(".*\\(the manifest at the start\\): ([^;]+); the manifest could not be "
        + "marked FAILED either \\(\\1\\): there is none"), e.getMessage());
    assertFalse(Files.exists(bundle.staging()), "the staged secrets are removed all the same");
  }

  /**
   * A Ctrl-C that comes after the run failed for a reason of its own and wrote its FAILED manifest: the interrupt
   * says the run had failed (its manifest gives the reason), not that the interrupt marked it; one that came before
   * the manifest was weighed did mark it.
   */
  @Test
  void anInterruptAfterARunFailedOnItsOwnSaysSo() throws Exception {
    PackArchive pack = PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
    Host host = new Host.Rsh("fake1");
    Map<Host, HostSession> sessions = fakeSession(host);
    for (boolean interruptFirst : List.of(false, true)) {
      RunPlan plan = oneClientLoad(host, dir.resolve("bundle-" + interruptFirst));
      CoordinatedRun run = quietRun(plan, sessions, pack, Supervisor.Settings.defaults());
      if (interruptFirst) {
        run.interruptBeforeRun("interrupted by the user (Ctrl-C)");
      } else {
        run.failBeforeRun("the count before the step failed");
      }
      assertEquals(CoordinatedRun.FAILED, run.run(Bundle.create(plan.out())).exitCode());
      assertEquals("FAILED", Bundle.read(plan.out()).status());
      assertEquals(interruptFirst ? CoordinatedRun.AfterInterrupt.MARKED_FAILED
          : CoordinatedRun.AfterInterrupt.FAILED_BEFORE, run.interrupt("interrupted by the user (Ctrl-C)"));
    }
  }

  /**
   * Ctrl-C while the first of three hosts is being staged (one at a time): the run ends FAILED with the interrupt's
   * reason as soon as that staging ends, within {@link CoordinatedRun#interrupt}'s wait, which says so; the two hosts
   * not begun are never touched after their check, and no client is launched anywhere.
   */
  @Test
  void anInterruptDuringStagingFailsTheRunWithoutTouchingTheHostsNotBegun() throws Exception {
    PackArchive pack = PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
    CountDownLatch stagingBegan = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<Host> hosts = List.of(new Host.Rsh("fake1"), new Host.Rsh("fake2"), new Host.Rsh("fake3"));
    List<FakeHost> fakes = new java.util.ArrayList<>();
    Map<Host, HostSession> sessions = new LinkedHashMap<>();
    List<ClientPlan> clients = new java.util.ArrayList<>();
    for (int i = 0; i < hosts.size(); i++) {
      FakeHost fake = FakeHost.withJava(Files.createDirectories(dir.resolve("home" + i)));
      fakes.add(fake);
      // every staging (the pack's tar read from stdin) blocks until the test has interrupted the run
      sessions.put(hosts.get(i), new RemoteSession(hosts.get(i), fake.holding("tar xzf -", stagingBegan, release),
          ".ycsb-pack"));
      clients.add(new ClientPlan(i, String.format("%02d-fake%d", i + 1, i + 1), hosts.get(i), 1, 0, 10, "all",
          Map.of()));
    }
    RunPlan plan = new RunPlan(Phase.LOAD, "basic", hosts, clients, Map.of(), dir.resolve("bundle"), List.of(),
        List.of());
    Supervisor.Settings one = Supervisor.Settings.of(java.time.Duration.ofSeconds(30),
        java.time.Duration.ofSeconds(30), 5, 1, java.time.Duration.ZERO);
    CoordinatedRun run = quietRun(plan, sessions, pack, one);

    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Integer> status = pool.submit(() -> run.run(Bundle.create(plan.out())).exitCode());
      assertTrue(stagingBegan.await(30, TimeUnit.SECONDS), "staging began");
      List<Integer> scriptsBefore = fakes.stream().map(f -> f.scripts().size()).toList();
      Future<CoordinatedRun.AfterInterrupt> finished = interruptWhileHeld(pool, run, release);
      assertEquals(CoordinatedRun.AfterInterrupt.MARKED_FAILED, finished.get(30, TimeUnit.SECONDS),
          "the run finished within the interrupt's wait");
      assertEquals(CoordinatedRun.FAILED, status.get(1, TimeUnit.SECONDS));

      Manifest m = Bundle.read(plan.out());
      assertEquals("FAILED", m.status());
      assertTrue(m.reason().contains("interrupted by the user (Ctrl-C)"), m.reason());
      for (int i = 1; i < fakes.size(); i++) {
        assertEquals(scriptsBefore.get(i), fakes.get(i).scripts().size(),
            "host " + (i + 1) + " was not touched after the interrupt: " + fakes.get(i).scripts());
      }
      for (FakeHost f : fakes) {
        assertFalse(f.scripts().stream().anyMatch(s -> s.contains("bin/ycsb")), "no client launched: " + f.scripts());
      }
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  /**
   * Ctrl-C after every client finished, while their folders are collected (10 s at 128 clients): the bundle is marked
   * FAILED with the interrupt's reason, nothing is merged, the folders are still collected and the hosts cleaned, and
   * the interrupt reports what was written, so the coordinator's "marked FAILED" is true.
   */
  @Test
  void anInterruptDuringTheCollectionMarksTheBundleFailed() throws Exception {
    PackArchive pack = PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
    CountDownLatch collectionBegan = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Host host = new Host.Rsh("fake1");
    FakeHost fake = FakeHost.withJava(Files.createDirectories(dir.resolve("home")));
    // the collection (the client's folder read with tar) waits until the test has interrupted the run
    Map<Host, HostSession> sessions = new LinkedHashMap<>(Map.of(host,
        new RemoteSession(host, fake.holding("tar czf -", collectionBegan, release), ".ycsb-pack")));
    RunPlan plan = oneClientLoad(host, dir.resolve("bundle"));
    CoordinatedRun run = quietRun(plan, sessions, pack, Supervisor.Settings.defaults());

    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Integer> status = pool.submit(() -> run.run(Bundle.create(plan.out())).exitCode());
      assertTrue(collectionBegan.await(40, TimeUnit.SECONDS), "the collection began");
      Future<CoordinatedRun.AfterInterrupt> after = interruptWhileHeld(pool, run, release);
      assertEquals(CoordinatedRun.AfterInterrupt.MARKED_FAILED, after.get(30, TimeUnit.SECONDS));
      assertEquals(CoordinatedRun.FAILED, status.get(1, TimeUnit.SECONDS));

      Manifest m = Bundle.read(plan.out());
      assertEquals("FAILED", m.status());
      assertEquals("interrupted by the user (Ctrl-C)", m.reason(), "the interrupt, not what followed it");
      assertNull(m.merged(), "nothing merged after the interrupt");
      assertTrue(Files.exists(plan.out().resolve("clients/01-fake1/verdict.properties")), "the folder was collected");
      assertTrue(fake.scripts().stream().anyMatch(sc -> sc.contains("client.pid")), "the host was cleaned: "
          + fake.scripts());
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  /**
   * Ctrl-C once the run had written its COMPLETE manifest (while the coordinator prints its summary): the bundle stays
   * COMPLETE, the interrupt says so, and the coordinator's line names it as COMPLETE and exits 0, not "marked FAILED".
   */
  @Test
  void anInterruptAfterTheCompleteManifestLeavesItCompleteAndExitsZero() throws Exception {
    PackArchive pack = PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
    Path outputs = clientOutputs(dir.resolve("outputs"));
    Host host = new Host.Rsh("fake1");
    Map<Host, HostSession> sessions = new LinkedHashMap<>(Map.of(host, new RemoteSession(host,
        FakeHost.withJava(Files.createDirectories(dir.resolve("home"))), ".ycsb-pack")));
    RunPlan plan = new RunPlan(Phase.RUN, "basic", List.of(host), List.of(new ClientPlan(0, "01-fake1", host, 1, 0, 30,
        "all", Map.of("fake.mode", "copy", "fake.folder", outputs.toString()))), Map.of(), dir.resolve("bundle"),
        List.of(), List.of());
    CoordinatedRun run = quietRun(plan, sessions, pack, Supervisor.Settings.defaults());
    assertEquals(CoordinatedRun.COMPLETE, run.run(Bundle.create(plan.out())).exitCode(), () -> reason(plan.out()));

    CoordinatedRun.AfterInterrupt after = run.interrupt("interrupted by the user (Ctrl-C)");
    assertEquals(CoordinatedRun.AfterInterrupt.COMPLETE_BEFORE, after);
    Manifest m = Bundle.read(plan.out());
    assertEquals("COMPLETE", m.status(), m.reason());
    assertNull(m.reason());
    assertEquals("ycsb-coordinator: interrupted after the run had finished; the bundle (COMPLETE) is " + plan.out(),
        after.line(plan.out()));
    assertEquals(0, after.exitStatus());
  }

  /**
   * Two clients on {@code local1} and {@code local2}: the merged report's "Hosts and clients" says "on this machine",
   * as the coordinator's summary does (one machine named twice), not "on 2 hosts".
   */
  @Test
  void aRunOnTwoLocalHostsIsReportedAsOnThisMachine() throws Exception {
    RunPlan plan = localPlan(2);
    CoordinatedRun run = quietRun(plan, localSessions(plan), PackArchive.of(dir.resolve("pack")),
        Supervisor.Settings.defaults());
    assertEquals(CoordinatedRun.COMPLETE, run.run(Bundle.create(plan.out())).exitCode(), () -> reason(plan.out()));

    String html = Files.readString(plan.out().resolve("merged/report.html"));
    int facts = html.indexOf("<script type=\"application/json\" id=\"runfacts\">");
    String runFacts = html.substring(html.indexOf('>', facts) + 1, html.indexOf("</script>", facts));
    assertEquals("2 clients on this machine: 01-local1 on local1, 02-local2 on local2",
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(runFacts).get("Hosts and clients").asText(),
        runFacts);
  }

  /**
   * What a run returns is what it wrote: the manifest and the merged figures its callers (the coordinator's summary,
   * an experiment's step) take from the outcome instead of reading the files back.
   */
  @Test
  void theOutcomeCarriesTheManifestAndTheMergedFiguresTheRunWrote() throws Exception {
    RunPlan plan = localPlan(1);
    CoordinatedRun run = quietRun(plan, localSessions(plan), PackArchive.of(dir.resolve("pack")),
        Supervisor.Settings.defaults());

    RunOutcome outcome = run.run(Bundle.create(plan.out()));

    assertEquals(CoordinatedRun.COMPLETE, outcome.exitCode(), () -> reason(plan.out()));
    assertEquals("COMPLETE", outcome.status());
    assertEquals(List.of(), outcome.problems());
    assertTrue(outcome.merged() != null, "a merged run's outcome has its figures");
    assertOutcomeIsWhatWasWritten(outcome, plan.out());
  }

  /**
   * The outcome's manifest is byte for byte the bundle's {@code manifest.json}, and its merged figures hold what
   * {@code merged/merged.json} holds (or neither has any).
   */
  private void assertOutcomeIsWhatWasWritten(RunOutcome outcome, Path bundle) throws java.io.IOException {
    Bundle again = Bundle.create(dir.resolve("written-again"));
    again.write(outcome.manifest());
    assertEquals(Files.readString(bundle.resolve(Bundle.MANIFEST)), Files.readString(again.dir()
        .resolve(Bundle.MANIFEST)));
    Path merged = bundle.resolve("merged/merged.json");
    com.fasterxml.jackson.databind.ObjectMapper json = MergedJson.MAPPER;
    assertEquals(Files.exists(merged) ? json.readTree(merged.toFile()) : null,
        outcome.merged() == null ? null : json.readTree(json.writeValueAsString(outcome.merged())));
  }

  /** A session on the fake remote {@code host}, which has Java and no pack yet. */
  private Map<Host, HostSession> fakeSession(Host host) throws java.io.IOException {
    return new LinkedHashMap<>(Map.of(host, new RemoteSession(host,
        FakeHost.withJava(Files.createDirectories(dir.resolve("home"))), ".ycsb-pack")));
  }

  /** A load of 10 records by one client, {@code 01-fake1} on {@code host}, into the bundle {@code out}. */
  private static RunPlan oneClientLoad(Host host, Path out) {
    return new RunPlan(Phase.LOAD, "basic", List.of(host),
        List.of(new ClientPlan(0, "01-fake1", host, 1, 0, 10, "all", Map.of())), Map.of(), out, List.of(), List.of());
  }

  /** A plan of one client on each of {@code n} local hosts, each leaving real outputs, so the run merges them. */
  private RunPlan localPlan(int n) throws java.io.IOException {
    FakeHost.clientPack(dir.resolve("pack"));
    List<Host> hosts = new java.util.ArrayList<>();
    List<ClientPlan> clients = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      Host.Local h = new Host.Local(i + 1);
      hosts.add(h);
      clients.add(new ClientPlan(i, String.format("%02d-%s", i + 1, h), h, 1, 0, 30, "all", Map.of("fake.mode", "copy",
          "fake.folder", clientOutputs(dir.resolve("outputs" + i)).toString())));
    }
    return new RunPlan(Phase.RUN, "basic", hosts, clients, Map.of(), dir.resolve("bundle"), List.of(), List.of());
  }

  /** A session on each local host of {@code plan}, running the fake client pack. */
  private Map<Host, HostSession> localSessions(RunPlan plan) {
    Map<Host, HostSession> sessions = new LinkedHashMap<>();
    plan.hosts().forEach(h -> sessions.put(h, new LocalSession((Host.Local) h, dir.resolve("pack"))));
    return sessions;
  }

  /** A client's real outputs (interval logs, output.txt, properties) for a fake client to leave, so the merge runs. */
  private static Path clientOutputs(Path folder) throws java.io.IOException {
    SyntheticClients.writeClient(folder, System.currentTimeMillis() - 3_000, 1_000, 3, List.of("READ"), (op, k) -> {
      Histogram h = new Histogram(3);
      for (int i = 1; i <= 10; i++) {
        h.recordValue(100L * i);
      }
      return h;
    }, SyntheticClients.baseProperties());
    return folder;
  }

  /**
   * Ctrl-C from another thread once {@code began} (a step held in flight), as the shutdown hook calls it; the held
   * step goes on only once {@link CoordinatedRun#interrupt} has set its reason and waits for the run.
   */
  private static Future<CoordinatedRun.AfterInterrupt> interruptWhileHeld(ExecutorService pool, CoordinatedRun run,
      CountDownLatch release)
      throws InterruptedException {
    Future<CoordinatedRun.AfterInterrupt> after = pool.submit(() -> run.interrupt("interrupted by the user (Ctrl-C)"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline && !after.isDone() && !waitingInInterrupt()) {
      Thread.sleep(10);
    }
    release.countDown();
    return after;
  }

  /** The bundle's reason, for a failed assertion's message. */
  private static String reason(Path bundle) {
    try {
      return Bundle.read(bundle).reason();
    } catch (java.io.IOException e) {
      return e.toString();
    }
  }

  /** A run of {@code plan} that prints nothing. */
  private static CoordinatedRun quietRun(RunPlan plan, Map<Host, HostSession> sessions, PackArchive pack,
      Supervisor.Settings settings) {
    RunSetup setup = new RunSetup(sessions, pack, settings, Redactor.of(Map.of()), "bin/ycsb-coordinator load",
        new PrintStream(PrintStream.nullOutputStream()), true);
    return new CoordinatedRun(plan, setup, System.currentTimeMillis());
  }

  /** Whether a thread is waiting inside {@link CoordinatedRun#interrupt} (its reason set, the run not finished). */
  private static boolean waitingInInterrupt() {
    return Thread.getAllStackTraces().entrySet().stream().anyMatch(
        e -> e.getKey().getState() == Thread.State.TIMED_WAITING && java.util.Arrays.stream(e.getValue()).anyMatch(
            f -> f.getClassName().equals(CoordinatedRun.class.getName()) && f.getMethodName().equals("interrupt")));
  }
}
