package dev.ycsbpack.testkit;

import java.io.IOException;
import java.util.stream.Collectors;

/**
 * {@code NetnsRigMain N}: starts a rig of N SSH hosts (see {@link NetnsHosts}) for benchmarks run from a shell,
 * prints {@code ssh_config=}, {@code coordinator_namespace=}, {@code server_namespace=}, {@code server_address=},
 * {@code hosts=} (the ssh aliases) and {@code namespaces=} (the same hosts' namespaces, for
 * {@code --rsh 'ip netns exec {host}'}) lines, and tears it down when its standard input closes.
 */
public final class NetnsRigMain {
  private NetnsRigMain() {
  }

  public static void main(String[] args) throws IOException {
    String reason = NetnsHosts.unavailableReason();
    if (reason != null) {
      System.err.println("netns rig: " + reason);
      System.exit(1);
    }
    int n = args.length == 1 ? Integer.parseInt(args[0]) : 2;
    try (NetnsHosts rig = NetnsHosts.start(n)) {
      System.out.println("ssh_config=" + rig.sshConfig());
      System.out.println("coordinator_namespace=" + rig.coordinator().name());
      System.out.println("server_namespace=" + rig.server().name());
      System.out.println("server_address=" + rig.serverAddress());
      System.out.println("hosts=" + rig.hosts().stream().map(SshHost::alias).collect(Collectors.joining(",")));
      System.out.println("namespaces=" + rig.hosts().stream().map(h -> h.namespace().name())
          .collect(Collectors.joining(",")));
      System.out.flush();
      while (System.in.read() >= 0) {
        // wait for the caller to close our stdin
      }
    }
  }
}
