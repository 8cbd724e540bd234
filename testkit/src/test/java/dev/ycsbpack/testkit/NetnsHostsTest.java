package dev.ycsbpack.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real namespaces, real sshd and ssh: what later coordinator tests rely on. */
class NetnsHostsTest {
  private static NetnsHosts rig;
  private static SshHost h1;
  private static SshHost h2;

  @BeforeAll
  static void startRig() throws IOException {
    NetnsHosts.requireOrSkip();
    rig = NetnsHosts.start(2);
    h1 = rig.host("h1");
    h2 = rig.host("h2");
  }

  @AfterAll
  static void closeRig() {
    if (rig != null) {
      rig.close();
    }
  }

  /** Exit code, combined output and duration of a finished command. */
  record Result(int exit, String output, Duration took) {
  }

  /** Runs {@code command} to completion, at most {@code limit}; the output goes to a file, not the test log. */
  static Result run(List<String> command, Duration limit) throws IOException, InterruptedException {
    Path out = Files.createTempFile("ycsbt-test-", ".out");
    try {
      long start = System.nanoTime();
      Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("still running after " + limit + ": " + command);
      }
      return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Duration.ofNanos(System.nanoTime() - start));
    } finally {
      Files.deleteIfExists(out);
    }
  }

  static Result ssh(SshHost host, String... remote) throws IOException, InterruptedException {
    return run(rig.ssh(host, remote), Duration.ofSeconds(15));
  }

  @Test
  void eachHostSeesItsOwnAddressOverSshWithStrictHostKeyChecking() throws Exception {
    assertNotEquals(h1.address(), h2.address());
    for (SshHost host : List.of(h1, h2)) {
      Result result = ssh(host, "ip -4 -o addr show dev eth0");
      assertEquals(0, result.exit(), result.output());
      assertTrue(result.output().contains(" " + host.address() + "/24 "), result.output());
      SshHost other = host == h1 ? h2 : h1;
      assertFalse(result.output().contains(" " + other.address() + "/"), result.output());
    }
    assertTrue(Files.readString(rig.sshConfig()).contains("StrictHostKeyChecking yes"));
  }

  @Test
  void wrongOrMissingHostKeyIsRefused(@TempDir Path temp) throws Exception {
    // h1's address and port, but h2's key: what a man-in-the-middle looks like.
    String h2Key = Files.readAllLines(rig.knownHosts()).stream()
        .filter(l -> l.startsWith("[" + h2.address() + "]:")).findFirst().orElseThrow()
        .split(" ", 2)[1];
    Path wrong = temp.resolve("wrong_known_hosts");
    Files.writeString(wrong, "[" + h1.address() + "]:" + h1.port() + " " + h2Key + "\n");
    Result mismatch = run(rig.coordinator().command("ssh", "-F", rig.sshConfig().toString(),
        "-o", "UserKnownHostsFile=" + wrong, h1.alias(), "true"), Duration.ofSeconds(15));
    assertEquals(255, mismatch.exit(), mismatch.output());
    assertTrue(mismatch.output().contains("Host key verification failed"), mismatch.output());

    // An unknown host is refused too, not added: checking is "yes", not "accept-new".
    Path empty = Files.createFile(temp.resolve("empty_known_hosts"));
    Result unknown = run(rig.coordinator().command("ssh", "-F", rig.sshConfig().toString(),
        "-o", "UserKnownHostsFile=" + empty, h1.alias(), "true"), Duration.ofSeconds(15));
    assertEquals(255, unknown.exit(), unknown.output());
    assertEquals(0L, Files.size(empty));
  }

  @Test
  void processStartedOverSshIsInThatHostsNamespace() throws Exception {
    // Backgrounded with its outputs redirected, so the session ends at once (sshd waits for EOF).
    Result started = ssh(h1, "sleep 60 </dev/null >/dev/null 2>&1 & echo $!");
    assertEquals(0, started.exit(), started.output());
    long pid = Long.parseLong(started.output().strip());
    try {
      assertTrue(rig.pidsIn(h1.namespace()).contains(pid), "pid " + pid + " not in " + rig.pidsIn(h1.namespace()));
      assertFalse(rig.pidsIn(h2.namespace()).contains(pid));
      assertFalse(rig.pidsIn(rig.coordinator()).contains(pid));
    } finally {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void cutLinkSilencesOnlyThatHostUntilRestored() throws Exception {
    rig.cutLink(h1);
    try {
      Result cut = run(rig.coordinator().command("ssh", "-F", rig.sshConfig().toString(), "-o", "ConnectTimeout=2",
          h1.alias(), "true"), Duration.ofSeconds(10));
      assertEquals(255, cut.exit(), cut.output());
      // ConnectTimeout=2 plus slack for starting ssh on a busy 2-core machine.
      assertTrue(cut.took().compareTo(Duration.ofSeconds(8)) < 0, "took " + cut.took());
      // A silent stall, as with a pulled cable: a timeout, not a refusal or "no route".
      assertTrue(cut.output().contains("timed out"), cut.output());
      Result other = ssh(h2, "true");
      assertEquals(0, other.exit(), other.output());
    } finally {
      rig.restoreLink(h1);
    }
    Result back = ssh(h1, "true");
    assertEquals(0, back.exit(), back.output());
  }

  @Test
  void serverNamespaceHasItsAddressAndHostsReachIt() throws Exception {
    Result inServer = run(rig.server().command("ip", "-4", "-o", "addr", "show", "dev", "eth0"),
        Duration.ofSeconds(10));
    assertTrue(inServer.output().contains(" " + rig.serverAddress() + "/24 "), inServer.output());
    // Nothing listens on port 9 there, so a reachable server answers with a RST at once.
    Result probe = ssh(h1, "exec 3<>/dev/tcp/" + rig.serverAddress() + "/9 || true");
    assertTrue(probe.output().contains("Connection refused"), probe.output());
  }

  @Test
  void theMachinesOwnNamespaceCannotReachTheRig() throws Exception {
    // The fence route: a test that forgets the coordinator namespace must not send rig traffic out
    // of the machine through the default route. Asked with "ip route get", which sends nothing
    // even if the fence were missing.
    Result lookup = run(List.of(Ip.path(), "-4", "route", "get", h1.address()), Duration.ofSeconds(10));
    assertNotEquals(0, lookup.exit(), lookup.output());
    assertTrue(lookup.output().contains("No route to host"), lookup.output());
  }

  @Test
  void closeRemovesNamespacesSshdsRouteAndFiles() throws Exception {
    NetnsHosts own = NetnsHosts.start(1);
    String prefix = own.namePrefix();
    List<ProcessHandle> sshds = new ArrayList<>();
    for (SshHost host : own.hosts()) {
      sshds.add(ProcessHandle.of(own.sshdPid(host)).orElseThrow());
    }
    Path dir = own.sshConfig().getParent();
    String subnet = own.serverAddress().replaceAll("\\.\\d+$", ".0/24");
    // A process that ignores SIGTERM must still go (SIGKILL after the grace period).
    Result stubborn = run(own.ssh(own.host("h1"),
        "bash -c 'trap \"\" TERM; exec sleep 60' </dev/null >/dev/null 2>&1 & echo $!"), Duration.ofSeconds(15));
    assertEquals(0, stubborn.exit(), stubborn.output());
    ProcessHandle stubbornHandle = ProcessHandle.of(Long.parseLong(stubborn.output().strip())).orElseThrow();
    awaitIgnoresTerm(stubbornHandle.pid());

    own.close();
    own.close();

    assertTrue(Ip.namespaces().stream().noneMatch(n -> n.startsWith(prefix)), Ip.namespaces().toString());
    for (ProcessHandle sshd : sshds) {
      assertFalse(ProcessStates.isRunning(sshd), "sshd " + sshd.pid() + " still alive");
    }
    assertFalse(ProcessStates.isRunning(stubbornHandle), "TERM-ignoring process survived");
    assertFalse(Files.exists(dir), dir + " still exists");
    assertFalse(Ip.run("-4", "route", "show", "proto", RigSubnet.ROUTE_PROTO).contains(subnet), "route left");
    // The shared rig is untouched.
    assertEquals(0, ssh(h1, "true").exit());
  }

  /** The trap must be in place before close(), or the test proves nothing about SIGKILL. */
  private static void awaitIgnoresTerm(long pid) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (System.nanoTime() < deadline) {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        // SigIgn is a hex mask; bit 14 is signal 15, SIGTERM.
        if (line.startsWith("SigIgn:") && (Long.parseLong(line.substring(7).strip(), 16) & (1L << 14)) != 0
            && Files.readString(Path.of("/proc/" + pid + "/comm")).strip().equals("sleep")) {
          return;
        }
      }
      Thread.sleep(10);
    }
    throw new AssertionError("process " + pid + " never started ignoring SIGTERM");
  }

  @Test
  void cleanupStaleRemovesAbandonedRigsOnly() throws Exception {
    String stale = NetnsHosts.NAME_PREFIX + String.format("%06x", new java.util.Random().nextInt(1 << 24));
    // What a SIGKILLed JVM leaves: namespaces, a lock file nobody holds, a temp folder.
    Ip.run("netns", "add", stale + "-h1");
    Path staleDir = Files.createTempDirectory("ycsbt-netns-");
    Files.writeString(staleDir.resolve("sshd.log"), "x");
    Files.writeString(RigOwnership.DIR.resolve(stale + ".lock"), "dir " + staleDir + "\n");
    List<String> removed = NetnsHosts.cleanupStale();
    assertTrue(removed.contains(stale), removed.toString());
    assertTrue(Ip.namespaces().stream().noneMatch(n -> n.startsWith(stale)));
    assertFalse(Files.exists(staleDir), staleDir + " left");
    assertFalse(Files.exists(RigOwnership.DIR.resolve(stale + ".lock")), "lock file left");
    assertTrue(Ip.namespaces().contains(h1.namespace().name()), "live rig removed");
    assertEquals(0, ssh(h1, "true").exit());
  }
}
