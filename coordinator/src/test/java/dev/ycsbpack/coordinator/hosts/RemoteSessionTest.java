package dev.ycsbpack.coordinator.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.PropertiesFiles;
import dev.ycsbpack.coordinator.plan.ClientPlan;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Everything done on a remote host, over a fake host behind the same seam as ssh and --rsh. */
@Timeout(120)
class RemoteSessionTest {
  private static final Host HOST = new Host.Rsh("pod/fake1");

  @TempDir
  Path dir;

  private PackArchive pack() throws IOException {
    return PackArchive.of(FakeHost.clientPack(dir.resolve("pack")));
  }

  private Path home() throws IOException {
    return Files.createDirectories(dir.resolve("home"));
  }

  @Test
  void thePackIsStagedThroughStdinUnderItsDigestOnceAndTheProbeSeesIt() throws IOException {
    PackArchive pack = pack();
    FakeHost fake = FakeHost.withJava(home());
    RemoteSession s = new RemoteSession(HOST, fake, ".ycsb-pack");
    HostSession.Probe before = s.probe(pack);
    assertTrue(before.ok(), before.problems()::toString);
    assertFalse(before.staged());
    assertEquals(Runtime.version().feature(), before.javaMajor());
    assertTrue(before.clockErrorMs() >= 0 && Math.abs(before.clockOffsetMs()) < 1000, before::toString);

    s.stage(pack);
    Path staged = dir.resolve("home/.ycsb-pack/dist").resolve(pack.digest());
    assertTrue(Files.isExecutable(staged.resolve("bin/ycsb")));
    assertTrue(Files.exists(staged.resolve(".complete")));
    try (Stream<Path> dist = Files.list(staged.getParent())) {
      assertEquals(List.of(staged), dist.toList(), "no temporary folder left beside it");
    }
    assertTrue(s.probe(pack).staged(), "the second probe finds the digest: nothing to send");
    // the archive went on stdin: no script names a file to copy, and no scp/sftp was run
    assertTrue(fake.scripts().stream().noneMatch(x -> x.contains("scp") || x.contains("sftp")),
        fake.scripts()::toString);
  }

  @Test
  void aHostWithoutJavaAndAnUnreachableHostAreNamed() throws IOException {
    PackArchive pack = pack();
    RemoteSession noJava = new RemoteSession(HOST, new FakeHost(home(), Map.of("JAVA_HOME", "/nonexistent-jdk")),
        ".ycsb-pack");
    assertEquals(List.of("pod/fake1: no java on the host (nor in $JAVA_HOME): install a JDK 17 or newer"),
        noJava.probe(pack).problems());

    FakeHost down = FakeHost.withJava(home());
    down.unreachable(true);
    assertEquals(List.of("pod/fake1: cannot reach it over fake: fake: connect to host: Connection refused"),
        new RemoteSession(HOST, down, ".ycsb-pack").probe(pack).problems());
  }

  /** A JAVA_HOME whose {@code bin/java} runs {@code body} (sh) with this JVM's java as {@code $REAL}. */
  private Path javaHome(String name, String body) throws IOException {
    Path bin = Files.createDirectories(dir.resolve(name).resolve("bin"));
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\nREAL=" + Path.of(System.getProperty("java.home"), "bin", "java") + "\n"
        + body + "\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return bin.getParent();
  }

  @Test
  void aJvmWarningBeforeTheVersionLineIsNotTakenForTheVersion() throws IOException {
    // as on a loaded host whose PID namespaces share one /tmp: the JVM warns on stderr before the version
    String warning = "[0.012s][warning][perf,memops] Cannot use file /tmp/hsperfdata_root/25732 because it is locked"
        + " by another process (errno = 11)";
    Path home = javaHome("warned-jdk", "if [ \"$1\" = -version ]; then echo '" + warning + "' >&2; fi\n"
        + "exec \"$REAL\" \"$@\"");
    HostSession.Probe p = new RemoteSession(HOST, new FakeHost(home(), Map.of("JAVA_HOME", home.toString())),
        ".ycsb-pack").probe(pack());
    assertEquals(List.of(), p.problems());
    assertEquals(Runtime.version().feature(), p.javaMajor());
    assertTrue(p.javaVersion().contains("version \"" + Runtime.version().feature()), p.javaVersion());

    // a java that prints no version line at all is named with what it said, not taken for an old java
    Path odd = javaHome("odd-jdk", "echo 'Error: could not open lib/jvm.cfg' >&2; exit 1");
    assertEquals(List.of("pod/fake1: java -version printed no version line (it said 'Error: could not open "
        + "lib/jvm.cfg'); the pack needs Java 17 or newer"),
        new RemoteSession(HOST, new FakeHost(home(), Map.of("JAVA_HOME", odd.toString())), ".ycsb-pack")
            .probe(pack()).problems());
  }

