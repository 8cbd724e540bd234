package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.common.TlsProperty;
import dev.ycsbpack.testkit.TestCa;
import dev.ycsbpack.testkit.TlsTerminator;
import dev.ycsbpack.testkit.SshHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coordinator for real over SSH: two hosts as network namespaces, each with its own sshd and address, the
 * coordinator in a third namespace, the database server in a fourth. Needs root (CI runs it; elsewhere it skips
 * with the reason).
 */
class CoordinatorMultiHostIT {
  private static final int PORT = NetnsLab.PORT;

  @RegisterExtension
  static final NetnsLab.PerClass LAB = new NetnsLab.PerClass(2);

  @TempDir
  Path work;

  private List<String> args(String phase, String table, Path bundle, String... more) {
    List<String> a = LAB.phaseArgs(phase, table);
    a.addAll(List.of("-p", "recordcount=600",
        "--hosts", "h1,h2", "--ssh-config", LAB.rig().sshConfig().toString(), "--remote-dir",
        work.resolve("remote").toString(), "--quiet", "--control-timeout", "5", "--out", bundle.toString()));
    a.addAll(List.of(more));
    return a;
  }

  private Coordinator coordinator(List<String> args) throws IOException {
    return Coordinator.start(work, LAB.rig().coordinator().command(List.of()), args);
  }

  @Test
  void loadAndRunOverSshSplitKeysExactly() throws Exception {
    String table = Servers.newTable();
    Path load = work.resolve("load");
    Coordinator l = coordinator(args("load", table, load, "-threads", "4"));
    assertEquals(0, l.await(), l::describe);
    JsonNode m = Coordinator.manifest(load);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals(600, LAB.count(table));
    for (JsonNode h : m.get("hosts")) {
      assertTrue(h.get("clockErrorMs").asDouble() >= 0, m::toPrettyString);
      assertTrue(h.get("java").asText().contains("17"), m::toPrettyString);
    }
    assertTrue(m.get("release").get("startSpreadMs").asDouble() < 1000, m::toPrettyString);

    Path run = work.resolve("run");
    Coordinator r = coordinator(args("run", table, run, "-threads", "4", "-p", "operationcount=1200",
        "-p", "readproportion=0.7", "-p", "updateproportion=0.1", "-p", "insertproportion=0.2"));
    assertEquals(0, r.await(), r::describe);
    assertEquals("COMPLETE", Coordinator.manifest(run).get("status").asText());
    long inserted = 0;
    for (String client : List.of("01-h1", "02-h2")) {
      String text = Files.readString(run.resolve("clients").resolve(client).resolve("output.txt"));
      assertFalse(text.contains("DUPLICATE_KEY") || text.contains("[INSERT-FAILED]"), text);
      inserted += YcsbRun.parseOutput(text).count("INSERT", "Return=OK");
    }
    assertTrue(inserted > 100, "inserted " + inserted);
    assertEquals(600 + inserted, LAB.count(table));
    try (Stream<Path> left = Files.list(work.resolve("remote/runs"))) {
      assertEquals(0, left.count(), "remote working folders removed after the run");
    }

    Coordinator check = Coordinator.run(work, LAB.rig().coordinator().command(List.of()), List.of("check", "--hosts",
        "h1,h2", "--ssh-config", LAB.rig().sshConfig().toString(), "--remote-dir", work.resolve("remote").toString()));
    assertEquals(0, check.exitCode(), check::describe);
    assertEquals(2, check.hostsAlreadyStaged(), check::describe);
  }

  @Test
  void aHostWithoutAJdkFailsTheCheckAndTheRunNamingIt() throws Exception {
    // the same rig, but h2 gets a JAVA_HOME with no java in it (its PATH's java is the machine's; JAVA_HOME wins)
    Path config = work.resolve("ssh_config");
    Files.writeString(config,
        "Host h2\n  SetEnv JAVA_HOME=/nonexistent-jdk\n\n" + Files.readString(LAB.rig().sshConfig()));
    Coordinator check = Coordinator.run(work, LAB.rig().coordinator().command(List.of()), List.of("check", "--hosts",
        "h1,h2", "--ssh-config", config.toString(), "--remote-dir", work.resolve("remote").toString()));
    assertEquals(1, check.exitCode(), check::describe);
    assertTrue(check.stdout().lines().anyMatch(l -> l.startsWith("h1: ok")), check::describe);
    assertTrue(check.stdout().lines().anyMatch(l -> l.startsWith("h2: FAILED") && l.contains("no java")),
        check::describe);
    Path bundle = work.resolve("nojdk");
    List<String> a = args("load", Servers.newTable(), bundle, "-threads", "2");
    a.set(a.indexOf(LAB.rig().sshConfig().toString()), config.toString());
    Coordinator run = coordinator(a);
    assertEquals(1, run.await(), run::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("h2: no java"), m::toPrettyString);
    assertTrue(ProcessTable.matching("YcsbMain", work.toString()).isEmpty(), "no client was started");
  }

