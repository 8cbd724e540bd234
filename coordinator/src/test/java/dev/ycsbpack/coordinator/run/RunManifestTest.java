package dev.ycsbpack.coordinator.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.CollectionCount;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.Outcomes;
import dev.ycsbpack.common.Redactor;
import dev.ycsbpack.common.RunStatus;
import dev.ycsbpack.common.Verdict;
import dev.ycsbpack.coordinator.bundle.Manifest;
import dev.ycsbpack.coordinator.hosts.HostSession;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import dev.ycsbpack.coordinator.plan.Phase;
import dev.ycsbpack.coordinator.plan.RunPlan;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The manifest from typed inputs, no host and no file: what {@link CoordinatedRun} writes at the end of a run. */
class RunManifestTest {
  private static final long START_MS = 1_700_000_000_000L;
  private static final Host H1 = new Host.Rsh("h1");
  private static final Host H2 = new Host.Rsh("h2");
  private static final Host H3 = new Host.Rsh("h3");
  private static final List<Host> HOSTS = List.of(H1, H2, H3);

  private static RunPlan plan(Phase phase, Map<String, String> properties) {
    List<ClientPlan> clients = new ArrayList<>();
    for (int i = 0; i < HOSTS.size(); i++) {
      Map<String, String> share = phase == Phase.LOAD
          ? Map.of("insertstart", Long.toString(100L * i), "insertcount", "100") : Map.of();
      clients.add(new ClientPlan(i, String.format("%02d-h%d", i + 1, i + 1), HOSTS.get(i), 2, 0, 100,
          "[" + 100 * i + ", " + 100 * (i + 1) + ")", share));
    }
    return new RunPlan(phase, "mongodb", HOSTS, clients, properties, Path.of("bundle"), List.of("a note"), List.of());
  }

  private static RunManifest assembly(RunPlan plan, Redactor redactor) {
    return new RunManifest(plan, "load mongodb -P w", redactor, "20261124-abcdef01", START_MS);
  }

  /** Every host checked, h2's clock 50 ms ahead with a 2 ms error bound, h3's 1 ms. */
  private static Map<Host, HostSession.Probe> probes() {
    Map<Host, HostSession.Probe> out = new LinkedHashMap<>();
    out.put(H1, new HostSession.Probe("openjdk 17", 17, true, 0, 0.5, List.of()));
    out.put(H2, new HostSession.Probe("openjdk 17", 17, true, 50, 2, List.of()));
    out.put(H3, new HostSession.Probe("openjdk 21", 21, true, 0, 1, List.of()));
    return out;
  }

  /** Released at START_MS + 5 s; every client exited 0, none had a problem unless given. */
  private static Supervisor.Outcome outcome(RunPlan plan, boolean complete, String reason, ClientProblem problem2,
      int exit2) {
    List<Supervisor.ClientOutcome> clients = new ArrayList<>();
    for (ClientPlan c : plan.clients()) {
      boolean second = c.index() == 1;
      clients.add(new Supervisor.ClientOutcome(c, START_MS + 5_000, second ? exit2 : 0, second ? problem2 : null,
          3_000 + 100L * c.index()));
    }
    return new Supervisor.Outcome(complete, reason, START_MS + 5_000, 4_000, clients);
  }

  private static Supervisor.Outcome complete(RunPlan plan) {
    return outcome(plan, true, null, null, 0);
  }

  private static Verdict ok(long firstOpMs, double opsPerSec) {
    return new Verdict(RunStatus.COMPLETE, "", 100, 100, "r", firstOpMs, -1,
        Outcomes.none().plus("READ", "OK", 100).withOpsPerSec(opsPerSec), -1);
  }

  private static Verdict failed(String reason) {
    return new Verdict(RunStatus.FAILED, reason, 100, 40, "r", START_MS + 5_010, -1, Outcomes.none(), -1);
  }

  private static Map<String, String> env(String product, String version, String host) {
    Map<String, String> e = new LinkedHashMap<>();
    e.put(EnvironmentFacts.SERVER_PRODUCT, product);
    e.put(EnvironmentFacts.SERVER_VERSION, version);
    e.put(EnvironmentFacts.TOPOLOGY, "standalone");
    e.put(EnvironmentFacts.DRIVER_NAME, "mongodb-driver-sync");
    e.put(EnvironmentFacts.DRIVER_VERSION, "5.2.0");
    e.put(EnvironmentFacts.HOST_NAME, host);
    e.put(EnvironmentFacts.CPU_COUNT, "4");
    return e;
  }

