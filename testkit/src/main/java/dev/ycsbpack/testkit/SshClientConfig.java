package dev.ycsbpack.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The client side of a rig: an {@code ssh -F} file and the known_hosts it trusts. */
final class SshClientConfig {
  private SshClientConfig() {
  }

  /**
   * Writes {@code known_hosts} (each host's own key, under "[address]:port" as ssh looks it up)
   * and {@code ssh_config} into {@code dir}.
   *
   * @param hostKeys alias to the "type base64" public host key
   * @return the ssh_config path
   */
  static Path write(Path dir, List<SshHost> hosts, Map<String, String> hostKeys, Path clientKey) throws IOException {
    Path knownHosts = dir.resolve("known_hosts");
    List<String> known = new ArrayList<>();
    for (SshHost host : hosts) {
      known.add("[" + host.address() + "]:" + host.port() + " " + hostKeys.get(host.alias()));
    }
    Files.write(knownHosts, known);

    List<String> config = new ArrayList<>();
    config.add("# Written by dev.ycsbpack.testkit.NetnsHosts. Use it from inside the rig's coordinator");
    config.add("# namespace: the addresses exist only there (the machine's own namespace refuses them).");
    for (SshHost host : hosts) {
      config.add("Host " + host.alias());
      config.add("  HostName " + host.address());
      config.add("  Port " + host.port());
    }
    config.add("Host *");
    config.add("  User root");
    config.add("  IdentityFile \"" + clientKey + "\"");
    config.add("  IdentitiesOnly yes");
    config.add("  UserKnownHostsFile \"" + knownHosts + "\"");
    config.add("  GlobalKnownHostsFile /dev/null");
    // Host key checking stays on, as on real hosts: a test that passes must not depend on it being off.
    config.add("  StrictHostKeyChecking yes");
    config.add("  CheckHostIP no");
    // known_hosts stays exactly as written.
    config.add("  UpdateHostKeys no");
    config.add("  BatchMode yes");
    // Bounded by default; callers may pass their own -o ConnectTimeout, which wins.
    config.add("  ConnectTimeout 10");
    // Keeps ssh quiet on a green run; errors (host key mismatch, refused key) still print.
    config.add("  LogLevel ERROR");
    Path sshConfig = dir.resolve("ssh_config");
    Files.write(sshConfig, config);
    return sshConfig;
  }
}