  private Coordinator startLongRun(Path bundle) throws Exception {
    return startLongRun(bundle, 2);
  }

  /** A long throttled run of {@code clients} clients on h1 and h2, once every client is measuring. */
  private Coordinator startLongRun(Path bundle, int clients) throws Exception {
    Coordinator c = coordinator(args("run", Servers.newTable(), bundle, "-threads", Integer.toString(clients),
        "-target", "200", "-p", "operationcount=10000000", "-p", "recordcount=100",
        "--clients-per-host", Integer.toString(clients / 2),
        // never loaded: these runs test stopping clients, not what they read
        "-p", "mongodb.allowEmpty=true"));
    assertTrue(Coordinator.awaitMeasuring(work.resolve("remote/runs"), clients, 150), c::describe);
    return c;
  }

  private List<ProcessTable.Entry> clientsOn(SshHost host) throws IOException {
    List<Long> pids = LAB.rig().pidsIn(host.namespace());
    return ProcessTable.matching("YcsbMain").stream().filter(e -> pids.contains(e.pid())).toList();
  }

  @Test
  void aCutLinkFailsTheRunAndTheCutOffClientStopsItself() throws Exception {
    Path bundle = work.resolve("cut");
    Coordinator c = startLongRun(bundle);
    SshHost h2 = LAB.rig().host("h2");
    assertEquals(1, clientsOn(h2).size());
    LAB.rig().cutLink(h2);
    try {
      assertEquals(1, c.await(), c::describe);
      JsonNode m = Coordinator.manifest(bundle);
      assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
      assertTrue(m.get("reason").asText().contains("02-h2"), m::toPrettyString);
      // the loss is named as ssh's, and the binding's start-up settings line is no reason
      assertTrue(m.get("reason").asText().startsWith("client 02-h2 on h2 its ssh connection was lost (ssh exit status"
          + " 255"), m::toPrettyString);
      assertFalse(m.toString().contains("mongodb binding: url="), m::toPrettyString);
      // the cut-off client hears no heartbeat and stops itself (--control-timeout 5)
      assertTrue(Coordinator.waitFor(() -> {
        try {
          return clientsOn(h2).isEmpty() && clientsOn(LAB.rig().host("h1")).isEmpty();
        } catch (IOException e) {
          return false;
        }
      }, 30), () -> "clients left: " + ProcessTable.matching("YcsbMain"));
    } finally {
      LAB.rig().restoreLink(h2);
    }
  }

  /** Whether a client folder of {@code client} under {@code runs} has a stderr.txt holding {@code text}. */
  private static boolean stderrHolds(Path runs, String client, String text) {
    try (Stream<Path> s = Files.exists(runs) ? Files.walk(runs) : Stream.empty()) {
      return s.filter(p -> p.getFileName().toString().equals("stderr.txt") && p.toString().contains("/" + client + "/"))
          .anyMatch(p -> {
            try {
              return Files.readString(p).contains(text);
            } catch (IOException e) {
              return false;
            }
          });
    } catch (IOException | java.io.UncheckedIOException e) {
      return false; // a folder removed while walked
    }
  }