  private static Map<String, Long> phases() {
    Map<String, Long> p = new LinkedHashMap<>();
    p.put("check", 10L);
    p.put("stage", 20L);
    return p;
  }

  private static MergeFigures merged(String lead, String budgetFailure, Map<String, Double> rates) {
    return new MergeFigures(lead, budgetFailure, new Manifest.Merged("merged", "merged/report.html",
        Map.of("window", "union")), rates);
  }

  @Test
  void aCompleteRunRecordsEveryHostClientShareReleaseAndStep() {
    RunPlan plan = plan(Phase.LOAD, Map.of("recordcount", "300"));
    RunManifest assembly = assembly(plan, Redactor.of(Map.of()));
    Map<String, Verdict> verdicts = Map.of("01-h1", ok(START_MS + 5_010, 300), "02-h2", ok(START_MS + 5_070, 100),
        "03-h3", ok(START_MS + 5_030, 200));
    CollectedClients collected = new CollectedClients(verdicts, List.of(env("MongoDB", "8.0.3", "a"),
        env("MongoDB", "8.0.3", "b"), env("MongoDB", "8.0.3", "c")), Map.of());
    RunManifest.Ending ending = new RunManifest.Ending(complete(plan), probes(), List.of(), collected, phases());

    assertNull(assembly.failureBeforeMerge(ending));
    Manifest m = assembly.finished(ending, null, merged(null, null, Map.of("01-h1", 300.0, "02-h2", 100.0,
        "03-h3", 200.0)), null, Instant.ofEpochMilli(START_MS + 9_000));

    assertEquals("COMPLETE", m.status());
    assertNull(m.reason());
    assertNull(m.note(), "every client measured MongoDB");
    assertEquals("load", m.phase());
    assertEquals("20261124-abcdef01", m.runId());
    assertEquals(Instant.ofEpochMilli(START_MS).toString(), m.startedAt());
    assertEquals(Instant.ofEpochMilli(START_MS + 9_000).toString(), m.endedAt());
    assertEquals(List.of("h1", "h2", "h3"), m.hosts().stream().map(Manifest.HostEntry::host).toList());
    assertEquals("openjdk 21", m.hosts().get(2).java());
    assertEquals(50.0, m.hosts().get(1).clockOffsetMs());
    assertEquals(List.of(0L, 100L, 200L), m.clients().stream().map(Manifest.ClientEntry::insertstart).toList());
    assertEquals(List.of("COMPLETE", "COMPLETE", "COMPLETE"),
        m.clients().stream().map(Manifest.ClientEntry::verdict).toList());
    // h2's clock is 50 ms ahead: its 5,070 is 5,020 on the coordinator's clock; the spread is 5,030 - 5,010
    assertEquals(START_MS + 5_020, m.clients().get(1).firstOperationMs());
    assertEquals(20.0, m.release().startSpreadMs());
    assertEquals(4.0, m.release().startSpreadErrorMs(), "twice the largest clock error");
    assertEquals(5_000L, m.release().afterCommandStartMs());
    assertEquals(3_200L, m.release().slowestClientReadyMs());
    assertEquals(1_800L, m.release().coordinatorOverheadMs());
    assertEquals("merged/report.html", m.merged().report());
    assertNull(m.lead());
    assertEquals(phases(), m.phasesMs());
    assertEquals(List.of("a note"), m.notes());
    // by host, slowest first by the merge window's rates
    assertEquals(List.of("h2", "h3", "h1"), m.byHost().stream().map(Manifest.HostGroup::host).toList());
    assertEquals("02-h2 COMPLETE, 100.0 ops/s", m.byHost().get(0).lines().get(0));
  }