  @Test
  void aHostThatStopsAnsweringTheClockProbeIsNamedWithinTheCheckLimit() throws IOException {
    FakeHost fake = FakeHost.withJava(home());
    // connects, then never answers the clock loop (a host that hangs after the first script)
    RemoteShell hangsOnClock = new RemoteShell() {
      @Override
      public String transport() {
        return fake.transport();
      }

      @Override
      public Process start(String script) throws IOException {
        return script.contains("date +%s%N") ? new ProcessBuilder("sleep", "60").start() : fake.start(script);
      }
    };
    StepLimits limits = new StepLimits(Duration.ofSeconds(2), Duration.ofSeconds(120), 64 * 1024,
        Duration.ofMinutes(10), Duration.ofSeconds(30));
    long t0 = System.nanoTime();
    HostSession.Probe probe = new RemoteSession(HOST, hangsOnClock, ".ycsb-pack", limits).probe(pack());
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
    assertEquals(List.of("pod/fake1: cannot measure its clock offset: no answer within 2 s"), probe.problems());
    assertTrue(seconds < 15, "the probe waited " + seconds + " s");
  }

  @Test
  void aClientsSecretsTravelAsOwnerOnlyFilesNeverInAScriptAndItsFolderComesBack() throws Exception {
    PackArchive pack = pack();
    FakeHost fake = FakeHost.withJava(home());
    RemoteSession s = staged(fake, pack);
    // a properties file escapes the awkward head; its plain ASCII tail shows the secret in any form
    String tail = java.util.UUID.randomUUID().toString();
    String secret = AwkwardStrings.passwords(4, 3).get(2) + " " + tail;
    ClientPlan client = client(Map.of("mongodb.password", secret));
    Process p = start(s, pack, client, "run1", List.of("-Xmx64m"));
    String err = go(p);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), err);
    Path work = dir.resolve("home/.ycsb-pack/runs/run1/01-fake1");
    assertFalse(Files.exists(work.resolve("staged.properties")), "the staged properties go when the client ends");
    assertFalse(Files.exists(work.resolve("client.pid")));

    Path bundle = Files.createDirectories(dir.resolve("bundle"));
    s.fetch(client, "run1", bundle);
    Path folder = bundle.resolve("01-fake1");
    assertEquals("600", Files.readString(folder.resolve("staged-mode.txt")).strip());
    assertEquals("-jvm-args=-Xmx64m load basic -P staged.properties -s --out out --control stdin --control-timeout 5",
        Files.readString(folder.resolve("args.txt")).strip());
    assertTrue(Files.exists(folder.resolve("verdict.properties")));
    for (String script : fake.scripts()) {
      assertFalse(script.contains(secret) || script.contains(tail), script);
    }
    s.cleanup("run1");
    assertFalse(Files.exists(dir.resolve("home/.ycsb-pack/runs/run1")));
  }

  @Test
  void cleanupKillsAClientThatOutlivedItsTransport() throws Exception {
    PackArchive pack = pack();
    RemoteSession s = staged(FakeHost.withJava(home()), pack);
    Process p = start(s, pack, client(Map.of("fake.mode", "deaf")), "run2", List.of());
    awaitLine(p, "@ycsbpack READY");
    Path pidFile = dir.resolve("home/.ycsb-pack/runs/run2/01-fake1/client.pid");
    long pid = Long.parseLong(Files.readString(pidFile).strip());
    p.getOutputStream().close();
    p.destroyForcibly();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    Thread.sleep(300);
    assertTrue(FakeHost.alive(pid), "the deaf client outlives its transport");

    assertTrue(FakeHost.killedBy(() -> s.cleanup("run2"), pid), "cleanup killed it");
    assertFalse(Files.exists(dir.resolve("home/.ycsb-pack/runs/run2")));
  }

  /** A session on {@code fake}, probed, with the pack staged. */
  private static RemoteSession staged(FakeHost fake, PackArchive pack) throws IOException {
    RemoteSession s = new RemoteSession(HOST, fake, ".ycsb-pack");
    assertTrue(s.probe(pack).ok());
    s.stage(pack);
    return s;
  }

  /** Starts {@code client} with its properties staged as the supervisor stages them (an owner-only file). */
  private Process start(RemoteSession s, PackArchive pack, ClientPlan client, String runId, List<String> jvmArgs)
      throws IOException {
    Path staged = dir.resolve(client.name() + ".properties");
    PropertiesFiles.write(staged, null, client.properties(), AtomicFiles.Mode.PRIVATE);
    return s.start(client, runId, staged, List.of(), args(jvmArgs), dir.resolve("bundle"), pack,
        Duration.ofSeconds(60));
  }

  static ClientPlan client(Map<String, String> properties) {
    return new ClientPlan(0, "01-fake1", HOST, 1, 0, 10, "all", properties);
  }

  static HostSession.ClientArgs args(List<String> jvmArgs) {
    return new HostSession.ClientArgs("load", "basic", 5, jvmArgs);
  }

  /** Waits for READY, sends GO, returns the client's stderr to its end. */
  private static String go(Process p) throws IOException {
    String ready = awaitLine(p, "@ycsbpack READY");
    try (OutputStream in = p.getOutputStream()) {
      in.write("GO\n".getBytes(StandardCharsets.UTF_8));
    }
    return ready + new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
  }

  private static String awaitLine(Process p, String wanted) throws IOException {
    StringBuilder seen = new StringBuilder();
    var r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = r.readLine()) != null) {
      seen.append(line).append('\n');
      if (line.equals(wanted)) {
        return seen.toString();
      }
    }
    throw new AssertionError("no " + wanted + " in: " + seen);
  }
}
