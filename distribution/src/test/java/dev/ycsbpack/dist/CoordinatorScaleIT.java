package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.testkit.SshHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coordinator at scale: N hosts (network namespaces, each with its own sshd), one small client JVM per host. CI
 * runs 16 hosts; {@code -Dycsbpack.scale.hosts=64} runs the full lab (docs/PERFORMANCE.md, "Coordinator at scale").
 * Needs root; skips with the reason elsewhere. The sshd-stopped case runs last: the rig's sshd is not restarted.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CoordinatorScaleIT {
  /** Per client JVM: a small heap and C1 only, so 64 of them fit beside the rest on a shared 2-core machine. */
  private static final String CLIENT_JVM = "-Xmx64m -Xss512k -XX:+UseSerialGC -XX:TieredStopAtLevel=1";
  private static final int HOSTS = Integer.getInteger("ycsbpack.scale.hosts", 16);

  @RegisterExtension
  static final NetnsLab.PerClass LAB = new NetnsLab.PerClass(HOSTS);

  @TempDir
  static Path work;

  /** Every host over ssh, with this ssh configuration. */
  private static List<String> overSsh(Path sshConfig) {
    return List.of("--hosts", LAB.rig().hosts().stream().map(SshHost::alias).collect(Collectors.joining(",")),
        "--ssh-config", sshConfig.toString());
  }

  /** The same hosts through the remote-shell template: each host's namespace, entered with ip netns exec. */
  private static List<String> throughNetnsExec() {
    return List.of("--hosts",
        LAB.rig().hosts().stream().map(h -> h.namespace().name()).collect(Collectors.joining(",")),
        "--rsh", "ip netns exec {host}");
  }

  private static List<String> args(String phase, String table, Path bundle, Path sshConfig, String... more) {
    return args(overSsh(sshConfig), phase, table, bundle, more);
  }

  private static List<String> args(List<String> reach, String phase, String table, Path bundle, String... more) {
    List<String> a = LAB.phaseArgs(phase, table);
    a.addAll(List.of("-p", "recordcount=" + 50 * HOSTS,
        "-threads", Integer.toString(HOSTS)));
    a.addAll(reach);
    a.addAll(List.of("--remote-dir", work.resolve("remote").toString(), "--quiet", "--control-timeout", "10",
        "-jvm-args", CLIENT_JVM,
        "--out", bundle.toString()));
    a.addAll(List.of(more));
    return a;
  }

  private static Coordinator coordinator(List<String> args) throws IOException {
    return Coordinator.start(work, LAB.rig().coordinator().command(List.of()), args);
  }

  /** Nothing of the run is left: no client JVM on any host, no shared ssh connection. */
  private static void assertNothingLeft() throws InterruptedException {
    assertTrue(Coordinator.waitFor(() -> ProcessTable.matching("YcsbMain", work.toString()).isEmpty()
        && ProcessTable.matching("ControlPersist", LAB.rig().sshConfig().toString()).isEmpty(), 40),
        () -> "left running: " + ProcessTable.matching("YcsbMain", work.toString())
            + ProcessTable.matching("ControlPersist", LAB.rig().sshConfig().toString()));
  }

  private static void assertEveryClientCollected(Path bundle, JsonNode m) throws IOException {
    assertEquals(HOSTS, m.get("clients").size(), m::toPrettyString);
    Set<String> hostsSeen = new HashSet<>();
    for (JsonNode c : m.get("clients")) {
      hostsSeen.add(c.get("host").asText());
      assertTrue(Files.isRegularFile(bundle.resolve("clients").resolve(c.get("name").asText())
          .resolve("verdict.properties")), c::toPrettyString);
    }
    assertEquals(HOSTS, hostsSeen.size(), "one client per host");
    assertEquals(HOSTS, m.get("byHost").size(), m::toPrettyString);
  }

  @Test
  @Order(1)
  void loadAndRunOnEveryHostSplitExactlyAndComplete() throws Exception {
    loadAndRun(overSsh(LAB.rig().sshConfig()), "ssh");
  }

  /** The same lab, load and run through {@code --rsh 'ip netns exec {host}'} instead of ssh (issue 18). */
  @Test
  @Order(2)
  void loadAndRunThroughTheNetnsTemplateSplitExactlyAndComplete() throws Exception {
    loadAndRun(throughNetnsExec(), "netns");
  }

  private void loadAndRun(List<String> reach, String name) throws Exception {
    String table = Servers.newTable();
    Path load = work.resolve("load-" + name);
    Coordinator l = coordinator(args(reach, "load", table, load));
    assertEquals(0, l.await(), l::describe);
    JsonNode m = Coordinator.manifest(load);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals(50L * HOSTS, LAB.count(table));
    assertEveryClientCollected(load, m);
    long next = 0;
    for (JsonNode c : m.get("clients")) { // consecutive, disjoint ranges covering the whole insert range
      assertEquals(next, c.get("insertstart").asLong(), c::toPrettyString);
      next += c.get("insertcount").asLong();
    }
    assertEquals(50L * HOSTS, next);

    Path run = work.resolve("run-" + name);
    Coordinator r = coordinator(args(reach, "run", table, run, "-p", "operationcount=" + 100 * HOSTS,
        "-p", "readproportion=0.5", "-p", "updateproportion=0.2", "-p", "insertproportion=0.3"));
    assertEquals(0, r.await(), r::describe);
    JsonNode rm = Coordinator.manifest(run);
    assertEquals("COMPLETE", rm.get("status").asText(), rm::toPrettyString);
    assertEveryClientCollected(run, rm);
    long inserted = 0;
    for (JsonNode c : rm.get("clients")) {
      String text = Files.readString(run.resolve("clients").resolve(c.get("name").asText()).resolve("output.txt"));
      assertFalse(text.contains("DUPLICATE_KEY") || text.contains("[INSERT-FAILED]"), text);
      inserted += YcsbRun.parseOutput(text).count("INSERT", "Return=OK");
    }
    assertTrue(inserted > 0, "inserted " + inserted);
    assertEquals(50L * HOSTS + inserted, LAB.count(table), "every run-phase insert a new key");
    try (Stream<Path> left = Files.list(work.resolve("remote/runs"))) {
      assertEquals(0, left.count(), "remote working folders removed after the run");
    }
    assertNothingLeft();
  }

  @Test
  @Order(3)
  void aHostWhoseLinkIsCutFailsTheRunNamingItAndNothingIsLeftRunning() throws Exception {
    SshHost victim = LAB.rig().hosts().get(HOSTS / 2);
    Path bundle = work.resolve("cut");
    Coordinator c = coordinator(
        args("run", Servers.newTable(), bundle, LAB.rig().sshConfig(), "-target", Integer.toString(HOSTS * 20),
            "-p", "operationcount=100000000", "-p", "mongodb.allowEmpty=true"));
    assertTrue(Coordinator.awaitMeasuring(work.resolve("remote/runs"), HOSTS, 200), c::describe);
    LAB.rig().cutLink(victim);
    try {
      assertEquals(1, c.await(), c::describe);
      JsonNode m = Coordinator.manifest(bundle);
      assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
      assertTrue(m.get("reason").asText().contains(" on " + victim.alias() + " "), m::toPrettyString);
      assertEquals(victim.alias(), m.get("byHost").get(0).get("host").asText(), m::toPrettyString);
      // the cut-off client hears no heartbeat and stops itself (--control-timeout 10)
      assertNothingLeft();
    } finally {
      LAB.rig().restoreLink(victim);
    }
  }

  @Test
  @Order(4)
  void aHostWithoutAJdkFailsTheRunNamingItBeforeAnyClientStarts() throws Exception {
    SshHost victim = LAB.rig().hosts().get(HOSTS - 1);
    Path noJdk = work.resolve("ssh_config-nojdk");
    Files.writeString(noJdk, "Host " + victim.alias() + "\n  SetEnv JAVA_HOME=/nonexistent-jdk\n\n"
        + Files.readString(LAB.rig().sshConfig()));
    Path bundle = work.resolve("nojdk");
    Coordinator c = coordinator(args("load", Servers.newTable(), bundle, noJdk));
    assertEquals(1, c.await(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains(victim.alias() + ": no java"), m::toPrettyString);
    for (JsonNode client : m.get("clients")) {
      assertEquals("MISSING", client.get("verdict").asText(), "no client was started: " + m.toPrettyString());
    }
    assertNothingLeft();
  }

  @Test
  @Order(5)
  void aHostWhoseSshdIsStoppedFailsTheRunNamingItBeforeAnyClientStarts() throws Exception {
    SshHost victim = LAB.rig().hosts().get(1);
    new ProcessBuilder("kill", "-TERM", Long.toString(LAB.rig().sshdPid(victim))).start().waitFor();
    Path bundle = work.resolve("nosshd");
    Coordinator c = coordinator(args("load", Servers.newTable(), bundle, LAB.rig().sshConfig()));
    assertEquals(1, c.await(), c::describe);
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("FAILED", m.get("status").asText(), m::toPrettyString);
    assertTrue(m.get("reason").asText().contains(victim.alias() + ": cannot reach it over ssh"), m::toPrettyString);
    assertNothingLeft();
  }
}