  @Test
  void everyClientsVerdictIsWeighedInItsOwnWordsWithTheFirstErrorsOfThoseThatFailed() {
    RunPlan plan = plan(Phase.RUN, Map.of());
    RunManifest assembly = assembly(plan, Redactor.of(Map.of()));
    Map<String, List<String>> errors = new LinkedHashMap<>();
    errors.put("02-h2", List.of("first READ failure: timed out", "first UPDATE failure: timed out"));
    errors.put("03-h3", List.of("first READ failure: refused", "first INSERT failure: refused"));
    // the supervisor saw all three exit 0, but 02 says FAILED and 03 left no verdict
    CollectedClients collected = new CollectedClients(Map.of("01-h1", ok(START_MS + 5_010, 10),
        "02-h2", failed("the server went away")), List.of(), errors);
    RunManifest.Ending ending = new RunManifest.Ending(complete(plan), probes(), List.of(), collected, phases());

    String failure = assembly.failureBeforeMerge(ending);
    assertEquals("client 02-h2 on h2 reports FAILED: the server went away; the first errors: "
        + "02-h2: first READ failure: timed out; 02-h2: first UPDATE failure: timed out; 03-h3: first READ failure: "
        + "refused", failure);
    Manifest m = assembly.finished(ending, failure, null, null, Instant.ofEpochMilli(START_MS + 9_000));
    assertEquals("FAILED", m.status());
    assertEquals(failure, m.reason());
    assertNull(m.merged());
    assertEquals(List.of("COMPLETE", "FAILED", "MISSING"), m.clients().stream().map(Manifest.ClientEntry::verdict)
        .toList());
    assertEquals("the server went away", m.clients().get(1).reason());
    assertEquals(List.of("h2", "h3", "h1"), m.byHost().stream().map(Manifest.HostGroup::host).toList());

    // the supervisor saw 02 exit 1 with a line cut short; its verdict's fuller words win
    Supervisor.Outcome exited = outcome(plan, false, "client 02-h2 on h2 exited with status 1: java.net.Sock",
        new ClientProblem(ClientProblem.Kind.EXITED, "exited with status 1: java.net.Sock"), 1);
    String words = assembly.failureBeforeMerge(new RunManifest.Ending(exited, probes(), List.of(), collected,
        phases()));
    assertTrue(words.startsWith("client 02-h2 on h2 exited with status 1: the server went away; the first errors: "),
        words);
    // a client the coordinator stopped only says so: the supervisor's reason stands
    Supervisor.Outcome stopped = outcome(plan, false, "client 01-h1 on h1 stopped reporting",
        new ClientProblem(ClientProblem.Kind.STALLED, "stopped reporting"), 143);
    assertTrue(assembly.failureBeforeMerge(new RunManifest.Ending(stopped, probes(), List.of(), collected,
        phases())).startsWith("client 01-h1 on h1 stopped reporting; the first errors: "));
    // an error the failing client's verdict already quotes is not listed again; another client's of that kind is
    Map<String, List<String>> stderr = new LinkedHashMap<>();
    stderr.put("02-h2", List.of("mongodb binding: first READ failure counted as Return=ERROR: timed out (later ...)",
        "mongodb binding: first UPDATE failure counted as Return=ERROR: timed out (later ...)"));
    stderr.put("03-h3", List.of("mongodb binding: first READ failure counted as Return=ERROR: timed out (later ...)"));
    CollectedClients quoted = new CollectedClients(Map.of("01-h1", ok(START_MS + 5_010, 10), "02-h2",
        failed("2 of 10 operations failed; first error: READ failure counted as Return=ERROR: timed out")),
        List.of(), stderr);
    assertEquals("client 02-h2 on h2 reports FAILED: 2 of 10 operations failed; first error: READ failure counted as "
        + "Return=ERROR: timed out; the first errors: 02-h2: mongodb binding: first UPDATE failure counted as "
        + "Return=ERROR: timed out (later ...); 03-h3: mongodb binding: first READ failure counted as Return=ERROR: "
        + "timed out (later ...)",
        assembly.failureBeforeMerge(new RunManifest.Ending(complete(plan), probes(),
            List.of(), quoted, phases())));
    // folders that could not be brought back fail a run the supervisor called complete
    CollectedClients allOk = new CollectedClients(Map.of("01-h1", ok(1, 1), "02-h2", ok(1, 1), "03-h3", ok(1, 1)),
        List.of(), Map.of());
    assertEquals("h3: cannot fetch 03-h3", assembly.failureBeforeMerge(new RunManifest.Ending(complete(plan), probes(),
        List.of("h3: cannot fetch 03-h3"), allOk, phases())));
  }