  @Test
  void aLinkCutBeforeReadyIsNamedAsALostSshConnectionNeverByTheSettingsLine() throws Exception {
    Path bundle = work.resolve("cut-early");
    // warm-up inserts keep each client connected and not yet READY for minutes; its settings line comes before
    // YCSB's start-up lines (the start-up check connects first), on the transport's stderr, not in its stderr.txt
    Coordinator c = coordinator(args("load", Servers.newTable(), bundle, "-threads", "2",
        "-p", "mongodb.warmup=100000000"));
    SshHost h2 = LAB.rig().host("h2");
    Path runs = work.resolve("remote/runs");
    assertTrue(Coordinator.waitFor(() -> stderrHolds(runs, "02-h2", "Starting test."), 120), c::describe);
    assertFalse(stderrHolds(runs, "02-h2", "@ycsbpack READY"), "still warming up");
    LAB.rig().cutLink(h2);
    try {
      assertEquals(1, c.await(), c::describe);
      JsonNode m = Coordinator.manifest(bundle);
      String reason = m.get("reason").asText();
      assertTrue(reason.startsWith("client 02-h2 on h2 its ssh connection was lost before it was ready (ssh exit"
          + " status 255"), m::toPrettyString);
      assertFalse(m.toString().contains("mongodb binding: url="), m::toPrettyString);
      assertFalse(c.stderr().contains("mongodb binding: url="), c::describe);
    } finally {
      LAB.rig().restoreLink(h2);
    }
  }

