package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.TlsProperty;
import dev.ycsbpack.coordinator.hosts.FakeHost;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.hosts.PackArchive;
import dev.ycsbpack.coordinator.hosts.RemoteSession;
import dev.ycsbpack.coordinator.hosts.RemoteShell;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failure policy below the end-to-end tests: fake hosts behind the remote-shell seam, each with a staged pack whose
 * client is a script speaking the control protocol (see {@link FakeHost#clientPack}).
 */
@Timeout(120)
class SupervisorTest {
  private static final String RUN = "run1";

  @TempDir
  Path dir;

  private final Map<Host, HostSession> sessions = new LinkedHashMap<>();
  private final List<FakeHost> fakes = new ArrayList<>();
  private PackArchive pack;

  /** Hosts fake1..fakeN, probed and staged; client i gets {@code fake.mode=modes[i]} ("" for a good client). */
  private RunPlan plan(String... modes) throws IOException {
    return plan(i -> new Host.Rsh("fake" + (i + 1)), modes);
  }

  /** The same, with host i named by {@code host} (a fake host behind ssh's kind of name, say). */
  private RunPlan plan(IntFunction<Host> host, String... modes) throws IOException {
    pack = PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
    List<Host> hosts = new ArrayList<>();
    List<ClientPlan> clients = new ArrayList<>();
    for (int i = 0; i < modes.length; i++) {
      Host h = host.apply(i);
      FakeHost fake = FakeHost.withJava(Files.createDirectories(dir.resolve("home" + i)));
      fakes.add(fake);
      RemoteSession s = new RemoteSession(h, fake, ".ycsb-pack");
      assertTrue(s.probe(pack).ok());
      s.stage(pack);
      sessions.put(h, s);
      hosts.add(h);
      clients.add(new ClientPlan(i, String.format("%02d-%s", i + 1, h.label()), h, 1, 0, 10, "all",
          modes[i].isEmpty() ? Map.of() : Map.of("fake.mode", modes[i])));
    }
    return new RunPlan(Phase.LOAD, "basic", hosts, clients, Map.of(), dir.resolve("bundle"), List.of(), List.of());
  }

  private Supervisor.Outcome supervise(RunPlan plan) throws IOException {
    return supervise(plan, Duration.ofSeconds(30), Fanout.DEFAULT_PARALLEL);
  }

  private Supervisor.Outcome supervise(RunPlan plan, Duration readyTimeout, int parallel) throws IOException {
    return supervisor(plan, readyTimeout, parallel, 5).run();
  }

  /** The outcome of a run on the ssh hosts u@h1, u@h2, ... with clients in {@code modes}, checked to have failed. */
  private Supervisor.Outcome failedOverSsh(String... modes) throws IOException {
    Supervisor.Outcome o = supervise(plan(i -> new Host.Ssh("u", "h" + (i + 1), 0), modes));
    assertFalse(o.complete());
    return o;
  }

  /** {@code o}, checked to be a run that failed, its second client with a problem of {@code kind}. */
  private static Supervisor.Outcome failedBySecondClient(Supervisor.Outcome o, ClientProblem.Kind kind) {
    assertFalse(o.complete());
    assertEquals(kind, o.clients().get(1).problem().kind());
    return o;
  }

  private Supervisor supervisor(RunPlan plan, Duration readyTimeout, int parallel, int controlTimeout)
      throws IOException {
    return supervisor(plan, readyTimeout, parallel, controlTimeout, new Progress.Silent());
  }

  private Supervisor supervisor(RunPlan plan, Duration readyTimeout, int parallel, int controlTimeout,
      Progress progress) throws IOException {
    Path bundle = Files.createDirectories(dir.resolve("bundle/clients"));
    Path staging = Files.createDirectories(dir.resolve("bundle/.staging"));
    // stall after 3 s of silence (the floor: three status intervals), 1 s to stop before a kill
    Supervisor.Settings settings = new Supervisor.Settings(readyTimeout, Duration.ofSeconds(1), controlTimeout,
        Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMillis(100), parallel, Duration.ZERO);
    return new Supervisor(plan, sessions, pack, bundle, staging, RUN, Redactor.of(Map.of()), settings,
        progress, new PrintStream(PrintStream.nullOutputStream()), Map.of());
  }

  private Path work(int i, String client) {
    return dir.resolve("home" + i + "/.ycsb-pack/runs/" + RUN + "/" + client);
  }

  @Test
  void readyClientsAreReleasedTogetherAndTheirFoldersComeBack() throws Exception {
    RunPlan plan = plan("", "");
    Supervisor.Outcome o = supervise(plan);
    assertTrue(o.complete(), o::reason);
    assertTrue(o.releaseEpochMs() > 0);
    for (Supervisor.ClientOutcome c : o.clients()) {
      assertNull(c.problem());
      assertEquals(0, c.exitStatus());
      assertTrue(c.startedEpochMs() >= o.releaseEpochMs() - 5, () -> c + " started before the release");
    }
    for (ClientPlan c : plan.clients()) {
      sessions.get(c.host()).fetch(c, RUN, dir.resolve("bundle/clients"));
      assertTrue(Files.exists(dir.resolve("bundle/clients").resolve(c.name()).resolve("verdict.properties")));
    }
    assertFalse(Files.exists(dir.resolve("bundle/.staging/01-fake1.properties")), "staged properties deleted here");
  }

  @Test
  void aClientThatFailsBeforeItIsReadyFailsTheRunNamingItAndTheOthersAreStopped() throws Exception {
    Supervisor.Outcome o = failedBySecondClient(supervise(plan("", "fail")), ClientProblem.Kind.EXITED);
    assertEquals("client 02-fake2 on fake2 exited (status 1) before it was ready: fake client: cannot connect to the"
        + " server", o.reason());
    assertEquals(-1, o.releaseEpochMs(), "nobody was released");
    assertNull(o.clients().get(0).problem(), "the good client was stopped, not at fault");
    // the good client heard STOP (or its input close) and ended: its wrapper removed its pid and staged files
    assertFalse(Files.exists(work(0, "01-fake1").resolve("client.pid")));
    assertFalse(Files.exists(work(0, "01-fake1").resolve("staged.properties")));
  }

  /**
   * A client's properties (secrets included) and the TLS file they name are gone from its host and from the
   * coordinator's staging folder once it is READY: while it still runs, not only when the run ends.
   */
  @Test
  void aReadyClientsStagedFilesAreRemovedHereAndOnItsHostWhileItRuns() throws Exception {
    RunPlan one = plan("long");
    Path ca = Files.writeString(dir.resolve("ca.pem"), "a CA file the client reads before it is ready\n");
    ClientPlan c = one.clients().get(0);
    RunPlan plan = new RunPlan(Phase.LOAD, "basic", one.hosts(), List.of(new ClientPlan(0, c.name(), c.host(), 1, 0,
        10, "all", Map.of("fake.mode", "long", TlsProperty.CA_FILE.key(), ca.toString()))), Map.of(),
        dir.resolve("bundle"),
        List.of(), List.of());
    String caCopy = c.name() + "."
        + TlsProperty.CA_FILE.key().substring(TlsProperty.CA_FILE.key().lastIndexOf('.') + 1);
    Path work = work(0, c.name());
    Path staging = dir.resolve("bundle/.staging");
    Supervisor s = supervisor(plan, Duration.ofSeconds(30), Fanout.DEFAULT_PARALLEL, 5);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Supervisor.Outcome> running = pool.submit(s::run);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.exists(work.resolve("out/started")) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertTrue(Files.exists(work.resolve("out/started")), "the client was released");
      assertEquals("600", Files.readString(work.resolve("out/staged-mode.txt")).strip(), "it read its properties");
      assertFalse(running.isDone(), "the run goes on");
      assertTrue(Files.exists(work.resolve("client.pid")), "the client runs");
      for (Path gone : List.of(work.resolve("staged.properties"), work.resolve(caCopy),
          staging.resolve(c.name() + ".properties"), staging.resolve(caCopy))) {
        assertFalse(Files.exists(gone), () -> gone + " was removed at the client's READY");
      }
      s.abort("the test is over");
      assertEquals("the test is over", running.get(60, TimeUnit.SECONDS).reason());
    } finally {
      pool.shutdownNow();
    }
  }

  /** A client that never got to READY has its staged files removed when the run ends, here and on its host. */
  @Test
  void aClientThatFailsBeforeItIsReadyHasItsStagedFilesRemovedAtTheEnd() throws Exception {
    RunPlan plan = plan("fail");
    Supervisor.Outcome o = supervise(plan);
    assertEquals(ClientProblem.Kind.EXITED, o.clients().get(0).problem().kind(), o::reason);
    assertTrue(Files.exists(work(0, "01-fake1").resolve("out/staged-mode.txt")),
        "it read its properties");
    assertFalse(Files.exists(work(0, "01-fake1").resolve("staged.properties")), "removed on its host");
    assertFalse(Files.exists(dir.resolve("bundle/.staging/01-fake1.properties")), "removed here");
  }

  @Test
  void aFrozenClientFailsTheRunAndCleanupKillsWhatOutlivedItsTransport() throws Exception {
    RunPlan plan = plan("", "deaf");
    Supervisor.Outcome o = failedBySecondClient(supervise(plan), ClientProblem.Kind.STALLED);
    assertTrue(o.reason().startsWith("client 02-fake2 on fake2 "), o::reason);
    long pid = Long.parseLong(Files.readString(work(1, "02-fake2").resolve("client.pid")).strip());
    assertTrue(FakeHost.alive(pid), "deaf: it ignored STOP and TERM");
    assertTrue(FakeHost.killedBy(() -> sessions.get(plan.hosts().get(1)).cleanup(RUN), pid), "nothing left running");
  }

  @Test
  void eachClientsUploadIsTimedFromItsOwnLaunchNotFromThePhasesStart() throws Exception {
    // one launch at a time (--parallel 1), each upload 1.2 s: the last client's upload begins about 3.6 s into the
    // phase, past the 3 s limit counted from the phase's start, but well inside its own 3 s
    RunPlan plan = plan("", "", "", "");
    fakes.forEach(f -> f.slowUploads(1.2));
    Supervisor.Outcome o = supervise(plan, Duration.ofSeconds(3), 1);
    assertTrue(o.complete(), o::reason);
    assertTrue(o.releaseAfterMs() > 3 * 1200, () -> "the launches took " + o.releaseAfterMs() + " ms, queued");
  }

  @Test
  void anUploadThatOutlastsItsOwnLimitFailsTheRunNamingTheHost() throws Exception {
    RunPlan plan = plan("", "");
    fakes.get(1).slowUploads(5);
    Supervisor.Outcome o = failedBySecondClient(supervise(plan, Duration.ofSeconds(1), 1),
        ClientProblem.Kind.NOT_STARTED);
    assertEquals("client 02-fake2 on fake2 could not be started: fake2: cannot upload staged.properties of 02-fake2:"
        + " timed out after 1 s", o.reason());
    assertFalse(Files.exists(work(0, "01-fake1").resolve("client.pid")), "the first client was stopped");
  }

  @Test
  void exitStatus255ThroughATemplateIsNotCalledALostSshConnection() throws Exception {
    Supervisor.Outcome o = failedBySecondClient(supervise(plan("", "cut")), ClientProblem.Kind.TRANSPORT_LOST);
    assertEquals("client 02-fake2 on fake2 ended with status 255 before it finished, through fake (fake failing, such"
        + " as a lost connection, or the client's own status): fake: connection to the host lost", o.reason());
  }

  /** A client killed by a signal is said to be, and YCSB's banner (with "error" in it) is not its reason. */
  @Test
  void aClientKilledBySigkillIsNamedSoWithoutYcsbsBanner() throws Exception {
    Supervisor.Outcome o = supervise(plan("", "killed"));
    assertFalse(o.complete());
    // the fake's wrapping shell may add its own "Killed" line, which is telling; the banner is not
    assertTrue(o.reason().startsWith("client 02-fake2 on fake2 was killed by signal 9 (SIGKILL), exit status 137"),
        o::reason);
    assertFalse(o.reason().contains("DBWrapper") || o.reason().contains("Command line"), o::reason);
    assertEquals(ClientProblem.Kind.EXITED, o.clients().get(1).problem().kind());
  }

  @Test
  void exitWordsNameTheSignalAndNeverTheBanner() {
    assertEquals("was killed by signal 15 (SIGTERM), exit status 143: fake client: stopped",
        Supervisor.exited(143, "fake client: stopped"));
    assertEquals("was killed by signal 40, exit status 168", Supervisor.exited(168, null));
    assertEquals("exited with status 1: no output", Supervisor.exited(1, null));
    assertEquals("exited with status 3: boom", Supervisor.exited(3, "boom"));
    assertTrue(ClientProcess.isStartUpLine("DBWrapper: report latency for each error is false and specific error "
        + "codes to track for latency are: []"));
    assertTrue(ClientProcess.isStartUpLine("YCSB Client 0.17.0"));
    assertFalse(ClientProcess.isStartUpLine("Error in processing insert to table: usertable"));
    assertTrue(ClientProcess.isStartUpLine("mongodb binding: url=mongodb://db/ycsb database=ycsb writeConcern={}"));
  }

  @Test
  void exitStatus255OverSshIsALostSshConnection() throws Exception {
    Supervisor.Outcome o = failedOverSsh("", "cut");
    assertEquals("client 02-h2 on u@h2 its ssh connection was lost (ssh exit status 255): fake: connection to the"
        + " host lost", o.reason());
  }

  /** ssh's exit 255 is named as a lost ssh connection before READY too, and the settings line is never the reason. */
  @Test
  void aSilentSshLossBeforeOrAfterReadyIsNamedSoAndNeverByTheSettingsLine() throws Exception {
    Supervisor.Outcome early = failedOverSsh("", "cut-early");
    assertEquals("client 02-h2 on u@h2 its ssh connection was lost before it was ready (ssh exit status 255; neither"
        + " ssh nor the client said why)", early.reason());
    assertEquals(ClientProblem.Kind.TRANSPORT_LOST, early.clients().get(1).problem().kind());

    sessions.clear();
    fakes.clear();
    Supervisor.Outcome late = failedOverSsh("", "cut-quiet");
    assertEquals("client 02-h2 on u@h2 its ssh connection was lost (ssh exit status 255; neither ssh nor the client"
        + " said why)", late.reason());

    // through a template whose program is not ssh, 255 is not blamed on ssh, and the settings line is not shown
    sessions.clear();
    fakes.clear();
    Supervisor.Outcome template = supervise(plan("", "cut-early"));
    assertEquals("client 02-fake2 on fake2 ended with status 255 before it was ready, through fake (fake failing, such"
        + " as a lost connection, or the client's own status; neither fake nor the client said why)",
        template.reason());

    // through a template whose program is ssh (--rsh 'ssh -p 2222 {host}'), 255 is ssh's own
    sessions.clear();
    fakes.clear();
    RunPlan viaSsh = plan("", "cut-early");
    Host h2 = viaSsh.hosts().get(1);
    FakeHost fake2 = fakes.get(1);
    RemoteSession ssh = new RemoteSession(h2, new RemoteShell() {
      @Override
      public String transport() {
        return "ssh";
      }

      @Override
      public Process start(String script) throws IOException {
        return fake2.start(script);
      }
    }, ".ycsb-pack");
    assertTrue(ssh.probe(pack).ok());
    sessions.put(h2, ssh);
    assertEquals("client 02-fake2 on fake2 its ssh connection was lost before it was ready (ssh exit status 255;"
        + " neither ssh nor the client said why)", supervise(viaSsh).reason());
  }

  @Test
  void heartbeatsReachEachClientFromItsLaunchSoEarlyClientsOutliveSlowLaunches() throws Exception {
    // one launch at a time, each upload 1.5 s: the last client is launched about 4.5 s after the first, past the
    // 3 s each client waits for a heartbeat; a heartbeat that began only after every launch would lose the first
    RunPlan plan = plan("", "", "", "");
    fakes.forEach(f -> f.slowUploads(1.5));
    Supervisor.Outcome o = supervisor(plan, Duration.ofSeconds(30), 1, 3).run();
    assertTrue(o.complete(), o::reason);
    assertTrue(o.releaseAfterMs() > 3_000, () -> "the launches took " + o.releaseAfterMs() + " ms, queued");
  }

  @Test
  void anAbortStopsRunningClientsAtOnceAndFailsTheRunWithItsReason() throws Exception {
    RunPlan plan = plan("long", "long");
    Supervisor s = supervisor(plan, Duration.ofSeconds(30), Fanout.DEFAULT_PARALLEL, 5);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Supervisor.Outcome> running = pool.submit(s::run);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!(Files.exists(work(0, "01-fake1").resolve("out/started"))
          && Files.exists(work(1, "02-fake2").resolve("out/started"))) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertTrue(Files.exists(work(0, "01-fake1").resolve("out/started"))
          && Files.exists(work(1, "02-fake2").resolve("out/started")), "both clients started");
      long aborted = System.nanoTime();
      s.abort("the coordinator was interrupted (Ctrl-C)");
      Supervisor.Outcome o = running.get(60, TimeUnit.SECONDS);
      long stoppedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - aborted);
      assertFalse(o.complete());
      assertEquals("the coordinator was interrupted (Ctrl-C)", o.reason());
      // each would run a minute: both heard STOP and ended within the stop grace, their wrappers gone with them
      assertTrue(stoppedMs < 20_000, () -> "stopping took " + stoppedMs + " ms");
      for (int i = 0; i < 2; i++) {
        assertFalse(Files.exists(work(i, String.format("%02d-fake%d", i + 1, i + 1)).resolve("client.pid")),
            "client " + (i + 1) + " is not running");
        assertNull(o.clients().get(i).problem(), "an aborted run blames no client");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Ctrl-C while a ready client's staged files are being removed from its host (up to 30 s, before the release): the
   * run fails with the abort's reason at once, without waiting for the removal, and no client is sent GO.
   */
  @Test
  void anAbortWhileStagedFilesAreRemovedReleasesNoClient() throws Exception {
    RunPlan plan = plan("long");
    Host h = plan.hosts().get(0);
    java.util.concurrent.CountDownLatch removing = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    FakeHost fake = fakes.get(0);
    // the removal of the staged files at READY waits until the test lets it go
    RemoteSession slowRemovals = new RemoteSession(h, fake.holding("|| exit 0; rm -f staged.properties", removing,
        release), ".ycsb-pack");
    assertTrue(slowRemovals.probe(pack).ok());
    sessions.put(h, slowRemovals);
    Supervisor s = supervisor(plan, Duration.ofSeconds(30), Fanout.DEFAULT_PARALLEL, 5);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<Supervisor.Outcome> running = pool.submit(s::run);
      assertTrue(removing.await(60, TimeUnit.SECONDS), "the client was ready and its staged files being removed");
      s.abort("the coordinator was interrupted (Ctrl-C)");
      // the removal is held up to 60 s: an outcome within 30 s did not wait for it
      Supervisor.Outcome o = running.get(30, TimeUnit.SECONDS);
      assertEquals("the coordinator was interrupted (Ctrl-C)", o.reason());
      assertEquals(-1, o.releaseEpochMs(), "nobody was released");
      assertFalse(Files.exists(work(0, "01-fake1").resolve("out/started")), "the client got no GO");
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  /**
   * 64 clients report as one: every progress line (printed here at every update, not every 10 s) is the one summed
   * line, as wide at 64 clients as at one, names no client, and ends with every client's operations.
   */
  @Test
  void progressStaysOneSummedLineAt64Clients() throws Exception {
    String[] modes = new String[64];
    java.util.Arrays.fill(modes, "report");
    RunPlan plan = plan(modes);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);

    Supervisor.Outcome o = supervisor(plan, Duration.ofSeconds(60), Fanout.DEFAULT_PARALLEL, 15,
        new Progress.Lines(out, 0)).run();

    assertTrue(o.complete(), o::reason);
    List<String> lines = bytes.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    assertFalse(lines.isEmpty());
    java.util.regex.Pattern one = java.util.regex.Pattern.compile("ycsb-coordinator: \\d+ s: [0-9,]+ of 640 operations "
        + "\\(\\d+%\\), [0-9,]+ ops/s, 0 errors(, about \\d+ s left)?");
    for (String line : lines) {
      assertTrue(one.matcher(line).matches(), () -> "not the one summed line: " + line);
      assertTrue(line.length() <= 100, () -> line.length() + " characters: " + line);
    }
    assertTrue(lines.get(lines.size() - 1).contains(": 640 of 640 operations (100%)"), () -> String.join("\n", lines));
  }
}
