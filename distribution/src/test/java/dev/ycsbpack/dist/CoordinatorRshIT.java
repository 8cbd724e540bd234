package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbpack.common.AtomicFiles;
import dev.ycsbpack.common.AwkwardStrings;
import dev.ycsbpack.common.EnvironmentFacts;
import dev.ycsbpack.common.PropertiesFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coordinator through a remote-shell template instead of ssh: {@code --rsh 'ip netns exec {host}'}, each host a
 * network namespace of the test rig (real processes in real namespaces, no sshd involved), the coordinator in a
 * third namespace, the database in a fourth. The host list comes on the coordinator's stdin ({@code --hosts-file -}),
 * as from {@code kubectl get pods -o name}. Needs root (CI runs it; elsewhere it skips with the reason).
 */
class CoordinatorRshIT {
  private static final String TEMPLATE = "ip netns exec {host}";

  @RegisterExtension
  static final NetnsLab.PerClass LAB = new NetnsLab.PerClass(2);

  @TempDir
  Path work;

  private static String ns(String alias) {
    return LAB.rig().host(alias).namespace().name();
  }

  /** The coordinator in the rig's coordinator namespace, the host list written to its stdin. */
  private Coordinator coordinator(String hostList, List<String> args) throws IOException {
    Coordinator c = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), args);
    try (OutputStream in = c.process.getOutputStream()) {
      in.write(hostList.getBytes(StandardCharsets.UTF_8));
    }
    return c;
  }

  private List<String> args(String phase, String table, Path bundle, String... more) {
    return args(TEMPLATE, phase, table, bundle, more);
  }

  private List<String> args(String template, String phase, String table, Path bundle, String... more) {
    List<String> a = LAB.phaseArgs(phase, table);
    a.addAll(List.of("-p", "recordcount=600",
        "--rsh", template, "--hosts-file", "-", "--remote-dir", work.resolve("remote").toString(), "--quiet",
        "--control-timeout", "5", "--out", bundle.toString()));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void aLoadThroughIpNetnsExecSplitsExactlyCollectsEveryFolderAndLeavesNothing() throws Exception {
    String table = Servers.newTable();
    // a unique password: other tests on this machine put the plain AwkwardStrings on their command lines
    // (its plain ASCII tail is looked for too: a properties file escapes the awkward head, not the tail)
    String tail = UUID.randomUUID().toString();
    String secret = AwkwardStrings.passwords(18, 4).get(3) + " " + tail;
    Path secrets = work.resolve("secret.properties");
    PropertiesFiles.write(secrets, null, Map.of("app.password", secret, "ycsbpack.allow", "app*"),
        AtomicFiles.Mode.PRIVATE);
    Path bundle = work.resolve("load");
    // the template's program is a logger in front of ip netns exec: every command the coordinator starts through
    // the seam is recorded, the short ones too (an upload lives a few ms, shorter than /proc polling can see)
    Path argvLog = work.resolve("argv.log");
    Path logger = work.resolve("log-argv");
    Files.writeString(logger, "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + argvLog + "\nexec \"$@\"\n");
    Files.setPosixFilePermissions(logger, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    Coordinator c = coordinator("# from a pipe, as kubectl get pods -o name would give it\n" + ns("h1") + "\n\n"
        + ns("h2") + "\n",
        args(logger + " " + TEMPLATE, "load", table, bundle, "-threads", "4", "-P",
            secrets.toString(), "-jvm-args", "-Xmx96m -XX:+UseSerialGC"));
    List<String> seen = new ArrayList<>();
    Set<String> clientNamespaces = new LinkedHashSet<>();
    while (c.process.isAlive()) {
      for (ProcessTable.Entry e : ProcessTable.all()) {
        if (e.commandLine().contains(secret) || e.commandLine().contains(tail)) {
          seen.add(e.commandLine());
        }
        if (e.commandLine().contains("YcsbMain") && e.commandLine().contains(work.toString())) {
          assertTrue(e.commandLine().contains("-Xmx96m -XX:+UseSerialGC"), e::commandLine);
          for (String alias : List.of("h1", "h2")) {
            if (LAB.rig().pidsIn(LAB.rig().host(alias).namespace()).contains(e.pid())) {
              clientNamespaces.add(alias);
            }
          }
        }
      }
      Thread.sleep(50);
    }
    assertEquals(0, c.await(), c::describe);
    assertEquals(List.of(), seen, "the secret on a command line");
    List<String> started = Files.readAllLines(argvLog);
    for (String alias : List.of("h1", "h2")) {
      // probe, clock, stage, upload, client, fetch, cleanup: all through the template
      assertTrue(started.stream().filter(l -> l.startsWith("ip netns exec " + ns(alias) + " sh -c ")).count() >= 7,
          () -> String.join("\n", started));
    }
    for (String line : started) {
      assertFalse(line.contains(secret) || line.contains(tail), "the secret in a command: " + line);
    }
    assertEquals(Set.of("h1", "h2"), clientNamespaces, "one client ran inside each host's namespace");
    JsonNode m = Coordinator.manifest(bundle);
    assertEquals("COMPLETE", m.get("status").asText(), m::toPrettyString);
    assertEquals(600, LAB.count(table));
    List<String> names = new ArrayList<>();
    for (JsonNode client : m.get("clients")) {
      names.add(client.get("name").asText());
      assertEquals(300, client.get("insertcount").asLong(), m::toPrettyString);
      assertEquals("COMPLETE", client.get("verdict").asText(), m::toPrettyString);
    }
    assertEquals(List.of("01-" + ns("h1"), "02-" + ns("h2")), names);
    for (int i = 0; i < 2; i++) {
      Path folder = bundle.resolve("clients").resolve(names.get(i));
      assertTrue(Files.isRegularFile(folder.resolve("verdict.properties")), folder::toString);
      assertEquals(Long.toString(300L * i), PropertiesFiles.read(folder.resolve("client.properties"))
          .get("insertstart"), folder::toString);
      // -jvm-args reached each client JVM itself: its own record of its arguments, and the heap it was given
      Map<String, String> env = PropertiesFiles.read(folder.resolve("environment.properties"));
      assertTrue(env.get(EnvironmentFacts.JVM_ARGUMENTS).contains("-Xmx96m"), env::toString);
      assertTrue(Long.parseLong(env.get(EnvironmentFacts.JVM_MAX_HEAP)) <= 96L << 20, env::toString);
    }
    try (Stream<Path> files = Files.walk(bundle)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        String text = Files.readString(f, StandardCharsets.ISO_8859_1);
        assertFalse(text.contains(secret) || text.contains(tail), "secret in " + f);
      }
    }
    try (Stream<Path> left = Files.list(work.resolve("remote/runs"))) {
      assertEquals(0, left.count(), "the hosts' working folders removed after the run");
    }
    assertTrue(ProcessTable.matching("YcsbMain", work.toString()).isEmpty(), "nothing left running");

    Coordinator check = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), List.of("check", "--rsh",
        TEMPLATE, "--hosts", ns("h1") + "," + ns("h2"), "--remote-dir", work.resolve("remote").toString()));
    assertEquals(0, check.await(), check::describe);
    assertEquals(2, check.hostsAlreadyStaged(), check::describe);
  }

  @Test
  void aHostNameThatLooksLikeAnOptionIsRefusedBeforeAnythingStarts() throws Exception {
    Path bundle = work.resolve("refused");
    // "-all" in {host} would reach ip netns exec as one of its own options
    Coordinator c = coordinator(ns("h1") + "\n-all\n", args("load", Servers.newTable(), bundle));
    assertEquals(2, c.await(), c::describe);
    assertEquals("ycsb-coordinator: error: --hosts-file -: host -all: expected local or a name for --rsh's {host}: "
        + "letters, digits, '.', '_' and '-', not starting with '-' or '.', maybe after one TYPE/ such as pod/",
        c.stderr().strip(), c::describe);
    assertFalse(Files.exists(bundle), "nothing written");
    assertFalse(Files.exists(work.resolve("remote")), "no host touched");
  }
}
