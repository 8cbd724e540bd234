package dev.ycsbpack.coordinator.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbpack.cli.UsageError;
import dev.ycsbpack.coordinator.plan.Host;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hosts from --hosts, a hosts file or standard input, for ssh or the --rsh template. */
class HostOptionsTest {
  private final InputStream stdin = System.in;

  @TempDir
  Path dir;

  @AfterEach
  void restoreStdin() {
    System.setIn(stdin);
  }

  private static HostOptions options(String rsh, String... hosts) {
    HostOptions o = new HostOptions();
    o.rsh = rsh;
    o.remoteDir = ".ycsb-pack";
    o.hosts.addAll(List.of(hosts));
    return o;
  }

  private static HostOptions fromStdin(String rsh, String text) {
    System.setIn(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    HostOptions o = options(rsh);
    o.hostsFile = Path.of("-");
    return o;
  }

  @Test
  void kubectlGetPodsOutputPipesStraightInForTheTemplate() throws UsageError {
    List<Host> hosts = fromStdin("kubectl exec -i {host} --",
        "pod/ycsb-client-0\n# a comment\n\n  pod/ycsb-client-1  \n")
        .parse();
    assertEquals(List.of(new Host.Rsh("pod/ycsb-client-0"), new Host.Rsh("pod/ycsb-client-1")), hosts);
    assertEquals("ycsb-client-0", hosts.get(0).label());
    assertEquals(List.of(new Host.Local(1), new Host.Rsh("node-7")),
        options("srun --nodelist={host} --ntasks=1", "local", "node-7").parse());
  }

  @Test
  void aNameThatCouldBeReadAsAnOptionOrShellSyntaxIsRefused() {
    String accepted = ": expected local or a name for --rsh's {host}: letters, digits, '.', '_' and '-', not starting"
        + " with '-' or '.', maybe after one TYPE/ such as pod/";
    assertEquals("--hosts-file -: host -all" + accepted, refusal(fromStdin("ip netns exec {host}", "h1\n-all\n")));
    for (String bad : List.of("a;b", "$(id)", "a b", "`x`", ".hidden", "pod/-x", "a/b/c")) {
      assertEquals("--hosts " + bad + accepted, refusal(options("ip netns exec {host}", bad)));
    }
  }

  @Test
  void stdinHostsAreSshDestinationsWithoutTheTemplate() throws Exception {
    assertEquals(List.of(new Host.Ssh("root", "db-client1", 2222)), fromStdin(null, "root@db-client1:2222\n").parse());
    assertEquals("--hosts-file -: host pod/x: expected local or [user@]host[:port] with letters, digits, '.', '_' and"
        + " '-' (not starting with '-')", refusal(fromStdin(null, "pod/x\n")));
    assertEquals("--hosts-file -: standard input held no host (one per line; blank lines and # comments ignored)",
        refusal(fromStdin(null, "# nothing\n\n")));
    Path file = Files.writeString(dir.resolve("hosts"), "h1\n-oProxyCommand=x\n");
    HostOptions o = options(null);
    o.hostsFile = file;
    assertEquals("--hosts-file " + file + ": host -oProxyCommand=x: expected local or [user@]host[:port] with "
        + "letters, digits, '.', '_' and '-' (not starting with '-')", refusal(o));
  }

  @Test
  void aTemplateIsCheckedOnceAndSshOptionsDoNotMixWithIt() throws Exception {
    assertEquals("--rsh kubectl exec -i pod --: no {host} in it: write where the host name goes, e.g. 'docker exec"
        + " -i {host}'", refusal(options("kubectl exec -i pod --", "h1")));
    HostOptions o = options("ip netns exec {host}", "h1");
    o.sshConfig = Files.writeString(dir.resolve("ssh_config"), "");
    assertEquals("--ssh-config " + o.sshConfig + ": with --rsh no host is reached with ssh; give ssh's options in the "
        + "template instead (--rsh 'ssh -F FILE {host} {cmd}')", refusal(o));
  }

  /** A token or password given as the word after an option of the template is masked where a refusal shows it. */
  @Test
  void aRefusedTemplateShowsNoTokenOrSshpassPassword() {
    assertEquals("--rsh kubectl --token ***** exec -i pod --: no {host} in it: write where the host name goes, e.g. "
        + "'docker exec -i {host}'", refusal(options("kubectl --token Zq9tok exec -i pod --", "h1")));
    assertEquals("--rsh sshpass -p ***** ssh pod {cmd}: no {host} in it: write where the host name goes, e.g. "
        + "'docker exec -i {host}'", refusal(options("sshpass -p Zq9pass ssh pod {cmd}", "h1")));
    assertEquals("--rsh sshpass -p***** ssh {host} {user}: unknown placeholder in {user}: only {host} and {cmd} are "
        + "replaced", refusal(options("sshpass -pZq9pass ssh {host} {user}", "h1")));
  }

  @Test
  void aServerHostIsGivenAsAClientHostIsAndABadOneIsRefusedNamingTheOption() throws Exception {
    HostOptions ssh = options(null, "c1");
    ssh.serverHosts.addAll(List.of("admin@db1:2222", "local"));
    List<Host> clients = ssh.parse();
    try {
      ssh.sessions(clients, dir, 1);
      assertEquals(List.of("host-db1", "host-local", "host-c1"), ssh.watch(clients, false).hosts().stream()
          .map(h -> h.source()).toList());
      assertEquals(List.of(), ssh.watch(clients, true).hosts(), "--no-telemetry");
    } finally {
      ssh.closeConnections();
    }

    HostOptions bad = options(null, "c1");
    bad.serverHosts.add("-oProxyCommand=x");
    assertEquals("--server-host -oProxyCommand=x: expected local or [user@]host[:port] with letters, digits, '.', '_'"
        + " and '-' (not starting with '-')", refusal(bad));
    HostOptions badPort = options(null, "c1");
    badPort.serverHosts.add("db1:70000");
    assertEquals("--server-host db1:70000: port 70000 is outside 1-65535", refusal(badPort));
    HostOptions twice = options(null, "c1");
    twice.serverHosts.addAll(List.of("db1", "db1"));
    assertEquals("--server-host db1: given twice", refusal(twice));
    HostOptions rsh = options("ip netns exec {host}", "h1");
    rsh.serverHosts.add("pod/db 1");
    assertEquals("--server-host pod/db 1: expected local or a name for --rsh's {host}: letters, digits, '.', '_' and"
        + " '-', not starting with '-' or '.', maybe after one TYPE/ such as pod/", refusal(rsh));
  }

  private static String refusal(HostOptions o) {
    return assertThrows(UsageError.class, o::parse).getMessage();
  }
}