  /** Established TCP connections to the host's sshd, as their two ends. */
  private static List<String> sshConnections(SshHost host) throws Exception {
    Process p = new ProcessBuilder(host.namespace().command("ss", "-Htn", "state", "established",
        "( sport = :" + host.port() + " )"))
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(20, TimeUnit.SECONDS));
    return out.lines().filter(l -> !l.isBlank()).map(l -> {
      String[] f = l.strip().split("\\s+"); // Recv-Q Send-Q Local Peer: the queues change, the ends do not
      return f[f.length - 2] + " <- " + f[f.length - 1];
    }).collect(Collectors.toCollection(ArrayList::new));
  }

  /**
   * Every command to a host rides on one ssh connection (sshd's MaxStartups drops a burst of new ones): two clients on
   * a host are one connection; the shared connections end with the run, even one stopped by Ctrl-C.
   */
  @Test
  void aHostsClientsShareOneSshConnectionThatEndsWithTheRun() throws Exception {
    Path bundle = work.resolve("shared");
    // a connection a cut-link test left (its last packets still retransmitted) is not this run's
    Map<String, List<String>> before = Map.of("h1", sshConnections(LAB.rig().host("h1")), "h2",
        sshConnections(LAB.rig().host("h2")));
    Coordinator c = startLongRun(bundle, 4);
    try {
      assertEquals(2, clientsOn(LAB.rig().host("h1")).size());
      for (String h : List.of("h1", "h2")) {
        List<String> connections = sshConnections(LAB.rig().host(h));
        connections.removeAll(before.get(h));
        assertEquals(1, connections.size(), () -> h + "'s two clients over one connection: " + connections
            + " (before the run: " + before.get(h) + ")");
      }
      assertFalse(ProcessTable.matching("ControlPersist", LAB.rig().sshConfig().toString()).isEmpty(),
          "a shared connection");
    } finally {
      new ProcessBuilder("kill", "-INT", Long.toString(c.process.pid())).start().waitFor();
      assertEquals(1, c.await(), c::describe);
    }
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("ControlPersist", LAB.rig().sshConfig().toString())
        .isEmpty(), 20),
        () -> "ssh left: " + ProcessTable.matching("ControlPersist", LAB.rig().sshConfig().toString()));
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", work.toString()).isEmpty(), 20),
        () -> "clients left: " + ProcessTable.matching("YcsbMain"));
    List<String> left = sshConnections(LAB.rig().host("h1"));
    left.removeAll(before.get("h1"));
    assertEquals(List.of(), left);
  }

  /**
   * kill -9 of the coordinator with SSH clients: each remote client loses its ssh channel, stops, and keeps its whole
   * folder on its host; {@code recover} with the run's --ssh-config and --remote-dir collects both folders, removes
   * the run's folder on the hosts and marks the bundle INCOMPLETE with every operation the clients reported.
   */
  @Test
  void aKilledCoordinatorsRemoteClientsAreCollectedAndMergedByRecover() throws Exception {
    Path bundle = work.resolve("coordinator-killed");
    Coordinator c = startLongRun(bundle);
    Path runs = work.resolve("remote/runs");
    assertTrue(Coordinator.waitFor(() -> YcsbRun.lastReportedOperations(remoteStderr(runs, "01-h1")) > 0
        && YcsbRun.lastReportedOperations(remoteStderr(runs, "02-h2")) > 0, 60), c::describe);
    new ProcessBuilder("kill", "-KILL", Long.toString(c.process.pid())).start().waitFor();
    c.await();
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", work.toString()).isEmpty(), 30),
        () -> "clients left: " + ProcessTable.matching("YcsbMain"));
    long completed = 0;
    for (String client : List.of("01-h1", "02-h2")) {
      Path folder = remoteStderr(runs, client).getParent();
      Map<String, String> verdict = PropertiesFiles.read(folder.resolve("verdict.properties"));
      assertTrue(verdict.get("reason").startsWith("lost the coordinator"), verdict::toString);
      assertTrue(Files.readString(folder.resolve("output.txt")).contains("[OVERALL]"), verdict::toString);
      completed += Long.parseLong(verdict.get("operations.completed"));
    }
    assertFalse(Files.exists(bundle.resolve("clients/01-h1")), "remote clients write on their hosts");
    Coordinator recover = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), List.of("recover",
        bundle.toString(), "--ssh-config", LAB.rig().sshConfig().toString(), "--remote-dir",
        work.resolve("remote").toString()));
    assertEquals(0, recover.await(), recover::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("INCOMPLETE", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("recovered from 2 of 2 clients"), m::toPrettyString);
    assertEquals(completed, m.at("/merged/summary/operationsReported").asLong(), m::toPrettyString);
    assertTrue(Files.isRegularFile(bundle.resolve("clients/02-h2/verdict.properties")), recover::describe);
    try (Stream<Path> left = Files.list(runs)) {
      assertEquals(0, left.count(), "the run's folder on the hosts is removed");
    }
  }

  /** A remote client's stderr.txt under {@code runs} (its run id's folder is the only one). */
  private static Path remoteStderr(Path runs, String client) {
    try (Stream<Path> s = Files.exists(runs) ? Files.list(runs) : Stream.empty()) {
      return s.map(r -> r.resolve(client).resolve("out/stderr.txt")).filter(Files::exists).findFirst()
          .orElse(runs.resolve("none"));
    } catch (IOException e) {
      return runs.resolve("none");
    }
  }

  @Test
  void aKilledRemoteClientFailsTheRunNamingItsHost() throws Exception {
    Path bundle = work.resolve("killed");
    Coordinator c = startLongRun(bundle);
    ProcessTable.signalTheOne(clientsOn(LAB.rig().host("h1")), "KILL");
    assertEquals(1, c.await(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains("01-h1") && m.get("reason").asText().contains("h1"),
        m::toPrettyString);
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", work.toString()).isEmpty(), 20),
        () -> "clients left: " + ProcessTable.matching("YcsbMain"));
  }

  @Test
  void hostileValuesStayDataAndNoSecretLeaves() throws Exception {
    String marker = "/tmp/ycsbpack-pwned-" + UUID.randomUUID();
    Map<String, String> hostile = new LinkedHashMap<>();
    hostile.put("app.cmd", "$(touch " + marker + "-1)");
    hostile.put("app.tick", "`touch " + marker + "-2`");
    hostile.put("app.semi", "x; touch " + marker + "-3; echo");
    hostile.put("app.quotes", "it's \"quoted\" ' \\ end");
    hostile.put("app.newline", "line1\nline2 && touch " + marker + "-4");
    hostile.put("app.spaces", "  many   spaces  ");
    hostile.put("ycsbpack.allow", "app*"); // the user's own names: nothing reads them, so they must be listed
    List<String> secrets = AwkwardStrings.passwords(77, 20).subList(0, 4);
    for (int i = 0; i < secrets.size(); i++) {
      hostile.put("app" + i + ".password", secrets.get(i));
    }
    Path dir = Files.createDirectories(work.resolve("a dir $(touch " + marker + "-5) `x`"));
    Path workload = dir.resolve("work load; rm -rf x");
    PropertiesFiles.write(workload, null, hostile, AtomicFiles.Mode.PRIVATE);
    Path bundle = work.resolve("hostile");
    List<String> a = args("load", Servers.newTable(), bundle, "-threads", "2", "-P", workload.toString());
    Coordinator c = coordinator(a);
    List<String> seen = new ArrayList<>();
    while (c.process.isAlive()) {
      for (ProcessTable.Entry e : ProcessTable.all()) {
        secrets.stream().filter(e.commandLine()::contains).forEach(s -> seen.add(e.commandLine()));
      }
      Thread.sleep(50);
    }
    assertEquals(0, c.await(), c::describe);
    assertEquals(List.of(), seen, "a secret on a command line");
    for (int i = 1; i <= 5; i++) {
      assertFalse(Files.exists(Path.of(marker + "-" + i)), "a value ran as code: " + marker + "-" + i);
    }
    for (String client : List.of("01-h1", "02-h2")) {
      Map<String, String> props = PropertiesFiles.read(bundle.resolve("clients").resolve(client)
          .resolve("client.properties"));
      for (String k : List.of("app.cmd", "app.tick", "app.semi", "app.quotes", "app.newline", "app.spaces")) {
        assertEquals(hostile.get(k), props.get(k), k);
      }
    }
    try (Stream<Path> files = Files.walk(bundle)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
        for (String s : secrets) {
          assertFalse(text.contains(s), () -> "secret in " + f);
        }
      }
    }
    for (String s : secrets) {
      assertFalse(c.stdout().contains(s) || c.stderr().contains(s), "secret in the coordinator's output");
    }
    try (Stream<Path> staged = Files.walk(work.resolve("remote"))) {
      assertEquals(0, staged.filter(p -> p.getFileName().toString().equals("staged.properties")).count(),
          "staged properties deleted on every host");
    }
  }
  @Test
  void tlsFilesReachTheSshHostsOwnerOnlyAndAreRemovedAfterTheRun() throws Exception {
    Path certs = Files.createDirectories(work.resolve("certs"));
    TestCa ca = TestCa.create(certs, "ca");
    TestCa.Issued serverCert = ca.server("server", "IP:" + LAB.rig().serverAddress());
    // a line break, and unique: other test runs on this machine put the plain AwkwardStrings on their command lines
    String password = AwkwardStrings.passwords(2026, 3).get(2) + " " + UUID.randomUUID();
    Path key = ca.client("ycsb-client").combinedEncrypted(password);
    int tlsPort = PORT + 1;
    try (TlsTerminator tls = TlsTerminator.startIn(LAB.rig().server().command(List.of()), LAB.rig().serverAddress(),
        tlsPort,
        serverCert.combined(), ca.certificate(), LAB.rig().serverAddress(), PORT)) {
      Path bundle = work.resolve("tls");
      Path secrets = work.resolve("tls.properties"); // a password on the coordinator's own command line would show
      PropertiesFiles.write(secrets, null, Map.of(TlsProperty.CERTIFICATE_KEY_FILE_PASSWORD.key(), password),
          AtomicFiles.Mode.PRIVATE);
      List<String> a = args("load", Servers.newTable(), bundle, "-threads", "2",
          "-p", "mongodb.url=mongodb://" + LAB.rig().serverAddress() + ":" + tls.port(),
          "-p", TlsProperty.CA_FILE.key() + "=" + ca.certificate(), "-p",
          TlsProperty.CERTIFICATE_KEY_FILE.key() + "=" + key,
          "-P", secrets.toString());
      Coordinator c = coordinator(a);
      Map<Path, String> stagedModes = new LinkedHashMap<>();
      List<String> seen = new ArrayList<>();
      while (c.process.isAlive()) {
        if (Files.isDirectory(work.resolve("remote/runs"))) {
          try (Stream<Path> files = Files.walk(work.resolve("remote/runs"))) {
            for (Path f : (Iterable<Path>) files.filter(f -> f.getFileName().toString().endsWith(".certificateKeyFile")
                || f.getFileName().toString().endsWith(".caFile"))::iterator) {
              try {
                stagedModes.put(f, java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(f)));
              } catch (java.nio.file.NoSuchFileException gone) {
                // removed as the client ended
              }
            }
          } catch (java.io.UncheckedIOException gone) {
            // a folder removed while walked
          }
        }
        for (ProcessTable.Entry e : ProcessTable.all()) {
          if (e.commandLine().contains(password)) {
            seen.add(e.commandLine());
          }
        }
        Thread.sleep(50);
      }
      assertEquals(0, c.await(), c::describe);
      assertEquals(600, LAB.count(tableOf(a)));
      assertEquals(List.of(), seen, "the password on a command line");
      assertEquals(4, stagedModes.size(), stagedModes::toString);
      assertTrue(stagedModes.values().stream().allMatch("rw-------"::equals), stagedModes::toString);
      try (Stream<Path> left = Files.list(work.resolve("remote/runs"))) {
        assertEquals(0, left.count(), "remote working folders (and the TLS copies) removed after the run");
      }
      try (Stream<Path> files = Files.walk(bundle)) {
        for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(password), "password in " + f);
        }
      }
    }
  }

  @Test
  void tlsFailuresOnTheSshHostsFailWithinSecondsCauseFirstWithTheFullReportInTheBundle() throws Exception {
    Path certs = Files.createDirectories(work.resolve("certs-bad"));
    TestCa ca = TestCa.create(certs, "ca");
    TestCa otherCa = TestCa.create(certs, "other-ca");
    String address = LAB.rig().serverAddress();
    // the cause, then the server's certificate and the CA trusted
    Map<String, List<Object>> cases = new LinkedHashMap<>();
    cases.put("TLS: the server's certificate is not signed by a trusted CA",
        List.of(ca.server("server", "IP:" + address), otherCa));
    cases.put("TLS: the server's certificate expired on ",
        List.of(ca.expiredServer("expired", java.time.Instant.now().minus(java.time.Duration.ofDays(2)),
            "IP:" + address), ca));
    cases.put("TLS: the server's certificate does not name " + address,
        List.of(ca.server("elsewhere", "DNS:db.elsewhere.example"), ca));
    // stage the pack first (untimed): the bound below is for the failures, not for the upload of lib/
    Coordinator check = coordinator(
        List.of("check", "--hosts", "h1,h2", "--ssh-config", LAB.rig().sshConfig().toString(),
            "--remote-dir", work.resolve("remote").toString()));
    assertEquals(0, check.await(), check::describe);
    int i = 0;
    for (Map.Entry<String, List<Object>> c : cases.entrySet()) {
      TestCa.Issued cert = (TestCa.Issued) c.getValue().get(0);
      TestCa trusted = (TestCa) c.getValue().get(1);
      int tlsPort = PORT + 2 + i;
      Path bundle = work.resolve("tls-failed-" + i++);
      try (TlsTerminator tls = TlsTerminator.startIn(LAB.rig().server().command(List.of()), address, tlsPort,
          cert.combined(), null, address, PORT)) {
        // server selection far above the bound below: a failure that waited for it instead of naming the cause
        // on the first heartbeat could not pass
        List<String> a = args("load", Servers.newTable(), bundle, "-threads", "2",
            "-p", "mongodb.url=mongodb://" + address + ":" + tls.port() + "/?serverSelectionTimeoutMS=90000",
            "-p", TlsProperty.CA_FILE.key() + "=" + trusted.certificate());
        long t0 = System.nanoTime();
        Coordinator coordinator = coordinator(a);
        assertEquals(1, coordinator.await(), coordinator::describe);
        double seconds = (System.nanoTime() - t0) / 1e9;
        // staging both hosts over ssh, two JVM starts and the first heartbeat: well under the 90 s selection
        assertTrue(seconds < 60, c.getKey() + ": took " + seconds + " s\n" + coordinator.describe());
        JsonNode m = Coordinator.manifest(bundle);
        assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
        String reason = m.get("reason").asText();
        // the client and host, then the cause: not a timeout, not a line cut short
        assertTrue(reason.matches("client 0[12]-h[12] on h[12] [^:]*: (mongodb binding: )?"
            + java.util.regex.Pattern.quote(c.getKey()) + ".*"), reason);
        assertTrue(coordinator.stderr().contains(c.getKey()), coordinator::describe);
        if (c.getKey().contains("not signed")) {
          // the CA named is the file the user gave, not the copy staged in the client's run folder on its host
          assertTrue(reason.contains("trusted: CA file " + trusted.certificate() + ";"), reason);
        }
        assertFalse(m.toString().contains("01-h1.caFile") || m.toString().contains("02-h2.caFile"),
            m::toPrettyString);
        boolean report = false;
        for (String client : List.of("01-h1", "02-h2")) {
          Path err = bundle.resolve("clients/" + client + "/stderr.txt");
          if (Files.exists(err)) {
            String text = Files.readString(err, StandardCharsets.UTF_8);
            report |= text.contains("the driver's report:") && text.contains("SSLHandshakeException");
          }
        }
        assertTrue(report, "the driver's full report is in a client folder of " + bundle);
      }
    }
  }

  private static String tableOf(List<String> args) {
    return args.stream().filter(x -> x.startsWith("table=")).findFirst().orElseThrow().substring(6);
  }
}
