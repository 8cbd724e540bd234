package dev.ycsbpack.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbpack.testkit.NetworkNamespace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --server-host}: a database machine's /proc sampled during a coordinated run, through real sshd in a network
 * namespace and through {@code --rsh 'ip netns exec {host}'}, with a known load running there (a busy loop and
 * direct writes to a file), and machines that cannot be read (nothing listening, a template that fails, no /proc).
 * A namespace shares the machine's CPUs and disks, so their figures are the machine's; its /proc/net/dev is its own,
 * which shows where each reading was taken. Needs root (CI runs it; elsewhere it skips with the reason).
 */
class HostTelemetryIT {
  @RegisterExtension
  static final NetnsLab.PerClass LAB = new NetnsLab.PerClass(2);

  @TempDir
  Path work;

  private List<String> loadArgs(Path bundle, String... more) {
    List<String> a = LAB.phaseArgs("load", Servers.newTable());
    // 900 inserts at 150/s: six seconds of run, a sample every two seconds
    a.addAll(List.of("-p", "recordcount=900", "-p", "status.interval=2", "-target", "150", "--remote-dir",
        work.resolve("remote").toString(), "--quiet", "--control-timeout", "5", "--out", bundle.toString()));
    a.addAll(List.of(more));
    return a;
  }

  /** A busy loop and direct 4 MiB writes in {@code ns}, bounded (120 s at most; ended by the caller). */
  private List<Process> loadIn(NetworkNamespace ns) throws IOException {
    Path file = work.resolve("dd-" + ns.name());
    return List.of(ns.processBuilder("timeout", "120", "sh", "-c", "while :; do :; done").start(),
        ns.processBuilder("timeout", "120", "sh", "-c", "while :; do dd if=/dev/zero of=" + file
            + " bs=1M count=4 oflag=direct 2>/dev/null; sleep 0.1; done").start());
  }