  @Test
  void theServersFactsAndTheNotMongoDbRuleComeFromEveryClientNotTheFirst() {
    RunPlan plan = plan(Phase.RUN, Map.of());
    List<Map<String, String>> envs = List.of(env("MongoDB", "8.0.3", "a"), env("MongoDB", "8.0.3", "b"),
        env("FerretDB v2.1.0", "7.0.77", "c"));
    CollectedClients collected = new CollectedClients(Map.of("01-h1", ok(1, 1), "02-h2", ok(1, 1), "03-h3", ok(1, 1)),
        envs, Map.of());
    Manifest m = assembly(plan, Redactor.of(Map.of())).finished(new RunManifest.Ending(complete(plan), probes(),
        List.of(), collected, phases()), null, merged(null, null, Map.of()), null, Instant.now());

    assertEquals("NOT MongoDB: the clients measured FerretDB v2.1.0. These numbers describe that server, not MongoDB.",
        m.note());
    assertEquals("MongoDB / FerretDB v2.1.0", m.server().get(EnvironmentFacts.SERVER_PRODUCT));
    assertEquals("8.0.3 / 7.0.77", m.server().get(EnvironmentFacts.SERVER_VERSION));
    assertEquals("standalone", m.server().get(EnvironmentFacts.TOPOLOGY), "one value where every client agrees");
    assertEquals("5.2.0", m.server().get(EnvironmentFacts.DRIVER_VERSION));
    assertEquals(List.of(EnvironmentFacts.DRIVER_NAME, EnvironmentFacts.DRIVER_VERSION,
        EnvironmentFacts.SERVER_PRODUCT, EnvironmentFacts.TOPOLOGY, EnvironmentFacts.SERVER_VERSION),
        List.copyOf(m.server().keySet()), "only server.* and driver.* facts, sorted");
  }

  @Test
  void fewerDocumentsCountedThanStoredFailTheRunBeforeTheMerge() {
    RunPlan plan = plan(Phase.LOAD, Map.of());
    List<Map<String, String>> envs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Map<String, String> e = env("MongoDB", "8.0.3", "m" + i);
      e.put(CollectionCount.COLLECTION, "ycsb.usertable");
      e.put(CollectionCount.BEFORE, "0");
      e.put(CollectionCount.INSERTED, "100");
      e.put(CollectionCount.AFTER, Long.toString(100 * (i + 1) - (i == 2 ? 1 : 0)));
      envs.add(e);
    }
    CollectedClients collected = new CollectedClients(Map.of("01-h1", ok(1, 1), "02-h2", ok(1, 1), "03-h3", ok(1, 1)),
        envs, Map.of());
    RunManifest assembly = assembly(plan, Redactor.of(Map.of()));
    RunManifest.Ending ending = new RunManifest.Ending(complete(plan), probes(), List.of(), collected, phases());