  private static void end(List<Process> load) throws InterruptedException {
    for (Process p : load) {
      p.destroy(); // timeout passes the TERM on to its sh
      p.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static JsonNode series(Path bundle, String source) throws IOException {
    return new ObjectMapper().readTree(bundle.resolve("telemetry").resolve(source + ".json").toFile());
  }

  /** The column's values (nulls skipped) over the samples after the first: the rates. */
  private static List<Double> rates(JsonNode s, String column) {
    int i = 0;
    while (!s.get("columns").get(i).get("name").asText().equals(column)) {
      i++;
    }
    List<Double> out = new ArrayList<>();
    for (JsonNode sample : s.get("samples")) {
      JsonNode v = sample.get("v").get(i);
      if (!v.isNull()) {
        out.add(v.asDouble());
      }
    }
    return out;
  }

  private static Set<String> columnsLike(JsonNode s, String prefix, String suffix) {
    Set<String> out = new TreeSet<>();
    s.get("columns").forEach(c -> {
      String n = c.get("name").asText();
      if (n.startsWith(prefix) && n.endsWith(suffix)) {
        out.add(n.substring(prefix.length(), n.length() - suffix.length()));
      }
    });
    return out;
  }

  /** The interfaces {@code ns} itself sees, lo left out. */
  private static Set<String> interfacesOf(NetworkNamespace ns) throws Exception {
    Process p = ns.processBuilder("cat", "/proc/net/dev").start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    Set<String> out = new TreeSet<>();
    text.lines().filter(l -> l.contains(":") && !l.contains("|")).map(l -> l.substring(0, l.indexOf(':')).strip())
        .filter(n -> !n.equals("lo")).forEach(out::add);
    return out;
  }

  /**
   * The loaded machine's series: taken inside its namespace, identified, at release, each second and at the end,
   * its CPU busy and its disk writing as the load made them.
   */
  private static void assertLoadedServer(JsonNode s, String name, NetworkNamespace ns) throws Exception {
    JsonNode id = s.get("identity");
    assertEquals("server", id.get("role").asText(), s::toPrettyString);
    assertEquals(name, id.get("name").asText());
    assertEquals(Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip(), id.get("kernel").asText());
    assertTrue(id.get("cpus").asInt() >= 1 && id.has("hostname") && id.has("clockOffsetMs"), id::toString);
    assertTrue(Math.abs(id.get("clockOffsetMs").asDouble()) < 100, "one machine, one clock: " + id);
    // release, three intervals, end: a reading a loaded machine could not give in time is one missed, not all
    assertTrue(s.get("samples").size() >= 3, s::toPrettyString);
    s.get("notes").forEach(n -> assertTrue(n.asText().contains("instants not read"), s::toPrettyString));
    assertEquals(interfacesOf(ns), columnsLike(s, "net.", ".rxBytes"), "read inside the host's own namespace");
    List<Double> user = rates(s, "cpu.user");
    List<Double> system = rates(s, "cpu.system");
    double busiest = 0;
    for (int i = 0; i < user.size(); i++) {
      busiest = Math.max(busiest, user.get(i) + system.get(i));
    }
    // a busy loop keeps one of the CPUs busy: at least half of them on a 2-CPU machine
    assertTrue(busiest >= 100.0 / id.get("cpus").asInt() * 0.8, "CPU busy at most " + busiest + "%");
    double written = 0;
    double busy = 0;
    for (String disk : columnsLike(s, "disk.", ".writeBytes")) {
      written = Math.max(written, rates(s, "disk." + disk + ".writeBytes").stream().mapToDouble(d -> d).max()
          .orElse(0));
      busy = Math.max(busy, rates(s, "disk." + disk + ".busy").stream().mapToDouble(d -> d).max().orElse(0));
    }
    // 4 MiB written directly every 0.1 s and more: well above a megabyte in a second
    assertTrue(written > 1 << 20, "disk writes at most " + written + " bytes/s");
    assertTrue(busy > 0, "disk busy at most " + busy + "%");
  }

  private static void assertNotRecorded(Coordinator c, Path bundle, String source, String name, String why)
      throws IOException {
    String line = "ycsb-coordinator: host " + name + ": /proc not readable (" + why + "); its figures are not "
        + "recorded";
    assertEquals(1, c.stderr().lines().filter(l -> l.contains("host " + name + ":")).count(), c::describe);
    assertTrue(c.stderr().lines().anyMatch(line::equals), c::describe);
    JsonNode s = series(bundle, source);
    assertEquals(0, s.get("samples").size(), s::toPrettyString);
    assertEquals(line.substring("ycsb-coordinator: ".length()), s.get("notes").get(0).asText());
  }

  @Test
  void aServerHostOverSshIsSampledUnderLoadAndOneWithNothingListeningIsALine() throws Exception {
    Path bundle = work.resolve("ssh");
    String nobody = "root@" + LAB.rig().serverAddress() + ":1";
    List<Process> load = loadIn(LAB.rig().host("h2").namespace());
    Coordinator c;
    try {
      c = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), loadArgs(bundle, "--hosts", "h1",
          "--ssh-config", LAB.rig().sshConfig().toString(), "--server-host", "h2", "--server-host", nobody));
      assertEquals(0, c.await(), c::describe);
    } finally {
      end(load);
    }
    assertEquals("COMPLETE", Coordinator.manifest(bundle).get("status").asText());
    assertLoadedServer(series(bundle, "host-h2"), "h2", LAB.rig().host("h2").namespace());
    JsonNode client = series(bundle, "host-h1");
    assertEquals("client", client.get("identity").get("role").asText());
    assertEquals(interfacesOf(LAB.rig().host("h1").namespace()), columnsLike(client, "net.", ".rxBytes"));
    // the client's own traffic to the server: its interface received and sent bytes during the run
    String nic = columnsLike(client, "net.", ".rxBytes").iterator().next();
    assertTrue(rates(client, "net." + nic + ".txBytes").stream().anyMatch(v -> v > 0), client::toPrettyString);
    assertNotRecorded(c, bundle, "host-" + LAB.rig().serverAddress(), nobody,
        "ssh: connect to host " + LAB.rig().serverAddress() + " port 1: Connection refused");
  }

  /** An --rsh script: ip netns exec for every name but "noproc", whose empty /proc is its own mount namespace's. */
  private Path rsh() throws IOException {
    Path rsh = work.resolve("rsh");
    Files.writeString(rsh, "#!/bin/sh\nh=$1; shift\nif [ \"$h\" = noproc ]; then\n"
        + "  exec unshare -m sh -c 'mount -t tmpfs none /proc && exec \"$@\"' sh \"$@\"\nfi\n"
        + "exec ip netns exec \"$h\" \"$@\"\n");
    Files.setPosixFilePermissions(rsh, PosixFilePermissions.fromString("rwx------"));
    return rsh;
  }