    String failure = assembly.failureBeforeMerge(ending);
    assertEquals("the server counted fewer documents than the clients stored: 300 loaded, 299 counted in "
        + "ycsb.usertable; 1 documents missing", failure);
    Manifest m = assembly.finished(ending, failure, null, null, Instant.now());
    assertEquals("SHORTFALL", m.count().verdict());
    assertEquals(300, m.count().expected());
    // one client without counts: no check at all rather than a wrong one
    envs.get(1).remove(CollectionCount.AFTER);
    assertNull(assembly.failureBeforeMerge(ending));
    assertTrue(assembly.count(collected).isEmpty());
  }

  @Test
  void theMergeLeadsWhenItRanAndTheClientsOwnCountsWhenItDidNot() {
    RunPlan plan = plan(Phase.RUN, Map.of());
    RunManifest assembly = assembly(plan, Redactor.of(Map.of()));
    Verdict notFound = new Verdict(RunStatus.COMPLETE, "", 100, 100, "r", START_MS + 5_000, -1,
        Outcomes.none().plus("READ", "OK", 90).plus("READ", "NOT_FOUND", 10).withOpsPerSec(50), -1);
    CollectedClients collected = new CollectedClients(Map.of("01-h1", ok(1, 500), "02-h2", notFound, "03-h3",
        ok(1, 400)), List.of(), Map.of());
    RunManifest.Ending ending = new RunManifest.Ending(complete(plan), probes(), List.of(), collected, phases());

    Manifest overBudget = assembly.finished(ending, null, merged("NOT FOUND: 10 of 300 READ (3.3%)",
        "NOT FOUND: 10 of 300 READ (3.3%) is more than the 1% allowed", Map.of("01-h1", 9.0, "02-h2", 8.0,
            "03-h3", 7.0)),
        null, Instant.now());
    assertEquals("FAILED", overBudget.status());
    assertEquals("the clients' operations together: NOT FOUND: 10 of 300 READ (3.3%) is more than the 1% allowed",
        overBudget.reason());
    assertEquals("NOT FOUND: 10 of 300 READ (3.3%)", overBudget.lead(), "the merge's own lead line");
    assertEquals(List.of("h3", "h2", "h1"), overBudget.byHost().stream().map(Manifest.HostGroup::host).toList(),
        "ranked by the merge window's rates");

    Manifest mergeFailed = assembly.finished(ending, null, null, "clients differ in recordcount", Instant.now());
    assertEquals("the merge of the client folders failed: clients differ in recordcount", mergeFailed.reason());
    assertNull(mergeFailed.merged());
    // the clients' own counts and rates summed (500 + 50 + 400 attempted ops/s), by ErrorBudget's rule
    assertEquals("NOT FOUND: 10 of 300 READ (3.33%); 918.3 successful ops/s of 950.0 attempted", mergeFailed.lead());
    assertEquals(List.of("h2", "h3", "h1"), mergeFailed.byHost().stream().map(Manifest.HostGroup::host).toList(),
        "ranked by the clients' own rates");
  }

  @Test
  void aRunThatFailedBeforeAnyClientStartedHasItsHostsAndNoClientVerdicts() {
    RunPlan plan = plan(Phase.LOAD, Map.of());
    Map<Host, HostSession.Probe> probes = probes();
    probes.put(H3, new HostSession.Probe("", 0, false, 0, 0, List.of("h3: no java on the PATH")));
    RunManifest assembly = assembly(plan, Redactor.of(Map.of()));

    Manifest running = assembly.running();
    assertEquals("RUNNING", running.status());
    assertNull(running.endedAt());

    Manifest m = assembly.failedBeforeStart("host check failed: h3: no java on the PATH", probes, phases(),
        Instant.now());
    assertEquals("FAILED", m.status());
    assertEquals(List.of("h3: no java on the PATH"), m.hosts().get(2).problems());
    assertEquals(List.of("MISSING", "MISSING", "MISSING"), m.clients().stream().map(Manifest.ClientEntry::verdict)
        .toList());
    assertNull(m.release());
    assertNull(m.byHost());
    assertEquals(Map.of(), m.server());
    assertEquals(phases(), m.phasesMs());
  }

  @Test
  void noSecretReachesAnyFieldWhateverCharactersItHolds() throws Exception {
    for (String password : AwkwardStrings.passwords(18, 12)) {
      Map<String, String> props = new LinkedHashMap<>();
      props.put("mongodb.url", "mongodb://u:" + URLEncoder.encode(password, StandardCharsets.UTF_8) + "@db:27017/ycsb");
      props.put("mongodb.password", password);
      RunPlan plan = plan(Phase.RUN, props);
      RunManifest assembly = assembly(plan, Redactor.of(props));
      CollectedClients collected = new CollectedClients(Map.of("01-h1", ok(1, 1), "02-h2", failed("login as u:"
          + password + " refused"), "03-h3", ok(1, 1)), List.of(), Map.of("02-h2", List.of("auth " + password)));
      RunManifest.Ending ending = new RunManifest.Ending(complete(plan), probes(), List.of(), collected, phases());
      String failure = assembly.failureBeforeMerge(ending);

      String json = new ObjectMapper().writeValueAsString(assembly.finished(ending, failure, null,
          "cannot read " + password, Instant.now()));
      assertTrue(json.contains("FAILED"), json);
      assertFalse(json.contains(password), () -> "the password leaked: " + json);
      assertFalse(json.contains(URLEncoder.encode(password, StandardCharsets.UTF_8)), json);
      assertFalse(json.contains(new ObjectMapper().writeValueAsString(password).replaceAll("^\"|\"$", "")), json);
    }
  }
}