  /** {@code check} reads each server host's /proc through the same template: readable, or one line saying why not. */
  @Test
  void checkReadsEachServerHostsProcThroughTheSameShell() throws Exception {
    NetworkNamespace h1 = LAB.rig().host("h1").namespace();
    NetworkNamespace h2 = LAB.rig().host("h2").namespace();
    Coordinator c = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), List.of("check", "--rsh",
        rsh() + " {host}", "--remote-dir", work.resolve("remote").toString(), "--hosts", h1.name(), "--server-host",
        h2.name(), "--server-host", "nowhere", "--server-host", "noproc"));
    assertEquals(1, c.await(), c::describe);
    List<String> lines = c.stdout().lines().toList();
    assertEquals(4, lines.size(), c::describe);
    assertTrue(lines.get(0).startsWith(h1.name() + ": ok: "), c::describe);
    String kernel = Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip();
    assertTrue(lines.get(1).matches(java.util.regex.Pattern.quote(h2.name() + " (--server-host): ok: /proc readable (")
        + "\\d+ CPUs, kernel " + java.util.regex.Pattern.quote(kernel + ")")), c::describe);
    String runs = "; a run goes on without its figures";
    assertEquals("nowhere (--server-host): FAILED: /proc not readable (Cannot open network namespace \"nowhere\": No "
        + "such file or directory)" + runs, lines.get(2));
    assertEquals("noproc (--server-host): FAILED: /proc not readable (grep: /proc/stat: No such file or directory)"
        + runs, lines.get(3));
  }

  @Test
  void throughIpNetnsExecTheSameAndAFailingTemplateOrAMissingProcIsALine() throws Exception {
    Path rsh = rsh();
    NetworkNamespace h1 = LAB.rig().host("h1").namespace();
    NetworkNamespace h2 = LAB.rig().host("h2").namespace();
    Path bundle = work.resolve("rsh-run");
    List<Process> load = loadIn(h2);
    Coordinator c;
    try {
      c = Coordinator.start(work, LAB.rig().coordinator().command(List.of()), loadArgs(bundle, "--rsh",
          rsh + " {host}", "--hosts", h1.name(), "--server-host", h2.name(), "--server-host", "nowhere",
          "--server-host", "noproc"));
      assertEquals(0, c.await(), c::describe);
    } finally {
      end(load);
    }
    assertEquals("COMPLETE", Coordinator.manifest(bundle).get("status").asText());
    assertLoadedServer(series(bundle, "host-" + h2.name()), h2.name(), h2);
    assertEquals("client", series(bundle, "host-" + h1.name()).get("identity").get("role").asText());
    assertNotRecorded(c, bundle, "host-nowhere", "nowhere",
        "Cannot open network namespace \"nowhere\": No such file or directory");
    assertNotRecorded(c, bundle, "host-noproc", "noproc", "grep: /proc/stat: No such file or directory");
  }

  @Test
  void aBadServerHostIsOneLineExitTwoAndNothingWritten() throws Exception {
    Path bundle = work.resolve("refused");
    Coordinator c = Coordinator.run(work, List.of(), loadArgs(bundle, "--hosts", "local", "--server-host",
        "-oProxyCommand=x"));
    Coordinator.assertRefusedInOneLine(c, "ycsb-coordinator", "--server-host -oProxyCommand=x: expected local or "
        + "[user@]host[:port]");
    assertFalse(Files.exists(bundle));
    Coordinator e = Coordinator.run(work, "bin/ycsb-experiment", Servers.experiment("sweep", "read95-update5",
        LAB.url(), Servers.newTable(), List.of("-threads", "1,2", "--load", "--hosts", "local", "--server-host",
            "db 1", "--out", bundle.toString())));
    Coordinator.assertRefusedInOneLine(e, "ycsb-experiment", "--server-host db 1: expected local or "
        + "[user@]host[:port]");
    assertFalse(Files.exists(bundle));
  }
}
